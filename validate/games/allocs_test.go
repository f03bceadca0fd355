//go:build !race

package games_test

import (
	"testing"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// allocationBudget is the most allocations a record of each game may cost
// the batch's pipeline (validate.Check as internal/bench's ReplayFresh
// runs it), on average over generated records: about half as much again
// as it costs now (3.6, 15.9 and 7.9 on 1 December 2026, 05:55; 11, 23
// and 21 at 03:00, before section 20 of docs/performance-log.md). Allocations are
// counted, not timed, so this test holds on any machine. It is here
// because time is not asserted (docs/performance.md, Method), and a
// slowdown of the per-line path went unseen for two passes that way: a
// look for an unquoted name with a blank split every table line with
// strings.Fields, 67, 112 and 194 allocations a record and 15–20% more
// time (section 19).
var allocationBudget = map[string]float64{
	"bordeaux":         6,
	"grand-cru":        24,
	"age-of-champagne": 12,
}

func TestAllocationsPerRecord(t *testing.T) {
	all := games.All()
	for _, g := range all {
		t.Run(g.Name(), func(t *testing.T) {
			budget, ok := allocationBudget[g.Name()]
			if !ok {
				t.Fatalf("no allocation budget for %s", g.Name())
			}
			var recs [][]byte
			for i := 0; i < 48; i++ {
				rec, err := g.Random(2+i%3, uint64(1000+i), nil)
				if err != nil {
					t.Fatal(err)
				}
				recs = append(recs, rec)
			}
			perRun := testing.AllocsPerRun(3, func() {
				for _, rec := range recs {
					validate.Check(all, "b.vin", rec, validate.Limits{}, validate.Options{NoState: true, KeepData: true})
				}
			})
			if per := perRun / float64(len(recs)); per > budget {
				t.Errorf("%.1f allocations a record, over the budget of %.0f: a step on the per-line path allocates (go test -bench ReplayFresh -benchmem, then -memprofile)", per, budget)
			} else {
				t.Logf("%.1f allocations a record (budget %.0f)", per, budget)
			}
		})
	}
}
