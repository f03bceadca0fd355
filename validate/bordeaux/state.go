package bordeaux

import (
	"fmt"
	"math/bits"
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
	// closed is the last year whose free workers passed. The replay
	// leaves those passes, and each player's copy of Top, unwritten while
	// it runs (nothing it checks reads a past year's cells): settle
	// writes them for a caller that reads the sheets.
	closed int
}

// settle writes what a replay keeps implicit while it runs: the passes
// of the free workers of every year closed, and the shared schedule in
// each player's Top ('13 is each player's own, written as it is chosen).
func (s *State) settle() {
	for _, p := range s.Players {
		for y := FirstYear; y <= s.closed; y++ {
			p.passFree(y)
		}
		copy(p.Top[:LastYear], s.Top[:LastYear])
	}
}

// PlayerState is one player's sheet.
type PlayerState struct {
	Name   string
	Seat   int // 1-based
	Layout *layouts.Layout
	// Circled maps a wine's ID to the year it was circled, and Filled holds
	// the IDs of the filled paths. The replay keeps them by index and
	// writes these maps when it stops (see Sync).
	Circled     map[string]int
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

	idx      sheetIndex
	circled  []int8 // by wine index: the year circled, 0 if not
	filled   []bool // by path index
	nCircled int
	nFilled  int
	// filledBits has bit e set for each filled path e < 64: the longest
	// tour of a sheet of at most 64 paths searches it as it is
	filledBits uint64
	// the circled wines by colour, age and region index (regionIndex,
	// colourIndex), for the trellis bonuses
	circledColours, circledRegions [3]int
	circledAges                    [4]int
	// the longest tour is searched once per filled path: longestAt is
	// nFilled+1 when longest is known for the ruling longestSimple, and
	// longestOf is filledBits then: the next search looks only at the
	// components of the paths filled since (longestTourGrown)
	longest, longestAt int
	longestSimple      bool
	longestOf          uint64
	// On a sheet of at most 64 wines and paths (idx.incident), what the
	// longest tour and the path filling read is kept as paths are filled
	// and wines circled, so that neither searches for it: compOf[v] is
	// the number (+1) in comps of the component of wine v, 0 while no
	// filled path is at v; oddWines has the wines at an odd number of
	// filled paths; circledPaths has the paths at a circled wine.
	compOf       [64]uint8
	comps        [32]component
	nComps       int
	oddWines     uint64
	circledPaths uint64
	// this year's actions, those of year flagsYear: the replay clears them
	// at a player's first line of a year, not every player's every year
	madeWine, gained bool
	acted            [3]bool
	flagsYear        int
	// circledBits has bit i set for each circled wine i < 64
	circledBits uint64
	// buffers for the questions an action raises
	rowsBuf  [8]int
	winesBuf [4]*layouts.Wine
	// backing arrays for a sheet of the usual size, so a player is one
	// allocation
	bufs struct {
		trellis [4]int
		leader  [LastYear]int
		circled [32]int8
		filled  [64]bool
	}
}

// slab returns buf[:n] when it fits, or a new slice.
func slab[T any](buf []T, n int) []T {
	if n <= len(buf) {
		return buf[:n:n]
	}
	return make([]T, n)
}

// Rulings are the house rulings the record's variants select.
type Rulings struct {
	SimplePath bool // longest tour is the longest simple path, not trail
	VineSkip   bool // a grape's wine may be declined even when one can be made
}

func newPlayer(name string, seat int, l *layouts.Layout) *PlayerState {
	p := new(PlayerState)
	p.init(name, seat, l, false)
	return p
}

