package champagne

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vintner/vintner/score"
)

// Game is the result's game name.
const Game = "age-of-champagne"

// MerchantName is the Wine Merchant's name in results when a tally gives none.
const MerchantName = "Wine Merchant"

// Rules are the final-scoring numbers and house rulings in force; the
// caller fills them from the component tables (tables.Tables.ScoreRules).
type Rules struct {
	Regions []string // the scoring regions, in order
	// RegionNames gives a region's printed name for notes (key if absent).
	RegionNames       map[string]string
	DiversificationPP int // per full set of the regions
	// DiversificationOnce pays one full set only (option
	// diversification=once); the default pays every set ("if a player owns
	// 2 vineyards per region, he gains 10 Prestige Points").
	DiversificationOnce bool
	MajorPP             int // for the most cards of a region
	// MajorSplitCeil rounds a shared majority's share up (option
	// major-split=ceil); the default rounds down.
	MajorSplitCeil bool
	StillBatch     int // still wines per batch
	StillPP        int // PP per batch of still wines
	CuveeBatch     int // cuvées per batch
	CuveePP        int // PP per batch of cuvées
	// GridCuvees counts the cubes on the Marketing Strategy grid as cuvées
	// (option grid-cuvees=counted); by default only the cellar and the
	// œnothèque count.
	GridCuvees bool
	// SoloProtection keeps the unused protection token's point in solo
	// scoring (option solo-protection, default counted).
	SoloProtection bool
	ProtectionPP   int // for an unused Protection against the cold token
	// EcoTieByValue compares the printed eco values instead of the
	// positions on the report (option eco-tiebreak=value).
	EcoTieByValue bool
}

// PlayerTally is one player's end-of-game counts.
type PlayerTally struct {
	Name string // as in the record
	Seat int    // 1-based seating order (0: the Wine Merchant, after the players)
	// Merchant marks the Wine Merchant: he scores his prestige, his cuvées
	// (cellar and œnothèque) and his eco report only.
	Merchant bool
	Prestige int            // PP on the score track at the end of round 10
	Cards    map[string]int // Vineyard cards per region, the Coteaux Vitryats in the region chosen and a land token as a card
	Grapes   map[string]int // grapes produced per region (the majority tie-break)
	// RegionCards and RegionGrapes, when RegionCards is not nil, are the
	// counts of Cards and Grapes by index in Rules.Regions, read instead
	// of the maps (the engine's tally: maps keyed by region showed in the
	// profiles). A region without a card counts 0 in either form.
	RegionCards, RegionGrapes []int
	Still                     int // still wines in the winery
	Cellar                    int // cuvées in the cellar
	Oeno                      int // cuvées in the œnothèque (part of the cellar)
	Grid                      int // cubes on the Marketing Strategy grid
	Eco                       int // value of the eco-responsibility report
	EcoPos                    int // position on the report (0 = bottom), the tie-break
	Council                   int // position at the Council of Cellar Masters, 1 = first
	// Protection: the player still holds an unused Protection against the
	// cold token.
	Protection bool
}

// cards is the player's Cards in region r, the ri-th of Rules.Regions.
func (p *PlayerTally) cards(ri int, r string) int {
	if p.RegionCards != nil {
		return p.RegionCards[ri]
	}
	return p.Cards[r]
}

// grapes is the player's Grapes in region r, the ri-th of Rules.Regions.
func (p *PlayerTally) grapes(ri int, r string) int {
	if p.RegionCards != nil {
		return p.RegionGrapes[ri]
	}
	return p.Grapes[r]
}

// GameTally is the whole table's end-of-game counts.
type GameTally struct {
	Players []PlayerTally // in seat order, the Wine Merchant last
	// Solo is a one-player game against the Wine Merchant: the player's
	// final scoring "follows the same rules as for the Wine Merchant:
	// ignoring the vineyards and the winery's inventory".
	Solo bool
	// MerchantLevel names the Wine Merchant's difficulty for the solo
	// verdict ("Mathusalem, medium"); "" when not known.
	MerchantLevel string
	Rules         Rules // numbers and rulings of the tables in force
}

