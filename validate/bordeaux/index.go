package bordeaux

import (
	"math/bits"
	"sync"

	"github.com/vintner/vintner/layouts"
)

// sheetIndex is what the replay looks up on a layout, as small integers:
// wines and paths by their position in the layout's lists. It is built once
// per layout and shared (layouts from codes are shared and read-only), so
// a replay's hot path does no string hashing.
type sheetIndex struct {
	wineIn [36]int16 // wineKey(region, colour, age) → wine index, or -1
	// The wines of each type, in layout order, as a list: firstOfType
	// (colour, age) is the first wine's index, nextOfType[i] the wine
	// after wine i (-1 ends it). One pass over the wines builds it.
	firstOfType [3][4]int16
	nextOfType  []int16
	ends        [][2]int16 // path → its two wines
	adj         [][]int16  // wine → its paths, in layout order
	nodes       int
	// nextBuf backs nextOfType for a sheet of the usual size: an index
	// is part of its player, not an allocation of its own
	nextBuf [32]int16
	// incident is set for a sheet of at most 64 paths and wines (every
	// sheet dealt from a code): incident[v] has bit e set for each path e
	// at wine v, for longestTourSmall
	incident []uint64
	// nameLikeIDs is set when a wine's id has a wine name's length (Lp2):
	// a name is then looked up by the ids too, not by the index alone
	nameLikeIDs bool
}

// regionIndex and colourIndex number the regions L, R, E and the colours
// r, p, w from 0 (-1 for any other letter). They look the letter up in a
// table: a sheet's letters come in no order a branch could guess.
func regionIndex(r layouts.Region) int { return int(regionIndexes[r]) }
func colourIndex(c layouts.Colour) int { return int(colourIndexes[c]) }

var regionIndexes, colourIndexes = letterIndexes(layouts.Left, layouts.Right, layouts.Entre),
	letterIndexes(layouts.Red, layouts.Rose, layouts.White)

// letterIndexes maps each letter to its position in letters (modulo 3:
// the second three are the first three's other case), any other byte to
// -1.
func letterIndexes[L ~byte](letters ...L) (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i, l := range letters {
		t[l] = int8(i % 3) // a letter in either case is one of three
	}
	return t
}

func newSheetIndex(l *layouts.Layout) *sheetIndex {
	x := new(sheetIndex)
	x.build(l, false)
	return x
}

// build indexes l into x, writing every field. A sheet dealt from a
// code (fromCode) has the embedded template's map: its paths' index is
// the template's, without comparing the sheet's map with another.
func (x *sheetIndex) build(l *layouts.Layout, fromCode bool) {
	x.nodes = len(l.Wines)
	if fromCode {
		m := templatePaths()
		x.ends, x.adj, x.incident, x.nameLikeIDs = m.ends, m.adj, m.incident, m.nameLikeIDs
	} else {
		x.ends, x.adj, x.incident = pathsOf(l)
		x.nameLikeIDs = nameLikeIDs(l)
	}
	x.wineIn, x.firstOfType = noWineIn, noFirstOfType
	// From the last wine to the first: each wine goes before the wines of
	// its type after it, and is its region's wine of that type unless one
	// before it is.
	wines := l.Wines
	next := slab(x.nextBuf[:], len(wines))
	next = next[:len(wines)] // the same length: one bounds check for both
	for i := len(wines) - 1; i >= 0; i-- {
		w := &wines[i]
		// as unsigned numbers, the tests also bound the indexes
		c, a := uint(colourIndex(w.Type.Colour)), uint(w.Type.Age)
		if c >= 3 || a-1 >= 3 {
			next[i] = -1
			continue
		}
		next[i] = x.firstOfType[c][a]
		x.firstOfType[c][a] = int16(i)
		if r := uint(regionIndex(w.Region)); r < 3 {
			x.wineIn[wineKey(r, c, a)] = int16(i)
		}
	}
	x.nextOfType = next
}

