package champagne

import (
	"reflect"
	"strings"
	"testing"
)

// rulebookRules are the numbers of the rulebook's "Final Scoring" section
// (the tables package supplies them in the tool).
func rulebookRules() Rules {
	return Rules{
		Regions:           []string{"marne", "reims", "blancs", "sezanne", "bar"},
		DiversificationPP: 5, MajorPP: 4, StillBatch: 6, StillPP: 1, CuveeBatch: 3, CuveePP: 4,
		ProtectionPP: 1, SoloProtection: true,
	}
}

func cards(kv ...any) map[string]int {
	m := map[string]int{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1].(int)
	}
	return m
}

// TestRulebookExample: "81 + 26 = 107 Prestige Points".
func TestRulebookExample(t *testing.T) {
	g := GameTally{Rules: rulebookRules(), Players: []PlayerTally{
		{Name: "Ann", Seat: 1, Prestige: 81, Cards: cards("marne", 3, "reims", 1, "blancs", 2, "sezanne", 1, "bar", 1),
			Still: 8, Cellar: 4, Oeno: 2, Eco: 4, EcoPos: 7, Council: 1},
		{Name: "Ben", Seat: 2, Prestige: 70, Cards: cards("reims", 2, "sezanne", 2, "bar", 2), Eco: 1, EcoPos: 4, Council: 2},
	}}
	r := Score(g)
	ann := r.Player("Ann")
	if want := []int{81, 5, 8, 1, 8, 4, 0}; !reflect.DeepEqual(ann.Points, want) || ann.Total != 107 {
		t.Errorf("Ann %v = %d, want %v = 107", ann.Points, ann.Total, want)
	}
	if ben := r.Player("Ben"); ben.Total != 70+12+1 {
		t.Errorf("Ben %d, want 83 (three majorities, eco +1)", ben.Total)
	}
}

func TestDiversification(t *testing.T) {
	full2 := cards("marne", 2, "reims", 2, "blancs", 3, "sezanne", 2, "bar", 2)
	ru := rulebookRules()
	if got := diversification(ru, PlayerTally{Cards: full2}); got != 10 {
		t.Errorf("2 per region: %d, want 10", got)
	}
	if got := diversification(ru, PlayerTally{Cards: cards("marne", 5, "reims", 1, "blancs", 1, "sezanne", 1)}); got != 0 {
		t.Errorf("missing a region: %d, want 0", got)
	}
	ru.DiversificationOnce = true
	if got := diversification(ru, PlayerTally{Cards: full2}); got != 5 {
		t.Errorf("diversification=once: %d, want 5", got)
	}
}

func TestMajorVineyard(t *testing.T) {
	three := func(ru Rules, ga, gb, gc int) *GameTally {
		return &GameTally{Rules: ru, Players: []PlayerTally{
			{Name: "Ann", Seat: 1, Cards: cards("bar", 2), Grapes: cards("bar", ga), Council: 1},
			{Name: "Ben", Seat: 2, Cards: cards("bar", 2), Grapes: cards("bar", gb), Council: 2},
			{Name: "Cal", Seat: 3, Cards: cards("bar", 2), Grapes: cards("bar", gc), Council: 3},
			{Name: "Dee", Seat: 4, Cards: cards("bar", 1), Grapes: cards("bar", 9), Council: 4},
		}}
	}
	major := func(g *GameTally) []int {
		r := Score(*g)
		var out []int
		for _, n := range []string{"Ann", "Ben", "Cal", "Dee"} {
			out = append(out, r.Points(r.Player(n), "major"))
		}
		return out
	}
	ru := rulebookRules()
	if got := major(three(ru, 6, 5, 4)); !reflect.DeepEqual(got, []int{4, 0, 0, 0}) {
		t.Errorf("tie on cards, Ann most grapes: %v", got)
	}
	if got := major(three(ru, 6, 6, 4)); !reflect.DeepEqual(got, []int{2, 2, 0, 0}) {
		t.Errorf("tie on cards and grapes, two players: %v", got)
	}
	if got := major(three(ru, 5, 5, 5)); !reflect.DeepEqual(got, []int{1, 1, 1, 0}) {
		t.Errorf("three-way split rounded down: %v", got)
	}
	ru.MajorSplitCeil = true
	if got := major(three(ru, 5, 5, 5)); !reflect.DeepEqual(got, []int{2, 2, 2, 0}) {
		t.Errorf("three-way split rounded up: %v", got)
	}
	r := Score(*three(rulebookRules(), 5, 5, 5))
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "Ann, Ben, Cal tied on cards and grapes") {
		t.Errorf("notes %q", r.Notes)
	}
}

