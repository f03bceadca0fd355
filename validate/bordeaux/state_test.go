package bordeaux

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/validate"
)

// recorder answers every question with its first possibility and notes
// what was asked.
type recorder struct{ asked []string }

func (r *recorder) Trellis(q Question) (int, error) {
	r.asked = append(r.asked, fmt.Sprintf("T%v", q.Rows))
	return q.Rows[0], nil
}

func (r *recorder) Grape(q Question) (*layouts.Wine, error) {
	r.asked = append(r.asked, fmt.Sprintf("V%d:%s", q.Vine, q.Grape))
	if len(q.Wines) == 0 {
		return nil, nil
	}
	return q.Wines[0], nil
}

func testPlayer(t *testing.T) *PlayerState {
	t.Helper()
	set, err := layouts.SetCached("B1-48J5-5WLB-W")
	if err != nil {
		t.Fatal(err)
	}
	return newPlayer("Ann", 1, set[0])
}

// TestTracksOverflow: a gain past the end of the cask or vine track, or a
// trellis when every row is full, is lost without a question (R10).
func TestTracksOverflow(t *testing.T) {
	p := testPlayer(t)
	a := &recorder{}
	p.CasksGained = p.Layout.CaskSlots - p.Layout.CasksPre
	p.VinesFilled = len(p.Layout.Vines)
	for i, row := range p.Layout.Trellis {
		p.Trellis[i] = row.Len
	}
	for _, r := range []layouts.Resource{layouts.Casks, layouts.Vines, layouts.Trellises} {
		if err := p.gain(r, 5, a); err != nil {
			t.Fatal(err)
		}
	}
	if p.CasksGained != p.Layout.CaskSlots-p.Layout.CasksPre || p.VinesFilled != len(p.Layout.Vines) || len(a.asked) != 0 {
		t.Errorf("casks %d, vines %d, asked %v", p.CasksGained, p.VinesFilled, a.asked)
	}
	for i, row := range p.Layout.Trellis {
		if p.Trellis[i] != row.Len {
			t.Errorf("row %d: %d of %d", i+1, p.Trellis[i], row.Len)
		}
	}
}

// TestGrapeChains: circling a wine fills its paths in the sheet's order;
// a Vines path that reaches a grape circles the grape's wine at once, and
// that wine's own paths fill (and pay) before the first wine's next path
// (R7, R9).
func TestGrapeChains(t *testing.T) {
	tried := 0
	for seed := uint64(1); seed <= 40 && tried < 20; seed++ {
		code, _ := layouts.NewSetCode(seed, 2)
		set, err := layouts.SetCached(code)
		if err != nil {
			t.Fatal(err)
		}
		l := set[0]
		// a wine X with a Vines path to a neighbour N; the next vine's grape
		// brings a wine G joined to a circled wine by some other path
		for e, path := range l.Paths {
			if path.Resource != layouts.Vines {
				continue
			}
			p := newPlayer("Ann", 1, l)
			x := p.idx.ends[e][0]
			n := p.idx.ends[e][1]
			grape := -1
			for v, g := range l.Vines {
				if g != nil {
					grape = v
					break
				}
			}
			p.VinesFilled = grape // the next vine is the grape's
			p.CasksGained = l.CaskSlots - l.CasksPre
			p.circled[n] = 1
			p.nCircled = 1
			p.circledPaths = p.idx.incident[n] // as circle keeps it
			a := &recorder{}
			if err := p.circle(int(x), 2, a); err != nil {
				t.Fatal(err)
			}
			tried++
			if len(a.asked) == 0 || a.asked[0] != fmt.Sprintf("V%d:%s", grape+1, *l.Vines[grape]) {
				t.Fatalf("%s path %s: asked %v", code, path.ID, a.asked)
			}
			// every path between circled wines is filled, and only those
			for i := range l.Paths {
				both := p.circled[p.idx.ends[i][0]] > 0 && p.circled[p.idx.ends[i][1]] > 0
				if both != p.filled[i] {
					t.Fatalf("%s: path %s filled %v, ends circled %v", code, l.Paths[i].ID, p.filled[i], both)
				}
			}
			if g := *l.Vines[grape]; p.nCircled < 3 && p.idx.firstOfType[colourIndex(g.Colour)][g.Age] >= 0 {
				t.Fatalf("%s: the grape's wine was not circled (%d circled)", code, p.nCircled)
			}
		}
	}
	if tried == 0 {
		t.Fatal("no layout with a Vines path")
	}
}