// noWineIn and noFirstOfType are sheetIndex's tables with no wine.
var noWineIn = func() (t [36]int16) {
	for k := range t {
		t[k] = -1
	}
	return t
}()

// wineKey numbers a wine type in a region: region and colour indexes
// below 3, age 1 to 3 (the keys with age 0 are never a wine).
func wineKey(r, c, age uint) uint { return 12*r + 4*c + age }

var noFirstOfType = func() (t [3][4]int16) {
	for c := range t {
		for a := range t[c] {
			t[c][a] = -1
		}
	}
	return t
}()

// lastShape is the map of the last sheet whose paths were indexed. Every
// sheet dealt from one template has the same wines and paths in the same
// order (only types, casks and resources differ), so their path ends and
// adjacency are the same and are shared, read-only, instead of rebuilt
// for every sheet of every record.
var lastShape struct {
	sync.Mutex
	shape    sheetMap
	ends     [][2]int16
	adj      [][]int16
	incident []uint64
}

// templatePaths is the path index of the embedded template's map, which
// every sheet dealt from a code has.
var templatePaths = sync.OnceValue(func() (m pathIndex) {
	m.ends, m.adj = buildPaths(layouts.Default())
	m.incident = incidentOf(m.ends, m.adj)
	m.nameLikeIDs = nameLikeIDs(layouts.Default())
	return m
})

// nameLikeIDs tells whether a wine id of l is as long as a wine name.
func nameLikeIDs(l *layouts.Layout) bool {
	for i := range l.Wines {
		if len(l.Wines[i].ID) == 3 {
			return true
		}
	}
	return false
}

// pathIndex is the part of a sheetIndex that only the map decides.
type pathIndex struct {
	ends        [][2]int16
	adj         [][]int16
	incident    []uint64
	nameLikeIDs bool
}

// sheetMap is a copy of a sheet's wine ids and path ends (a copy, so that
// a caller changing its own layout later cannot change it).
type sheetMap struct {
	wines []string
	paths [][2]string
}

func mapOf(l *layouts.Layout) sheetMap {
	m := sheetMap{wines: make([]string, len(l.Wines)), paths: make([][2]string, len(l.Paths))}
	for i := range l.Wines {
		m.wines[i] = l.Wines[i].ID
	}
	for i := range l.Paths {
		m.paths[i] = [2]string{l.Paths[i].A, l.Paths[i].B}
	}
	return m
}

// is tells whether a sheet has this map's wine ids and paths, in the same
// order. Strings of sheets dealt from one template share their bytes, so
// the comparisons stop at the pointers.
func (m *sheetMap) is(l *layouts.Layout) bool {
	if len(m.wines) != len(l.Wines) || len(m.paths) != len(l.Paths) {
		return false
	}
	for i := range l.Wines {
		if m.wines[i] != l.Wines[i].ID {
			return false
		}
	}
	for i := range l.Paths {
		if m.paths[i][0] != l.Paths[i].A || m.paths[i][1] != l.Paths[i].B {
			return false
		}
	}
	return true
}

// pathsOf returns each path's two wines, each wine's paths (in layout
// order) and, for a sheet of at most 64 wines and paths, each wine's paths
// as bits (sheetIndex.incident), shared with the last sheet of the same
// map.
func pathsOf(l *layouts.Layout) ([][2]int16, [][]int16, []uint64) {
	lastShape.Lock()
	if lastShape.ends != nil && lastShape.shape.is(l) {
		ends, adj, incident := lastShape.ends, lastShape.adj, lastShape.incident
		lastShape.Unlock()
		return ends, adj, incident
	}
	lastShape.Unlock()
	ends, adj := buildPaths(l)
	incident := incidentOf(ends, adj)
	shape := mapOf(l)
	lastShape.Lock()
	lastShape.shape, lastShape.ends, lastShape.adj, lastShape.incident = shape, ends, adj, incident
	lastShape.Unlock()
	return ends, adj, incident
}

