package bordeaux

import (
	"slices"
	"testing"

	"github.com/vintner/vintner/layouts"
)

// TestSheetIndexSharesOnlyTheSameMap indexes sheets of one template (they
// share the path index) and a sheet whose paths are listed in another
// order (it must get its own), in turns, and checks every index against
// one built from scratch.
func TestSheetIndexSharesOnlyTheSameMap(t *testing.T) {
	set, err := layouts.Set(mustCode(t, 7, 3))
	if err != nil {
		t.Fatal(err)
	}
	other := *set[0]
	other.Paths = slices.Clone(set[0].Paths)
	slices.Reverse(other.Paths)
	changed := *set[1]
	changed.Paths = slices.Clone(set[1].Paths)
	changed.Paths[0].A, changed.Paths[0].B = changed.Paths[0].B, changed.Paths[0].A
	for _, l := range []*layouts.Layout{set[0], &other, set[1], &changed, set[2], set[0]} {
		x := newSheetIndex(l)
		ends, adj := buildPaths(l)
		if !slices.Equal(x.ends, ends) || len(x.adj) != len(adj) {
			t.Fatalf("path ends differ from a fresh build")
		}
		for w := range adj {
			if !slices.Equal(x.adj[w], adj[w]) {
				t.Fatalf("wine %d's paths %v, want %v", w, x.adj[w], adj[w])
			}
		}
	}
	a, b := newSheetIndex(set[0]), newSheetIndex(set[2])
	if &a.ends[0] != &b.ends[0] {
		t.Fatal("two sheets of one template do not share their path index")
	}
}

func mustCode(t *testing.T, seed uint64, players int) string {
	code, err := layouts.NewSetCode(seed, players)
	if err != nil {
		t.Fatal(err)
	}
	return code
}
