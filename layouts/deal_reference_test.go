package layouts

// The dealing code as it was before the deal plan (layouts/plan.go): kept
// as the reference the faster dealing is compared with, sheet for sheet.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/rng"
)

// refSetDeal is what one game set shares.
type refSetDeal struct {
	top     [lastYear + 1]TopCell
	costs   map[Region]map[WineType]int
	grapes  []Colour // the template's grape colours with '*' drawn
	bonuses []Bonus
}

func (t *Template) refDealSet(seed uint64) (*refSetDeal, error) {
	src := rng.Derive(seed, setStream)
	d := &refSetDeal{}
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
	costs, err := t.refDealCosts(src)
	if err != nil {
		return nil, err
	}
	d.costs = costs
	colours := t.colours()
	for _, c := range t.GrapeColours {
		if c == 0 {
			c = colours[src.Intn(len(colours))]
		}
		d.grapes = append(d.grapes, c)
	}
	for _, row := range t.Trellis {
		b := row.Bonus
		switch b.Kind {
		case "colour":
			b.Colour = colours[src.Intn(len(colours))]
		case "age":
			ages := t.ages()
			b.Age = ages[src.Intn(len(ages))]
		case "region":
			b.Region = t.Regions[src.Intn(len(t.Regions))].Letter
		}
		d.bonuses = append(d.bonuses, b)
	}
	return d, nil
}

// refDealCosts deals each age's cask costs over the wine types of that age,
// again until every region's demand is within the template's range.
func (t *Template) refDealCosts(src *rng.Source) (map[Region]map[WineType]int, error) {
	byAge := map[int][]regionType{}
	for _, r := range t.Regions {
		for _, wt := range t.Tables[r.Letter] {
			byAge[wt.Age] = append(byAge[wt.Age], regionType{r.Letter, wt})
		}
	}
	for range maxDeals {
		out := map[Region]map[WineType]int{}
		demand := map[Region]int{}
		for _, r := range t.Regions {
			out[r.Letter] = map[WineType]int{}
		}
		for _, age := range t.ages() {
			costs := slices.Clone(t.CaskCosts[age])
			src.Shuffle(len(costs), func(i, j int) { costs[i], costs[j] = costs[j], costs[i] })
			for i, rt := range byAge[age] {
				out[rt.region][rt.typ] = costs[i]
				demand[rt.region] += costs[i]
			}
		}
		ok := true
		for _, r := range t.Regions {
			ok = ok && demand[r.Letter] >= t.RegionCasks[0] && demand[r.Letter] <= t.RegionCasks[1]
		}
		if ok {
			return out, nil
		}
	}
	return nil, fmt.Errorf("template %s: no deal of the cask costs keeps every region's demand within %d..%d", t.Name, t.RegionCasks[0], t.RegionCasks[1])
}

