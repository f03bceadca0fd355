package bordeaux

import (
	"fmt"
	"sort"
	"strings"

	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/score"
)

// Workers, in the order of the sheet's rows.
const (
	RedWorker = iota
	PinkWorker
	YellowWorker
)

// Years on the sheet: '00 is pre-printed, play runs '01–'13, and actions
// may run into the two extra columns '14 and '15.
const (
	FirstYear = 1
	LastYear  = 13
	Columns   = 16
)

var workerNames = [3]string{"red", "pink", "yellow"}
var workerColour = [3]layouts.Colour{layouts.Red, layouts.Rose, layouts.White}

var colourNames = map[layouts.Colour]string{layouts.Red: "red", layouts.Rose: "rosé", layouts.White: "white"}
var regionNames = map[layouts.Region]string{layouts.Left: "Left Bank", layouts.Right: "Right Bank", layouts.Entre: "Entre-deux-Mers"}
var resourceNames = map[layouts.Resource]string{layouts.Casks: "Casks", layouts.Vines: "Vines", layouts.Trellises: "Trellises"}

// State is a Bordeaux game where the replay stopped.
type State struct {
	Year    int // the year being played (0 before '01; 13 after the end)
	Ended   bool
	Solo    bool
	Players []*PlayerState
	// Top is the shared schedule: each year's region and resource as
	// played ('13 is each player's own, in PlayerState.Top).
	Top   [14]layouts.TopCell
	Rules Rulings
}

// PlayerState is one player's sheet.
type PlayerState struct {
	Name   string
	Seat   int // 1-based
	Layout *layouts.Layout
	// Circled maps a wine's ID to the year it was circled.
	Circled map[string]int
	// Filled holds the IDs of the filled paths.
	Filled      map[string]bool
	CasksGained int // casks traced (outlined), pre-outlined ones not counted
	CasksUsed   int // casks crossed out
	VinesFilled int
	Trellis     []int // trellises traced per row
	// Grid is the worker rows red, pink, yellow × years '00–'15: the letter
	// written, '-' for a pass or a pre-printed '00 cell, 0 for empty.
	Grid        [3][Columns]byte
	LeaderYears []int
	// Top is the region and resource this player wrote on the top rows.
	Top    [14]layouts.TopCell
	Result *score.PlayerResult // nil until scored

	wines  map[string]*layouts.Wine // by ID and by name ("Lr2")
	byType map[layouts.WineType][]*layouts.Wine
	adj    map[string][]int // wine ID → indexes of its paths, in layout order
	// this year's actions
	madeWine, gained bool
	acted            [3]bool
}

// Rulings are the house rulings the record's variants select.
type Rulings struct {
	SimplePath bool // longest tour is the longest simple path, not trail
	VineSkip   bool // a grape's wine may be declined even when one can be made
}

func newPlayer(name string, seat int, l *layouts.Layout) *PlayerState {
	p := &PlayerState{Name: name, Seat: seat, Layout: l, Circled: map[string]int{}, Filled: map[string]bool{},
		Trellis: make([]int, len(l.Trellis)), wines: map[string]*layouts.Wine{},
		byType: map[layouts.WineType][]*layouts.Wine{}, adj: map[string][]int{}}
	for i := range l.Wines {
		w := &l.Wines[i]
		p.wines[w.ID] = w
		p.wines[w.Name()] = w
		p.byType[w.Type] = append(p.byType[w.Type], w)
	}
	for i, path := range l.Paths {
		p.adj[path.A] = append(p.adj[path.A], i)
		p.adj[path.B] = append(p.adj[path.B], i)
	}
	for w := 0; w < 3; w++ {
		for y := 0; y < l.Year00.Dur[w] && y < Columns; y++ {
			p.Grid[w][y] = '-'
		}
	}
	return p
}

// WineIn returns the player's wine of a region, colour and age, or nil.
func (p *PlayerState) WineIn(r layouts.Region, c layouts.Colour, age int) *layouts.Wine {
	for _, w := range p.byType[layouts.WineType{Colour: c, Age: age}] {
		if w.Region == r {
			return w
		}
	}
	return nil
}

// Wine returns a wine by ID or name.
func (p *PlayerState) Wine(key string) *layouts.Wine { return p.wines[key] }

