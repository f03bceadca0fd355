package bordeaux

import (
	"testing"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/layouts"
)

// TestLongestTourSmallSameAsAny: the search over bits (every sheet dealt
// from a code) and the search for sheets of any size agree on random sets
// of filled paths, from sparse to full, of sheets of several sets.
func TestLongestTourSmallSameAsAny(t *testing.T) {
	src := rng.New(11)
	for seed := uint64(1); seed <= 6; seed++ {
		set, err := layouts.Set(mustCode(t, seed, 2))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range set {
			x := newSheetIndex(l)
			if x.incident == nil {
				t.Fatal("a sheet dealt from a code is not searched over bits")
			}
			for i := 0; i < 80; i++ {
				filled := make([]bool, len(l.Paths))
				keep := 1 + src.Intn(8)
				for e := range filled {
					filled[e] = src.Intn(8) < keep
				}
				for _, simple := range []bool{false, true} {
					if got, want := x.longestTour(filled, simple), x.longestTourAny(filled, simple); got != want {
						t.Fatalf("simple=%v %v: %d, the general search %d", simple, filled, got, want)
					}
				}
			}
		}
	}
}
