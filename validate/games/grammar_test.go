package games_test

import (
	"testing"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// The grammar read after the replay stops (validate.Grammarian) must
// never find fault with a line the replay accepts: it reads every line of
// generated legal games, of every player count, and must find nothing.
func TestGrammarFindsNothingInLegalGames(t *testing.T) {
	const perCount = 60
	for _, g := range games.All() {
		gr, ok := g.(validate.Grammarian)
		if !ok {
			t.Errorf("%s has no grammar for the lines after the stop", g.Name())
			continue
		}
		t.Run(g.Name(), func(t *testing.T) {
			lines := 0
			for players := 1; players <= 5; players++ {
				for seed := uint64(1); seed <= perCount; seed++ {
					data, err := g.Random(players, seed, nil)
					if err != nil {
						break // a count the game is not played with
					}
					rec, diags := validate.Parse("g.vin", data, validate.Limits{})
					if diags.HasErrors() {
						t.Fatalf("%d players, seed %d: %v", players, seed, diags)
					}
					for _, l := range rec.Lines {
						if l.Kind != validate.KindAction && l.Kind != validate.KindEvent && l.Kind != validate.KindCheck {
							continue
						}
						lines++
						if d := gr.Grammar(l); d != nil {
							t.Fatalf("%d players, seed %d: the grammar refuses a legal line: %s", players, seed, d.Error())
						}
					}
				}
			}
			t.Logf("%d lines read", lines)
			if lines < 1000 {
				t.Errorf("only %d lines read: the generator made too few games", lines)
			}
		})
	}
}
