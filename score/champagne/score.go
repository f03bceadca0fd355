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
	return majorities(t, make([]Majority, 0, len(t.Rules.Regions)), make([]int, 0, 2*len(t.Rules.Regions)*len(t.Players)))
}

// majorities is Majorities into the given buffers: out for the regions;
// buf for Tied and Winners of every region, each with no room past its end
// (two slices per region showed in the profiles).
func majorities(t GameTally, out []Majority, buf []int) []Majority {
	for ri, r := range t.Rules.Regions {
		m := Majority{Region: r}
		from := len(buf)
		for i := range t.Players {
			p := &t.Players[i] // not copied: a tally is large
			if !vineyardsCount(&t, p) {
				continue
			}
			n := p.cards(ri, r)
			switch {
			case n <= 0:
			case n > m.Most:
				m.Most, buf = n, append(buf[:from], i)
			case n == m.Most:
				buf = append(buf, i)
			}
		}
		m.Tied = carve(buf, from)
		m.Winners = m.Tied
		if len(m.Tied) > 1 {
			best := -1
			for _, i := range m.Tied {
				best = max(best, t.Players[i].grapes(ri, r))
			}
			from := len(buf)
			for _, i := range m.Tied {
				if t.Players[i].grapes(ri, r) == best {
					buf = append(buf, i)
				}
			}
			m.Winners = carve(buf, from)
			m.ByGrapes = len(m.Winners) < len(m.Tied)
		}
		if k := len(m.Winners); k > 0 {
			if t.Rules.MajorSplitCeil {
				m.Each = (t.Rules.MajorPP + k - 1) / k
			} else {
				m.Each = t.Rules.MajorPP / k
			}
		}
		out = append(out, m)
	}
	return out
}

// carve is buf[from:] with no room past its end, nil when empty.
func carve(buf []int, from int) []int {
	if len(buf) == from {
		return nil
	}
	return buf[from:len(buf):len(buf)]
}

// Score turns a tally into the final result: each player's points per
// Category, the tie-break values (eco position, council position) and the
// ranking. A solo game adds the verdict against the Wine Merchant.
func Score(t GameTally) *score.Result {
	ru := t.Rules
	res := &score.Result{Game: Game, Categories: Categories, TieBreaks: TieBreaks}
	res.Players = make([]score.PlayerResult, 0, len(t.Players))
	// The majorities are listed on the stack (the result keeps none of
	// them) when the regions are few.
	var majorBuf [8]Majority
	majors := majorities(t, majorBuf[:0], make([]int, 0, 2*len(t.Rules.Regions)*len(t.Players)))
	// The players' points and tie-break values, in one buffer.
	nc, nt := len(Categories), 2
	nums := make([]int, (nc+2*nt)*len(t.Players))
	points, ties := nums[:nc*len(t.Players)], nums[nc*len(t.Players):]
	ties, shown := ties[:nt*len(t.Players)], ties[nt*len(t.Players):]
	for i := range t.Players {
		p := &t.Players[i]
		pts := points[i*nc : (i+1)*nc : (i+1)*nc]
		pts[CatPrestige] = p.Prestige
		if vineyardsCount(&t, p) {
			pts[CatRegions] = diversificationOf(&ru, p)
			for _, m := range majors {
				for _, w := range m.Winners {
					if w == i {
						pts[CatMajor] += m.Each
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
	for _, m := range majors {
		if len(m.Tied) >= 2 {
			res.Notes = append(res.Notes, majorNote(t, m))
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