// init sets p up as a fresh sheet: every field is written, so a player
// reused from an earlier record keeps nothing of it. fromCode says l was
// dealt from a code by the layouts package, so its map is the embedded
// template's (see sheetIndex.build).
//
// The fields are written one by one, not by assigning a new PlayerState:
// the buffers (comps, rowsBuf, winesBuf, the bufs backing the slices)
// are written before they are read, or cleared here as far as a slice
// of them is used, and need no zeroing of their own.
func (p *PlayerState) init(name string, seat int, l *layouts.Layout, fromCode bool) {
	p.Name, p.Seat, p.Layout = name, seat, l
	p.Circled, p.Filled, p.Result = nil, nil, nil
	p.CasksGained, p.CasksUsed, p.VinesFilled = 0, 0, 0
	p.Top = [14]layouts.TopCell{}
	// each worker's row: its '00 passes, from a table, not cell by cell
	for w, d := range l.Year00.Dur {
		p.Grid[w] = passedRows[min(max(d, 0), Columns)]
	}
	p.idx.build(l, fromCode)
	p.Trellis = slab(p.bufs.trellis[:], len(l.Trellis))
	clear(p.Trellis)
	p.LeaderYears = p.bufs.leader[:0]
	p.circled = slab(p.bufs.circled[:], len(l.Wines))
	clear(p.circled)
	p.filled = slab(p.bufs.filled[:], len(l.Paths))
	clear(p.filled)
	p.nCircled, p.nFilled, p.filledBits, p.circledBits = 0, 0, 0, 0
	p.circledColours, p.circledRegions, p.circledAges = [3]int{}, [3]int{}, [4]int{}
	p.longest, p.longestAt, p.longestSimple, p.longestOf = 0, 0, false, 0
	// compOf's 0 is "no component"; comps are written as they are made
	p.compOf, p.nComps, p.oddWines, p.circledPaths = [64]uint8{}, 0, 0, 0
	p.madeWine, p.gained, p.acted, p.flagsYear = false, false, [3]bool{}, 0
	p.winesBuf = [4]*layouts.Wine{} // no pointer into an earlier record
}

// passedRows[d] is a worker's row whose first d cells, from '00, are
// passes ('-'), the rest empty.
var passedRows = func() (t [Columns + 1][Columns]byte) {
	for d := range t {
		for y := 0; y < d; y++ {
			t[d][y] = '-'
		}
	}
	return t
}()

// Sync writes Circled and Filled from the replay's own bookkeeping.
func (p *PlayerState) Sync() {
	p.Circled = make(map[string]int, p.nCircled)
	for i, y := range p.circled {
		if y > 0 {
			p.Circled[p.Layout.Wines[i].ID] = int(y)
		}
	}
	p.Filled = make(map[string]bool, p.nFilled)
	for i, f := range p.filled {
		if f {
			p.Filled[p.Layout.Paths[i].ID] = true
		}
	}
}

// wineIndex is the index of a region's wine of a colour and age, or -1.
func (p *PlayerState) wineIndex(r layouts.Region, c layouts.Colour, age int) int {
	// as unsigned numbers, the tests also bound the indexes (no checks after)
	ri, ci, a := uint(regionIndex(r)), uint(colourIndex(c)), uint(age)
	if ri >= 3 || ci >= 3 || a-1 >= 3 {
		return -1
	}
	return int(p.idx.wineIn[wineKey(ri, ci, a)])
}

// WineIn returns the player's wine of a region, colour and age, or nil.
func (p *PlayerState) WineIn(r layouts.Region, c layouts.Colour, age int) *layouts.Wine {
	if i := p.wineIndex(r, c, age); i >= 0 {
		return &p.Layout.Wines[i]
	}
	return nil
}

// Wine returns a wine by ID or name.
func (p *PlayerState) Wine(key string) *layouts.Wine {
	if len(key) == 3 && !p.idx.nameLikeIDs && key[2] >= '1' && key[2] <= '3' {
		// No id is a name: the name's region, colour and age find the
		// first such wine, as the loop below does, when they are letters
		// the index knows.
		r, c := layouts.Region(key[0]), layouts.Colour(key[1])
		if regionIndex(r) >= 0 && colourIndex(c) >= 0 {
			return p.WineIn(r, c, int(key[2]-'0'))
		}
	}
	for i := range p.Layout.Wines {
		w := &p.Layout.Wines[i]
		if w.ID == key || len(key) == 3 && key[0] == byte(w.Region) && key[1] == byte(w.Type.Colour) && int(key[2]-'0') == w.Type.Age {
			return w
		}
	}
	return nil
}

