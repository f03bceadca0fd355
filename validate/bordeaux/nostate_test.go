package bordeaux

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/vintner/vintner/validate"
)

// TestNoStateSameReports replays every test record, valid and invalid,
// and generated games of 1 to 12 players, as a batch does (Options.NoState:
// recycled replayers, sheets dealt into reused memory) and as `vintner
// replay` does (a fresh state), in an order that makes each recycled
// replayer follow a record of another size, and requires the same reports.
func TestNoStateSameReports(t *testing.T) {
	recs := withGenerated(t, testRecords(t), 24, 12, 500)
	games := []validate.Game{New()}
	for pass := 0; pass < 2; pass++ {
		for i, rec := range recs {
			for _, asPlayed := range []bool{false, true} {
				fresh := validate.Check(games, "r.vin", rec, validate.Limits{}, validate.Options{AsPlayed: asPlayed})
				batch := validate.Check(games, "r.vin", rec, validate.Limits{}, validate.Options{AsPlayed: asPlayed, NoState: true})
				if batch.State != nil {
					t.Fatalf("record %d: a NoState report keeps its state", i)
				}
				a, _ := json.Marshal(fresh)
				b, _ := json.Marshal(batch)
				if string(a) != string(b) {
					t.Fatalf("record %d (as played %v): the batch report differs:\n%s\nfresh:\n%s", i, asPlayed, b, a)
				}
			}
		}
		// the second pass meets the records in reverse: other sizes before each
		for l, r := 0, len(recs)-1; l < r; l, r = l+1, r-1 {
			recs[l], recs[r] = recs[r], recs[l]
		}
	}
}

// TestParallelNoStateReplays: batch replays running at once each take
// their own recycled replayer and sheets (run with -race), and score as a
// fresh replay does.
func TestParallelNoStateReplays(t *testing.T) {
	games := []validate.Game{New()}
	var recs [][]byte
	var want []string
	for seed := uint64(1); seed <= 6; seed++ {
		rec, err := Generate(1+int(seed%4), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
		b, _ := json.Marshal(validate.Check(games, "p.vin", rec, validate.Limits{}, validate.Options{}))
		want = append(want, string(b))
	}
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for i := 0; i < 30; i++ {
				k := (g + i) % len(recs)
				b, _ := json.Marshal(validate.Check(games, "p.vin", recs[k], validate.Limits{}, validate.Options{NoState: true}))
				if string(b) != want[k] {
					errs <- fmt.Errorf("replay %d/%d of record %d: %s, want %s", g, i, k, b, want[k])
					return
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// testRecords reads every Bordeaux test record, valid and invalid.
func testRecords(t *testing.T) [][]byte {
	t.Helper()
	var recs [][]byte
	files, _ := filepath.Glob("../../testdata/bordeaux/*/*.vin")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, data)
	}
	if len(recs) < 50 {
		t.Fatalf("only %d test records", len(recs))
	}
	return recs
}

// withGenerated appends n generated games of 1 to maxPlayers players, from
// seed on, to recs.
func withGenerated(t *testing.T, recs [][]byte, n, maxPlayers int, seed uint64) [][]byte {
	t.Helper()
	for i := 0; i < n; i++ {
		rec, err := Generate(1+i%maxPlayers, seed+uint64(i), nil)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return recs
}
