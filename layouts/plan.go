package layouts

import (
	"fmt"
	"slices"
)

// dealPlan is what dealing needs from a template that does not depend on
// the seed: the wines and paths by index instead of by id, each region's
// wines, table and internal paths, the cask costs of each age. Dealing a
// game set is the largest part of replaying a Bordeaux record in a batch
// (every record names its own code, so the layouts memo misses); deriving
// these once per template instead of once per sheet, and looking wines up
// by index instead of by id, makes it several times cheaper. The plan
// only changes how the deal is computed: it draws the same random numbers
// in the same order, so every code still deals the same sheets (the
// golden layouts and TestDealSameAsReference pin that).
type dealPlan struct {
	pathA, pathB []int    // wine index of each path's ends
	pathEnds     []uint64 // each path's ends as bits, for a template of at most 64 wines (else nil)
	undealt      []int    // the wines of no region, which dealTables does not deal (a template built by hand)
	colours      []Colour
	ages         []int
	regions      []regionPlan // per region index
	// rts lists (region, type) in the order dealCosts deals them: by age,
	// then region, then table order.
	rts []regionType
	// costDeck is every age's cask costs, age after age (ages' order),
	// each age's run dealt in a random order of its own (ageRuns): the
	// cost dealt to place i is costDeck[start+order[i]], start that of
	// i's run (setDeal.placeCost notes it). rtDeck[k]
	// is the place where the cost of rts[k] is dealt. demandOf lists the
	// places whose cost counts in a region's demand, flatDemand what
	// each region's demand has from the ages whose costs are all the
	// same (any order adds the same).
	costDeck   []int
	ageRuns    []ageRun
	rtDeck     []int
	demandOf   []demandPlace
	flatDemand []int
	// The regions' tables end to end (regionPlan.table* says where each
	// one is): each entry's type and the place in the deck of its cask
	// cost (-1 for none; a region listing a type twice costs both at the
	// later deal, as a map written in rts order would keep it).
	tableType []WineType
	tableDeck []int
	// The template's lists read once here instead of once per deal:
	// whether each schedule line deals regions (else resources) and what
	// each trellis row's bonus draws.
	scheduleRegion []bool
	bonusKinds     []bonusKind
	// resourceSlots is how many paths a sheet gives a resource (see
	// sheetMemory.dealtPaths)
	resourceSlots int
	// longest is the length of the longest list dealt in a random order
	// (dealer.perm holds the order)
	longest int
	// maxDigits is Template.maxDigits, which math/big makes costly to
	// work out for every code read.
	maxDigits int
}

// regionPlan is what dealing needs of one region.
type regionPlan struct {
	letter Region
	wines  []int // its wines' indexes, in template order
	// its table is tableType[tableStart:tableEnd]
	tableStart, tableEnd int
	// across lists the paths from one of its wines to a wine of a region
	// before it: the paths dealTables checks once it dealt the region
	across    []acrossEnd
	inner     []int      // its internal paths' indexes, in template order
	innerEnds []uint64   // pathEnds of each of inner (nil with pathEnds)
	resources []Resource // dealt over a matching of its inner paths
	// resourceStart is where its resource paths are noted among a
	// sheet's resourceSlots
	resourceStart int
}

// acrossEnd is a path dealTables checks: pos is the position among the
// region's wines of its end there, other the wine index of its end in a
// region dealt before.
type acrossEnd struct {
	pos   int
	other int
}

// ageRun is one age's costs in the deck: costDeck[start:end]. They are
// flat when they are all the same: any order deals them alike.
type ageRun struct {
	start, end int
	flat       bool
}

// demandPlace is a place of the deck whose cost counts in a region's
// demand, with the start of its age's run.
type demandPlace struct{ place, start, region int }

// bonusKind is what a trellis row's bonus draws (Bonus.Kind).
type bonusKind uint8

const (
	bonusFixed bonusKind = iota // a kind that draws nothing (a template built by hand)
	bonusColour
	bonusAge
	bonusRegion
)

// plan returns the template's deal plan: the one made when the template
// was parsed, or (for a Template built by hand) a fresh one.
func (t *Template) plan() *dealPlan {
	if t.dealPlan != nil {
		return t.dealPlan
	}
	return t.makePlan()
}