// TestParallelReplays: replays running at once share the cached layouts
// and their indexes (run with -race).
func TestParallelReplays(t *testing.T) {
	var recs [][]byte
	for seed := uint64(1); seed <= 3; seed++ {
		b, err := Generate(4, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, b)
	}
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for i := 0; i < 6; i++ {
				_, rep := replayBytes(t, "p.vin", recs[(g+i)%len(recs)])
				if rep.Diagnostics.HasErrors() || rep.Result == nil {
					errs <- fmt.Errorf("replay %d/%d: %v", g, i, rep.Diagnostics)
					return
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestLeadersSheetIsAuthoritative: with sheets from different pads, a
// year's pre-filled half is the one the year's leader's sheet prints (R3).
func TestLeadersSheetIsAuthoritative(t *testing.T) {
	var pads []*layouts.Layout
	for _, c := range layouts.NewPadCodes(1, 30) {
		if l, err := layouts.Sheet(c); err == nil {
			pads = append(pads, l)
		}
	}
	var ann, ben *layouts.Layout
	for _, la := range pads {
		for _, lb := range pads {
			if la.Top[2] != lb.Top[2] && la.Top[1] != lb.Top[1] {
				ann, ben = la, lb
			}
		}
	}
	if ann == nil {
		t.Fatal("no two pad pages with different schedules")
	}
	// a year line from a sheet's top cell, completing the other half
	year := func(y int, c layouts.TopCell) string {
		if c.Region == 0 {
			c.Region = layouts.Left
		}
		if c.Resource == 0 {
			c.Resource = layouts.Casks
		}
		return fmt.Sprintf("'%02d %c %c\n", y, c.Region, c.Resource)
	}
	head := "game bordeaux\nplayers Ann Ben\nsheet Ann " + ann.Code + "\nsheet Ben " + ben.Code + "\n"
	// line 7 is never reached (AtLine 6): the replay stops there unscored
	good := head + year(1, ann.Top[1]) + year(2, ben.Top[2]) + "'03\n"
	rep := validate.Check([]validate.Game{New()}, "x.vin", []byte(good), validate.Limits{}, validate.Options{AtLine: 6})
	if len(rep.Diagnostics) != 0 {
		t.Fatalf("the leaders' schedules: %v", rep.Diagnostics)
	}
	// Ann leads '01 and Ben '02: Ann's half of '02 is not Ben's
	bad := head + year(1, ann.Top[1]) + year(2, ann.Top[2]) + "'03\n"
	rep = validate.Check([]validate.Game{New()}, "x.vin", []byte(bad), validate.Limits{}, validate.Options{AtLine: 6})
	if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Line != 6 || !strings.HasPrefix(rep.Diagnostics[0].Message, "the leader Ben's sheet prints '02's") {
		t.Fatalf("Ann's schedule in Ben's year: %v", rep.Diagnostics)
	}
}

// TestLongestTourAgainstBruteForce: the trail search that starts only at
// odd wines (and counts whole even components) agrees with trying every
// walk, on random sets of filled paths of real sheets.
func TestLongestTourAgainstBruteForce(t *testing.T) {
	src := rng.New(3)
	set, err := layouts.SetCached("B1-48J5-5WLB-W")
	if err != nil {
		t.Fatal(err)
	}
	l := set[0]
	x := newSheetIndex(l)
	for i := 0; i < 400; i++ {
		filled := make([]bool, len(l.Paths))
		var edges [][2]string
		keep := 1 + src.Intn(4) // from sparse to about half the map
		for e := range filled {
			if src.Intn(8) < keep {
				filled[e] = true
				edges = append(edges, [2]string{l.Paths[e].A, l.Paths[e].B})
			}
		}
		for _, simple := range []bool{false, true} {
			if got, want := x.longestTour(filled, simple), bruteLongest(edges, simple); got != want {
				t.Fatalf("simple=%v %v: %d, brute force %d", simple, edges, got, want)
			}
		}
	}
}

// TestResultOfEachPlayer: a scored player's Result is its own in the
// report's result, as Result.Player finds it by name (scoreTallies links
// them by seat).
func TestResultOfEachPlayer(t *testing.T) {
	recs := withGenerated(t, testRecords(t), 30, 6, 700)
	scored := 0
	for i, rec := range recs {
		for _, asPlayed := range []bool{false, true} {
			rep := validate.Check([]validate.Game{New()}, "r.vin", rec, validate.Limits{}, validate.Options{AsPlayed: asPlayed})
			st, ok := rep.State.(*State)
			if !ok || rep.Result == nil {
				continue
			}
			scored++
			for _, p := range st.Players {
				if want := rep.Result.Player(p.Name); p.Result != want || want == nil {
					t.Fatalf("record %d: %s's result %p, want %p", i, p.Name, p.Result, want)
				}
			}
		}
	}
	if scored < 50 {
		t.Fatalf("only %d scored replays", scored)
	}
}
