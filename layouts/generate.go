package layouts

import (
	"fmt"
	"slices"
	"sync"

	"github.com/vintner/vintner/internal/reuse"
	"github.com/vintner/vintner/internal/rng"
)

// The randomizer is the research note's method A (research/bordeaux.md §8):
// the map is fixed by the template and only its attributes are dealt.
//
// Once per game set (stream 0 of the seed), shared by every seat:
//   - the top schedule: each schedule line's values shuffled over its years;
//   - the cask costs: each age's costs dealt over the wine types of that age
//     (so every sheet of a set has the same wines at the same costs);
//   - the grape colours drawn at random ('*' in the template);
//   - the trellis bonus values X (colour), Y (age), Z (region).
//
// Per sheet (stream = seat, 1 for a pad page):
//   - each region's table shuffled over its wines;
//   - one resource matching per region, built constructively;
//   - the grape colours shuffled over the grape positions;
//   - the '00 region, resource and duration permutation.
//
// A step whose result breaks a local rule is dealt again on its own (never
// the whole layout); maxDeals bounds that, and the seeds test shows no seed
// comes near it.
const maxDeals = 1000

// setStream and the seat numbers are the rng streams of a seed.
const (
	setStream = 0
	padSeat   = 1 // a pad page is dealt like seat 1 of its own set
)

// setDeal is what one game set shares.
type setDeal struct {
	top     [lastYear + 1]TopCell
	costs   []int    // the cask cost of each (region, type) of the plan's rts
	grapes  []Colour // the template's grape colours with '*' drawn
	bonuses []Bonus
	// tableCasks[k] is the casks dealCosts dealt to each type of region
	// k's table, in table order; tableCasksRoom backs them
	tableCasks     [][]int
	tableCasksRoom []int
}

// dealer is the working memory of dealing. Dealers are pooled, so that
// dealing a set allocates only its sheets: a season's batch deals one set
// per record.
type dealer struct {
	set      setDeal
	vals     []byte
	demand   []int
	shuffled []int
	perm     []int32
	colours  []Colour
	durs     []int
	res      resourceScratch
}

var dealers = sync.Pool{New: func() any { return new(dealer) }}

