// Package bench holds the cross-game benchmarks behind docs/performance.md:
// reading a record, the tokenize-only floor over the same bytes, replaying
// one game of each title, scoring, generating a Bordeaux layout, and the
// batch over a generated folder of 10,000 records. It has no code of its
// own; run it with
//
//	go test ./internal/bench -run '^$' -bench . -benchmem
package bench