// refDealSheet builds one sheet of a set.
func (t *Template) refDealSheet(seed uint64, stream uint64, d *refSetDeal) (*Layout, error) {
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
	if err := t.refDealTables(src, l); err != nil {
		return nil, err
	}
	for i := range l.Wines {
		w := &l.Wines[i]
		w.Casks = d.costs[w.Region][w.Type]
	}
	for _, r := range t.Regions {
		if err := t.refDealResources(src, l, r.Letter); err != nil {
			return nil, err
		}
	}
	colours := slices.Clone(d.grapes)
	src.Shuffle(len(colours), func(i, j int) { colours[i], colours[j] = colours[j], colours[i] })
	l.Vines = make([]*WineType, t.VineCount)
	for i, g := range t.Grapes {
		l.Vines[g.Vine-1] = &WineType{Colour: colours[i], Age: g.Age}
	}
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

// refDealTables shuffles each region's table over its wines, region by
// region, dealing a region again while a path joins one of its wines to a
// wine of the same type in a region already dealt.
func (t *Template) refDealTables(src *rng.Source, l *Layout) error {
	dealt := map[string]bool{}
	for _, r := range t.Regions {
		idx := t.winesIn(r.Letter)
		table := t.Tables[r.Letter]
		ok := false
		for range maxDeals {
			perm := src.Perm(len(idx))
			for k, i := range idx {
				l.Wines[i].Type = table[perm[k]]
			}
			if !t.refSameTypeAcross(l, r.Letter, dealt) {
				ok = true
				break
			}
		}
		if !ok {
			return fmt.Errorf("template %s: region %c cannot be dealt without a path joining two wines of one type", t.Name, r.Letter)
		}
		for _, i := range idx {
			dealt[l.Wines[i].ID] = true
		}
	}
	return nil
}

func (t *Template) refSameTypeAcross(l *Layout, r Region, dealt map[string]bool) bool {
	for _, p := range l.Paths {
		a, b := l.WineByID(p.A), l.WineByID(p.B)
		if a.Region == r && dealt[b.ID] || b.Region == r && dealt[a.ID] {
			if a.Type == b.Type {
				return true
			}
		}
	}
	return false
}

// refDealResources places a region's resources on a matching of its internal
// paths (no two resource paths share a wine): the paths are shuffled and a
// depth-first search takes the first matching in that order.
func (t *Template) refDealResources(src *rng.Source, l *Layout, r Region) error {
	res := slices.Clone(t.Resources[r])
	if len(res) == 0 {
		return nil
	}
	var inner []int
	for i, p := range l.Paths {
		if l.WineByID(p.A).Region == r && l.WineByID(p.B).Region == r {
			inner = append(inner, i)
		}
	}
	src.Shuffle(len(inner), func(i, j int) { inner[i], inner[j] = inner[j], inner[i] })
	used := map[string]bool{}
	var chosen []int
	var search func(from int) bool
	search = func(from int) bool {
		if len(chosen) == len(res) {
			return true
		}
		for k := from; k < len(inner); k++ {
			p := l.Paths[inner[k]]
			if used[p.A] || used[p.B] {
				continue
			}
			used[p.A], used[p.B] = true, true
			chosen = append(chosen, inner[k])
			if search(k + 1) {
				return true
			}
			chosen = chosen[:len(chosen)-1]
			used[p.A], used[p.B] = false, false
		}
		return false
	}
	if !search(0) {
		return fmt.Errorf("template %s: region %c has no %d paths without a shared wine for its resources", t.Name, r, len(res))
	}
	src.Shuffle(len(res), func(i, j int) { res[i], res[j] = res[j], res[i] })
	for k, i := range chosen {
		l.Paths[i].Resource = res[k]
	}
	return nil
}

func (t *Template) refNewSet(seed uint64, players int) ([]*Layout, error) {
	d, err := t.refDealSet(seed)
	if err != nil {
		return nil, err
	}
	var out []*Layout
	for seat := 1; seat <= players; seat++ {
		l, err := t.refDealSheet(seed, uint64(seat), d)
		if err != nil {
			return nil, err
		}
		l.Seat, l.Players = seat, players
		out = append(out, l)
	}
	return out, nil
}

// TestDealSameAsReference deals 2,000 game sets of 1–12 seats and pad
// pages (300 with -short) both ways and requires identical sheets: the deal plan changed
// how dealing is computed, never what it deals.
func TestDealSameAsReference(t *testing.T) {
	n := uint64(2000)
	if testing.Short() {
		n = 300
	}
	tp := defaultTemplate()
	for seed := uint64(0); seed < n; seed++ {
		players := 1 + int(seed%uint64(tp.MaxPlayers))
		seed := seed * 0x9E3779B97F4A7C15 >> (seed % 40) // small and large seeds
		got, err := tp.NewSet(seed, players)
		want, werr := tp.refNewSet(seed, players)
		if (err == nil) != (werr == nil) {
			t.Fatalf("seed %d: error %v, reference %v", seed, err, werr)
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		if string(a) != string(b) {
			t.Fatalf("seed %d, %d players: the set differs from the reference deal:\n%s\nvs\n%s", seed, players, a, b)
		}
		pad, err := tp.NewSheet(seed)
		if err != nil {
			t.Fatal(err)
		}
		d, err := tp.refDealSet(seed)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := tp.refDealSheet(seed, padSeat, d)
		if err != nil {
			t.Fatal(err)
		}
		a, _ = json.Marshal(pad)
		b, _ = json.Marshal(ref)
		if string(a) != string(b) {
			t.Fatalf("seed %d: the pad page differs from the reference deal", seed)
		}
	}
}

// TestDealSameAsReferenceInterleaved compares the two ways on a template
// whose Left Bank wines are not one run (L4 listed after the others): the
// plan's indexes of a region's wines are not its positions.
func TestDealSameAsReferenceInterleaved(t *testing.T) {
	text := string(defaultTemplateText)
	l4 := "wine L4 L 28 20\n"
	e7 := "wine E7 E 38 56\n"
	if !strings.Contains(text, l4) || !strings.Contains(text, e7) {
		t.Fatal("the embedded template has no wine lines L4 and E7 as this test expects")
	}
	text = strings.Replace(strings.Replace(text, l4, "", 1), e7, e7+l4, 1)
	tp, err := ParseTemplate("interleaved.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if w := tp.plan().regions[0].wines; w[len(w)-1] != len(tp.Wines)-1 {
		t.Fatalf("the Left Bank's wines are %v: L4 should be the last wine", w)
	}
	for seed := uint64(0); seed < 300; seed++ {
		players := 1 + int(seed%uint64(tp.MaxPlayers))
		seed := seed * 0x9E3779B97F4A7C15 >> (seed % 40)
		got, err := tp.NewSet(seed, players)
		want, werr := tp.refNewSet(seed, players)
		if err != nil || werr != nil {
			t.Fatalf("seed %d: error %v, reference %v", seed, err, werr)
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		if string(a) != string(b) {
			t.Fatalf("seed %d, %d players: the set differs from the reference deal", seed, players)
		}
	}
}
