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
	top [lastYear + 1]TopCell
	// costOrder is the order each age's run of the plan's cost deck is
	// dealt in, and placeCost the cost that deals to each place of the
	// deck (that of a flat run's places is always the same)
	costOrder []int32
	placeCost []int
	grapes    []Colour // the template's grape colours with '*' drawn
	bonuses   []dealtBonus
	// tableDeal is the regions' tables end to end (as the plan's
	// tableType) with the casks dealt to each type: what dealTables deals
	// over a region's wines, worked out once for every seat
	tableDeal []dealtType
}

// dealtType is a table's wine type with the casks dealt to it.
type dealtType struct {
	typ   WineType
	casks int
}

// dealtBonus is what a set draws for a trellis row's bonus: the row's
// bonus with one of these drawn.
type dealtBonus struct {
	colour Colour
	age    int
	region Region
}

// dealer is the working memory of dealing. Dealers are pooled (and a
// SetMemory keeps its own), so that dealing a set allocates only its
// sheets: a season's batch deals one set per record.
type dealer struct {
	plan   *dealPlan // the plan its buffers are made for (see fit)
	set    setDeal
	perm   []int32 // the random order of a list being dealt (see permute)
	demand []int
	res    resourceScratch
}

var dealers = sync.Pool{New: func() any { return new(dealer) }}

// fit makes the dealer's buffers for t's plan p, once per plan (a parsed
// template keeps its plan): the set's lists then have their lengths, and
// tableDeal its types.
func (dl *dealer) fit(t *Template, p *dealPlan) {
	if dl.plan == p {
		return
	}
	dl.plan = p
	dl.perm = make([]int32, p.longest)
	dl.demand = make([]int, len(p.regions))
	d := &dl.set
	d.costOrder = make([]int32, len(p.costDeck))
	d.placeCost = slices.Clone(p.costDeck)
	d.grapes = make([]Colour, len(t.GrapeColours))
	d.bonuses = make([]dealtBonus, len(t.Trellis))
	d.tableDeal = make([]dealtType, len(p.tableType))
	for j, wt := range p.tableType {
		d.tableDeal[j].typ = wt
	}
}

// permute deals a random order of 0..len(perm)-1 into perm, with src.Perm's
// draws (rng.Source.Permute). Every list is dealt this way: a list read in
// that order is what src.Shuffle makes of it (the same swaps, made on the
// places instead of the items), and no list is copied first.
func permute(src *rng.Source, perm []int32) { src.Permute(perm) }

// dealSet deals what a set shares into dl.set.
func (t *Template) dealSet(p *dealPlan, seed uint64, dl *dealer) error {
	src := rng.Derive(seed, setStream)
	d := &dl.set
	d.top = [lastYear + 1]TopCell{}
	for n, s := range t.Schedules {
		order := dl.perm[:len(s.Values)]
		permute(src, order)
		if p.scheduleRegion[n] {
			for i, y := range s.Years {
				d.top[y].Region = Region(s.Values[order[i]])
			}
		} else {
			for i, y := range s.Years {
				d.top[y].Resource = Resource(s.Values[order[i]])
			}
		}
	}
	if err := t.dealCosts(p, src, dl); err != nil {
		return err
	}
	colours := p.colours
	for i, c := range t.GrapeColours {
		if c == 0 {
			c = colours[src.Intn(len(colours))]
		}
		d.grapes[i] = c
	}
	// The types are in place (fit). The lists are read into locals once:
	// the stores could write over d, so d's would be read at every step.
	tableDeal, placeCost := d.tableDeal, d.placeCost
	for j, pos := range p.tableDeck {
		if pos >= 0 {
			tableDeal[j].casks = placeCost[pos]
		}
	}
	for i, row := range t.Trellis {
		b := dealtBonus{row.Bonus.Colour, row.Bonus.Age, row.Bonus.Region}
		switch p.bonusKinds[i] {
		case bonusColour:
			b.colour = colours[src.Intn(len(colours))]
		case bonusAge:
			b.age = p.ages[src.Intn(len(p.ages))]
		case bonusRegion:
			b.region = t.Regions[src.Intn(len(t.Regions))].Letter
		}
		d.bonuses[i] = b
	}
	return nil
}