// incidentOf is sheetIndex.incident of a map of at most 64 wines and
// paths, or nil (also for a map with a path from a wine to itself, which
// a bit cannot count twice at its wine).
func incidentOf(ends [][2]int16, adj [][]int16) []uint64 {
	if len(ends) > 64 || len(adj) > 64 {
		return nil
	}
	for _, e := range ends {
		if e[0] == e[1] {
			return nil
		}
	}
	incident := make([]uint64, len(adj))
	for v, paths := range adj {
		for _, e := range paths {
			incident[v] |= 1 << e
		}
	}
	return incident
}

func buildPaths(l *layouts.Layout) ([][2]int16, [][]int16) {
	ends := make([][2]int16, len(l.Paths))
	adj := make([][]int16, len(l.Wines))
	var id wineIDs
	id.init(len(l.Wines))
	for i := range l.Wines {
		id.put(l.Wines[i].ID, int16(i))
	}
	// Each wine's list is cut from one array, counted first: a sheet
	// costs a handful of allocations, not one or more per wine.
	degree := make([]int, len(l.Wines))
	for i, p := range l.Paths {
		a, b := id.get(p.A), id.get(p.B) // usable() checked that both exist
		ends[i] = [2]int16{a, b}
		degree[a]++
		degree[b]++
	}
	backing := make([]int16, 0, 2*len(l.Paths))
	for w, n := range degree {
		if n > 0 {
			adj[w] = backing[len(backing) : len(backing) : len(backing)+n]
			backing = backing[:len(backing)+n]
		}
	}
	for i, e := range ends {
		adj[e[0]] = append(adj[e[0]], int16(i))
		adj[e[1]] = append(adj[e[1]], int16(i))
	}
	return ends, adj
}

// wineIDs maps wine ids to indexes. A sheet has a few dozen wines, so a
// small open-addressed table on the stack does it without the allocation
// of a map; a larger (hand-made) sheet falls back to a map.
type wineIDs struct {
	keys [64]string
	vals [64]int16
	used [64]bool
	big  map[string]int16
}

func (t *wineIDs) init(n int) {
	if n > len(t.keys)/2 {
		t.big = make(map[string]int16, n)
	}
}

func (t *wineIDs) slot(id string) int {
	h := uint32(2166136261) // FNV-1a
	for i := 0; i < len(id); i++ {
		h = (h ^ uint32(id[i])) * 16777619
	}
	k := int(h) & (len(t.keys) - 1)
	for t.used[k] && t.keys[k] != id {
		k = (k + 1) & (len(t.keys) - 1)
	}
	return k
}

// put records an id's index; as with a map, the last write wins.
func (t *wineIDs) put(id string, i int16) {
	if t.big != nil {
		t.big[id] = i
		return
	}
	k := t.slot(id)
	t.keys[k], t.vals[k], t.used[k] = id, i, true
}

func (t *wineIDs) get(id string) int16 {
	if t.big != nil {
		return t.big[id]
	}
	if k := t.slot(id); t.used[k] {
		return t.vals[k]
	}
	return 0
}

// longestTour is the longest continuous tour in the filled paths: the
// longest trail (no path twice) or, with simple, the longest path that
// visits no wine twice. A depth-first search from every wine on a filled
// path; a sheet's map is small enough for that.
func (x *sheetIndex) longestTour(filled []bool, simple bool) int {
	if x.incident != nil {
		var mask uint64
		for e, f := range filled {
			if f {
				mask |= 1 << e
			}
		}
		return x.longestTourSmall(mask, simple)
	}
	return x.longestTourAny(filled, simple)
}

