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
	x := &sheetIndex{nodes: len(l.Wines)}
	x.ends, x.adj = pathsOf(l)
	for r := range x.wineIn {
		for c := range x.wineIn[r] {
			for a := range x.wineIn[r][c] {
				x.wineIn[r][c][a] = -1
			}
		}
	}
	// The type lists are cut from one array, counted first.
	var perType [3][4]int
	for i := range l.Wines {
		w := &l.Wines[i]
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
	return x
}

// lastShape is the map of the last sheet whose paths were indexed. Every
// sheet dealt from one template has the same wines and paths in the same
// order (only types, casks and resources differ), so their path ends and
// adjacency are the same and are shared, read-only, instead of rebuilt
// for every sheet of every record.
var lastShape struct {
	sync.Mutex
	shape sheetMap
	ends  [][2]int16
	adj   [][]int16
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

// pathsOf returns each path's two wines and each wine's paths (in layout
// order), shared with the last sheet of the same map.
func pathsOf(l *layouts.Layout) ([][2]int16, [][]int16) {
	lastShape.Lock()
	if lastShape.ends != nil && lastShape.shape.is(l) {
		ends, adj := lastShape.ends, lastShape.adj
		lastShape.Unlock()
		return ends, adj
	}
	lastShape.Unlock()
	ends, adj := buildPaths(l)
	shape := mapOf(l)
	lastShape.Lock()
	lastShape.shape, lastShape.ends, lastShape.adj = shape, ends, adj
	lastShape.Unlock()
	return ends, adj
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
