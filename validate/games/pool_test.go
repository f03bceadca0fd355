package games_test

import (
	"encoding/json"
	"testing"

	"github.com/vintner/vintner/internal/mutate"
	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// TestReusedReaderReportsAsFresh replays a stream of records of every game,
// legal and mutated, through Check with NoState (the reader's memory is
// reused from record to record) and again with fresh memory each time: the
// reports must be the same, byte for byte as JSON. A report that kept a
// pointer into reused memory would show the next record's text.
func TestReusedReaderReportsAsFresh(t *testing.T) {
	all := games.All()
	src := rng.New(11)
	// Records that end the check before the replay (a refused players
	// line, an unknown game, a player named like a keyword, a tables file
	// that cannot be read), among the others: their memory is reused too.
	early := [][]byte{[]byte("game bordeaux\nplayers Ann Ann\nAnn: red L\n"), []byte("game chess\n"), []byte("\xff\xfe"),
		[]byte("game grand-cru\nplayers Ann year\nyear 1\n"), []byte("game age-of-champagne\nplayers Ann Ben\nrules t.txt\n")}
	var stream [][]byte
	for i := 0; i < 60; i++ {
		g := all[i%len(all)]
		rec, err := g.Random(1+i%4, uint64(500+i), nil)
		if err != nil {
			continue // a game without a solo mode
		}
		stream = append(stream, rec)
		if m, ok := mutate.Make(rec, mutate.Kinds[i%len(mutate.Kinds)], src); ok {
			stream = append(stream, m.Data)
		}
		if i%6 == 0 {
			stream = append(stream, early[(i/6)%len(early)])
		}
	}
	if len(stream) < 100 {
		t.Fatalf("only %d records", len(stream))
	}
	reports := make([]*validate.Report, len(stream))
	for i, data := range stream {
		reports[i] = validate.Check(all, "r.vin", data, validate.Limits{}, validate.Options{NoState: true})
		if reports[i].State != nil {
			t.Fatalf("record %d: NoState kept the state", i)
		}
	}
	reused := make([][]byte, len(stream))
	for i, rep := range reports { // marshalled after later records reused the memory
		reused[i], _ = json.Marshal(rep)
	}
	var rejected int
	for i, data := range stream {
		rep := validate.Check(all, "r.vin", data, validate.Limits{}, validate.Options{})
		fresh, _ := json.Marshal(rep)
		if string(fresh) != string(reused[i]) {
			t.Fatalf("record %d: reused memory gave\n%s\nfresh memory gave\n%s", i, reused[i], fresh)
		}
		if !rep.Valid() {
			rejected++
		}
	}
	if rejected == 0 || rejected == len(stream) {
		t.Fatalf("%d of %d rejected: the stream should mix valid and rejected records", rejected, len(stream))
	}
}