// Majority is how one region's Major Vineyard went.
type Majority struct {
	Region string // region key
	Most   int    // most cards any player holds there (0: nobody scores)
	Tied   []int  // indices of the players with that many cards
	// ByGrapes is set when a tie on cards was broken (or narrowed) by the
	// grapes produced in the region.
	ByGrapes bool
	Winners  []int // indices of the players who score
	Each     int   // PP each winner gets
}

// vineyardsCount reports whether a player's vineyards and winery score.
func vineyardsCount(t *GameTally, p *PlayerTally) bool { return !p.Merchant && !t.Solo }

// Majorities works out the Major Vineyard of each region: the most cards
// wins; a tie goes to the most grapes produced in the region; a tie again
// splits the points equally (rounded down, or up with MajorSplitCeil).
// The Wine Merchant and solo players take no part.
func Majorities(t GameTally) []Majority {
	ms, buf := majorities(&t, make([]majority, 0, len(t.Rules.Regions)), make([]int, 0, 2*len(t.Rules.Regions)*len(t.Players)))
	out := make([]Majority, len(ms))
	for i, m := range ms {
		out[i] = m.of(buf)
	}
	return out
}

// majority is a Majority with its Tied and Winners as runs of a list of
// player indices (majorities' buf), so that Score can keep both on its
// stack: a Majority holding slices of the list put the list on the heap.
type majority struct {
	region        string
	most, each    int
	tied, winners [2]int32 // from, to in the list
	byGrapes      bool
}

// of is m as a Majority, its lists cut from buf with no room past their
// ends, nil when empty.
func (m *majority) of(buf []int) Majority {
	out := Majority{Region: m.region, Most: m.most, ByGrapes: m.byGrapes, Each: m.each,
		Tied: carve(buf, int(m.tied[0]), int(m.tied[1])), Winners: carve(buf, int(m.winners[0]), int(m.winners[1]))}
	if m.winners == m.tied {
		out.Winners = out.Tied
	}
	return out
}

// majorities is Majorities into the given buffers: out for the regions;
// buf for the indices of Tied and Winners of every region. It returns
// both, grown.
func majorities(t *GameTally, out []majority, buf []int) ([]majority, []int) {
	for ri, r := range t.Rules.Regions {
		m := majority{region: r}
		from := len(buf)
		for i := range t.Players {
			p := &t.Players[i] // not copied: a tally is large
			if !vineyardsCount(t, p) {
				continue
			}
			n := p.cards(ri, r)
			switch {
			case n <= 0:
			case n > m.most:
				m.most, buf = n, append(buf[:from], i)
			case n == m.most:
				buf = append(buf, i)
			}
		}
		m.tied = [2]int32{int32(from), int32(len(buf))}
		m.winners = m.tied
		if tied := len(buf) - from; tied > 1 {
			best := -1
			for _, i := range buf[from:] {
				best = max(best, t.Players[i].grapes(ri, r))
			}
			wfrom := len(buf)
			for j := from; j < from+tied; j++ { // by index: buf grows
				if i := buf[j]; t.Players[i].grapes(ri, r) == best {
					buf = append(buf, i)
				}
			}
			m.winners = [2]int32{int32(wfrom), int32(len(buf))}
			m.byGrapes = len(buf)-wfrom < tied
		}
		if k := int(m.winners[1] - m.winners[0]); k > 0 {
			if t.Rules.MajorSplitCeil {
				m.each = (t.Rules.MajorPP + k - 1) / k
			} else {
				m.each = t.Rules.MajorPP / k
			}
		}
		out = append(out, m)
	}
	return out, buf
}

// carve is buf[from:to] with no room past its end, nil when empty.
func carve(buf []int, from, to int) []int {
	if to == from {
		return nil
	}
	return buf[from:to:to]
}

