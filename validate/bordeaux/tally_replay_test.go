package bordeaux

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
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
			if diff := wanttest.SameResult(rep.Result, trep.Result, nil); diff != "" {
				t.Fatalf("players %d seed %d: %s\n%s", n, seed, diff, text)
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
