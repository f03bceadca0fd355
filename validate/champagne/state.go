package champagne

import (
	"fmt"
	"sort"
	"strings"

	"github.com/vintner/vintner/validate"
)

// Letters of the cubes: still wines and grapes M P C, cuvées T N B. A cuvée
// has the colour of the grape of the same index (Tradition Brut is blue,
// like Meunier).
const (
	grapeLetters = "MPC"
	cuveeLetters = "TNB"
)

var grapeNames = [3]string{"Meunier", "Pinot noir", "Chardonnay"}
var cuveeNames = [3]string{"Tradition Brut", "Blanc de noirs", "Blanc de blancs"}

// Zones in resolution order (zone numbers 1..6 on the board), then the
// council (8).
var zoneOrder = zoneNames[:]

var zoneNames = [...]string{"vineyard", "press", "winery", "marketing", "shipping", "draw", "council"}

// zoneIndex is a zone's index in zoneNames, -1 for no zone.
func zoneIndex(z string) int {
	switch z {
	case "vineyard":
		return 0
	case "press":
		return 1
	case "winery":
		return 2
	case "marketing":
		return 3
	case "shipping":
		return 4
	case "draw":
		return 5
	case "council":
		return 6
	}
	return -1
}

// zone is the spots of a zone this round (nil for no zone).
func (s *state) zone(z string) []occupant {
	if i := zoneIndex(z); i >= 0 {
		return s.board[i]
	}
	return nil
}

type owned struct {
	card   *vineCard
	region int // where it lies above the board (a Coteaux Vitryats card: the chosen region)
}

// player is one House, or the Wine Merchant.
type player struct {
	name      string
	merchant  bool
	pp        int
	eco       int // index on the report
	press     int
	pressTok  bool // the level-14 token was drawn
	modules   int
	still     [3]int
	cellar    [3]int
	oeno      [3]int
	grid      [3]int
	vines     []owned
	land      []int          // land ownership tokens: regions
	tokens    map[string]int // free-use tokens held
	collabs   int            // collaborators owned
	stars     int
	vineStar  int  // stars of his best Vineyard inheritance card
	inherited bool // his inheritance is resolved
	discUsed  bool // his third disc is on the board this round
	protected bool // he used the protection against the cold this round
	reserved  string
	transport map[string]bool // cards a transport token applies to this round
	harvest   harvestDone     // this round's harvest, when the rules left no choice
}

// harvestDone is a harvest the engine derived (nothing fits, everything
// fits, or one kind of grape): a harvest line for it may still be written.
type harvestDone struct {
	derived bool
	written bool   // a harvest line confirmed it
	take    [3]int // the grapes pressed
	prod    [3]int // the grapes the vineyards produced
	cap     int    // what the press level and the winery took
	full    bool   // the winery was full
}

func (p *player) cellarCount() int { return p.cellar[0] + p.cellar[1] + p.cellar[2] }
func (p *player) oenoCount() int   { return p.oeno[0] + p.oeno[1] + p.oeno[2] }
func (p *player) stillCount() int  { return p.still[0] + p.still[1] + p.still[2] }

// marketCard is one Market card as declared by the record.
type marketCard struct {
	ID        string
	Sector    int
	Cuvees    [3]int
	PP        int
	Transport string
}

func (c *marketCard) count() int { return c.Cuvees[0] + c.Cuvees[1] + c.Cuvees[2] }

type sector struct {
	active, prov *marketCard
	tokens       int // face-down tokens still on the active space
	seen         map[string]*marketCard
	discard      map[string]*marketCard
	reshuffled   bool // the stack was rebuilt from the discards
	pending      int  // refills owed at the end of a pandemic round
}

// occupant of an action spot: a player index, or blocked.
type occupant struct {
	who  int // -1 free, -2 a High Tension blocking disc
	disc bool
}

var free = occupant{who: -1}

type wantKind int

const (
	wSetupOffers wantKind = iota
	wSetupMarket
	wInherit
	wRoundStart // auto: prepares the round
	wEvent
	wCorks
	wMerchantEvent
	wPlace
	wAuto // runs fn
	wPlant
	wToken
	wOeno
	wShip
	wMerchantShip
	wMarket
	wDraw
	wHarvest
	wGrid // grid-transfer written: the n+1 step's cuvées
	wOffers
	wFinal
	wDone
)

// autoStep is an automatic step (wAuto): named rather than a closure, so
// that queuing it allocates nothing.
type autoStep int

const (
	stepSetupDone autoStep = iota
	stepStartPlacement
	stepStartResolution
	stepTakeVineyard // who, spot
	stepBuild        // zone, spot, who
	stepPaySubsidies
	stepPromote // spot, who
	stepHold    // spot, who: the Wine Merchant waits on n+1
	stepHarvest
	stepHarvestFrom // spot: the council position to go on from
	stepEndSeason
	stepMerchantCorks
)

type want struct {
	kind   wantKind
	step   autoStep
	zone   int // zoneIndex
	who    int
	card   *vineCard
	sector int
	spot   int
	reason string
}