// dealCosts deals each age's cask costs over the wine types of that age,
// again until every region's demand is within the template's range, into
// dl.set.placeCost.
func (t *Template) dealCosts(p *dealPlan, src *rng.Source, dl *dealer) error {
	order := dl.set.costOrder
	for range maxDeals {
		for _, run := range p.ageRuns {
			if run.flat {
				// Any order deals these costs alike: only the stream
				// moves.
				src.SkipPermute(run.end - run.start)
			} else {
				permute(src, order[run.start:run.end])
			}
		}
		if t.demandWithin(p, order, dl.demand, dl.set.placeCost) {
			return nil
		}
	}
	return fmt.Errorf("template %s: no deal of the cask costs keeps every region's demand within %d..%d", t.Name, t.RegionCasks[0], t.RegionCasks[1])
}

// demandWithin tells whether the costs dealt in order keep every region's
// demand within the template's range; it notes each cost in placeCost.
func (t *Template) demandWithin(p *dealPlan, order []int32, demand []int, placeCost []int) bool {
	for r, n := range p.flatDemand {
		demand[r] = n
	}
	deck := p.costDeck // in a register: the stores below could write over p
	for _, c := range p.demandOf {
		cost := deck[c.start+int(order[c.place])]
		placeCost[c.place] = cost
		demand[c.region] += cost
	}
	// every region tested, the outcome added up: which region is out of
	// range (if any) comes in no order a branch could guess
	lo, hi := t.RegionCasks[0], t.RegionCasks[1]
	out := 0
	for _, n := range demand {
		if n < lo {
			out = 1
		}
		if n > hi {
			out = 1
		}
	}
	return out == 0
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
	// path ends, vine pointers, trellis rows): a sheet dealt again from
	// the same template only has its dealt values rewritten
	t       *Template
	ready   int
	layouts []Layout
	out     []*Layout
	wines   []Wine
	paths   []Path
	vines   []*WineType
	grapes  []WineType
	trellis []TrellisRow
	// dealtPaths notes each sheet's paths given a resource (the plan's
	// resourceSlots a sheet; see regionPlan.resourceStart), so that a
	// sheet dealt again puts back only those paths' resources
	dealtPaths []int32
	// dl, when not nil, is the memory's own dealer (SetMemory's), used
	// instead of one from the pool
	dl *dealer
}

// room makes the memory hold n sheets of t, reusing its arrays when they
// are large enough.
func (m *sheetMemory) room(t *Template, p *dealPlan, n int) {
	if m.t != t || cap(m.layouts) < n || cap(m.wines) < n*len(t.Wines) || cap(m.paths) < n*len(t.Paths) ||
		cap(m.vines) < n*t.VineCount || cap(m.grapes) < n*len(t.Grapes) || cap(m.trellis) < n*len(t.Trellis) ||
		cap(m.dealtPaths) < n*p.resourceSlots {
		*m = sheetMemory{t: t, dl: m.dl,
			layouts:    make([]Layout, n),
			out:        make([]*Layout, n),
			wines:      make([]Wine, n*len(t.Wines)),
			paths:      make([]Path, n*len(t.Paths)),
			vines:      make([]*WineType, n*t.VineCount),
			grapes:     make([]WineType, n*len(t.Grapes)),
			trellis:    make([]TrellisRow, n*len(t.Trellis)),
			dealtPaths: make([]int32, n*p.resourceSlots),
		}
	}
	m.layouts = m.layouts[:n]
	m.out = m.out[:n]
	m.wines, m.paths = m.wines[:n*len(t.Wines)], m.paths[:n*len(t.Paths)]
	m.vines, m.grapes = m.vines[:n*t.VineCount], m.grapes[:n*len(t.Grapes)]
	m.trellis = m.trellis[:n*len(t.Trellis)]
	m.dealtPaths = m.dealtPaths[:n*p.resourceSlots]
}

// part is the i-th run of n items of s, its capacity cut at its length.
func part[T any](s []T, i, n int) []T {
	return s[i*n : (i+1)*n : (i+1)*n]
}

