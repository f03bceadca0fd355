package champagne

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
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
		seeds := []uint64{}
		for seed := uint64(1); seed <= uint64(count); seed++ {
			seeds = append(seeds, seed)
		}
		if n == 2 {
			// Games whose places the eco report decides: the note on
			// the assumed eco-track is the replay's too.
			seeds = append(seeds, 159, 161, 173)
		}
		for _, seed := range seeds {
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

// TestAssumedScoringNumbersNotedByReplayAndTally: under tables whose
// scoring line is assumed, a replayed game's result says so, as the
// scorepad tally of the same game does.
func TestAssumedScoringNumbersNotedByReplayAndTally(t *testing.T) {
	def := string(tables.DefaultText())
	tb := strings.Replace(def, "cuvee-batch=3 cuvee-pp=4   src=rulebook", "cuvee-batch=3 cuvee-pp=4   src=assumed", 1)
	if tb == def {
		t.Fatal("no scoring line in the default tables")
	}
	opt := validate.Options{Tables: []byte(tb), TablesName: "mine.txt"}
	b, err := generate(2, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := validate.Check(games(), "gen.vin", b, validate.Limits{}, opt)
	if !rep.Valid() || rep.Result == nil {
		t.Fatalf("%v", rep.Diagnostics)
	}
	s := rep.State.(*state)
	text := "game age-of-champagne\nplayers Ann Ben\n"
	for _, p := range s.tallyBuf {
		text += fmt.Sprintf("tally %s pp=%d eco=%d council=%d", p.Name, p.Prestige, p.Eco, p.Council)
		for ri, reg := range s.r.Regions {
			text += fmt.Sprintf(" %s=%d/%d", reg, p.RegionCards[ri], p.RegionGrapes[ri])
		}
		text += fmt.Sprintf(" still=%d cellar=%d oeno=%d grid=%d protection=%v\n", p.Still, p.Cellar, p.Oeno, p.Grid, p.Protection)
	}
	trep := validate.CheckTally(games(), "age-of-champagne", "t.vin", []byte(text), validate.Limits{}, opt)
	if !trep.Valid() || trep.Result == nil {
		t.Fatalf("the tally is refused: %v\n%s", trep.Diagnostics, text)
	}
	const want = "scored with assumed scoring numbers (see `vintner tables age-of-champagne`)"
	if !slices.Contains(rep.Result.Notes, want) {
		t.Errorf("the replay's notes %q lack %q", rep.Result.Notes, want)
	}
	if diff := wanttest.SameResult(rep.Result, trep.Result, nil); diff != "" {
		t.Errorf("%s\n%s", diff, text)
	}
}