// longestTourAny is longestTour for a sheet of any size.
func (x *sheetIndex) longestTourAny(filled []bool, simple bool) int {
	t := tour{x: x, filled: filled, simple: simple}
	if len(x.ends) <= len(t.usedBuf) && x.nodes <= len(t.seenBuf) {
		t.used, t.seen = t.usedBuf[:len(x.ends)], t.seenBuf[:x.nodes]
	} else {
		t.used, t.seen = make([]bool, len(x.ends)), make([]bool, x.nodes)
	}
	if simple {
		for v := 0; v < x.nodes; v++ {
			if t.degree(v) > 0 {
				t.walk(v, 0)
			}
		}
		return t.best
	}
	// A longest trail that is not closed starts (and ends) at a wine of odd
	// degree: at an even one an unused path would extend it. A closed one
	// uses every path at each of its wines, so it is a whole component
	// whose wines all have even degree. So: such a component counts its
	// paths; in the others the search starts only at odd wines.
	comp := t.seen // reused as "visited" while labelling components
	for v := 0; v < x.nodes; v++ {
		if comp[v] || t.degree(v) == 0 {
			continue
		}
		if odd, ends := t.component(v); odd == 0 {
			t.best = max(t.best, ends/2)
		}
	}
	clear(comp)
	for v := 0; v < x.nodes; v++ {
		if t.degree(v)%2 == 1 {
			t.walk(v, 0)
		}
	}
	return t.best
}

// degree counts the filled paths at wine v.
func (t *tour) degree(v int) int {
	d := 0
	for _, e := range t.x.adj[v] {
		if t.filled[e] {
			d++
		}
	}
	return d
}

// component marks the wines joined to v by filled paths in t.seen and
// counts their odd-degree wines and the sum of their degrees (each path
// counted from both ends).
func (t *tour) component(v int) (odd, ends int) {
	t.seen[v] = true
	d := t.degree(v)
	odd += d % 2
	ends += d
	for _, e := range t.x.adj[v] {
		if !t.filled[e] {
			continue
		}
		to := int(t.x.ends[e][0])
		if to == v {
			to = int(t.x.ends[e][1])
		}
		if !t.seen[to] {
			o, n := t.component(to)
			odd, ends = odd+o, ends+n
		}
	}
	return odd, ends
}

type tour struct {
	x          *sheetIndex
	filled     []bool
	simple     bool
	used, seen []bool
	best       int
	usedBuf    [64]bool
	seenBuf    [32]bool
}

func (t *tour) walk(v, n int) {
	if n > t.best {
		t.best = n
	}
	t.seen[v] = true
	for _, e := range t.x.adj[v] {
		if !t.filled[e] || t.used[e] {
			continue
		}
		to := int(t.x.ends[e][0])
		if to == v {
			to = int(t.x.ends[e][1])
		}
		if t.simple && t.seen[to] {
			continue
		}
		t.used[e] = true
		t.walk(to, n+1)
		t.used[e] = false
	}
	t.seen[v] = false
}

// longestTourSmall is longestTour for a sheet of at most 64 paths and
// wines, with sets of paths and wines as bits. It searches as
// longestTourAny does, component by component, and leaves out what cannot
// beat the best tour found: on a full sheet the search is thousands of
// times shorter.
func (x *sheetIndex) longestTourSmall(filled uint64, simple bool) int {
	return x.longestTourGrown(filled, filled, 0, simple)
}

// longestTourGrown is longestTourSmall of filled when best is the longest
// tour of filled without the paths in grown. Paths are only ever added,
// and a tour stays a tour: a component without a path of grown was one
// before, its tours no longer than best, and only the components with a
// path of grown are searched, for a tour longer than best.
func (x *sheetIndex) longestTourGrown(filled, grown uint64, best int, simple bool) int {
	// the wines on a grown path, each component started from its first
	touched := uint64(0)
	for m := grown; m != 0; m &= m - 1 {
		e := bits.TrailingZeros64(m)
		touched |= 1<<x.ends[e][0] | 1<<x.ends[e][1]
	}
	for left := touched; left != 0; {
		wines, paths := x.componentOf(bits.TrailingZeros64(left), filled)
		left &^= wines
		odd := uint64(0) // the component's wines of odd degree
		if !simple {
			for m := wines; m != 0; m &= m - 1 {
				if w := bits.TrailingZeros64(m); bits.OnesCount64(filled&x.incident[w])%2 == 1 {
					odd |= 1 << w
				}
			}
		}
		best = x.componentTour(wines, paths, odd, filled, best, simple)
	}
	return best
}