func (t *Template) makePlan() *dealPlan {
	p := &dealPlan{colours: t.colours(), ages: t.ages(), maxDigits: t.maxDigits()}
	index := make(map[string]int, len(t.Wines))
	for i := len(t.Wines) - 1; i >= 0; i-- { // the first wine of an id wins, as in WineByID
		index[t.Wines[i].ID] = i
	}
	regionOf := make([]int, len(t.Wines)) // region index of each wine; -1 if none
	for i, w := range t.Wines {
		regionOf[i] = regionIndexOf(t, w.Region)
		if regionOf[i] < 0 {
			p.undealt = append(p.undealt, i)
		}
	}
	p.pathA = make([]int, len(t.Paths))
	p.pathB = make([]int, len(t.Paths))
	for i, path := range t.Paths {
		a, okA := index[path.A]
		b, okB := index[path.B]
		if !okA || !okB {
			a, b = -1, -1 // the parser refuses such a path; dealing skips it
		}
		p.pathA[i], p.pathB[i] = a, b
	}
	if len(t.Wines) <= 64 {
		p.pathEnds = make([]uint64, len(t.Paths))
		for i := range t.Paths {
			if a, b := p.pathA[i], p.pathB[i]; a >= 0 {
				p.pathEnds[i] = 1<<a | 1<<b
			}
		}
	}
	p.makeCostDeck(t)
	position := make([]int, len(t.Wines)) // of each wine among its region's
	for k, r := range t.Regions {
		rp := regionPlan{letter: r.Letter, wines: t.winesIn(r.Letter)}
		for j, i := range rp.wines {
			position[i] = j
		}
		for i := range t.Paths {
			a, b := p.pathA[i], p.pathB[i]
			if a < 0 {
				continue
			}
			ra, rb := regionOf[a], regionOf[b]
			switch {
			case t.Wines[a].Region == r.Letter && t.Wines[b].Region == r.Letter:
				rp.inner = append(rp.inner, i)
				if p.pathEnds != nil {
					rp.innerEnds = append(rp.innerEnds, p.pathEnds[i])
				}
			case ra == k && rb >= 0 && rb < k:
				rp.across = append(rp.across, acrossEnd{position[a], b})
			case rb == k && ra >= 0 && ra < k:
				rp.across = append(rp.across, acrossEnd{position[b], a})
			}
		}
		rp.resources = t.Resources[r.Letter]
		rp.resourceStart = p.resourceSlots
		p.resourceSlots += len(rp.resources)
		rp.tableStart = len(p.tableType)
		for _, wt := range t.Tables[r.Letter] {
			deck := -1
			if c := p.costIndex(r.Letter, wt); c >= 0 {
				deck = p.rtDeck[c]
			}
			p.tableType = append(p.tableType, wt)
			p.tableDeck = append(p.tableDeck, deck)
		}
		rp.tableEnd = len(p.tableType)
		p.regions = append(p.regions, rp)
		p.longest = max(p.longest, len(rp.wines), len(rp.inner), len(rp.resources))
	}
	for _, s := range t.Schedules {
		p.scheduleRegion = append(p.scheduleRegion, s.Kind == "region")
		p.longest = max(p.longest, len(s.Values))
	}
	for _, row := range t.Trellis {
		kind := bonusFixed
		switch row.Bonus.Kind {
		case "colour":
			kind = bonusColour
		case "age":
			kind = bonusAge
		case "region":
			kind = bonusRegion
		}
		p.bonusKinds = append(p.bonusKinds, kind)
	}
	p.longest = max(p.longest, len(p.costDeck), len(t.GrapeColours), len(t.Durations))
	return p
}

// makeCostDeck works out rts, the cost deck and its runs.
func (p *dealPlan) makeCostDeck(t *Template) {
	p.flatDemand = make([]int, len(t.Regions))
	for _, age := range p.ages {
		start := len(p.rts)
		for _, r := range t.Regions {
			for _, wt := range t.Tables[r.Letter] {
				if wt.Age == age {
					p.rts = append(p.rts, regionType{r.Letter, wt})
				}
			}
		}
		costs := t.CaskCosts[age]
		if len(costs) < len(p.rts)-start {
			// ParseTemplate refuses this; dealing such a template used to
			// fail on the same index
			panic(fmt.Sprintf("layouts: template %s: %d cask costs for %d wine types of age %d", t.Name, len(costs), len(p.rts)-start, age))
		}
		run := ageRun{start: len(p.costDeck), end: len(p.costDeck) + len(costs)}
		run.flat = !slices.ContainsFunc(costs, func(c int) bool { return c != costs[0] })
		for i, rt := range p.rts[start:] {
			p.rtDeck = append(p.rtDeck, run.start+i)
			ri := regionIndexOf(t, rt.region)
			if run.flat {
				p.flatDemand[ri] += costs[i]
			} else {
				p.demandOf = append(p.demandOf, demandPlace{run.start + i, run.start, ri})
			}
		}
		p.costDeck = append(p.costDeck, costs...)
		p.ageRuns = append(p.ageRuns, run)
	}
}

// costIndex is the index in rts where a region's wine type's cask cost is
// dealt, or -1: when a region lists a type twice the later deal wins (as
// a map written in rts order would keep it).
func (p *dealPlan) costIndex(r Region, wt WineType) int {
	for k := len(p.rts) - 1; k >= 0; k-- {
		if p.rts[k].region == r && p.rts[k].typ == wt {
			return k
		}
	}
	return -1
}

// costOf is the cask cost dealt to a region's wine type (placeCost is
// the deck's, see setDeal), 0 if none is.
func (p *dealPlan) costOf(placeCost []int, r Region, wt WineType) int {
	if k := p.costIndex(r, wt); k >= 0 {
		return placeCost[p.rtDeck[k]]
	}
	return 0
}
