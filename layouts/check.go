package layouts

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Check verifies the invariants every Bordeaux sheet must satisfy
// (research/bordeaux.md §8), generated or read from a file:
//   - well formed: wine and path ids unique, letters and numbers in range,
//     within a region no two wines share colour and age (the notation's
//     "Lr2" names one wine);
//   - playable: the map and each region connected, every wine on a path
//     (degree within the template's limits), all colours and ages in every
//     region, each grape matching enough wines, total cask demand between
//     the solo threshold and the track plus a margin, each trellis bonus
//     naming something on the sheet, the '00 durations a permutation of
//     1, 2, 3, the top rows pre-filling exactly one cell a year ('13 none);
//   - locally balanced: no path joins two wines of the same type, no wine
//     touches two resource paths, the longest trail long enough;
//   - and, for a sheet of the built-in template, the template's structure:
//     the same map, tables, cask quotas, resources, tracks and schedule.
//
// The error lists every broken invariant, one per line.
func Check(l *Layout) error {
	c := &checker{l: l, lim: defaultTemplate().Limits}
	if c.run(); c.byID != nil && len(c.errs) == 0 && l.Template == defaultTemplate().Name {
		t := defaultTemplate()
		c.template(t)
		if len(c.errs) > 0 {
			c.fail("(a group's own sheet that changes template %s names its own \"template\")", t.Name)
		}
	}
	return c.err()
}

type checker struct {
	l    *Layout
	lim  Limits
	errs []string
	// Built once the map is well formed, so the graph checks stay fast.
	byID map[string]*Wine
	at   map[string][]*Path // paths at each wine
}

func (c *checker) index() {
	l := c.l
	c.byID = make(map[string]*Wine, len(l.Wines))
	for i := range l.Wines {
		c.byID[l.Wines[i].ID] = &l.Wines[i]
	}
	c.at = make(map[string][]*Path, len(l.Wines))
	for i := range l.Paths {
		p := &l.Paths[i]
		c.at[p.A] = append(c.at[p.A], p)
		c.at[p.B] = append(c.at[p.B], p)
	}
}

func (c *checker) fail(format string, args ...any) {
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
}

func (c *checker) err() error {
	if len(c.errs) == 0 {
		return nil
	}
	name := c.l.Code
	if name == "" {
		name = "own layout"
	}
	return &InvariantError{Layout: name, Problems: c.errs}
}

// InvariantError lists what is wrong with a layout.
type InvariantError struct {
	Layout   string
	Problems []string
}

func (e *InvariantError) Error() string {
	if len(e.Problems) == 1 {
		return fmt.Sprintf("layout %s: %s", e.Layout, e.Problems[0])
	}
	return fmt.Sprintf("layout %s breaks %d rules:\n  %s", e.Layout, len(e.Problems), strings.Join(e.Problems, "\n  "))
}