// CasksAvailable counts the outlined casks not crossed out.
func (p *PlayerState) CasksAvailable() int { return p.Layout.CasksPre + p.CasksGained - p.CasksUsed }

// Available reports whether a worker's row is empty in year y.
func (p *PlayerState) Available(w, y int) bool { return y < Columns && p.Grid[w][y] == 0 }

// FreeAgain is the first year from y on when worker w's row is empty.
func (p *PlayerState) FreeAgain(w, y int) int {
	for y < Columns && p.Grid[w][y] != 0 {
		y++
	}
	return y
}

// Question is a choice an action raises: where a trellis goes, or which
// wine a grape circles.
type Question struct {
	Trellis bool
	Rows    []int            // trellis: rows (1-based) not full
	Grape   layouts.WineType // grape: the wine type it gives
	Wines   []*layouts.Wine  // grape: the wines that can be circled
	Vine    int              // grape: the vine (1-based)
}

// Answerer answers the questions an action raises. A nil wine answer
// declines a grape (allowed when Wines is empty, or by ruling).
type Answerer interface {
	Trellis(q Question) (row int, err error)
	Grape(q Question) (*layouts.Wine, error)
}

// circle circles a wine (its casks already paid), then fills every path to
// a circled neighbour in layout order and gains its resource, depth first.
func (p *PlayerState) circle(w *layouts.Wine, year int, a Answerer) error {
	p.Circled[w.ID] = year
	for _, i := range p.adj[w.ID] {
		path := &p.Layout.Paths[i]
		other := path.A
		if other == w.ID {
			other = path.B
		}
		if p.Filled[path.ID] {
			continue
		}
		if _, ok := p.Circled[other]; !ok {
			continue
		}
		p.Filled[path.ID] = true
		if path.Resource != 0 {
			if err := p.gain(path.Resource, year, a); err != nil {
				return err
			}
		}
	}
	return nil
}

// gain gains one unit of a resource; past the end of its track it is lost.
func (p *PlayerState) gain(r layouts.Resource, year int, a Answerer) error {
	switch r {
	case layouts.Casks:
		if p.Layout.CasksPre+p.CasksGained < p.Layout.CaskSlots {
			p.CasksGained++
		}
	case layouts.Vines:
		if p.VinesFilled >= len(p.Layout.Vines) {
			return nil
		}
		p.VinesFilled++
		g := p.Layout.Vines[p.VinesFilled-1]
		if g == nil {
			return nil
		}
		q := Question{Grape: *g, Vine: p.VinesFilled}
		for _, w := range p.byType[*g] {
			if _, done := p.Circled[w.ID]; !done && w.Casks <= p.CasksAvailable() {
				q.Wines = append(q.Wines, w)
			}
		}
		w, err := a.Grape(q)
		if err != nil || w == nil {
			return err
		}
		p.CasksUsed += w.Casks
		return p.circle(w, year, a)
	case layouts.Trellises:
		q := Question{Trellis: true}
		for i, row := range p.Layout.Trellis {
			if p.Trellis[i] < row.Len {
				q.Rows = append(q.Rows, i+1)
			}
		}
		if len(q.Rows) == 0 {
			return nil
		}
		row, err := a.Trellis(q)
		if err != nil {
			return err
		}
		p.Trellis[row-1]++
	}
	return nil
}

// makeWine writes the worker's letters, pays the casks and circles the wine.
func (p *PlayerState) makeWine(worker int, w *layouts.Wine, year int, a Answerer) error {
	for i := 0; i < w.Type.Age; i++ {
		p.Grid[worker][year+i] = byte(w.Region)
	}
	p.acted[worker], p.madeWine = true, true
	p.CasksUsed += w.Casks
	return p.circle(w, year, a)
}

// gainAction writes the worker's letters and gains n of the resource.
func (p *PlayerState) gainAction(worker int, r layouts.Resource, n, year int, a Answerer) error {
	for i := 0; i < n; i++ {
		p.Grid[worker][year+i] = byte(r)
	}
	p.acted[worker], p.gained = true, true
	for i := 0; i < n; i++ {
		if err := p.gain(r, year, a); err != nil {
			return err
		}
	}
	return nil
}

