package champagne

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// TestATallyOfAReplayedGameScoresAsTheReplay writes the scorepad tally of
// each generated game's end state (every count, the grapes and the council
// position too) after the record's header, and scores it in scorepad
// mode: the points, totals, tie-break numbers, places and the solo verdict
// are the replay's.
func TestATallyOfAReplayedGameScoresAsTheReplay(t *testing.T) {
	count := 10
	if testing.Short() {
		count = 3
	}
	for n := 1; n <= 4; n++ {
		for seed := uint64(1); seed <= uint64(count); seed++ {
			b, err := generate(n, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			rep := validate.Check(games(), "gen.vin", b, validate.Limits{}, validate.Options{})
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
			for _, p := range s.tallyBuf {
				if p.Merchant {
					text.WriteString("merchant")
				} else {
					fmt.Fprintf(&text, "tally %s", p.Name)
					for ri, reg := range s.r.Regions {
						fmt.Fprintf(&text, " %s=%d/%d", reg, p.RegionCards[ri], p.RegionGrapes[ri])
					}
					fmt.Fprintf(&text, " still=%d protection=%v", p.Still, p.Protection)
				}
				fmt.Fprintf(&text, " pp=%d cellar=%d oeno=%d grid=%d eco=%d council=%d\n", p.Prestige, p.Cellar, p.Oeno, p.Grid, p.Eco, p.Council)
			}
			trep := validate.CheckTally(games(), "age-of-champagne", "t.vin", []byte(text.String()), validate.Limits{}, validate.Options{})
			if !trep.Valid() || trep.Result == nil {
				t.Fatalf("players %d seed %d: the tally is refused: %v\n%s", n, seed, trep.Diagnostics, text.String())
			}
			if diff := wanttest.SameResult(rep.Result, trep.Result, nil); diff != "" {
				t.Fatalf("players %d seed %d: %s\n%s", n, seed, diff, text.String())
			}
		}
	}
}