func (c *checker) run() {
	l := c.l
	if len(l.Wines) == 0 {
		c.fail("the map has no wines")
		return
	}
	if len(l.Wines) > maxTrack || len(l.Paths) > maxTrack*maxTrack {
		c.fail("the map has %d wines and %d paths; a sheet has at most %d wines", len(l.Wines), len(l.Paths), maxTrack)
		return
	}
	ids := map[string]bool{}
	names := map[string]string{}
	wellFormed := true
	for _, w := range l.Wines {
		switch {
		case w.ID == "":
			c.fail("a wine has no id")
			wellFormed = false
			continue
		case ids[w.ID]:
			c.fail("wine id %s is used twice", w.ID)
			wellFormed = false
		}
		ids[w.ID] = true
		if !containsByte(regionLetters, byte(w.Region)) {
			c.fail("wine %s has no region (L, R or E)", w.ID)
			wellFormed = false
		}
		if !containsByte(colourLetters, byte(w.Type.Colour)) {
			c.fail("wine %s has no colour (r, p or w)", w.ID)
			wellFormed = false
		}
		if w.Type.Age < 1 || w.Type.Age > maxAge {
			c.fail("wine %s is %d years old; a wine is 1 to %d years old", w.ID, w.Type.Age, maxAge)
			wellFormed = false
		}
		if mw, mh := MapSize(); !(w.X >= 0 && w.X <= mw && w.Y >= 0 && w.Y <= mh) {
			c.fail("wine %s at (%g, %g) lies outside the map (0..%g × 0..%g)", w.ID, w.X, w.Y, mw, mh)
		}
		if w.Casks < 0 || w.Casks > maxCost {
			c.fail("wine %s costs %d casks; a wine costs 0 to %d", w.ID, w.Casks, maxCost)
		}
		if other, ok := names[w.Name()]; ok {
			c.fail("wines %s and %s are both %s: within a region no two wines may share colour and age", other, w.ID, w.Name())
		}
		names[w.Name()] = w.ID
	}
	pathIDs := map[string]bool{}
	pairs := map[[2]string]bool{}
	pathsOK := true
	for _, p := range l.Paths {
		if p.ID == "" || pathIDs[p.ID] {
			c.fail("path id %q is empty or used twice", p.ID)
		}
		pathIDs[p.ID] = true
		if !ids[p.A] || !ids[p.B] {
			c.fail("path %s joins %q and %q, which are not both wines of the map", p.ID, p.A, p.B)
			pathsOK = false
			continue
		}
		if p.A == p.B {
			c.fail("path %s joins wine %s to itself", p.ID, p.A)
			pathsOK = false
		}
		key := [2]string{min(p.A, p.B), max(p.A, p.B)}
		if pairs[key] {
			c.fail("wines %s and %s are joined by two paths", p.A, p.B)
		}
		pairs[key] = true
		if p.Resource != 0 && !containsByte(resourceLetters, byte(p.Resource)) {
			c.fail("path %s carries %q, which is not a resource (C, V or T)", p.ID, byte(p.Resource))
		}
	}
	c.tracks()
	if !wellFormed || !pathsOK {
		return
	}
	c.index()
	c.graph()
	c.contents()
}

// graph checks connection, degrees, balance and the longest trail.
func (c *checker) graph() {
	l := c.l
	degreesOK := true
	for _, w := range l.Wines {
		d := len(c.at[w.ID])
		if d < c.lim.MinDegree || d > c.lim.MaxDegree {
			degreesOK = false
			c.fail("wine %s (%s) is on %s; every wine is on %d to %d", w.ID, w.Name(), pathCount(d), c.lim.MinDegree, c.lim.MaxDegree)
		}
		res := 0
		for _, p := range c.at[w.ID] {
			if p.Resource != 0 {
				res++
			}
		}
		if res > 1 {
			c.fail("wine %s (%s) touches %d resource paths; a wine touches at most one", w.ID, w.Name(), res)
		}
	}
	if !c.connected(func(w *Wine) bool { return true }) {
		c.fail("the map is not connected: some wines cannot be reached from the others")
	}
	for _, r := range regionsOf(l) {
		if !c.connected(func(w *Wine) bool { return w.Region == r }) {
			c.fail("region %c is not connected by its own paths", r)
		}
	}
	for _, p := range l.Paths {
		a, b := c.byID[p.A], c.byID[p.B]
		if a.Type == b.Type {
			c.fail("path %s joins two %s wines (%s and %s); no path joins two wines of the same type", p.ID, a.Type, a.Name(), b.Name())
		}
	}
	// The trail search is exponential in the degree: run it only on a map
	// whose degrees are already within the limits.
	if !degreesOK {
		return
	}
	if n := longestTrailAtLeast(l, c.lim.MinLongestTrail); n < c.lim.MinLongestTrail {
		c.fail("the longest tour on the map is %s; it must be at least %d", pathCount(n), c.lim.MinLongestTrail)
	}
}