// componentTour is the longest tour in one component of the filled paths
// (its wines, its paths and, for a trail, its wines of odd degree) when it
// is longer than best, else best.
func (x *sheetIndex) componentTour(wines, paths, odd, filled uint64, best int, simple bool) int {
	if simple {
		// From each of its wines: no path is longer than its wines but one.
		search := simpleSearch{x: x, filled: filled, best: best, bound: bits.OnesCount64(wines) - 1}
		for m := wines; m != 0 && search.best < search.bound; m &= m - 1 {
			w := bits.TrailingZeros64(m)
			search.from(w, wines&^(1<<w), 0)
		}
		return search.best
	}
	// A component with at most two wines of odd degree has a trail over
	// all its paths (an Euler trail). In one with 2k odd wines, k ≥ 2, a
	// longest trail runs from an odd wine to another (as in
	// longestTourAny), and leaves at least k−1 paths out: the k−1 unwalked
	// paths at least that the other 2k−2 odd wines need. The search starts
	// at its odd wines, and stops when a trail reaches that bound or none
	// can beat the best.
	n := bits.OnesCount64(paths)
	k := bits.OnesCount64(odd) / 2
	if k <= 1 {
		return max(best, n)
	}
	search := trailSearch{x: x, best: best, bound: n - (k - 1)}
	for m := odd; m != 0 && search.best < search.bound; m &= m - 1 {
		search.from(bits.TrailingZeros64(m), paths, 0)
	}
	return search.best
}

// other is the wine at the other end of path e from wine v, one of its
// ends. Which end v is comes in no order a branch could guess (the
// searches walk paths both ways): the two ends XORed with v leave the
// other.
func (x *sheetIndex) other(e, v int) int {
	ends := &x.ends[e]
	return int(ends[0]^ends[1]) ^ v
}

// trailSearch finds the longest trail, best, from the wines it is started
// at, up to bound: no trail is longer.
type trailSearch struct {
	x           *sheetIndex
	best, bound int
}

// from follows the trails from wine v over the paths in free, n paths
// walked so far. A trail that cannot become longer than the best found
// even using every free path is not followed, nor any once one reaches
// the bound.
func (s *trailSearch) from(v int, free uint64, n int) {
	s.best = max(s.best, n)
	if n+bits.OnesCount64(free) <= s.best || s.best >= s.bound {
		return
	}
	for m := free & s.x.incident[v]; m != 0; m &= m - 1 {
		e := bits.TrailingZeros64(m)
		s.from(s.x.other(e, v), free&^(1<<e), n+1)
	}
}

// simpleSearch finds the longest path that visits no wine twice, best,
// from the wines it is started at, up to bound: no path is longer.
type simpleSearch struct {
	x           *sheetIndex
	filled      uint64
	best, bound int
}

// from follows the filled paths from wine v to the wines in left, n paths
// walked so far. A path that cannot become longer than the best found
// even through every wine left is not followed, nor any once one reaches
// the bound.
func (s *simpleSearch) from(v int, left uint64, n int) {
	s.best = max(s.best, n)
	if n+bits.OnesCount64(left) <= s.best || s.best >= s.bound {
		return
	}
	for m := s.filled & s.x.incident[v]; m != 0; m &= m - 1 {
		if to := s.x.other(bits.TrailingZeros64(m), v); left&(1<<to) != 0 {
			s.from(to, left&^(1<<to), n+1)
		}
	}
}

// componentOf is the wines joined to v by filled paths, and those paths.
func (x *sheetIndex) componentOf(v int, filled uint64) (wines, paths uint64) {
	wines = 1 << v
	for next := wines; next != 0; {
		w := bits.TrailingZeros64(next)
		next &^= 1 << w
		at := filled & x.incident[w]
		paths |= at
		for m := at; m != 0; m &= m - 1 {
			if to := x.other(bits.TrailingZeros64(m), w); wines&(1<<to) == 0 {
				wines |= 1 << to
				next |= 1 << to
			}
		}
	}
	return wines, paths
}
