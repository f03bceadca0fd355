package bordeaux

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/validate"
)

// TestATallyOfAReplayedGameScoresAsTheReplay writes the scorepad tally of
// each generated game's end state (what the sheets show) and scores it in
// scorepad mode: the points, totals, places and levels are the replay's.
func TestATallyOfAReplayedGameScoresAsTheReplay(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	for _, n := range []int{1, 2, 3, 5, 12} {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			b, err := Generate(n, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			st, rep := replayBytes(t, "gen.vin", b)
			if rep.Diagnostics.HasErrors() || rep.Result == nil {
				t.Fatalf("players %d seed %d: %v", n, seed, rep.Diagnostics)
			}
			text := tallyText(st)
			trep := validate.CheckTally([]validate.Game{New()}, "bordeaux", "t.vin", []byte(text), validate.Limits{}, validate.Options{})
			if trep.Diagnostics.HasErrors() || trep.Result == nil {
				t.Fatalf("players %d seed %d: the tally is refused: %v\n%s", n, seed, trep.Diagnostics, text)
			}
			if err := sameResult(rep.Result, trep.Result); err != nil {
				t.Fatalf("players %d seed %d: %v\n%s", n, seed, err, text)
			}
		}
	}
}

// tallyText is the scorepad tally of a replayed game's sheets.
func tallyText(st *State) string {
	var b strings.Builder
	b.WriteString("players")
	for _, p := range st.Players {
		fmt.Fprintf(&b, " %s", p.Name)
	}
	b.WriteString("\n")
	for _, tl := range Tallies(st) {
		var rows []string
		for _, r := range tl.Rows {
			v := 0
			if r.Complete {
				v = r.Bonus
			}
			rows = append(rows, fmt.Sprint(v))
		}
		fmt.Fprintf(&b, "tally %s paths=%d longest=%d casks=%d rows=%s leader=%d\n",
			tl.Name, tl.Paths, tl.Longest, tl.CasksUsed, strings.Join(rows, "/"), tl.LeaderYears)
	}
	return b.String()
}

// sameResult compares the replay's result with the tally's: categories,
// and each place's player, points, total, rank and level.
func sameResult(want, got *score.Result) error {
	if !reflect.DeepEqual(want.Categories, got.Categories) {
		return fmt.Errorf("categories %v, the tally's %v", want.Categories, got.Categories)
	}
	if len(want.Players) != len(got.Players) {
		return fmt.Errorf("%d players, the tally's %d", len(want.Players), len(got.Players))
	}
	for i := range want.Players {
		w, g := want.Players[i], got.Players[i]
		if w.Name != g.Name || w.Total != g.Total || w.Rank != g.Rank || w.Shared != g.Shared ||
			w.Level != g.Level || !reflect.DeepEqual(w.Points, g.Points) || !reflect.DeepEqual(w.TieBreak, g.TieBreak) {
			return fmt.Errorf("place %d: the replay scores %+v, the tally %+v", i+1, w, g)
		}
	}
	return nil
}