// wineAt returns the index of a wine of the player's layout. The index
// of its region, colour and age finds it but on a sheet with two wines of
// one type.
func (p *PlayerState) wineAt(w *layouts.Wine) int {
	if i := p.wineIndex(w.Region, w.Type.Colour, w.Type.Age); i >= 0 && &p.Layout.Wines[i] == w {
		return i
	}
	for i := range p.Layout.Wines {
		if &p.Layout.Wines[i] == w {
			return i
		}
	}
	return -1
}

// CircledYear is the year a wine was circled, 0 if it is not.
func (p *PlayerState) CircledYear(w *layouts.Wine) int {
	if i := p.wineAt(w); i >= 0 {
		return int(p.circled[i])
	}
	return 0
}

// CircledCount and FilledCount count the circled wines and filled paths.
func (p *PlayerState) CircledCount() int { return p.nCircled }
func (p *PlayerState) FilledCount() int  { return p.nFilled }

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
// wine a grape circles. Its slices are only valid during the call.
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

// circle circles wine wi (its casks already paid), then fills every path
// to a circled neighbour in layout order and gains its resource, depth
// first.
func (p *PlayerState) circle(wi, year int, a Answerer) error {
	p.circled[wi] = int8(year)
	p.nCircled++
	if wi < 64 {
		p.circledBits |= 1 << wi
	}
	w := &p.Layout.Wines[wi]
	// as unsigned numbers, the tests also bound the indexes
	if c := uint(colourIndex(w.Type.Colour)); c < 3 {
		p.circledColours[c]++
	}
	if r := uint(regionIndex(w.Region)); r < 3 {
		p.circledRegions[r]++
	}
	if a := uint(w.Type.Age); a-1 < 3 {
		p.circledAges[a]++
	}
	if incident := p.idx.incident; incident != nil {
		// On a sheet of at most 64 wines and paths, the paths at wi to a
		// wine circled already (those at two circled wines), in layout
		// order, as bits. A path filled by a grape's circle on the way is
		// skipped when reached; a wine a grape circles fills its own
		// paths, to wi too. (Here, not in a function of its own: a call
		// per wine circled less.)
		at := incident[wi]
		todo := at & p.circledPaths &^ p.filledBits
		p.circledPaths |= at
		for m := todo; m != 0; m &= m - 1 {
			e := bits.TrailingZeros64(m)
			if p.filledBits&(1<<e) != 0 {
				continue
			}
			p.fillSmall(e)
			if r := p.Layout.Paths[e].Resource; r != 0 {
				if err := p.gain(r, year, a); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, e := range p.idx.adj[wi] {
		if p.filled[e] {
			continue
		}
		other := p.idx.ends[e][0]
		if int(other) == wi {
			other = p.idx.ends[e][1]
		}
		if p.circled[other] == 0 {
			continue
		}
		p.filled[e] = true
		p.nFilled++
		if e < 64 {
			p.filledBits |= 1 << e
		}
		if r := p.Layout.Paths[e].Resource; r != 0 {
			if err := p.gain(r, year, a); err != nil {
				return err
			}
		}
	}
	return nil
}

// component is a set of wines joined by filled paths, and those paths.
type component struct{ wines, paths uint64 }

// fillSmall fills path e of a sheet of at most 64 wines and paths, and
// joins the components of its wines.
func (p *PlayerState) fillSmall(e int) {
	p.filled[e] = true
	p.nFilled++
	p.filledBits |= 1 << e
	a, b := int(p.idx.ends[e][0]), int(p.idx.ends[e][1])
	p.oddWines ^= 1<<a ^ 1<<b
	ca, cb := p.compOf[a], p.compOf[b]
	if ca == 0 { // a is the end with a component, if either has one
		ca, cb, a, b = cb, ca, b, a
	}
	if ca == 0 {
		// A new component. Each takes two wines that had none, so a
		// sheet of 64 wines has at most 32.
		p.comps[p.nComps] = component{wines: 1<<a | 1<<b, paths: 1 << e}
		p.nComps++
		p.compOf[a], p.compOf[b] = uint8(p.nComps), uint8(p.nComps)
		return
	}
	c := &p.comps[ca-1]
	c.paths |= 1 << e
	switch {
	case cb == 0:
		c.wines |= 1 << b
		p.compOf[b] = ca
	case cb != ca: // two components join: the second's wines move
		o := p.comps[cb-1]
		c.wines |= o.wines
		c.paths |= o.paths
		for m := o.wines; m != 0; m &= m - 1 {
			p.compOf[bits.TrailingZeros64(m)] = ca
		}
	}
}

// longestGrown is longestTourGrown of the filled paths, searching only
// the components kept by fillSmall that hold a path of grown.
func (p *PlayerState) longestGrown(grown uint64, best int, simple bool) int {
	touched := uint64(0) // the components' numbers, as bits
	for m := grown; m != 0; m &= m - 1 {
		touched |= 1 << (p.compOf[p.idx.ends[bits.TrailingZeros64(m)][0]] - 1)
	}
	for ; touched != 0; touched &= touched - 1 {
		c := &p.comps[bits.TrailingZeros64(touched)]
		best = p.idx.componentTour(c.wines, c.paths, p.oddWines&c.wines, p.filledBits, best, simple)
	}
	return best
}

// gain gains one unit of a resource; past the end of its track it is lost.
func (p *PlayerState) gain(r layouts.Resource, year int, a Answerer) error {
	switch r {
	case layouts.Casks:
		if p.Layout.CasksPre+p.CasksGained < p.Layout.CaskSlots {
			p.CasksGained++
		}
	case layouts.Vines:
		if ta, ok := a.(*tokenAnswerer); ok { // the replay's: asks only when needed
			return ta.gainVine(p, year)
		}
		return p.askGrape(year, a)
	case layouts.Trellises:
		if ta, ok := a.(*tokenAnswerer); ok {
			if row := ta.writtenRow(p); row > 0 { // the row written, as Trellis would answer
				p.Trellis[row-1]++
				return nil
			}
		}
		q := Question{Trellis: true, Rows: p.rowsBuf[:0]}
		rows := p.Layout.Trellis
		for i, n := range p.Trellis[:len(rows)] {
			if n < rows[i].Len {
				q.Rows = append(q.Rows, i+1)
			}
		}
		if len(q.Rows) == 0 {
			return nil
		}
		row, err := a.Trellis(q)
		if err != nil || row == 0 {
			return err // row 0: as played, a trellis written where none fits is lost
		}
		p.Trellis[row-1]++
	}
	return nil
}

// askGrape gains one vine: its grape asks a for the wine to circle.
func (p *PlayerState) askGrape(year int, a Answerer) error {
	if p.VinesFilled >= len(p.Layout.Vines) {
		return nil
	}
	p.VinesFilled++
	g := p.Layout.Vines[p.VinesFilled-1]
	if g == nil {
		return nil
	}
	q := Question{Grape: *g, Vine: p.VinesFilled, Wines: p.winesBuf[:0]}
	if c, age := uint(colourIndex(g.Colour)), uint(g.Age); c < 3 && age-1 < 3 {
		for i := p.idx.firstOfType[c][age]; i >= 0; i = p.idx.nextOfType[i] {
			if w := &p.Layout.Wines[i]; p.circled[i] == 0 && w.Casks <= p.CasksAvailable() {
				q.Wines = append(q.Wines, w)
			}
		}
	}
	w, err := a.Grape(q)
	if err != nil || w == nil {
		return err
	}
	wi := p.wineAt(w)
	if wi < 0 || p.circled[wi] > 0 {
		return nil // as played: a wine circled already stays as it was
	}
	p.pay(w.Casks)
	return p.circle(wi, year, a)
}

// pay crosses out n casks. Only outlined casks can be crossed out: a wine
// made as played without enough casks crosses out what there is.
func (p *PlayerState) pay(n int) {
	p.CasksUsed += max(0, min(n, p.CasksAvailable()))
}

// makeWine writes the worker's letters (as many as written), pays the
// casks and circles wine wi. A wine circled already (as played) is not
// circled again.
func (p *PlayerState) makeWine(worker, wi, letters, year int, a Answerer) error {
	w := &p.Layout.Wines[wi]
	p.writeRow(worker, year, letters, byte(w.Region))
	p.acted[worker], p.madeWine = true, true
	p.pay(w.Casks)
	if p.circled[wi] > 0 {
		return nil
	}
	return p.circle(wi, year, a)
}

// writeRow writes letter c in n cells of a worker's row from year on, up
// to the last column: one slice of the row, its bounds checked once.
func (p *PlayerState) writeRow(worker, year, n int, c byte) {
	row := &p.Grid[worker]
	if end := min(year+n, Columns); year < end {
		cells := row[year:end] // bounds checked here, not per cell
		for i := range cells {
			cells[i] = c
		}
	}
}

// writeLetters is writeRow for an entry's letters: 1 to 3 of them from a
// year up to '13, which fit in the row (the year's three cells are one
// bounds check).
//
// The number of letters comes in no order a branch could guess: the
// second and third cells are chosen as values (conditional moves), and
// the three written back.
func (p *PlayerState) writeLetters(worker, year, n int, c byte) {
	cells := (*[3]byte)(p.Grid[worker][year : year+3])
	// as ints: Go moves a byte conditionally only by a branch
	second, third, letter := int(cells[1]), int(cells[2]), int(c)
	if n > 1 {
		second = letter
	}
	if n > 2 {
		third = letter
	}
	cells[0], cells[1], cells[2] = c, byte(second), byte(third)
}

// gainAction writes the worker's letters and gains n of the resource.
func (p *PlayerState) gainAction(worker int, r layouts.Resource, n, year int, a Answerer) error {
	p.writeRow(worker, year, n, byte(r))
	p.acted[worker], p.gained = true, true
	if r == layouts.Casks { // n casks at once: they ask nothing
		if room := p.Layout.CaskSlots - p.Layout.CasksPre - p.CasksGained; room > 0 {
			p.CasksGained += min(n, room)
		}
		return nil
	}
	for i := 0; i < n; i++ {
		if err := p.gain(r, year, a); err != nil {
			return err
		}
	}
	return nil
}

// endYear fills a pass in every available worker's row and clears the
// year's actions.
func (p *PlayerState) endYear(year int) {
	p.passFree(year)
	p.madeWine, p.gained, p.acted = false, false, [3]bool{}
}

// passFree fills a pass in every available worker's row in year.
func (p *PlayerState) passFree(year int) {
	if year < Columns { // the three rows, unrolled
		g := &p.Grid
		if g[RedWorker][year] == 0 {
			g[RedWorker][year] = '-'
		}
		if g[PinkWorker][year] == 0 {
			g[PinkWorker][year] = '-'
		}
		if g[YellowWorker][year] == 0 {
			g[YellowWorker][year] = '-'
		}
	}
}

// FilledEdges returns the filled paths as pairs of wine IDs.
func (p *PlayerState) FilledEdges() [][2]string {
	var e [][2]string
	for i, path := range p.Layout.Paths {
		if p.filled[i] {
			e = append(e, [2]string{path.A, path.B})
		}
	}
	return e
}

// Longest is the player's longest continuous tour under the rulings.
func (p *PlayerState) Longest(simple bool) int {
	if p.nFilled == 0 {
		return 0
	}
	if p.longestAt != p.nFilled+1 || p.longestSimple != simple {
		longest := 0
		if p.idx.incident != nil { // at most 64 paths: filledBits holds them all
			grown, known := p.filledBits, 0
			if p.longestAt > 0 && p.longestSimple == simple {
				grown, known = p.filledBits&^p.longestOf, p.longest
			}
			longest = p.longestGrown(grown, known, simple)
			p.longestOf = p.filledBits
		} else {
			longest = p.idx.longestTour(p.filled, simple)
		}
		p.longest, p.longestAt, p.longestSimple = longest, p.nFilled+1, simple
	}
	return p.longest
}

// RowBonus is what trellis row i's bonus is worth on the sheet now.
func (p *PlayerState) RowBonus(i int) int {
	b := &p.Layout.Trellis[i].Bonus
	per := b.PerWine
	if per == 0 {
		per = 1
	}
	// The circled wines are counted by colour, age and region as they
	// are circled; a bonus on a value without a count (a hand-made sheet)
	// counts the wines. The kind is a string: compared once, not once per
	// wine.
	n := 0
	switch b.Kind {
	case "colour":
		if c := colourIndex(b.Colour); c >= 0 {
			return p.circledColours[c] * per
		}
	case "age":
		if b.Age >= 1 && b.Age <= 3 {
			return p.circledAges[b.Age] * per
		}
	case "region":
		if r := regionIndex(b.Region); r >= 0 {
			return p.circledRegions[r] * per
		}
	}
	// Whether a wine is circled is anyone's guess, so the loops count
	// without branching on it.
	wines := p.Layout.Wines
	switch b.Kind {
	case "colour":
		for wi, y := range p.circled {
			n += oneIf(y != 0) & oneIf(wines[wi].Type.Colour == b.Colour)
		}
	case "age":
		for wi, y := range p.circled {
			n += oneIf(y != 0) & oneIf(wines[wi].Type.Age == b.Age)
		}
	case "region":
		for wi, y := range p.circled {
			n += oneIf(y != 0) & oneIf(wines[wi].Region == b.Region)
		}
	}
	return n * per
}

// oneIf is 1 if c holds, else 0 (the compiler writes it without a branch).
func oneIf(c bool) int {
	if c {
		return 1
	}
	return 0
}

// CircledNames lists the circled wines by name, sorted.
func (p *PlayerState) CircledNames() []string {
	var n []string
	for wi, y := range p.circled {
		if y > 0 {
			n = append(n, p.Layout.Wines[wi].Name())
		}
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
		fmt.Fprintf(&b, "  wines   %d circled: %s\n", p.nCircled, strings.Join(p.CircledNames(), " "))
		fmt.Fprintf(&b, "  paths   %d filled, longest tour %d\n", p.nFilled, p.Longest(s.Rules.SimplePath))
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
		if len(ly) == 0 {
			ly = append(ly, "none yet") // not a blank line's trailing space
		}
		fmt.Fprintf(&b, "  leader  %s\n", strings.Join(ly, " "))
		b.WriteString("          ")
		for y := 0; y < Columns; y++ {
			fmt.Fprintf(&b, "%02d ", y)
		}
		b.WriteByte('\n')
		// The top rows: each year's region and resource as played (the
		// player's own in '13), the printed '00, and the pre-filled half
		// of the years to come.
		for row, name := range [2]string{"region", "resource"} {
			fmt.Fprintf(&b, "  %-8s", name)
			for y := 0; y <= LastYear; y++ {
				c := p.topLetter(row, y, s.Year)
				if c == 0 {
					c = '.'
				}
				fmt.Fprintf(&b, " %c ", c)
			}
			b.WriteByte('\n')
		}
		for w := 0; w < 3; w++ {
			fmt.Fprintf(&b, "  %-8s", workerNames[w])
			for y := 0; y < Columns; y++ {
				c := p.Grid[w][y]
				if c == 0 {
					c = '.'
				}
				fmt.Fprintf(&b, " %c ", c)
			}
			b.WriteByte('\n')
		}
		switch {
		case p.Result == nil:
		case s.Solo && p.Result.Level != "":
			// Solo: the level of victory, not a rank of one.
			fmt.Fprintf(&b, "  score   %d (%s)\n", p.Result.Total, p.Result.Level)
		case s.Solo:
			fmt.Fprintf(&b, "  score   %d (%s)\n", p.Result.Total, p.Result.Note)
		default:
			fmt.Fprintf(&b, "  score   %d (rank %s)\n", p.Result.Total, p.Result.RankLabel())
		}
	}
	// The grid's columns and an empty list leave blanks at line ends.
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// topLetter is the letter of the top row (0: region, 1: resource) in
// column y of the sheet when year now is played: the year's letter as
// played up to now ('13: the player's own choice), '00's printed cell, the
// pre-filled half of a year to come; 0 for an empty cell.
func (p *PlayerState) topLetter(row, y, now int) byte {
	var reg, res byte
	switch {
	case y == 0:
		reg, res = byte(p.Layout.Year00.Region), byte(p.Layout.Year00.Resource)
	case y <= now:
		reg, res = byte(p.Top[y].Region), byte(p.Top[y].Resource)
	default:
		reg, res = byte(p.Layout.Top[y].Region), byte(p.Layout.Top[y].Resource)
	}
	if row == 0 {
		return reg
	}
	return res
}
