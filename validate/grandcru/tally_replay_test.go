package grandcru

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// TestATallyOfAReplayedGameScoresAsTheReplay writes the scorepad tally of
// each generated game's end state (money, tiles, cellar, loans, bankrupt)
// after the record's header, and scores it in scorepad mode: the points,
// totals, tie-break numbers and places are the replay's.
func TestATallyOfAReplayedGameScoresAsTheReplay(t *testing.T) {
	games := 25
	if testing.Short() {
		games = 4
	}
	for n := 2; n <= 5; n++ {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			var variants []string
			if seed%3 == 0 {
				variants = []string{"tile-value-per-tile"}
			}
			b, err := random(n, seed, variants)
			if err != nil {
				t.Fatal(err)
			}
			rep := validate.Check(engines, "gen.vin", b, validate.Limits{}, validate.Options{})
			if !rep.Valid() || rep.Result == nil {
				t.Fatalf("players %d seed %d: %v", n, seed, rep.Diagnostics)
			}
			s := rep.State.(*state)
			var text strings.Builder
			for _, line := range strings.Split(string(b), "\n") {
				if f := strings.Fields(line); len(f) > 0 && (f[0] == "game" || f[0] == "players" || f[0] == "variant") {
					text.WriteString(line + "\n")
				}
			}
			for _, p := range s.pl {
				var tiles []string
				for _, x := range p.vineyard {
					tiles = append(tiles, kindName(x.kind))
				}
				fmt.Fprintf(&text, "tally %s money=%d tiles=%s cellar=%d loans=%d", p.name, p.money, strings.Join(tiles, ","), cellarCubes(p), p.loans)
				if p.bankrupt {
					text.WriteString(" bankrupt")
				}
				text.WriteString("\n")
			}
			trep := validate.CheckTally(engines, "grand-cru", "t.vin", []byte(text.String()), validate.Limits{}, validate.Options{})
			if !trep.Valid() || trep.Result == nil {
				t.Fatalf("players %d seed %d: the tally is refused: %v\n%s", n, seed, trep.Diagnostics, text.String())
			}
			// The replay's note on the assumed tables (prices, barrels,
			// interest) concerns the play, which a tally has not.
			playNote := func(n string) bool { return strings.HasPrefix(n, "scored with assumed component tables") }
			if diff := wanttest.SameResult(rep.Result, trep.Result, playNote); diff != "" {
				t.Fatalf("players %d seed %d: %s\n%s", n, seed, diff, text.String())
			}
		}
	}
}