func TestInventoryAndProtection(t *testing.T) {
	ru := rulebookRules()
	g := GameTally{Rules: ru, Players: []PlayerTally{
		{Name: "Ann", Seat: 1, Still: 17, Cellar: 7, Oeno: 1, Grid: 3, Protection: true},
	}}
	p := Score(g).Players[0]
	if p.Points[CatStill] != 2 || p.Points[CatCuvees] != 8 || p.Points[CatProtection] != 1 {
		t.Errorf("still 17 → 2, cuvees 8 → 8, protection → 1: %v", p.Points)
	}
	g.Rules.GridCuvees = true
	if p := Score(g).Players[0]; p.Points[CatCuvees] != 12 {
		t.Errorf("grid-cuvees=counted: 11 cuvees → 12, got %d", p.Points[CatCuvees])
	}
	// The Wine Merchant scores his cellar and œnothèque only.
	g.Players[0].Merchant, g.Players[0].Still = true, 0
	if p := Score(g).Players[0]; p.Points[CatCuvees] != 8 {
		t.Errorf("the Merchant under grid-cuvees=counted: 8 cuvees → 8, got %d", p.Points[CatCuvees])
	}
}

// TestTieBreaks: points, then the eco report, then the council position.
func TestTieBreaks(t *testing.T) {
	g := GameTally{Rules: rulebookRules(), Players: []PlayerTally{
		{Name: "Ann", Seat: 1, Prestige: 50, Eco: 2, EcoPos: 5, Council: 3},
		{Name: "Ben", Seat: 2, Prestige: 49, Eco: 3, EcoPos: 6, Council: 1},
		{Name: "Cal", Seat: 3, Prestige: 50, Eco: 2, EcoPos: 5, Council: 2},
		{Name: "Dee", Seat: 4, Prestige: 40, Eco: 12, EcoPos: 15, Council: 4},
	}}
	r := Score(g)
	var order []string
	for _, p := range r.Players {
		order = append(order, p.Name)
	}
	// Ann 52, Ben 52, Cal 52, Dee 52: eco position puts Dee first, then
	// Ben; Ann and Cal share eco, Cal is ahead at the council.
	if want := []string{"Dee", "Ben", "Cal", "Ann"}; !reflect.DeepEqual(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if c := r.Player("Cal"); c.Rank != 3 || !strings.Contains(c.Decided, "better council position") {
		t.Errorf("Cal rank %d decided %q", c.Rank, c.Decided)
	}
}

// TestEcoTieBreakNoteShowsTheReport: the eco tie-break compares positions
// on the report, but its note prints the report's values, as the Eco
// report row shows them (+3 and +1, not positions 6 and 4).
func TestEcoTieBreakNoteShowsTheReport(t *testing.T) {
	g := GameTally{Rules: rulebookRules(), Players: []PlayerTally{
		{Name: "Ann", Seat: 1, Prestige: 11, Eco: 1, EcoPos: 4, Council: 1},
		{Name: "Ben", Seat: 2, Prestige: 9, Eco: 3, EcoPos: 6, Council: 2},
	}}
	r := Score(g)
	if got, want := r.Player("Ben").Decided, "ahead of Ann on tie-break 1/2, better eco-responsibility report (3 vs 1)"; got != want {
		t.Errorf("Ben decided %q, want %q", got, want)
	}
	if got, want := r.Player("Ann").Decided, "behind Ben on tie-break 1/2, better eco-responsibility report (1 vs 3)"; got != want {
		t.Errorf("Ann decided %q, want %q", got, want)
	}
	// A track that prints a value twice: the positions decided.
	g.Players[0].Eco, g.Players[1].Eco = 3, 3
	g.Players[0].Prestige = 9
	r = Score(g)
	if got, want := r.Player("Ben").Decided, "ahead of Ann on tie-break 1/2, better eco-responsibility report (3 vs 3, positions 6 vs 4)"; got != want {
		t.Errorf("one value at two positions: Ben decided %q, want %q", got, want)
	}
}

// TestEcoTieByValue: on a report that repeats a value, the default
// compares positions; eco-tiebreak=value compares the printed values, and
// the Council decides.
func TestEcoTieByValue(t *testing.T) {
	g := GameTally{Rules: rulebookRules(), Players: []PlayerTally{
		{Name: "Ann", Seat: 1, Prestige: 50, Eco: 4, EcoPos: 7, Council: 2},
		{Name: "Ben", Seat: 2, Prestige: 50, Eco: 4, EcoPos: 6, Council: 1},
	}}
	if a := Score(g).Player("Ann"); a.Rank != 1 || !strings.Contains(a.Decided, "eco") {
		t.Errorf("by position Ann is first on the report: rank %d decided %q", a.Rank, a.Decided)
	}
	g.Rules.EcoTieByValue = true
	if b := Score(g).Player("Ben"); b.Rank != 1 || !strings.Contains(b.Decided, "better council position") {
		t.Errorf("by value the report ties and the Council puts Ben first: rank %d decided %q", b.Rank, b.Decided)
	}
}

func TestMerchantAndSolo(t *testing.T) {
	g := GameTally{Rules: rulebookRules(), Solo: true, MerchantLevel: "Balthazar, hard", Players: []PlayerTally{
		{Name: "Ann", Seat: 1, Prestige: 40, Cards: cards("marne", 2, "reims", 1, "blancs", 1, "sezanne", 1, "bar", 1),
			Still: 12, Cellar: 3, Eco: 4, EcoPos: 7, Council: 1, Protection: true},
		{Name: MerchantName, Seat: 2, Merchant: true, Prestige: 35, Cellar: 6, Oeno: 3, Eco: 1, EcoPos: 4, Council: 2},
	}}
	r := Score(g)
	ann, wm := r.Player("Ann"), r.Player(MerchantName)
	if want := []int{40, 0, 0, 0, 4, 4, 1}; !reflect.DeepEqual(ann.Points, want) {
		t.Errorf("solo player scores %v, want %v (vineyards and winery ignored)", ann.Points, want)
	}
	if want := []int{35, 0, 0, 0, 12, 1, 0}; !reflect.DeepEqual(wm.Points, want) {
		t.Errorf("merchant scores %v, want %v", wm.Points, want)
	}
	if ann.Level != "beat the Wine Merchant (Balthazar, hard)" {
		t.Errorf("level %q", ann.Level)
	}
	g.Rules.SoloProtection = false
	g.Players[0].Prestige = 39
	r = Score(g)
	if ann := r.Player("Ann"); ann.Total != 47 || ann.Level != "lost to the Wine Merchant (Balthazar, hard)" {
		t.Errorf("solo-protection=ignored: Ann %d %q", ann.Total, ann.Level)
	}
}

// The counts by region index (RegionCards, RegionGrapes: the engine's
// tally) score as the maps do: ties on cards, broken by grapes or split,
// a region nobody holds, the Wine Merchant.
func TestRegionSlicesScoreAsMaps(t *testing.T) {
	ru := rulebookRules()
	g := GameTally{Rules: ru, Players: []PlayerTally{
		{Name: "Ann", Seat: 1, Prestige: 30, Cards: cards("marne", 2, "reims", 1, "blancs", 2, "sezanne", 1, "bar", 1),
			Grapes: cards("marne", 5, "reims", 2, "blancs", 4), Still: 7, Cellar: 2, Council: 1},
		{Name: "Ben", Seat: 2, Prestige: 31, Cards: cards("marne", 2, "blancs", 2, "sezanne", 3),
			Grapes: cards("marne", 3, "blancs", 4, "sezanne", 6), Council: 2},
		{Name: "Cal", Seat: 3, Prestige: 29, Cards: cards("reims", 1, "bar", 1), Grapes: cards("reims", 2, "bar", 1), Council: 3},
		{Name: MerchantName, Merchant: true, Prestige: 20, Cards: cards("marne", 9), Cellar: 4, Council: 4},
	}}
	want := Score(g)
	for i := range g.Players {
		p := &g.Players[i]
		p.RegionCards, p.RegionGrapes = make([]int, len(ru.Regions)), make([]int, len(ru.Regions))
		for ri, r := range ru.Regions {
			p.RegionCards[ri], p.RegionGrapes[ri] = p.Cards[r], p.Grapes[r]
		}
		p.Cards, p.Grapes = nil, nil
	}
	if got := Score(g); !reflect.DeepEqual(got, want) {
		t.Errorf("by region index:\n%+v\nwith maps:\n%+v", got, want)
	}
	if len(want.Notes) < 2 {
		t.Errorf("the tallies should tie on two regions at least: %v", want.Notes)
	}
}