// state is a game being replayed.
type state struct {
	r        *rules
	players  []*player // humans in seating order, then the Wine Merchant
	humans   int
	merchant *player
	level    string // Wine Merchant difficulty
	first    bool   // first-game variant
	partner  bool   // trade partnership
	tension  bool   // high tension
	round    int
	order    []int // council order: player indices, first to play first

	offers     []*vineCard
	vineSeen   []bool // by index in rules.Vineyards: the card has come up
	vineDisc   map[string]*vineCard
	sectors    []*sector
	eventsSeen map[string]int
	event      string
	eventArg   int // sector, region or grape of the event
	keyCheck   *keyCheck

	board    [len(zoneNames)][]occupant // per zone (zoneIndex): the spots
	holdN1   [2]int                     // collaborators moved to the n+1 marketing spots (-1 none)
	placed   []int                      // collaborators placed this round per player
	turn     int                        // index in order of the player to place next
	blocked  map[string]int
	resolved map[string]bool

	tokensOut   map[string]int // known out of the supply: held or discarded face up
	tokensHeld  map[string]int
	tokenSupply int
	tokenDisc   int

	inheritSeen   map[string]int // inheritance cards kept
	inheritKinds  map[string]int // inheritance cards kept, per kind
	dealt         map[string]bool
	deals         [][]string // inheritance cards dealt to each player (optional)
	picks         [][]string
	inheritLines  []*validate.Line
	pending       []want
	finished      bool
	harvestRun    bool // this round's harvest has been brought in
	placementDone bool // this round's collaborators are all placed
	subsidized    map[string]bool
	subsidies     []int // players owed a subsidies token this round, in resolution order
	final         *finalScore

	asPlayed bool             // --as-played: apply what can be applied, note the error
	disputes []*ruleError     // errors applied as played by the current line
	scratch  []want           // reused to line up the resolution
	extra    map[string][]int // --as-played: spots taken twice this round (zone -> the real spot of each extra place)
}

// dispute notes a broken rule. As played, the action is applied as written
// and the error is reported with the game going on; otherwise it stops the
// replay.
func (s *state) dispute(e *ruleError) *ruleError {
	if !s.asPlayed {
		return e
	}
	s.disputes = append(s.disputes, e)
	return nil
}

// keyCheck remembers the key region or grape of a localized event, to be
// compared with the card that comes to the top-left of the board.
type keyCheck struct {
	event   string
	region  int
	grape   int
	chooser int // -1: the card decides
	line    int
}

// pending is a stack: the next expected step is its last element, so that
// pushing steps in front of the others reuses the slice.
func (s *state) pushFront(ws ...want) {
	for i := len(ws) - 1; i >= 0; i-- {
		s.pending = append(s.pending, ws[i])
	}
}

func (s *state) next() want {
	if len(s.pending) == 0 {
		return want{kind: wDone}
	}
	return s.pending[len(s.pending)-1]
}

func (s *state) pop() { s.pending = s.pending[:len(s.pending)-1] }

// seats counts the places at the table, the Wine Merchant included.
func (s *state) seats() int { return len(s.players) }

func (s *state) nameOf(i int) string {
	if i < 0 || i >= len(s.players) {
		return "nobody"
	}
	return s.players[i].name
}

// called names a player inside a sentence: "the Wine Merchant", or the
// player's name.
func (s *state) called(i int) string {
	if i >= 0 && i < len(s.players) && s.players[i].merchant {
		return "the Wine Merchant"
	}
	return s.nameOf(i)
}

func cubes(c [3]int, letters string) string {
	var b strings.Builder
	for i := range 3 {
		b.WriteString(strings.Repeat(letters[i:i+1], c[i]))
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// Text describes the state for `vintner replay`.
func (s *state) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d", s.round)
	if s.event != "" {
		fmt.Fprintf(&b, ", event %s", s.event)
	}
	b.WriteString("\ncouncil:")
	for i, p := range s.order {
		fmt.Fprintf(&b, " %d.%s", i+1, s.players[p].name)
	}
	b.WriteString("\noffers:")
	for _, c := range s.offers {
		if c != nil {
			b.WriteString(" " + c.ID)
		}
	}
	b.WriteString("\nmarkets:")
	for i, sec := range s.sectors {
		fmt.Fprintf(&b, " %s", s.r.SectorNames[i])
		for _, c := range []*marketCard{sec.active, sec.prov} {
			if c != nil {
				fmt.Fprintf(&b, " %s(%s %d %s)", c.ID, cubes(c.Cuvees, cuveeLetters), c.PP, c.Transport)
			} else {
				b.WriteString(" -")
			}
		}
		fmt.Fprintf(&b, " tokens=%d;", sec.tokens)
	}
	b.WriteByte('\n')
	for _, p := range s.players {
		fmt.Fprintf(&b, "%s: pp=%d eco=%d", p.name, p.pp, s.r.ecoValue(p.eco))
		if !p.merchant {
			fmt.Fprintf(&b, " press=%d modules=%d still=%s", p.press, p.modules, cubes(p.still, grapeLetters))
		}
		fmt.Fprintf(&b, " cellar=%s oeno=%s grid=%s", cubes(p.cellar, cuveeLetters), cubes(p.oeno, cuveeLetters), cubes(p.grid, cuveeLetters))
		if len(p.vines) > 0 {
			var v []string
			for _, o := range p.vines {
				v = append(v, o.card.ID+"@"+s.r.Regions[o.region])
			}
			fmt.Fprintf(&b, " vineyards=%s", strings.Join(v, ","))
		}
		if len(p.tokens) > 0 {
			var t []string
			for k, n := range p.tokens {
				for range n {
					t = append(t, k)
				}
			}
			sort.Strings(t)
			fmt.Fprintf(&b, " tokens=%s", strings.Join(t, ","))
		}
		b.WriteByte('\n')
	}
	if s.final != nil {
		b.WriteString("game over\n")
	} else {
		fmt.Fprintf(&b, "next: %s\n", s.expectText())
	}
	return b.String()
}