// endYear fills a pass in every available worker's row.
func (p *PlayerState) endYear(year int) {
	for w := 0; w < 3; w++ {
		if p.Available(w, year) {
			p.Grid[w][year] = '-'
		}
	}
	p.madeWine, p.gained, p.acted = false, false, [3]bool{}
}

// FilledEdges returns the filled paths as pairs of wine IDs.
func (p *PlayerState) FilledEdges() [][2]string {
	var e [][2]string
	for _, path := range p.Layout.Paths {
		if p.Filled[path.ID] {
			e = append(e, [2]string{path.A, path.B})
		}
	}
	return e
}

// Longest is the player's longest continuous tour under the rulings.
func (p *PlayerState) Longest(simple bool) int {
	if simple {
		return LongestSimplePath(p.FilledEdges())
	}
	return LongestTrail(p.FilledEdges())
}

// RowBonus is what trellis row i's bonus is worth on the sheet now.
func (p *PlayerState) RowBonus(i int) int {
	b := p.Layout.Trellis[i].Bonus
	per := b.PerWine
	if per == 0 {
		per = 1
	}
	n := 0
	for id := range p.Circled {
		w := p.wines[id]
		switch b.Kind {
		case "colour":
			if w.Type.Colour == b.Colour {
				n++
			}
		case "age":
			if w.Type.Age == b.Age {
				n++
			}
		case "region":
			if w.Region == b.Region {
				n++
			}
		}
	}
	return n * per
}

// CircledNames lists the circled wines by name, sorted.
func (p *PlayerState) CircledNames() []string {
	var n []string
	for id := range p.Circled {
		n = append(n, p.wines[id].Name())
	}
	sort.Strings(n)
	return n
}

// Text describes the state for `vintner replay`.
func (s *State) Text() string {
	var b strings.Builder
	switch {
	case s.Ended:
		b.WriteString("Bordeaux, after '13 (game over)\n")
	case s.Year == 0:
		b.WriteString("Bordeaux, before '01\n")
	default:
		fmt.Fprintf(&b, "Bordeaux, year '%02d\n", s.Year)
	}
	for _, p := range s.Players {
		fmt.Fprintf(&b, "\n%s (seat %d, sheet %s)\n", p.Name, p.Seat, p.Layout.Code)
		fmt.Fprintf(&b, "  wines   %d circled: %s\n", len(p.Circled), strings.Join(p.CircledNames(), " "))
		fmt.Fprintf(&b, "  paths   %d filled, longest tour %d\n", len(p.Filled), p.Longest(s.Rules.SimplePath))
		fmt.Fprintf(&b, "  casks   %d available, %d used (%d of %d slots outlined)\n", p.CasksAvailable(), p.CasksUsed, p.Layout.CasksPre+p.CasksGained, p.Layout.CaskSlots)
		fmt.Fprintf(&b, "  vines   %d of %d\n", p.VinesFilled, len(p.Layout.Vines))
		var rows []string
		for i, r := range p.Layout.Trellis {
			rows = append(rows, fmt.Sprintf("%d/%d", p.Trellis[i], r.Len))
		}
		fmt.Fprintf(&b, "  trellis %s\n", strings.Join(rows, " "))
		var ly []string
		for _, y := range p.LeaderYears {
			ly = append(ly, fmt.Sprintf("'%02d", y))
		}
		fmt.Fprintf(&b, "  leader  %s\n", strings.Join(ly, " "))
		b.WriteString("          ")
		for y := 0; y < Columns; y++ {
			fmt.Fprintf(&b, "%02d ", y)
		}
		b.WriteByte('\n')
		for w := 0; w < 3; w++ {
			fmt.Fprintf(&b, "  %-7s ", workerNames[w])
			for y := 0; y < Columns; y++ {
				c := p.Grid[w][y]
				if c == 0 {
					c = '.'
				}
				fmt.Fprintf(&b, " %c ", c)
			}
			b.WriteByte('\n')
		}
		if p.Result != nil {
			fmt.Fprintf(&b, "  score   %d (rank %s)\n", p.Result.Total, p.Result.RankLabel())
		}
	}
	return b.String()
}
