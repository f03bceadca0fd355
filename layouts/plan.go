package layouts

// dealPlan is what dealing needs from a template that does not depend on
// the seed: the wines and paths by index instead of by id, each region's
// wines and internal paths, the wine types of each age. Dealing a game set
// is the largest part of replaying a Bordeaux record in a batch (every
// record names its own code, so the layouts memo misses); deriving these
// once per template instead of once per sheet, and looking wines up by
// index instead of by id, makes it several times cheaper. The plan only
// changes how the deal is computed: it draws the same random numbers in
// the same order, so every code still deals the same sheets (the golden
// layouts pin that).
type dealPlan struct {
	pathA, pathB []int    // wine index of each path's ends
	pathEnds     []uint64 // each path's ends as bits, for a template of at most 64 wines (else nil)
	regionOf     []int    // region index of each wine; -1 if none
	undealt      []int    // the wines of no region, which dealTables does not deal (a template built by hand)
	wines        [][]int  // per region index: its wines' indexes, in template order
	inner        [][]int  // per region index: its internal paths' indexes, in template order
	colours      []Colour
	ages         []int
	// rts lists (region, type) in the order dealCosts deals them: by age,
	// then region, then table order; byAge[k] is the slice of rts of
	// ages[k].
	rts   []regionType
	byAge [][]regionType
	// The template's maps, read once here instead of once per deal: per
	// region index its table and resources, the region index of each of
	// rts, and per age index the costs dealt over it.
	tables     [][]WineType
	resources  [][]Resource
	rtRegion   []int
	costsByAge [][]int
	// across[k] lists the paths from a wine of region k to a wine of a
	// region before it: the paths dealTables checks after dealing region k.
	across [][]int
	// tableCost[k][i] is the index in rts of region k's table type i:
	// where its cask cost is dealt (see costOf), or -1 for none.
	tableCost [][]int
	// tableTypes counts the types of all regions' tables; identity is
	// 0, 1, 2, … as long as the longest region, where dealTables' permutations start
	tableTypes int
	identity   []int32
	// maxDigits is Template.maxDigits, which math/big makes costly to
	// work out for every code read.
	maxDigits int
}

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
	regionIndex := func(r Region) int {
		for k, ri := range t.Regions {
			if ri.Letter == r {
				return k
			}
		}
		return -1
	}
	p.regionOf = make([]int, len(t.Wines))
	for i, w := range t.Wines {
		p.regionOf[i] = regionIndex(w.Region)
		if p.regionOf[i] < 0 {
			p.undealt = append(p.undealt, i)
		}
	}
	p.wines = make([][]int, len(t.Regions))
	p.inner = make([][]int, len(t.Regions))
	for k, r := range t.Regions {
		p.wines[k] = t.winesIn(r.Letter)
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
	for k, r := range t.Regions {
		for i := range t.Paths {
			a, b := p.pathA[i], p.pathB[i]
			if a >= 0 && t.Wines[a].Region == r.Letter && t.Wines[b].Region == r.Letter {
				p.inner[k] = append(p.inner[k], i)
			}
		}
	}
	for _, age := range p.ages {
		start := len(p.rts)
		for _, r := range t.Regions {
			for _, wt := range t.Tables[r.Letter] {
				if wt.Age == age {
					p.rts = append(p.rts, regionType{r.Letter, wt})
				}
			}
		}
		p.byAge = append(p.byAge, p.rts[start:len(p.rts):len(p.rts)])
		p.costsByAge = append(p.costsByAge, t.CaskCosts[age])
	}
	for k := range t.Regions {
		var across []int
		for i := range t.Paths {
			a, b := p.pathA[i], p.pathB[i]
			if a < 0 {
				continue
			}
			ra, rb := p.regionOf[a], p.regionOf[b]
			if ra == k && rb >= 0 && rb < k || rb == k && ra >= 0 && ra < k {
				across = append(across, i)
			}
		}
		p.across = append(p.across, across)
	}
	for _, r := range t.Regions {
		p.tables = append(p.tables, t.Tables[r.Letter])
		p.resources = append(p.resources, t.Resources[r.Letter])
	}
	for _, rt := range p.rts {
		p.rtRegion = append(p.rtRegion, regionIndexOf(t, rt.region))
	}
	for k, r := range t.Regions {
		costs := make([]int, len(p.tables[k]))
		for i, wt := range p.tables[k] {
			costs[i] = p.costIndex(r.Letter, wt)
		}
		p.tableCost = append(p.tableCost, costs)
		p.tableTypes += len(costs)
	}
	for k := range t.Regions {
		for len(p.identity) < len(p.wines[k]) {
			p.identity = append(p.identity, int32(len(p.identity)))
		}
	}
	return p
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

// costOf is the cask cost dealt to a region's wine type (costs is aligned
// with rts), 0 if none is.
func (p *dealPlan) costOf(costs []int, r Region, wt WineType) int {
	if k := p.costIndex(r, wt); k >= 0 {
		return costs[k]
	}
	return 0
}