// contents checks what must exist on the map.
func (c *checker) contents() {
	l := c.l
	// Every region, not only those the map uses: the leader may choose any
	// of the three, and a region with no wines would leave nothing to make.
	for k := 0; k < len(regionLetters); k++ {
		r := Region(regionLetters[k])
		if !slices.ContainsFunc(l.Wines, func(w Wine) bool { return w.Region == r }) {
			c.fail("region %c (%s) has no wines; every region has all three colours and all three ages", r, r.Word())
			continue
		}
		for i := 0; i < len(colourLetters); i++ {
			col := Colour(colourLetters[i])
			if !slices.ContainsFunc(l.Wines, func(w Wine) bool { return w.Region == r && w.Type.Colour == col }) {
				c.fail("region %c has no %s wine; every region has all three colours", r, col.Word())
			}
		}
		for age := 1; age <= maxAge; age++ {
			if !slices.ContainsFunc(l.Wines, func(w Wine) bool { return w.Region == r && w.Type.Age == age }) {
				c.fail("region %c has no %d-year wine; every region has all three ages", r, age)
			}
		}
	}
	demand := 0
	for _, w := range l.Wines {
		demand += w.Casks
	}
	if demand < c.lim.MinCaskDemand || demand > l.CaskSlots+c.lim.CaskDemandMargin {
		c.fail("the wines cost %d casks in all; they must cost %d to %d (the cask track plus %d)", demand, c.lim.MinCaskDemand, l.CaskSlots+c.lim.CaskDemandMargin, c.lim.CaskDemandMargin)
	}
	for i, g := range l.Vines {
		if g == nil || !containsByte(colourLetters, byte(g.Colour)) || g.Age < 1 || g.Age > maxAge {
			continue
		}
		n := 0
		for _, w := range l.Wines {
			if w.Type == *g {
				n++
			}
		}
		if n < c.lim.MinGrapeMatches {
			c.fail("the grape above vine %d (%s %d-year) matches %s; a grape matches at least %d", i+1, g.Colour.Word(), g.Age, wineCount(n), c.lim.MinGrapeMatches)
		}
	}
	for i, row := range l.Trellis {
		b := row.Bonus
		var ok bool
		switch b.Kind {
		case "colour":
			ok = slices.ContainsFunc(l.Wines, func(w Wine) bool { return w.Type.Colour == b.Colour })
		case "age":
			ok = slices.ContainsFunc(l.Wines, func(w Wine) bool { return w.Type.Age == b.Age })
		case "region":
			ok = slices.ContainsFunc(l.Wines, func(w Wine) bool { return w.Region == b.Region })
		default:
			continue // reported by tracks
		}
		if !ok {
			c.fail("trellis row %d's bonus (%s) counts wines the map does not have", i+1, b.describe())
		}
	}
}

// tracks checks the parts outside the map.
func (c *checker) tracks() {
	l := c.l
	// The upper bounds are the template's (maxTrack): a sheet beyond them
	// cannot be printed, and its points could overflow.
	if l.CaskSlots < 1 || l.CasksPre < 0 || l.CasksPre > l.CaskSlots {
		c.fail("the cask track has %d slots and %d pre-outlined; it needs at least one slot and no more outlined than slots", l.CaskSlots, l.CasksPre)
	} else if l.CaskSlots > maxTrack {
		c.fail("the cask track has %d slots; a track has at most %d", l.CaskSlots, maxTrack)
	}
	if len(l.Vines) == 0 {
		c.fail("the vine track has no vines")
	} else if len(l.Vines) > maxTrack {
		c.fail("the vine track has %d vines; a track has at most %d", len(l.Vines), maxTrack)
	}
	for i, g := range l.Vines {
		if g != nil && (!containsByte(colourLetters, byte(g.Colour)) || g.Age < 1 || g.Age > maxAge) {
			c.fail("the grape above vine %d needs a colour (r, p, w) and an age 1 to %d", i+1, maxAge)
		}
	}
	if len(l.Trellis) == 0 {
		c.fail("the sheet has no trellis rows")
	} else if len(l.Trellis) > MaxTrellisRows {
		c.fail("the sheet has %d trellis rows; a sheet has at most %d (a record names a row by one digit)", len(l.Trellis), MaxTrellisRows)
	}
	for i, row := range l.Trellis {
		if row.Len < 1 || row.Len > maxTrack {
			c.fail("trellis row %d has %d trellises; a row has 1 to %d", i+1, row.Len, maxTrack)
		}
		if row.Bonus.PerWine < 1 || row.Bonus.PerWine > maxTrack {
			c.fail("trellis row %d's bonus gives %d points per wine; a bonus gives 1 to %d", i+1, row.Bonus.PerWine, maxTrack)
		}
		b := row.Bonus
		switch b.Kind {
		case "colour":
			if !containsByte(colourLetters, byte(b.Colour)) {
				c.fail("trellis row %d's colour bonus names no colour", i+1)
			}
		case "age":
			if b.Age < 1 || b.Age > maxAge {
				c.fail("trellis row %d's age bonus names age %d", i+1, b.Age)
			}
		case "region":
			if !containsByte(regionLetters, byte(b.Region)) {
				c.fail("trellis row %d's region bonus names no region", i+1)
			}
		default:
			c.fail("trellis row %d's bonus kind %q is not colour, age or region", i+1, b.Kind)
		}
	}
	y := l.Year00
	if !containsByte(regionLetters, byte(y.Region)) || !containsByte(resourceLetters, byte(y.Resource)) {
		c.fail("year '00 needs a region and a resource")
	}
	// One worker per duration 1..3: the one with 1 is free in '01.
	durs := slices.Clone(y.Dur[:])
	slices.Sort(durs)
	if !slices.Equal(durs, countTo(len(durs))) {
		c.fail("year '00's worker durations %v are not 1, 2 and 3 in some order (exactly one worker is free in '01)", y.Dur)
	}
	if l.Top[0] != (TopCell{}) {
		c.fail("the top rows have a cell for year '00; they start at '01")
	}
	for yr := firstYear; yr <= lastYear; yr++ {
		cell := l.Top[yr]
		if cell.Region != 0 && !containsByte(regionLetters, byte(cell.Region)) || cell.Resource != 0 && !containsByte(resourceLetters, byte(cell.Resource)) {
			c.fail("year '%02d's top cell holds letters that are not a region and a resource", yr)
			continue
		}
		filled := 0
		if cell.Region != 0 {
			filled++
		}
		if cell.Resource != 0 {
			filled++
		}
		if yr == lastYear && filled != 0 {
			c.fail("year '%02d is pre-filled; in '%02d everyone chooses their own region and resource", yr, yr)
		}
		if yr < lastYear && filled != 1 {
			c.fail("year '%02d pre-fills %d cells; it pre-fills exactly one of region and resource", yr, filled)
		}
	}
	if l.Seat < 0 || l.Players < 0 || l.Seat > l.Players {
		c.fail("seat %d of %d players", l.Seat, l.Players)
	}
}

