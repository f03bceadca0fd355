// Command vintner replays, scores and prints for three wine board games:
// Bordeaux, Grand Cru and AOC: Age of Champagne.
package main

import (
	"os"
	"runtime/debug"
)

func main() {
	// A replay makes many small short-lived objects over a small live heap,
	// so with the default GOGC the collector took 30–45% of a batch's CPU.
	// 400 measured a third less CPU for 15–20 MB more peak memory, still
	// flat over any folder (docs/performance.md). A GOGC the user sets wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
