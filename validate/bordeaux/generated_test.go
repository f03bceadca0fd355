package bordeaux

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/validate"
)

// TestGeneratedGamesReplayAndRecount replays generated games of 1, 2, 4
// and 12 players and recounts every score from the replayed sheets with
// code of its own (not the engine's scoring).
func TestGeneratedGamesReplayAndRecount(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 40
	}
	for _, n := range []int{1, 2, 4, 12} {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			b, st, rep := replayVaried(t, n, seed, nil)
			if err := recount(st, rep.Result); err != nil {
				t.Fatalf("players %d seed %d: %v\n%s", n, seed, err, b)
			}
			if len(rep.Claims) != n {
				t.Fatalf("players %d seed %d: %d claims compared", n, seed, len(rep.Claims))
			}
		}
	}
}

func TestGeneratedVariants(t *testing.T) {
	for seed := uint64(1); seed <= 100; seed++ {
		_, st, rep := replayVaried(t, 3, seed, []string{"longest=simple", "vine-skip"})
		if !st.Rules.SimplePath || !st.Rules.VineSkip {
			t.Fatalf("variants not in force")
		}
		if err := recount(st, rep.Result); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// recount scores the sheets independently and compares with the result.
func recount(st *State, res *score.Result) error {
	if res == nil {
		return fmt.Errorf("no result")
	}
	n := len(st.Players)
	type tally struct {
		paths, longest, casks, leader int
		rows                          []int
	}
	ts := make([]tally, n)
	// the snake order, written out: forward, then backward, repeating.
	var order []int
	for len(order) < LastYear {
		seats := 2
		if n > 1 {
			seats = n
		}
		for s := 0; s < seats; s++ {
			order = append(order, s)
		}
		for s := seats - 1; s >= 0; s-- {
			order = append(order, s)
		}
	}
	for i, p := range st.Players {
		t := &ts[i]
		l := p.Layout
		var edges [][2]string
		for _, path := range l.Paths {
			_, a := p.Circled[path.A]
			_, b := p.Circled[path.B]
			if a && b != p.Filled[path.ID] {
				return fmt.Errorf("%s: path %s filled=%v with both ends circled=%v", p.Name, path.ID, p.Filled[path.ID], a && b)
			}
			if a && b {
				t.paths++
				edges = append(edges, [2]string{path.A, path.B})
			}
		}
		t.longest = bruteLongest(edges, st.Rules.SimplePath)
		byID := map[string]layouts.Wine{}
		for _, w := range l.Wines {
			byID[w.ID] = w
		}
		for id := range p.Circled {
			t.casks += byID[id].Casks
		}
		if t.casks != p.CasksUsed {
			return fmt.Errorf("%s: circled wines cost %d casks, the sheet crossed out %d", p.Name, t.casks, p.CasksUsed)
		}
		for y := 1; y <= LastYear; y++ {
			if order[y-1] == i {
				t.leader++
			}
		}
		for r, row := range l.Trellis {
			pts := 0
			if p.Trellis[r] == row.Len {
				for id := range p.Circled {
					w := byID[id]
					if (row.Bonus.Kind == "colour" && w.Type.Colour == row.Bonus.Colour) ||
						(row.Bonus.Kind == "age" && w.Type.Age == row.Bonus.Age) ||
						(row.Bonus.Kind == "region" && w.Region == row.Bonus.Region) {
						pts += max(row.Bonus.PerWine, 1)
					}
				}
			}
			t.rows = append(t.rows, pts)
		}
		// every unit gained came from a gain action's letters or a filled
		// path, and a track only loses what runs past its end
		gained := map[layouts.Resource]int{}
		for w := 0; w < 3; w++ {
			for y := 1; y < Columns; y++ {
				gained[layouts.Resource(p.Grid[w][y])]++
			}
		}
		for _, path := range l.Paths {
			if p.Filled[path.ID] && path.Resource != 0 {
				gained[path.Resource]++
			}
		}
		trellisRoom, trellisDone := 0, 0
		for r, row := range l.Trellis {
			trellisRoom += row.Len
			trellisDone += p.Trellis[r]
		}
		if p.CasksGained != min(gained[layouts.Casks], l.CaskSlots-l.CasksPre) ||
			p.VinesFilled != min(gained[layouts.Vines], len(l.Vines)) ||
			trellisDone != min(gained[layouts.Trellises], trellisRoom) {
			return fmt.Errorf("%s: gained C%d V%d T%d, sheet shows casks %d vines %d trellises %d", p.Name,
				gained[layouts.Casks], gained[layouts.Vines], gained[layouts.Trellises], p.CasksGained, p.VinesFilled, trellisDone)
		}
		for w := 0; w < 3; w++ {
			for y := 0; y <= LastYear; y++ {
				if p.Grid[w][y] == 0 {
					return fmt.Errorf("%s: the %s row is empty in '%02d", p.Name, workerNames[w], y)
				}
			}
		}
	}
	maxL, maxC, maxLead := 0, 0, 0
	for _, t := range ts {
		maxL, maxC, maxLead = max(maxL, t.longest), max(maxC, t.casks), max(maxLead, t.leader)
	}
	for i, p := range st.Players {
		t := ts[i]
		total := t.paths + t.casks
		for _, r := range t.rows {
			total += r
		}
		if st.Solo {
			if t.longest >= 7 {
				total += 3
			}
			if t.casks >= 7 {
				total += 3
			}
		} else {
			if t.longest == maxL && t.longest > 0 {
				total += 3
			}
			if t.casks == maxC && t.casks > 0 {
				total += 3
			}
			if t.leader < maxLead {
				total++
			}
		}
		got := res.Player(p.Name)
		if got == nil || got.Total != total {
			return fmt.Errorf("%s: recount %d, engine %v", p.Name, total, got)
		}
	}
	return nil
}

// bruteLongest tries every walk from every wine over an edge bitmask.
func bruteLongest(edges [][2]string, simple bool) int {
	best := 0
	var walk func(at string, used uint64, seen map[string]bool, n int)
	walk = func(at string, used uint64, seen map[string]bool, n int) {
		if n > best {
			best = n
		}
		for i, e := range edges {
			if used&(1<<i) != 0 || (e[0] != at && e[1] != at) {
				continue
			}
			next := e[0]
			if next == at {
				next = e[1]
			}
			if simple && seen[next] {
				continue
			}
			seen[next] = true
			walk(next, used|1<<i, seen, n+1)
			if simple {
				seen[next] = false
			}
		}
	}
	for _, e := range edges {
		for _, v := range e {
			walk(v, 0, map[string]bool{v: true}, 0)
		}
	}
	return best
}

// TestGeneratedSheetsAndYearLines: the generated records also name their
// sheets one per player (a set's seats, or pad pages whose printed
// schedules differ, so that the leader's sheet decides, ruling R3), write
// a year with only its chosen letter and name its leader; every such game
// replays clean.
func TestGeneratedSheetsAndYearLines(t *testing.T) {
	seen := map[string]int{}
	for _, n := range []int{1, 3, 5} {
		for seed := uint64(1); seed <= 60; seed++ {
			b, st, _ := replayVaried(t, n, seed, nil)
			rec, _ := validate.Parse("gen.vin", b, validate.Limits{})
			for _, l := range rec.Lines {
				switch {
				case l.Verb == "sheet" && strings.Contains(l.Word(2), "/"):
					seen["a set's seat"]++
				case l.Verb == "sheet":
					seen["a pad page"]++
				case l.Kind == validate.KindEvent && strings.HasPrefix(l.Word(0), "'") && len(l.Tokens) == 2 && !strings.HasSuffix(l.Word(0), "13"):
					seen["a year's chosen letter alone"]++
				case l.Kind == validate.KindEvent && strings.HasPrefix(l.Word(0), "'") && len(l.Tokens) >= 3 && rec.HasPlayer(l.Word(len(l.Tokens)-1)):
					seen["a year's leader named"]++
				}
			}
			// pad pages: a year whose leader's sheet prints another half
			// than the first player's
			for y := FirstYear; y < LastYear && n > 1; y++ {
				lead := st.Players[LeaderSeat(y, n)].Layout.Top[y]
				if first := st.Players[0].Layout.Top[y]; lead != first {
					seen["the leader's sheet decides"]++
					if st.Top[y].Region != lead.Region && lead.Region != 0 || st.Top[y].Resource != lead.Resource && lead.Resource != 0 {
						t.Fatalf("players %d seed %d: '%02d plays %v, the leader's sheet prints %v", n, seed, y, st.Top[y], lead)
					}
				}
			}
		}
	}
	t.Log(seen)
	for _, what := range []string{"a set's seat", "a pad page", "a year's chosen letter alone", "a year's leader named", "the leader's sheet decides"} {
		if seen[what] == 0 {
			t.Errorf("no generated game has %s", what)
		}
	}
}

// replayVaried generates a varied game (generateVaried) and replays it:
// a game the engine refuses fails the test, with the record.
func replayVaried(t *testing.T, players int, seed uint64, variants []string) ([]byte, *State, *validate.Report) {
	t.Helper()
	b, err := generateVaried(players, seed, variants)
	if err != nil {
		t.Fatal(err)
	}
	st, rep := replayBytes(t, "gen.vin", b)
	if rep.Diagnostics.HasErrors() {
		t.Fatalf("players %d seed %d: %s\n%s", players, seed, rep.Diagnostics[0].Error(), b)
	}
	return b, st, rep
}