// template checks that a sheet claiming the built-in template has its
// structure (invariant 1: every sheet of a set has the same structure).
func (c *checker) template(t *Template) {
	l := c.l
	if l.Version != t.Version {
		c.fail("template %s is layout version %d, not %d", t.Name, t.Version, l.Version)
	}
	if len(l.Wines) != len(t.Wines) || len(l.Paths) != len(t.Paths) {
		c.fail("template %s has %d wines and %d paths, not %d and %d", t.Name, len(t.Wines), len(t.Paths), len(l.Wines), len(l.Paths))
		return
	}
	for i, w := range t.Wines {
		g := l.Wines[i]
		if g.ID != w.ID || g.Region != w.Region || g.X != w.X || g.Y != w.Y {
			c.fail("wine %d is %s in %c at (%g,%g), but template %s has %s in %c at (%g,%g)", i+1, g.ID, g.Region, g.X, g.Y, t.Name, w.ID, w.Region, w.X, w.Y)
			return
		}
	}
	for i, p := range t.Paths {
		if q := l.Paths[i]; q.ID != p.ID || q.A != p.A || q.B != p.B {
			c.fail("path %d is %s, but template %s has %s", i+1, q.ID, t.Name, p.ID)
			return
		}
	}
	costs := map[int][]int{}
	for _, r := range t.Regions {
		var got []WineType
		demand := 0
		for _, w := range l.Wines {
			if w.Region == r.Letter {
				got = append(got, w.Type)
				demand += w.Casks
				costs[w.Type.Age] = append(costs[w.Type.Age], w.Casks)
			}
		}
		if !sameMultiset(got, t.Tables[r.Letter], func(a WineType) string { return a.String() }) {
			c.fail("region %c's wines are not the template's table %v", r.Letter, t.Tables[r.Letter])
		}
		if demand < t.RegionCasks[0] || demand > t.RegionCasks[1] {
			c.fail("region %c's wines cost %d casks; each region's cost %d to %d", r.Letter, demand, t.RegionCasks[0], t.RegionCasks[1])
		}
		var res []Resource
		for _, p := range l.Paths {
			a, b := l.WineByID(p.A), l.WineByID(p.B)
			if p.Resource != 0 && a.Region == r.Letter && b.Region == r.Letter {
				res = append(res, p.Resource)
			}
		}
		if !sameMultiset(res, t.Resources[r.Letter], func(x Resource) string { return x.String() }) {
			c.fail("region %c's paths carry %v, not the template's resources %v", r.Letter, res, t.Resources[r.Letter])
		}
	}
	for age, want := range t.CaskCosts {
		if !sameMultiset(costs[age], want, func(x int) string { return fmt.Sprint(x) }) {
			c.fail("the %d-year wines cost %v casks, not the template's %v", age, costs[age], want)
		}
	}
	for _, p := range l.Paths {
		if p.Resource != 0 && l.WineByID(p.A).Region != l.WineByID(p.B).Region {
			c.fail("path %s crosses a river and carries a resource; on template %s only paths inside a region do", p.ID, t.Name)
		}
	}
	if l.CaskSlots != t.CaskSlots || l.CasksPre != t.CasksPre {
		c.fail("the cask track is %d slots with %d outlined, not the template's %d with %d", l.CaskSlots, l.CasksPre, t.CaskSlots, t.CasksPre)
	}
	if len(l.Vines) != t.VineCount {
		c.fail("the vine track has %d vines, not the template's %d", len(l.Vines), t.VineCount)
	} else {
		var colours []Colour
		for i, g := range l.Vines {
			k := slices.IndexFunc(t.Grapes, func(gr Grape) bool { return gr.Vine == i+1 })
			switch {
			case k < 0 && g != nil:
				c.fail("vine %d has a grape; the template has none there", i+1)
			case k >= 0 && g == nil:
				c.fail("vine %d has no grape; the template has one there", i+1)
			case k >= 0 && g.Age != t.Grapes[k].Age:
				c.fail("the grape above vine %d is %d-year; the template's is %d-year", i+1, g.Age, t.Grapes[k].Age)
			}
			if g != nil {
				colours = append(colours, g.Colour) // whatever its age or place
			}
		}
		if !grapeColoursFit(colours, t.GrapeColours) {
			c.fail("the grapes' colours %v do not fit the template's %v", colours, t.GrapeColours)
		}
	}
	if len(l.Trellis) != len(t.Trellis) {
		c.fail("the sheet has %d trellis rows, not the template's %d", len(l.Trellis), len(t.Trellis))
	} else {
		for i, row := range t.Trellis {
			g := l.Trellis[i]
			if g.Len != row.Len || g.Bonus.Kind != row.Bonus.Kind || g.Bonus.PerWine != row.Bonus.PerWine {
				c.fail("trellis row %d is %d long with a %s bonus, not the template's %d with %s", i+1, g.Len, g.Bonus.Kind, row.Len, row.Bonus.Kind)
			}
		}
	}
	durs := slices.Clone(l.Year00.Dur[:])
	if !sameMultiset(durs, t.Durations, func(x int) string { return fmt.Sprint(x) }) {
		c.fail("year '00's durations %v are not the template's %v", l.Year00.Dur, t.Durations)
	}
	for _, s := range t.Schedules {
		var got []byte
		for _, y := range s.Years {
			if s.Kind == "region" {
				got = append(got, byte(l.Top[y].Region))
			} else {
				got = append(got, byte(l.Top[y].Resource))
			}
		}
		if !sameMultiset(got, s.Values, func(x byte) string { return string(rune(x)) }) {
			c.fail("the top rows pre-fill %q in years %v, not the template's %s values %q", got, s.Years, s.Kind, s.Values)
		}
	}
	for _, y := range t.BlankYears {
		if l.Top[y] != (TopCell{}) {
			c.fail("year '%02d is pre-filled; the template leaves it blank", y)
		}
	}
}

