package layouts

import (
	"fmt"
	"slices"

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
}

func (t *Template) dealSet(seed uint64) (*setDeal, error) {
	p := t.plan()
	src := rng.Derive(seed, setStream)
	d := &setDeal{}
	for _, s := range t.Schedules {
		vals := slices.Clone(s.Values)
		src.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
		for i, y := range s.Years {
			if s.Kind == "region" {
				d.top[y].Region = Region(vals[i])
			} else {
				d.top[y].Resource = Resource(vals[i])
			}
		}
	}
	costs, err := t.dealCosts(p, src)
	if err != nil {
		return nil, err
	}
	d.costs = costs
	colours := p.colours
	d.grapes = make([]Colour, 0, len(t.GrapeColours))
	for _, c := range t.GrapeColours {
		if c == 0 {
			c = colours[src.Intn(len(colours))]
		}
		d.grapes = append(d.grapes, c)
	}
	d.bonuses = make([]Bonus, 0, len(t.Trellis))
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
	return d, nil
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
// costs are aligned with the plan's rts.
func (t *Template) dealCosts(p *dealPlan, src *rng.Source) ([]int, error) {
	out := make([]int, len(p.rts))
	demand := make([]int, len(t.Regions))
	var shuffled []int
	for range maxDeals {
		clear(demand)
		k := 0
		for a, age := range p.ages {
			shuffled = append(shuffled[:0], t.CaskCosts[age]...)
			costs := shuffled
			src.Shuffle(len(costs), func(i, j int) { costs[i], costs[j] = costs[j], costs[i] })
			for i, rt := range p.byAge[a] {
				out[k] = costs[i]
				k++
				if ri := regionIndexOf(t, rt.region); ri >= 0 {
					demand[ri] += costs[i]
				}
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

// dealSheet builds one sheet of a set.
func (t *Template) dealSheet(seed uint64, stream uint64, d *setDeal) (*Layout, error) {
	p := t.plan()
	src := rng.Derive(seed, stream)
	l := &Layout{
		Template:  t.Name,
		Version:   t.Version,
		Seed:      seed,
		CaskSlots: t.CaskSlots,
		CasksPre:  t.CasksPre,
		Top:       d.top,
	}
	l.Wines = slices.Clone(t.Wines)
	l.Paths = slices.Clone(t.Paths)
	if err := t.dealTables(p, src, l); err != nil {
		return nil, err
	}
	for i := range l.Wines {
		w := &l.Wines[i]
		w.Casks = p.costOf(d.costs, w.Region, w.Type)
	}
	var scratch resourceScratch
	for k, r := range t.Regions {
		if err := t.dealResources(p, &scratch, src, l, k, r.Letter); err != nil {
			return nil, err
		}
	}
	colours := slices.Clone(d.grapes)
	src.Shuffle(len(colours), func(i, j int) { colours[i], colours[j] = colours[j], colours[i] })
	l.Vines = make([]*WineType, t.VineCount)
	grapes := make([]WineType, len(t.Grapes)) // one allocation for every grape
	for i, g := range t.Grapes {
		grapes[i] = WineType{Colour: colours[i], Age: g.Age}
		l.Vines[g.Vine-1] = &grapes[i]
	}
	l.Trellis = make([]TrellisRow, 0, len(t.Trellis))
	for i, row := range t.Trellis {
		l.Trellis = append(l.Trellis, TrellisRow{Len: row.Len, Bonus: d.bonuses[i]})
	}
	l.Year00.Region = t.Regions[src.Intn(len(t.Regions))].Letter
	l.Year00.Resource = Resource(resourceLetters[src.Intn(len(resourceLetters))])
	durs := slices.Clone(t.Durations)
	src.Shuffle(len(durs), func(i, j int) { durs[i], durs[j] = durs[j], durs[i] })
	copy(l.Year00.Dur[:], durs)
	return l, nil
}

// dealTables shuffles each region's table over its wines, region by
// region, dealing a region again while a path joins one of its wines to a
// wine of the same type in a region already dealt.
func (t *Template) dealTables(p *dealPlan, src *rng.Source, l *Layout) error {
	dealt := make([]bool, len(l.Wines))
	var perm []int
	for k, r := range t.Regions {
		idx := p.wines[k]
		table := t.Tables[r.Letter]
		ok := false
		for range maxDeals {
			// src.Perm without its allocation: the same draws.
			perm = perm[:0]
			for i := range idx {
				perm = append(perm, i)
			}
			src.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			for j, i := range idx {
				l.Wines[i].Type = table[perm[j]]
			}
			if !p.sameTypeAcross(l, r, dealt) {
				ok = true
				break
			}
		}
		if !ok {
			return fmt.Errorf("template %s: region %c cannot be dealt without a path joining two wines of one type", t.Name, r.Letter)
		}
		for _, i := range idx {
			dealt[i] = true
		}
	}
	return nil
}

// sameTypeAcross tells whether a path joins a wine of region r to a wine of
// the same type in a region already dealt.
func (p *dealPlan) sameTypeAcross(l *Layout, r RegionInfo, dealt []bool) bool {
	for i := range p.pathA {
		ia, ib := p.pathA[i], p.pathB[i]
		if ia < 0 {
			continue
		}
		a, b := &l.Wines[ia], &l.Wines[ib]
		if a.Region == r.Letter && dealt[ib] || b.Region == r.Letter && dealt[ia] {
			if a.Type == b.Type {
				return true
			}
		}
	}
	return false
}

// resourceScratch is dealResources' working memory, reused across regions.
type resourceScratch struct {
	inner  []int
	used   []bool
	chosen []int
	res    []Resource
}

// dealResources places a region's resources on a matching of its internal
// paths (no two resource paths share a wine): the paths are shuffled and a
// depth-first search takes the first matching in that order.
func (t *Template) dealResources(p *dealPlan, s *resourceScratch, src *rng.Source, l *Layout, k int, r Region) error {
	if len(t.Resources[r]) == 0 {
		return nil
	}
	res := append(s.res[:0], t.Resources[r]...)
	s.res = res
	inner := append(s.inner[:0], p.inner[k]...)
	s.inner = inner
	src.Shuffle(len(inner), func(i, j int) { inner[i], inner[j] = inner[j], inner[i] })
	if cap(s.used) < len(l.Wines) {
		s.used = make([]bool, len(l.Wines))
	}
	used := s.used[:len(l.Wines)]
	clear(used)
	chosen := s.chosen[:0]
	var search func(from int) bool
	search = func(from int) bool {
		if len(chosen) == len(res) {
			return true
		}
		for j := from; j < len(inner); j++ {
			a, b := p.pathA[inner[j]], p.pathB[inner[j]]
			if used[a] || used[b] {
				continue
			}
			used[a], used[b] = true, true
			chosen = append(chosen, inner[j])
			if search(j + 1) {
				return true
			}
			chosen = chosen[:len(chosen)-1]
			used[a], used[b] = false, false
		}
		return false
	}
	found := search(0)
	s.chosen = chosen
	if !found {
		return fmt.Errorf("template %s: region %c has no %d paths without a shared wine for its resources", t.Name, r, len(res))
	}
	src.Shuffle(len(res), func(i, j int) { res[i], res[j] = res[j], res[i] })
	for j, i := range chosen {
		l.Paths[i].Resource = res[j]
	}
	return nil
}

// NewSet deals the sheets of a game set from this template: seat n is
// stream n of the seed; all seats share the set's deal.
func (t *Template) NewSet(seed uint64, players int) ([]*Layout, error) {
	d, err := t.dealSet(seed)
	if err != nil {
		return nil, err
	}
	var out []*Layout
	for seat := 1; seat <= players; seat++ {
		l, err := t.dealSheet(seed, uint64(seat), d)
		if err != nil {
			return nil, err
		}
		l.Seat, l.Players = seat, players
		out = append(out, l)
	}
	return out, nil
}

// NewSheet deals one pad page from this template.
func (t *Template) NewSheet(seed uint64) (*Layout, error) {
	d, err := t.dealSet(seed)
	if err != nil {
		return nil, err
	}
	return t.dealSheet(seed, padSeat, d)
}
