package bordeaux

import (
	"fmt"
	"testing"

	"github.com/vintner/vintner/layouts"
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
			if g := *l.Vines[grape]; p.nCircled < 3 && len(p.idx.byType[colourIndex(g.Colour)][g.Age]) > 0 {
				t.Fatalf("%s: the grape's wine was not circled (%d circled)", code, p.nCircled)
			}
		}
	}
	if tried == 0 {
		t.Fatal("no layout with a Vines path")
	}
}