func sameMultiset[T any](a, b []T, key func(T) string) bool {
	ka := make([]string, len(a))
	kb := make([]string, len(b))
	for i := range a {
		ka[i] = key(a[i])
	}
	for i := range b {
		kb[i] = key(b[i])
	}
	sort.Strings(ka)
	sort.Strings(kb)
	return slices.Equal(ka, kb)
}

// grapeColoursFit: the fixed colours of the template are all there, the
// rest are the drawn ones ('*').
func grapeColoursFit(got, tmpl []Colour) bool {
	if len(got) != len(tmpl) {
		return false
	}
	rest := slices.Clone(got)
	for _, c := range tmpl {
		if c == 0 {
			continue
		}
		k := slices.Index(rest, c)
		if k < 0 {
			return false
		}
		rest = slices.Delete(rest, k, k+1)
	}
	return true
}

// connected reports whether the wines kept by keep are connected by the
// paths between them.
func (c *checker) connected(keep func(*Wine) bool) bool {
	l := c.l
	var start string
	n := 0
	for i := range l.Wines {
		if keep(&l.Wines[i]) {
			n++
			start = l.Wines[i].ID
		}
	}
	if n == 0 {
		return true
	}
	seen := map[string]bool{start: true}
	stack := []string{start}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range c.at[id] {
			o := p.Other(id)
			if !seen[o] && keep(c.byID[o]) {
				seen[o] = true
				stack = append(stack, o)
			}
		}
	}
	return len(seen) == n
}