// maxSeats is the most places at an AOC table: 4 Houses, or 3 and the
// Wine Merchant.
const maxSeats = 5

// resultMemory holds a result of up to maxSeats players: the result, its
// players, their points and tie-break values, and the first notes, in one
// allocation (they were four and more).
type resultMemory struct {
	result  score.Result
	players [maxSeats]score.PlayerResult
	nums    [maxSeats * (CatProtection + 1 + 2*2)]int
	notes   [4]string
}

// Score turns a tally into the final result: each player's points per
// Category, the tie-break values (eco position, council position) and the
// ranking. A solo game adds the verdict against the Wine Merchant.
func Score(t GameTally) *score.Result {
	ru := t.Rules
	mem := new(resultMemory)
	res := &mem.result
	*res = score.Result{Game: Game, Categories: Categories, TieBreaks: TieBreaks, Players: mem.players[:0]}
	if len(t.Players) > len(mem.players) {
		res.Players = make([]score.PlayerResult, 0, len(t.Players))
	}
	// The majorities are worked out on the stack (the result keeps none
	// of them) when the regions and players are few.
	var majorBuf [8]majority
	var indexBuf [2 * 8 * maxSeats]int
	majors, indices := majorities(&t, majorBuf[:0], indexBuf[:0])
	// The players' points and tie-break values, in one buffer.
	nc, nt := len(Categories), 2
	nums := mem.nums[:]
	if n := (nc + 2*nt) * len(t.Players); n <= len(nums) && nc == CatProtection+1 {
		nums = nums[:n]
	} else {
		nums = make([]int, n)
	}
	points, ties := nums[:nc*len(t.Players)], nums[nc*len(t.Players):]
	ties, shown := ties[:nt*len(t.Players)], ties[nt*len(t.Players):]
	for i := range t.Players {
		p := &t.Players[i]
		pts := points[i*nc : (i+1)*nc : (i+1)*nc]
		pts[CatPrestige] = p.Prestige
		if vineyardsCount(&t, p) {
			pts[CatRegions] = diversificationOf(&ru, p)
			for k := range majors {
				m := &majors[k]
				for _, w := range indices[m.winners[0]:m.winners[1]] {
					if w == i {
						pts[CatMajor] += m.each
					}
				}
			}
			if ru.StillBatch > 0 {
				pts[CatStill] = p.Still / ru.StillBatch * ru.StillPP
			}
		}
		cuvees := p.Cellar + p.Oeno
		// The Merchant scores "cuvees in the cellar and in the œnotheque
		// only", whatever the players' grid counts for.
		if ru.GridCuvees && !p.Merchant {
			cuvees += p.Grid
		}
		if ru.CuveeBatch > 0 {
			pts[CatCuvees] = cuvees / ru.CuveeBatch * ru.CuveePP
		}
		pts[CatEco] = p.Eco
		if p.Protection && !p.Merchant && (!t.Solo || ru.SoloProtection) {
			pts[CatProtection] = ru.ProtectionPP
		}
		eco := p.EcoPos
		if ru.EcoTieByValue {
			eco = p.Eco
		}
		tie := ties[i*nt : (i+1)*nt : (i+1)*nt]
		tie[0], tie[1] = eco, p.Council
		// The notes print the report's value, as the Eco report row
		// does, not the position compared.
		show := shown[i*nt : (i+1)*nt : (i+1)*nt]
		show[0], show[1] = p.Eco, p.Council
		pr := score.PlayerResult{Name: p.Name, Seat: p.Seat, Points: pts, TieBreak: tie, TieShown: show}
		if p.Merchant {
			pr.Note = "the Wine Merchant scores his cuvées and eco report only"
		} else if t.Solo {
			pr.Note = "solo: vineyards and winery not scored"
		}
		res.Players = append(res.Players, pr)
	}
	for k := range majors {
		if m := &majors[k]; m.tied[1]-m.tied[0] >= 2 {
			if res.Notes == nil {
				res.Notes = mem.notes[:0]
			}
			res.Notes = append(res.Notes, majorNote(t, m.of(indices)))
		}
	}
	res.Rank()
	if t.Solo {
		soloVerdict(t, res)
	}
	return res
}

