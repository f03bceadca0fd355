package bordeaux

import (
	"slices"
	"testing"

	"github.com/vintner/vintner/layouts"
)

// TestTemplatePathsAreEverySetsMap: the path index a replay takes for the
// sheets of a `sheets SET-CODE` line without looking at them is the one
// built from each sheet's own map.
func TestTemplatePathsAreEverySetsMap(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		set, err := layouts.Set(mustCode(t, seed, 1+int(seed%12)))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range set {
			var shared, own sheetIndex
			shared.build(l, true)
			ends, adj := buildPaths(l)
			own.build(l, false)
			if !slices.Equal(shared.ends, ends) || !slices.Equal(shared.incident, incidentOf(ends, adj)) ||
				!slices.Equal(shared.incident, own.incident) || len(shared.adj) != len(adj) {
				t.Fatalf("seed %d: the template's path index differs from the sheet's", seed)
			}
			for w := range adj {
				if !slices.Equal(shared.adj[w], adj[w]) {
					t.Fatalf("seed %d: wine %d's paths %v, the sheet's %v", seed, w, shared.adj[w], adj[w])
				}
			}
		}
	}
}