// longestTrailAtLeast returns the longest trail (no path used twice) of
// the map's whole graph, or any length ≥ want as soon as it finds one: the
// check only needs to know the map reaches the limit.
func longestTrailAtLeast(l *Layout, want int) int {
	adj := map[string][]int{}
	for i, p := range l.Paths {
		adj[p.A] = append(adj[p.A], i)
		adj[p.B] = append(adj[p.B], i)
	}
	used := make([]bool, len(l.Paths))
	best := 0
	var walk func(at string, n int) bool
	walk = func(at string, n int) bool {
		if n > best {
			best = n
		}
		if best >= want {
			return true
		}
		for _, i := range adj[at] {
			if used[i] {
				continue
			}
			used[i] = true
			done := walk(l.Paths[i].Other(at), n+1)
			used[i] = false
			if done {
				return true
			}
		}
		return false
	}
	for _, w := range l.Wines {
		if walk(w.ID, 0) {
			break
		}
	}
	return best
}

// CheckSet verifies the sheets of one game set together: each is valid,
// they are seats 1..N of one code, and they share the top schedule, the
// trellis bonuses and the structure (same types and cask costs per region,
// same grapes, same resources per region).
func CheckSet(ls []*Layout) error {
	if len(ls) == 0 {
		return errors.New("a game set has at least one sheet")
	}
	var errs []error
	for _, l := range ls {
		if err := Check(l); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	first := ls[0]
	want := structure(first)
	for i, l := range ls {
		if l.Seat != i+1 || l.Players != len(ls) || l.Code != first.Code {
			errs = append(errs, fmt.Errorf("sheet %d is seat %d of %d with code %s; want seat %d of %d with code %s", i+1, l.Seat, l.Players, l.Code, i+1, len(ls), first.Code))
		}
		if l.Top != first.Top {
			errs = append(errs, fmt.Errorf("seat %d's top rows differ from seat 1's", l.Seat))
		}
		if s := structure(l); s != want {
			errs = append(errs, fmt.Errorf("seat %d's structure differs from seat 1's:\n%s\nvs\n%s", l.Seat, s, want))
		}
	}
	return errors.Join(errs...)
}

// structure is what must be the same on every sheet of a set, as text.
func structure(l *Layout) string {
	var b strings.Builder
	for _, r := range regionsOf(l) {
		var types, res []string
		for _, w := range l.Wines {
			if w.Region == r {
				types = append(types, fmt.Sprintf("%s/%d", w.Type, w.Casks))
			}
		}
		cross := map[Region]int{}
		inner := 0
		for _, p := range l.Paths {
			a, bw := l.WineByID(p.A), l.WineByID(p.B)
			switch {
			case a.Region == r && bw.Region == r:
				inner++
				if p.Resource != 0 {
					res = append(res, p.Resource.String())
				}
			case a.Region == r:
				cross[bw.Region]++
			case bw.Region == r:
				cross[a.Region]++
			}
		}
		sort.Strings(types)
		sort.Strings(res)
		fmt.Fprintf(&b, "%c: %v inner %d %v cross %v\n", r, types, inner, res, cross)
	}
	var grapes []string
	for i, g := range l.Vines {
		if g != nil {
			grapes = append(grapes, fmt.Sprintf("%d:%d", i+1, g.Age))
		}
	}
	var colours []string
	for _, g := range l.Vines {
		if g != nil {
			colours = append(colours, g.Colour.String())
		}
	}
	sort.Strings(colours)
	durs := slices.Clone(l.Year00.Dur[:])
	slices.Sort(durs)
	fmt.Fprintf(&b, "casks %d/%d vines %d grapes %v %v trellis %+v durations %v\n", l.CaskSlots, l.CasksPre, len(l.Vines), grapes, colours, l.Trellis, durs)
	return b.String()
}

// countTo is 1, 2, …, n.
func countTo(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}
