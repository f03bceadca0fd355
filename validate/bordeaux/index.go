package bordeaux

import (
	"sync"

	"github.com/vintner/vintner/layouts"
)

// sheetIndex is what the replay looks up on a layout, as small integers:
// wines and paths by their position in the layout's lists. It is built once
// per layout and shared (layouts from codes are shared and read-only), so
// a replay's hot path does no string hashing.
type sheetIndex struct {
	wineIn [3][3][4]int16 // region, colour, age → wine index, or -1
	byType [3][4][]int16  // colour, age → wine indexes, in layout order
	ends   [][2]int16     // path → its two wines
	adj    [][]int16      // wine → its paths, in layout order
	nodes  int
}

func regionIndex(r layouts.Region) int {
	switch r {
	case layouts.Left:
		return 0
	case layouts.Right:
		return 1
	case layouts.Entre:
		return 2
	}
	return -1
}

func colourIndex(c layouts.Colour) int {
	switch c {
	case layouts.Red:
		return 0
	case layouts.Rose:
		return 1
	case layouts.White:
		return 2
	}
	return -1
}

func newSheetIndex(l *layouts.Layout) *sheetIndex {
	x := &sheetIndex{nodes: len(l.Wines), adj: make([][]int16, len(l.Wines)), ends: make([][2]int16, len(l.Paths))}
	for r := range x.wineIn {
		for c := range x.wineIn[r] {
			for a := range x.wineIn[r][c] {
				x.wineIn[r][c][a] = -1
			}
		}
	}
	// Every list is carved from one array per kind, counted first: a sheet
	// costs a handful of allocations, not one or more per wine.
	var perType [3][4]int
	var id wineIDs
	id.init(len(l.Wines))
	for i := range l.Wines {
		w := &l.Wines[i]
		id.put(w.ID, int16(i))
		if c, a := colourIndex(w.Type.Colour), w.Type.Age; c >= 0 && a >= 1 && a <= 3 {
			perType[c][a]++
		}
	}
	typed := make([]int16, 0, len(l.Wines))
	for c := range perType {
		for a := range perType[c] {
			if n := perType[c][a]; n > 0 {
				x.byType[c][a] = typed[len(typed) : len(typed) : len(typed)+n]
				typed = typed[:len(typed)+n]
			}
		}
	}
	for i := range l.Wines {
		w := &l.Wines[i]
		r, c, a := regionIndex(w.Region), colourIndex(w.Type.Colour), w.Type.Age
		if c < 0 || a < 1 || a > 3 {
			continue
		}
		x.byType[c][a] = append(x.byType[c][a], int16(i))
		if r >= 0 && x.wineIn[r][c][a] < 0 {
			x.wineIn[r][c][a] = int16(i)
		}
	}
	degree := make([]int, len(l.Wines))
	for i, p := range l.Paths {
		a, b := id.get(p.A), id.get(p.B) // usable() checked that both exist
		x.ends[i] = [2]int16{a, b}
		degree[a]++
		degree[b]++
	}
	ends := make([]int16, 0, 2*len(l.Paths))
	for w, n := range degree {
		if n > 0 {
			x.adj[w] = ends[len(ends) : len(ends) : len(ends)+n]
			ends = ends[:len(ends)+n]
		}
	}
	for i, e := range x.ends {
		x.adj[e[0]] = append(x.adj[e[0]], int16(i))
		x.adj[e[1]] = append(x.adj[e[1]], int16(i))
	}
	return x
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

// indexLimit bounds the memo of indexes (a batch may read many sheets). It
// holds the layouts it indexes, so it is kept near the size of the layouts
// memo (32 game sets of up to 12 sheets): past that a batch's sheets are
// not met again, and a larger memo only keeps them alive.
const indexLimit = 512

var indexes struct {
	sync.Mutex
	m map[*layouts.Layout]*sheetIndex
}

// indexOf returns the layout's index, built once per layout.
func indexOf(l *layouts.Layout) *sheetIndex {
	indexes.Lock()
	x := indexes.m[l]
	indexes.Unlock()
	if x != nil {
		return x
	}
	x = newSheetIndex(l)
	indexes.Lock()
	if indexes.m == nil || len(indexes.m) >= indexLimit {
		indexes.m = map[*layouts.Layout]*sheetIndex{}
	}
	indexes.m[l] = x
	indexes.Unlock()
	return x
}

// longestTour is the longest continuous tour in the filled paths: the
// longest trail (no path twice) or, with simple, the longest path that
// visits no wine twice. A depth-first search from every wine on a filled
// path; a sheet's map is small enough for that.
func (x *sheetIndex) longestTour(filled []bool, simple bool) int {
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
