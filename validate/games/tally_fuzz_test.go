package games_test

import (
	"testing"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// FuzzTally feeds scorepad-mode tallies of every game to their readers:
// no input may panic, and a tally that is accepted must score every player
// with a total equal to the sum of the categories.
func FuzzTally(f *testing.F) {
	f.Add(uint8(0), "players You Other\ntally You paths=9 longest=7 casks=4 rows=5/5/0 leader=7\ntally Other paths=6 longest=5 casks=6 rows=0,0,0 leader=6\nclaim You 26\n")
	f.Add(uint8(0), "players Solo\nvariant solo\ntally Solo paths=9 longest=7 casks=7 rows=5/5/6 leader=7\n")
	f.Add(uint8(1), "players Ann Ben Cal\ntally Ann money=6 tiles=gamay,syrah,vintage cellar=1 loans=2\ntally Ben money=2 tiles=merlot,seal,advertising cellar=2 loans=3\ntally Cal money=0 tiles=gamay cellar=0 loans=0 bankrupt\nclaim Ann 8\n")
	f.Add(uint8(2), "players Ann Ben\ntally Ann pp=81 eco=3 marne=2/5 reims=1 still=MMPC cellar=TTN oeno=B council=1\ntally Ben pp=60 eco=0 marne=2/4 council=2\n")
	all := games.All()
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		g := all[int(which)%len(all)]
		rep := validate.CheckTally(all, g.Name(), "fuzz.vin", []byte(text), validate.Limits{}, validate.Options{})
		if rep == nil {
			t.Fatal("no report")
		}
		if !rep.Diagnostics.HasErrors() && rep.Result == nil {
			t.Fatalf("%s tally accepted without a result:\n%s", g.Name(), text)
		}
		if rep.Result == nil {
			return
		}
		for _, p := range rep.Result.Players {
			sum := 0
			for _, v := range p.Points {
				sum += v
			}
			if sum != p.Total {
				t.Fatalf("%s: %s totals %d, categories add up to %d", g.Name(), p.Name, p.Total, sum)
			}
		}
	})
}