// sheet returns sheet i, its lists cut to the template's sizes and its
// fixed parts in place, the grapes its vines point to, and where its
// resource paths are noted.
func (m *sheetMemory) sheet(t *Template, p *dealPlan, i int) (l *Layout, grapes []WineType, dealtPaths []int32) {
	l = &m.layouts[i]
	grapes = part(m.grapes, i, len(t.Grapes))
	dealtPaths = part(m.dealtPaths, i, p.resourceSlots)
	if i >= m.ready {
		*l = Layout{
			Template:  t.Name,
			Version:   t.Version,
			CaskSlots: t.CaskSlots,
			CasksPre:  t.CasksPre,
			Wines:     part(m.wines, i, len(t.Wines)),
			Paths:     part(m.paths, i, len(t.Paths)),
			Vines:     part(m.vines, i, t.VineCount),
			Trellis:   part(m.trellis, i, len(t.Trellis)),
		}
		copy(l.Wines, t.Wines)
		copy(l.Paths, t.Paths)
		copy(l.Trellis, t.Trellis)
		for k, g := range t.Grapes {
			l.Vines[g.Vine-1] = &grapes[k]
		}
		m.ready = i + 1
	} else {
		// The fixed parts are in place, and dealSheet deals every other
		// value again but the paths' resources, dealt on some paths only:
		// those of the last deal start over. (A slot a failed deal left
		// stale names a path all the same; putting it back is harmless.)
		paths, fixed := l.Paths, t.Paths
		for _, k := range dealtPaths {
			paths[k].Resource = fixed[k].Resource
		}
	}
	m.out[i] = l
	return l, grapes, dealtPaths
}

// dealSheet deals one sheet of a set into l, which sheetMemory.sheet made
// ready; dealtPaths is where it notes the paths given a resource.
func (t *Template) dealSheet(p *dealPlan, seed uint64, stream uint64, dl *dealer, l *Layout, grapes []WineType, dealtPaths []int32) error {
	d := &dl.set
	src := rng.Derive(seed, stream)
	l.Seed = seed
	l.Top = d.top
	if err := t.dealTables(p, src, l, d, dl.perm); err != nil {
		return err
	}
	for _, i := range p.undealt {
		w := &l.Wines[i]
		w.Casks = p.costOf(d.placeCost, w.Region, w.Type)
	}
	for k := range p.regions {
		if err := t.dealResources(p, &p.regions[k], dl, src, l, dealtPaths); err != nil {
			return err
		}
	}
	order := dl.perm[:len(d.grapes)]
	permute(src, order)
	for i, g := range t.Grapes { // l.Vines point to them (sheetMemory.sheet)
		grapes[i] = WineType{Colour: d.grapes[order[i]], Age: g.Age}
	}
	for i := range l.Trellis { // the rest of each row is the template's (sheetMemory.sheet)
		b, row := &d.bonuses[i], &l.Trellis[i].Bonus
		row.Colour, row.Age, row.Region = b.colour, b.age, b.region
	}
	l.Year00.Region = t.Regions[src.Intn(len(t.Regions))].Letter
	l.Year00.Resource = Resource(resourceLetters[src.Intn(len(resourceLetters))])
	order = dl.perm[:len(t.Durations)]
	permute(src, order)
	for i := range min(len(order), len(l.Year00.Dur)) {
		l.Year00.Dur[i] = t.Durations[order[i]]
	}
	return nil
}

// dealTables shuffles each region's table over its wines, region by
// region, dealing a region again while a path joins one of its wines to a
// wine of the same type in a region already dealt; each wine then costs
// the casks dealt to its type (d.tableDeal holds them).
func (t *Template) dealTables(p *dealPlan, src *rng.Source, l *Layout, d *setDeal, perm []int32) error {
	wines := l.Wines
	for k := range p.regions {
		rp := &p.regions[k]
		table := d.tableDeal[rp.tableStart:rp.tableEnd]
		order := perm[:len(rp.wines)] // the table's entry for each wine
		ok := false
		for range maxDeals {
			permute(src, order)
			if !sameTypeAcross(rp.across, order, table, wines) {
				ok = true
				break
			}
		}
		if !ok {
			return fmt.Errorf("template %s: region %c cannot be dealt without a path joining two wines of one type", t.Name, rp.letter)
		}
		placeTypes(wines, rp.wines, order, table)
	}
	return nil
}

// placeTypes writes a region's deal: table entry order[j] to wine idx[j].
func placeTypes(wines []Wine, idx []int, order []int32, table []dealtType) {
	idx = idx[:len(order)]
	for j, e := range order {
		from, to := &table[e], &wines[idx[j]]
		to.Type, to.Casks = from.typ, from.casks
	}
}

