package grandcru

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

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
			want, got := rep.Result, trep.Result
			// The replay's note on the assumed tables (prices, barrels,
			// interest) concerns the play, which a tally has not.
			wantNotes := slices.DeleteFunc(slices.Clone(want.Notes), func(n string) bool { return strings.HasPrefix(n, "scored with assumed component tables") })
			if !reflect.DeepEqual(want.Categories, got.Categories) || !slices.Equal(wantNotes, got.Notes) {
				t.Fatalf("players %d seed %d: categories %v notes %q, the tally's %v %q", n, seed, want.Categories, wantNotes, got.Categories, got.Notes)
			}
			if len(want.Players) != len(got.Players) {
				t.Fatalf("players %d seed %d: the replay scores %d players, the tally %d\n%s", n, seed, len(want.Players), len(got.Players), text.String())
			}
			for i := range want.Players {
				w, g := want.Players[i], got.Players[i]
				if w.Name != g.Name || w.Total != g.Total || w.Rank != g.Rank || w.Shared != g.Shared || w.RanksLast != g.RanksLast ||
					!reflect.DeepEqual(w.Points, g.Points) || !reflect.DeepEqual(w.TieBreak, g.TieBreak) {
					t.Fatalf("players %d seed %d, place %d: the replay scores %+v, the tally %+v\n%s", n, seed, i+1, w, g, text.String())
				}
			}
		}
	}
}