// shuffle is src.Shuffle over s: the same draws in the same order, without
// a call through a closure for every swap.
func shuffle[T any](src *rng.Source, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := src.Intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// dealSet deals what a set shares into dl.set.
func (t *Template) dealSet(seed uint64, dl *dealer) error {
	p := t.plan()
	src := rng.Derive(seed, setStream)
	d := &dl.set
	d.top = [lastYear + 1]TopCell{}
	for _, s := range t.Schedules {
		vals := append(dl.vals[:0], s.Values...)
		dl.vals = vals
		shuffle(src, vals)
		for i, y := range s.Years {
			if s.Kind == "region" {
				d.top[y].Region = Region(vals[i])
			} else {
				d.top[y].Resource = Resource(vals[i])
			}
		}
	}
	var err error
	d.costs, err = t.dealCosts(p, src, dl)
	if err != nil {
		return err
	}
	colours := p.colours
	d.grapes = d.grapes[:0]
	for _, c := range t.GrapeColours {
		if c == 0 {
			c = colours[src.Intn(len(colours))]
		}
		d.grapes = append(d.grapes, c)
	}
	// The casks of each region's table, worked out once for every seat.
	room := reuse.Zeroed(d.tableCasksRoom, p.tableTypes)
	d.tableCasksRoom = room
	d.tableCasks = d.tableCasks[:0]
	for k := range t.Regions {
		casks := room[:len(p.tables[k]):len(p.tables[k])]
		room = room[len(casks):]
		for i, c := range p.tableCost[k] {
			if c >= 0 {
				casks[i] = d.costs[c]
			}
		}
		d.tableCasks = append(d.tableCasks, casks)
	}
	d.bonuses = d.bonuses[:0]
	for _, row := range t.Trellis {
		b := row.Bonus
		switch b.Kind {
		case "colour":
			b.Colour = colours[src.Intn(len(colours))]
		case "age":
			ages := p.ages
			b.Age = ages[src.Intn(len(ages))]
		case "region":
			b.Region = t.Regions[src.Intn(len(t.Regions))].Letter
		}
		d.bonuses = append(d.bonuses, b)
	}
	return nil
}

// colours lists the colours the tables use, in r, p, w order.
func (t *Template) colours() []Colour {
	var out []Colour
	for i := 0; i < len(colourLetters); i++ {
		c := Colour(colourLetters[i])
		for _, r := range t.Regions {
			if slices.ContainsFunc(t.Tables[r.Letter], func(wt WineType) bool { return wt.Colour == c }) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// ages lists the ages the tables use, ascending.
func (t *Template) ages() []int {
	var out []int
	for a := 1; a <= maxAge; a++ {
		if _, ok := t.CaskCosts[a]; ok {
			out = append(out, a)
		}
	}
	return out
}

type regionType struct {
	region Region
	typ    WineType
}

// dealCosts deals each age's cask costs over the wine types of that age,
// again until every region's demand is within the template's range. The
// costs (in dl.set.costs' array) are aligned with the plan's rts.
func (t *Template) dealCosts(p *dealPlan, src *rng.Source, dl *dealer) ([]int, error) {
	out := reuse.Zeroed(dl.set.costs, len(p.rts))
	demand := reuse.Zeroed(dl.demand, len(t.Regions))
	dl.demand = demand
	for range maxDeals {
		clear(demand)
		k := 0
		for a := range p.ages {
			costs := append(dl.shuffled[:0], p.costsByAge[a]...)
			dl.shuffled = costs
			shuffle(src, costs)
			for i := range p.byAge[a] {
				out[k] = costs[i]
				if ri := p.rtRegion[k]; ri >= 0 {
					demand[ri] += costs[i]
				}
				k++
			}
		}
		ok := true
		for ri := range t.Regions {
			ok = ok && demand[ri] >= t.RegionCasks[0] && demand[ri] <= t.RegionCasks[1]
		}
		if ok {
			return out, nil
		}
	}
	return nil, fmt.Errorf("template %s: no deal of the cask costs keeps every region's demand within %d..%d", t.Name, t.RegionCasks[0], t.RegionCasks[1])
}

// regionIndexOf is the index of region r in the template's regions, or -1.
func regionIndexOf(t *Template, r Region) int {
	for k, ri := range t.Regions {
		if ri.Letter == r {
			return k
		}
	}
	return -1
}

// sheetMemory is the storage of a set's sheets: one array of each kind
// for all seats, each sheet's lists cut from it, so that a set costs a
// handful of allocations however many seats it has (and none when the
// memory is reused, see SetMemory). The lists are cut with their capacity
// at their length: a caller appending to one sheet's list copies it
// instead of writing over the next sheet's.
type sheetMemory struct {
	// the first ready sheets hold t's fixed parts (ids, coordinates,
	// path ends, vine pointers): a sheet dealt again from the same
	// template only has its dealt values rewritten
	t       *Template
	ready   int
	layouts []Layout
	out     []*Layout
	wines   []Wine
	paths   []Path
	vines   []*WineType
	grapes  []WineType
	trellis []TrellisRow
}

// room makes the memory hold n sheets of t, reusing its arrays when they
// are large enough.
func (m *sheetMemory) room(t *Template, n int) {
	if m.t != t || cap(m.layouts) < n || cap(m.wines) < n*len(t.Wines) || cap(m.paths) < n*len(t.Paths) ||
		cap(m.vines) < n*t.VineCount || cap(m.grapes) < n*len(t.Grapes) || cap(m.trellis) < n*len(t.Trellis) {
		*m = sheetMemory{t: t,
			layouts: make([]Layout, n),
			out:     make([]*Layout, n),
			wines:   make([]Wine, n*len(t.Wines)),
			paths:   make([]Path, n*len(t.Paths)),
			vines:   make([]*WineType, n*t.VineCount),
			grapes:  make([]WineType, n*len(t.Grapes)),
			trellis: make([]TrellisRow, n*len(t.Trellis)),
		}
	}
	m.layouts = m.layouts[:n]
	m.out = m.out[:n]
	m.wines, m.paths = m.wines[:n*len(t.Wines)], m.paths[:n*len(t.Paths)]
	m.vines, m.grapes = m.vines[:n*t.VineCount], m.grapes[:n*len(t.Grapes)]
	m.trellis = m.trellis[:n*len(t.Trellis)]
}

// part is the i-th run of n items of s, its capacity cut at its length.
func part[T any](s []T, i, n int) []T {
	return s[i*n : (i+1)*n : (i+1)*n]
}

// sheet returns sheet i, its lists cut to the template's sizes, and the
// grapes its vines point to.
func (m *sheetMemory) sheet(t *Template, i int) (*Layout, []WineType) {
	l := &m.layouts[i]
	*l = Layout{
		Wines:   part(m.wines, i, len(t.Wines)),
		Paths:   part(m.paths, i, len(t.Paths)),
		Vines:   part(m.vines, i, t.VineCount),
		Trellis: part(m.trellis, i, len(t.Trellis)),
	}
	grapes := part(m.grapes, i, len(t.Grapes))
	if i >= m.ready {
		copy(l.Wines, t.Wines)
		copy(l.Paths, t.Paths)
		for k, g := range t.Grapes {
			l.Vines[g.Vine-1] = &grapes[k]
		}
		m.ready = i + 1
	} else {
		// The fixed parts are in place. Every wine's type and casks are
		// dealt again (dealTables, dealSheet), the paths' resources only
		// on some paths: they start over.
		paths, fixed := l.Paths, t.Paths[:len(l.Paths)]
		for k := range paths {
			paths[k].Resource = fixed[k].Resource
		}
	}
	m.out[i] = l
	return l, grapes
}

// dealSheet deals one sheet of a set into l, whose lists sheetMemory cut.
func (t *Template) dealSheet(seed uint64, stream uint64, dl *dealer, l *Layout, grapes []WineType) error {
	p := t.plan()
	d := &dl.set
	src := rng.Derive(seed, stream)
	l.Template = t.Name
	l.Version = t.Version
	l.Seed = seed
	l.CaskSlots = t.CaskSlots
	l.CasksPre = t.CasksPre
	l.Top = d.top
	if err := t.dealTables(p, src, l, d, dl); err != nil {
		return err
	}
	for _, i := range p.undealt {
		w := &l.Wines[i]
		w.Casks = p.costOf(d.costs, w.Region, w.Type)
	}
	for k, r := range t.Regions {
		if err := t.dealResources(p, &dl.res, src, l, k, r.Letter); err != nil {
			return err
		}
	}
	colours := append(dl.colours[:0], d.grapes...)
	dl.colours = colours
	shuffle(src, colours)
	for i, g := range t.Grapes { // l.Vines point to them (sheetMemory.sheet)
		grapes[i] = WineType{Colour: colours[i], Age: g.Age}
	}
	for i, row := range t.Trellis {
		l.Trellis[i] = TrellisRow{Len: row.Len, Bonus: d.bonuses[i]}
	}
	l.Year00.Region = t.Regions[src.Intn(len(t.Regions))].Letter
	l.Year00.Resource = Resource(resourceLetters[src.Intn(len(resourceLetters))])
	durs := append(dl.durs[:0], t.Durations...)
	dl.durs = durs
	shuffle(src, durs)
	copy(l.Year00.Dur[:], durs)
	return nil
}

// dealTables shuffles each region's table over its wines, region by
// region, dealing a region again while a path joins one of its wines to a
// wine of the same type in a region already dealt; each wine then costs
// the casks dealt to its type (d.tableCasks holds them).
func (t *Template) dealTables(p *dealPlan, src *rng.Source, l *Layout, d *setDeal, dl *dealer) error {
	wines := l.Wines
	for k, r := range t.Regions {
		idx := p.wines[k]
		table, casks := p.tables[k], d.tableCasks[k]
		ok := false
		for range maxDeals {
			// src.Perm without its allocation: the same draws.
			perm := append(dl.perm[:0], p.identity[:len(idx)]...)
			dl.perm = perm
			shuffle(src, perm)
			// the casks go with the type; a deal dealt again writes both again
			for j, i := range idx {
				w := &wines[i]
				w.Type, w.Casks = table[perm[j]], casks[perm[j]]
			}
			if !p.sameTypeAcross(l, k) {
				ok = true
				break
			}
		}
		if !ok {
			return fmt.Errorf("template %s: region %c cannot be dealt without a path joining two wines of one type", t.Name, r.Letter)
		}
	}
	return nil
}

// sameTypeAcross tells whether a path joins a wine of region k to a wine of
// the same type in a region already dealt (one before it).
func (p *dealPlan) sameTypeAcross(l *Layout, k int) bool {
	for _, i := range p.across[k] {
		if l.Wines[p.pathA[i]].Type == l.Wines[p.pathB[i]].Type {
			return true
		}
	}
	return false
}

// resourceScratch is dealResources' working memory, reused across regions.
type resourceScratch struct {
	p      *dealPlan
	inner  []int
	used   []bool
	chosen []int
	want   int
	res    []Resource
}

// search extends the chosen paths from inner[from:] until want are
// chosen, the first matching in inner's order (a depth-first search).
func (s *resourceScratch) search(from int) bool {
	if len(s.chosen) == s.want {
		return true
	}
	for j := from; j < len(s.inner); j++ {
		a, b := s.p.pathA[s.inner[j]], s.p.pathB[s.inner[j]]
		if s.used[a] || s.used[b] {
			continue
		}
		s.used[a], s.used[b] = true, true
		s.chosen = append(s.chosen, s.inner[j])
		if s.search(j + 1) {
			return true
		}
		s.chosen = s.chosen[:len(s.chosen)-1]
		s.used[a], s.used[b] = false, false
	}
	return false
}

// searchSmall is search for a sheet of at most 64 wines, with the wines
// used as bits: the same search, without a list to clear and restore.
func (s *resourceScratch) searchSmall(from int, used uint64) bool {
	if len(s.chosen) == s.want {
		return true
	}
	for j := from; j < len(s.inner); j++ {
		ends := s.p.pathEnds[s.inner[j]]
		if used&ends != 0 {
			continue
		}
		s.chosen = append(s.chosen, s.inner[j])
		if s.searchSmall(j+1, used|ends) {
			return true
		}
		s.chosen = s.chosen[:len(s.chosen)-1]
	}
	return false
}

// dealResources places a region's resources on a matching of its internal
// paths (no two resource paths share a wine): the paths are shuffled and a
// depth-first search takes the first matching in that order.
func (t *Template) dealResources(p *dealPlan, s *resourceScratch, src *rng.Source, l *Layout, k int, r Region) error {
	resources := p.resources[k]
	if len(resources) == 0 {
		return nil
	}
	s.p = p
	s.inner = append(s.inner[:0], p.inner[k]...)
	shuffle(src, s.inner)
	s.chosen = s.chosen[:0]
	s.want = len(resources)
	var found bool
	if p.pathEnds != nil && len(l.Wines) <= 64 {
		found = s.searchSmall(0, 0)
	} else {
		s.used = reuse.Zeroed(s.used, len(l.Wines))
		found = s.search(0)
	}
	if !found {
		return fmt.Errorf("template %s: region %c has no %d paths without a shared wine for its resources", t.Name, r, len(resources))
	}
	res := append(s.res[:0], resources...)
	s.res = res
	shuffle(src, res)
	for j, i := range s.chosen {
		l.Paths[i].Resource = res[j]
	}
	return nil
}

// NewSet deals the sheets of a game set from this template: seat n is
// stream n of the seed; all seats share the set's deal.
func (t *Template) NewSet(seed uint64, players int) ([]*Layout, error) {
	var m sheetMemory
	return t.newSetIn(&m, seed, players)
}

// newSetIn deals a game set into m's storage.
func (t *Template) newSetIn(m *sheetMemory, seed uint64, players int) ([]*Layout, error) {
	dl := dealers.Get().(*dealer)
	defer dealers.Put(dl)
	if err := t.dealSet(seed, dl); err != nil {
		return nil, err
	}
	if players <= 0 {
		return nil, nil
	}
	m.room(t, players)
	for seat := 1; seat <= players; seat++ {
		l, grapes := m.sheet(t, seat-1)
		if err := t.dealSheet(seed, uint64(seat), dl, l, grapes); err != nil {
			return nil, err
		}
		l.Seat, l.Players = seat, players
	}
	return m.out, nil
}

// NewSheet deals one pad page from this template.
func (t *Template) NewSheet(seed uint64) (*Layout, error) {
	dl := dealers.Get().(*dealer)
	defer dealers.Put(dl)
	if err := t.dealSet(seed, dl); err != nil {
		return nil, err
	}
	var m sheetMemory
	m.room(t, 1)
	l, grapes := m.sheet(t, 0)
	if err := t.dealSheet(seed, padSeat, dl, l, grapes); err != nil {
		return nil, err
	}
	return l, nil
}