// sameTypeAcross tells whether a region dealt as order (its table's entry
// for each of its wines) would join one of its wines by a path to a wine
// of the same type in a region dealt before; across lists those paths.
func sameTypeAcross(across []acrossEnd, order []int32, table []dealtType, wines []Wine) bool {
	for _, e := range across {
		// one test for both fields, rarely true: comparing the types as
		// structs branched on the colour first, equal a third of the time
		t, w := &table[order[e.pos]].typ, &wines[e.other].Type
		if uint64(t.Colour^w.Colour)|uint64(t.Age^w.Age) == 0 {
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

// firstDescent is searchSmall's first descent, without the recursion,
// over a region's inner paths in the given order (ends are their
// pathEnds): it takes every path that shares no wine with those taken,
// into chosen. When that fills chosen, it is the matching searchSmall
// finds (the search only backtracks when its first descent falls short);
// else it returns false.
//
// Whether a path is free comes in no order a branch could guess: every
// path is written at chosen[n], and taken (n moved on, its wines used) as
// a number.
func firstDescent(inner []int, ends []uint64, order []int32, chosen []int32) bool {
	var used uint64
	n := 0
	if len(chosen) == 0 {
		return true
	}
	for _, j := range order {
		e := ends[j]
		free := 0
		if used&e == 0 {
			free = 1
		}
		chosen[n] = int32(inner[j]) // n < len(chosen): it returns when n gets there
		used |= e & -uint64(free)
		n += free
		if n == len(chosen) {
			return true
		}
	}
	return false
}

// searchMatching searches the first matching of len(chosen) of a
// region's inner paths in the given order, into chosen; false if there is
// none. (dealResources' first descent finds it without a search all but
// always; this is apart to keep that path lean.)
func (s *resourceScratch) searchMatching(p *dealPlan, rp *regionPlan, order []int32, wines int, chosen []int32) bool {
	s.p = p
	s.inner = s.inner[:0]
	for _, j := range order {
		s.inner = append(s.inner, rp.inner[j])
	}
	s.chosen = s.chosen[:0]
	s.want = len(chosen)
	var found bool
	if p.pathEnds != nil && wines <= 64 {
		found = s.searchSmall(0, 0)
	} else {
		s.used = reuse.Zeroed(s.used, wines)
		found = s.search(0)
	}
	if !found {
		return false
	}
	for c, i := range s.chosen {
		chosen[c] = int32(i)
	}
	return true
}

// dealResources places a region's resources on a matching of its internal
// paths (no two resource paths share a wine): the paths are shuffled and a
// depth-first search takes the first matching in that order. It notes
// the paths in the region's part of dealtPaths.
func (t *Template) dealResources(p *dealPlan, rp *regionPlan, dl *dealer, src *rng.Source, l *Layout, dealtPaths []int32) error {
	resources := rp.resources
	if len(resources) == 0 {
		return nil
	}
	chosen := dealtPaths[rp.resourceStart : rp.resourceStart+len(resources)]
	order := dl.perm[:len(rp.inner)]
	permute(src, order)
	if rp.innerEnds == nil || !firstDescent(rp.inner, rp.innerEnds, order, chosen) {
		if !dl.res.searchMatching(p, rp, order, len(l.Wines), chosen) {
			return fmt.Errorf("template %s: region %c has no %d paths without a shared wine for its resources", t.Name, rp.letter, len(resources))
		}
	}
	order = dl.perm[:len(resources)]
	permute(src, order)
	paths := l.Paths
	for c, i := range chosen {
		paths[i].Resource = resources[order[c]]
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
	dl := m.dl
	if dl == nil {
		dl = dealers.Get().(*dealer)
		defer dealers.Put(dl)
	}
	p := t.plan()
	dl.fit(t, p)
	if err := t.dealSet(p, seed, dl); err != nil {
		return nil, err
	}
	if players <= 0 {
		return nil, nil
	}
	m.room(t, p, players)
	for seat := 1; seat <= players; seat++ {
		l, grapes, dealtPaths := m.sheet(t, p, seat-1)
		if err := t.dealSheet(p, seed, uint64(seat), dl, l, grapes, dealtPaths); err != nil {
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
	p := t.plan()
	dl.fit(t, p)
	if err := t.dealSet(p, seed, dl); err != nil {
		return nil, err
	}
	var m sheetMemory
	m.room(t, p, 1)
	l, grapes, dealtPaths := m.sheet(t, p, 0)
	if err := t.dealSheet(p, seed, padSeat, dl, l, grapes, dealtPaths); err != nil {
		return nil, err
	}
	return l, nil
}