// majorNote explains a tied Major Vineyard: "Major vineyard Marne: Ann,
// Ben tied on 2 cards; Ben produces the most grapes there and takes 2".
// Written piece by piece into one string (fmt.Sprintf showed in the
// profiles).
func majorNote(t GameTally, m Majority) string {
	ru := t.Rules
	var b strings.Builder
	b.Grow(128)
	b.WriteString("Major vineyard ")
	b.WriteString(ru.regionName(m.Region))
	b.WriteString(": ")
	if len(m.Winners) == 1 {
		writeNames(&b, t, m.Tied)
		b.WriteString(" tied on ")
		b.WriteString(strconv.Itoa(m.Most))
		if m.Most == 1 {
			b.WriteString(" card; ")
		} else {
			b.WriteString(" cards; ")
		}
		b.WriteString(t.Players[m.Winners[0]].Name)
		b.WriteString(" produces the most grapes there and takes ")
		b.WriteString(strconv.Itoa(m.Each))
		return b.String()
	}
	rounding := "rounded down"
	if ru.MajorSplitCeil {
		rounding = "rounded up"
	}
	writeNames(&b, t, m.Winners)
	b.WriteString(" tied on cards and grapes; the ")
	b.WriteString(strconv.Itoa(ru.MajorPP))
	b.WriteString(" points are split, ")
	b.WriteString(strconv.Itoa(m.Each))
	b.WriteString(" each (")
	b.WriteString(rounding)
	b.WriteString(")")
	return b.String()
}

// writeNames writes the names of the players of the given indices: "Ann,
// Ben".
func writeNames(b *strings.Builder, t GameTally, idx []int) {
	for k, i := range idx {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.Players[i].Name)
	}
}

// diversification is the PP for full sets of the regions.
func diversification(ru Rules, p PlayerTally) int { return diversificationOf(&ru, &p) }

// diversificationOf is diversification without copying the rules and the
// tally.
func diversificationOf(ru *Rules, p *PlayerTally) int {
	if len(ru.Regions) == 0 {
		return 0
	}
	sets := -1
	for ri, r := range ru.Regions {
		n := max(p.cards(ri, r), 0)
		if sets < 0 || n < sets {
			sets = n
		}
	}
	if ru.DiversificationOnce {
		sets = min(sets, 1)
	}
	return sets * ru.DiversificationPP
}

// soloVerdict writes, on the solo player's line, whether they beat the
// Wine Merchant at the chosen difficulty.
func soloVerdict(t GameTally, res *score.Result) {
	var human, merchant *score.PlayerResult
	for i := range res.Players {
		p := &res.Players[i]
		if isMerchant(t, p.Name) {
			merchant = p
		} else if human == nil {
			human = p
		}
	}
	if human == nil || merchant == nil {
		return
	}
	level := ""
	if t.MerchantLevel != "" {
		level = " (" + t.MerchantLevel + ")"
	}
	switch {
	case human.Rank == merchant.Rank:
		human.Level = "tied with the Wine Merchant" + level
	case human.Rank < merchant.Rank:
		human.Level = "beat the Wine Merchant" + level
	default:
		human.Level = "lost to the Wine Merchant" + level
	}
	res.Notes = append(res.Notes, fmt.Sprintf("solo: %s %s, %d to %d", human.Name, human.Level, human.Total, merchant.Total))
}

func isMerchant(t GameTally, name string) bool {
	for _, p := range t.Players {
		if p.Name == name {
			return p.Merchant
		}
	}
	return false
}

func (r Rules) regionName(key string) string {
	if n, ok := r.RegionNames[key]; ok && n != "" {
		return n
	}
	return key
}
