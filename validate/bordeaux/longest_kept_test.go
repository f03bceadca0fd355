package bordeaux

import (
	"testing"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/layouts"
)

// TestLongestKeptSameAsAny: the longest tour over the components kept as
// paths are filled (fillSmall, longestGrown) agrees with the search for
// sheets of any size after every path, filled in random orders, asked
// with either ruling in turn.
func TestLongestKeptSameAsAny(t *testing.T) {
	src := rng.New(5)
	for seed := uint64(1); seed <= 6; seed++ {
		set, err := layouts.Set(mustCode(t, seed, 3))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range set {
			for round := 0; round < 20; round++ {
				p := newPlayer("Ann", 1, l)
				order := src.Perm(len(l.Paths))
				for i, e := range order {
					p.fillSmall(e)
					simple := src.Intn(2) == 0
					if i%3 == 0 && src.Intn(2) == 0 {
						continue // ask after several paths
					}
					if got, want := p.Longest(simple), p.idx.longestTourAny(p.filled, simple); got != want {
						t.Fatalf("%s, %d paths, simple=%v: %d, the general search %d", l.Code, i+1, simple, got, want)
					}
				}
			}
		}
	}
}
