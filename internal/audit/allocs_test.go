//go:build !race

package audit_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/vintner/vintner/internal/audit"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// batchAllocationBudget is the most allocations a record may cost the
// batch (audit.Run, as `vintner validate FOLDER` runs it: read the file,
// replay, score, compare claims, hand the outcome over), on average over
// generated records of the three games: about half as much again as it
// costs now (21 on 1 December 2026, 05:55; 29 at 04:00). The pipeline alone has its
// budget in validate/games (TestAllocationsPerRecord); this one holds the
// layer around it, where a per-record step that allocates (a formatted
// string, a buffer, a compiled pattern) would otherwise pass unseen, as
// time is not asserted (docs/performance-log.md, section 19).
const batchAllocationBudget = 32

func TestBatchAllocationsPerRecord(t *testing.T) {
	dir := t.TempDir()
	all := games.All()
	n := 0
	for _, g := range all {
		for i := 0; i < 16; i++ {
			rec, err := g.Random(2+i%3, uint64(1000+i), nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%02d.vin", g.Name(), i)), rec, 0o644); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	items, err := audit.Expand([]string{dir})
	if err != nil || len(items) != n {
		t.Fatalf("%d items of %d, %v", len(items), n, err)
	}
	cfg := audit.Config{Games: all, Options: validate.Options{NoState: true}}
	valid := 0
	perRun := testing.AllocsPerRun(3, func() {
		valid = 0
		audit.Run(cfg, items, func(o audit.Outcome) {
			if o.Report != nil && !o.Report.Diagnostics.HasErrors() {
				valid++
			}
		})
	})
	if valid != n {
		t.Fatalf("%d of %d records valid: the budget is for valid records", valid, n)
	}
	per := perRun / float64(n)
	t.Logf("%.1f allocations a record (budget %d)", per, batchAllocationBudget)
	if per > batchAllocationBudget {
		t.Errorf("%.1f allocations a record in the batch, over the budget of %d: a step around the pipeline allocates per record (go test -bench Batch -benchmem ./internal/bench, then -memprofile)", per, batchAllocationBudget)
	}
}
