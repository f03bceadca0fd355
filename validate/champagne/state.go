package champagne

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/vintner/vintner/internal/reuse"
	"github.com/vintner/vintner/score/champagne"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
)

// Letters of the cubes: still wines and grapes M P C, cuvées T N B. A cuvée
// has the colour of the grape of the same index (Tradition Brut is blue,
// like Meunier).
const (
	grapeLetters = tables.GrapeLetters
	cuveeLetters = tables.CuveeLetters
)

var grapeNames = [3]string{"Meunier", "Pinot noir", "Chardonnay"}
var cuveeNames = [3]string{"Tradition Brut", "Blanc de noirs", "Blanc de blancs"}

// Zones in resolution order (zone numbers 1..6 on the board), then the
// council (8).
var zoneOrder = zoneNames[:]

var zoneNames = [...]string{"vineyard", "press", "winery", "marketing", "shipping", "draw", "council"}

// Zone indices in zoneNames, for the engine's own lookups (a zone named by
// a string showed in the profiles).
const (
	zVineyard = iota
	zPress
	zWinery
	zMarketing
	zShipping
	zDraw
	zCouncil
)

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
	grapes    [3]int // what the vines produce in all, kept up to date (addVine)
	land      []int  // land ownership tokens: regions
	tokens    []int  // free-use tokens held, per kind (rules.tokenKinds)
	collabs   int    // collaborators owned
	stars     int
	vineStar  int  // stars of his best Vineyard inheritance card
	inherited bool // his inheritance is resolved
	discUsed  bool // his third disc is on the board this round
	protected bool // he used the protection against the cold this round
	reserved  string
	resKey    int         // the reserved card's key (state.cardKey)
	transport []int       // the keys (state.cardKey) of the cards a transport token applies to this round
	harvest   harvestDone // this round's harvest, when the rules left no choice
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

// token is how many tokens of a kind (rules.tokenKinds index, -1 for
// none) the player holds.
func (p *player) token(kind int) int {
	if kind < 0 {
		return 0
	}
	return p.tokens[kind]
}

// addVine gives the player a vineyard card.
func (p *player) addVine(o owned) {
	p.vines = append(p.vines, o)
	p.grapes[o.card.Grape] += o.card.Qty
}

func (p *player) cellarCount() int { return p.cellar[0] + p.cellar[1] + p.cellar[2] }
func (p *player) oenoCount() int   { return p.oeno[0] + p.oeno[1] + p.oeno[2] }
func (p *player) stillCount() int  { return p.still[0] + p.still[1] + p.still[2] }

// marketCard is one Market card as declared by the record.
type marketCard struct {
	key       int // the id's number in the game (state.cardKey)
	ID        string
	Sector    int
	Cuvees    [3]int
	PP        int
	Transport string
}

type sector struct {
	active, prov *marketCard
	tokens       int // face-down tokens still on the active space
	seenN        int // cards come up (state.seenCards holds them)
}

// occupant of an action spot: a player index, or blocked.
type occupant struct {
	who  int8 // -1 free, -2 a High Tension blocking disc; int8: a spot in two bytes, cleared and scanned every round
	disc bool
}

var free = occupant{who: -1}

type wantKind uint8

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
type autoStep uint8

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

// want is a step the record must take next (or an automatic one). It is
// kept small (10 bytes) and without pointers: steps are copied onto and off
// the stack of pending steps all the time, and a slice of pointer-free
// elements takes no write barriers while the collector runs. Its fields
// are grouped four at most at each level: the compiler then keeps a step
// in registers and copies it field by field (a step copied whole right
// after its one-byte fields were stored waited for those stores).
type want struct {
	kind     wantKind
	who      int8 // player index (a seat at the table)
	spot     int16
	wantArgs // the arguments of some kinds of step
}

// wantArgs are the arguments of some kinds of step.
type wantArgs struct {
	vine   int16 // wPlant: the card taken, its index in rules.Vineyards
	step   autoStep
	reason tokenReason // wToken: why the token is drawn
	wantArea
}

// wantArea is where a step takes place.
type wantArea struct {
	zone   int8 // zoneNames index
	sector int8
}

// tokenReason is why a bonus token is drawn, for the message (a string
// built per token showed in the allocation profile).
type tokenReason uint8

const (
	forSubsidies   tokenReason = iota + 1
	forPressLevel              // the press reaches the token's level
	forLinkedSpots             // zone: the zone of the linked spots
)

// vineCard is the card of a wPlant step.
func (w want) vineCard(r *rules) *vineCard { return &r.Vineyards[w.vine] }

// reasonText says why the token is drawn: "press level 14".
func (w want) reasonText(r *rules) string {
	switch w.reason {
	case forSubsidies:
		return "subsidies"
	case forPressLevel:
		return "press level " + strconv.Itoa(r.PressTokenAt)
	case forLinkedSpots:
		return "linked spots of the " + zoneNames[w.zone]
	}
	return ""
}

// eventKind is an event the rules test for by name, resolved once per
// round (the names were compared at every harvest and shipment).
type eventKind uint8

const (
	evOther eventKind = iota // no event, or one the engine does not test for
	evSubsidies
	evClimaticHazards
	evFallingSales
	evSalesIncrease
	evGlobalPandemic
	evAirportsStrike
	evSeaportsStrike
	evGrapesQuality
	evCorksDefect
)

func eventKindOf(kind string) eventKind {
	switch kind {
	case "subsidies":
		return evSubsidies
	case "climatic-hazards":
		return evClimaticHazards
	case "falling-sales":
		return evFallingSales
	case "sales-increase":
		return evSalesIncrease
	case "global-pandemic":
		return evGlobalPandemic
	case "airports-strike":
		return evAirportsStrike
	case "seaports-strike":
		return evSeaportsStrike
	case "grapes-quality":
		return evGrapesQuality
	case "corks-defect":
		return evCorksDefect
	}
	return evOther
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

	// tookVine is the card each vineyard spot's occupant took this round,
	// whose offer is gone: replay names the spot by it until the renewal.
	tookVine [maxSeats]*vineCard

	offers     []*vineCard
	vineSeen   []bool      // by index in rules.Vineyards: the card has come up
	vineUnseen int         // vineyard cards still in the stacks (none has come up)
	unseen     stackCounts // the same, counted by region and grape
	vineDisc   []bool      // by index in rules.Vineyards: the card is in the discards
	vineDiscN  int         // cards in the discards
	sectors    []*sector
	refills    []int8         // sectors owed a refill at the end of a pandemic round, in the order their cards were validated (ruling E11)
	seenCards  []*marketCard  // by key (cardKey): the market card of that id come up last, of every sector
	discarded  []bool         // by key: the card is in its sector's discards
	otherCards map[string]int // keys of the ids the tables do not print (see cardKey)
	eventsSeen []int          // per event kind (rules.eventIndex): the cards revealed
	eventsN    int            // event cards revealed
	event      string
	ev         eventKind // event, for the rules that test it
	eventPP    int       // event's prestige effect on market cards (rules.EventPP)
	eventArg   int       // sector, region or grape of the event
	keyCheck   *keyCheck

	board    [len(zoneNames)][]occupant // per zone (zoneIndex): the spots
	holdN1   [2]int                     // collaborators moved to the n+1 marketing spots (-1 none)
	holdDisc [2]bool                    // the one moved to that n+1 spot is an additional-action disc, not a collaborator
	placed   []int                      // collaborators placed this round per player
	turn     int                        // index in order of the player to place next
	toPlace  uint64                     // bit j: order[j] has a collaborator left to place this round (placeMask)
	blocked  [len(zoneNames)]int        // High Tension: per zone, the blocked spot + 1 (0: none)

	tokensOut   []int // per kind (rules.tokenKinds): known out of the supply, held or discarded face up
	tokensHeld  []int // per kind
	tokenSupply int
	tokenDisc   int

	inheritSeen   []int                      // inheritance cards kept, by inheritCard.first
	inheritKinds  [len(inheritKinds) + 1]int // inheritance cards kept, per kind (inheritKindIndex)
	dealt         []bool                     // inheritance cards dealt, by inheritCard.first
	dealtN        int                        // inheritance cards dealt
	deals         [][]string                 // inheritance cards dealt to each player (optional)
	picks         [][]string
	inheritLines  []*validate.Line
	pending       []want
	finished      bool
	harvestRun    bool // this round's harvest has been brought in
	placementDone bool // this round's collaborators are all placed
	subsidized    map[string]bool
	subsidies     []int // players owed a subsidies token this round, in resolution order
	final         *finalScore

	rec      *validate.Record      // the record replayed, for its lazy lines (validate.Record.Expand)
	asPlayed bool                  // --as-played: apply what can be applied, note the error
	disputes []*ruleError          // errors applied as played by the current line
	scratch  []want                // reused to line up the resolution
	claims   []*validate.Line      // the claim lines, as play passes them
	extra    [len(zoneNames)][]int // --as-played: spots taken twice this round (per zone: the real spot of each extra place)

	// Storage the fields above point into, kept when a state is recycled
	// for the next record (see reset).
	seat         [maxSeats]player
	seatPtrs     [maxSeats]*player
	offersSpare  []*vineCard // the offers being read, swapped with offers
	key          keyCheck    // what keyCheck points to
	finalBuf     finalScore  // what final points to
	tallyBuf     []champagne.PlayerTally
	cards        []marketCard // market cards declared, in blocks (see newCard)
	ships        []shipment   // the cards of a ship line
	best         []*marketCard
	kept         []keptCard
	hands        []string // checkDraft's hands, all in one
	hasDeal      [maxSeats]bool
	regionCounts []int // finish's counts per region: each player's cards, then his grapes
}

// maxSeats is the most places at the table: 4 Houses, or 3 and the Wine
// Merchant.
const maxSeats = 5

// spareStates keeps the states of batch replays (Options.NoState, when no
// caller keeps the state), emptied: the next records reuse their maps and
// slices. A channel rather than a sync.Pool, which drops its states at
// every collection, and a batch's small heap is collected often.
var spareStates = make(chan *state, 8)

// takeState returns a spare state (putState emptied it), or a new one,
// emptied as well.
func takeState() *state {
	select {
	case s := <-spareStates:
		return s
	default:
		s := new(state)
		s.reset() // a new state gets its maps
		return s
	}
}

// putState keeps a state no one uses any more for the next record.
func putState(s *state) {
	s.reset() // holds nothing of its record while it waits
	select {
	case spareStates <- s:
	default:
	}
}

// reset empties a state for a new game: every field is zero but the maps
// and slices, emptied and kept with their room.
func (s *state) reset() {
	old := *s
	*s = state{}
	s.order = old.order[:0]
	s.offers, s.offersSpare = clearPtrs(old.offers), clearPtrs(old.offersSpare)
	s.vineSeen, s.vineDisc = old.vineSeen[:0], old.vineDisc[:0]
	s.unseen.region = old.unseen.region[:0]
	s.sectors = old.sectors[:0]
	s.refills = old.refills[:0]
	s.seenCards, s.discarded = clearPtrs(old.seenCards), old.discarded[:0]
	s.otherCards = old.otherCards
	if len(s.otherCards) > 0 {
		clear(s.otherCards)
	}
	s.eventsSeen = old.eventsSeen[:0]
	for i := range old.board {
		s.board[i] = old.board[i][:0]
	}
	s.placed = old.placed[:0]
	s.tokensOut, s.tokensHeld = old.tokensOut[:0], old.tokensHeld[:0]
	s.inheritSeen, s.dealt = old.inheritSeen[:0], old.dealt[:0]
	s.deals, s.picks = old.deals[:0], old.picks[:0]
	s.inheritLines = clearPtrs(old.inheritLines)
	s.pending, s.scratch = old.pending[:0], old.scratch[:0]
	s.claims = clearPtrs(old.claims)
	s.subsidized = emptied(old.subsidized)
	s.subsidies = old.subsidies[:0]
	s.disputes = clearPtrs(old.disputes)
	for i := range old.seat {
		s.seat[i].vines, s.seat[i].land = old.seat[i].vines, old.seat[i].land
		s.seat[i].tokens, s.seat[i].transport = old.seat[i].tokens, old.seat[i].transport
	}
	s.tallyBuf = old.tallyBuf
	s.regionCounts = old.regionCounts
	s.cards = old.cards[:0]
	s.ships, s.best, s.kept, s.hands = old.ships[:0], clearPtrs(old.best), old.kept[:0], old.hands[:0]
}

// emptied clears a map for reuse; a nil map becomes an empty one.
func emptied[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	clear(m)
	return m
}

// clearPtrs empties a slice of pointers, dropping what they held.
func clearPtrs[T any](xs []*T) []*T {
	clear(xs[:cap(xs)])
	return xs[:0]
}

// newPlayer seats the next player, reusing the seat's buffers.
func (s *state) newPlayer(p player) *player {
	seat := &s.seat[len(s.players)]
	clear(seat.vines)
	p.vines, p.land = seat.vines[:0], seat.land[:0]
	p.tokens, p.transport = reuse.Zeroed(seat.tokens, len(s.r.tokenKinds)), seat.transport[:0]
	*seat = p
	s.players = append(s.players, seat)
	return seat
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

// cardKey numbers a market card id for the game's per-card slices
// (seenCards, discarded): its index among the tables' market cards, or a
// number past them for an id the tables do not print. A map by id per
// sector showed in the profiles.
func (s *state) cardKey(id string) int {
	if s.r.marketByIndex {
		if i, ok := s.r.marketIndex.get(id); ok {
			return i
		}
	}
	k, ok := s.otherCards[id]
	if !ok {
		if s.otherCards == nil {
			s.otherCards = map[string]int{}
		}
		k = len(s.r.T.Markets) + len(s.otherCards)
		s.otherCards[id] = k
	}
	return k
}

// seenCard is the card of a key come up last (nil for none).
func (s *state) seenCard(key int) *marketCard {
	if key < len(s.seenCards) {
		return s.seenCards[key]
	}
	return nil
}

// isDiscarded tells a card (by key) in its sector's discards.
func (s *state) isDiscarded(key int) bool { return key < len(s.discarded) && s.discarded[key] }

// setCard notes the card come up last for its key, and whether it is
// discarded.
func (s *state) setCard(c *marketCard, discarded bool) {
	if n := c.key + 1; n > len(s.seenCards) {
		s.seenCards = append(s.seenCards, make([]*marketCard, n-len(s.seenCards))...)
		s.discarded = append(s.discarded, make([]bool, n-len(s.discarded))...)
	}
	s.seenCards[c.key], s.discarded[c.key] = c, discarded
}

// pending is a stack: the next expected step is its last element, so that
// pushing steps in front of the others reuses the slice.
func (s *state) pushFront(ws ...want) {
	if len(ws) == 0 {
		return
	}
	n := len(s.pending)
	if cap(s.pending)-n < len(ws) {
		s.pending = slices.Grow(s.pending, len(ws))
	}
	s.pending = s.pending[:n+len(ws)]
	top := s.pending[n:]
	for i, w := range ws { // the first of ws on top
		top[len(top)-1-i] = w
	}
}

// push puts one step in front of the others: pushFront without the
// variadic slice, for the steps queued one at a time.
func (s *state) push(w want) { s.pending = append(s.pending, w) }

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
	b.WriteString(s.where()) // "setup" before round 1, as diagnostics say
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
		if i > 0 {
			b.WriteByte(';')
		}
		fmt.Fprintf(&b, " %s", s.r.SectorNames[i])
		for _, c := range []*marketCard{sec.active, sec.prov} {
			if c != nil {
				fmt.Fprintf(&b, " %s(%s %d %s)", c.ID, cubes(c.Cuvees, cuveeLetters), c.PP, c.Transport)
			} else {
				b.WriteString(" -")
			}
		}
		fmt.Fprintf(&b, " tokens=%d", sec.tokens)
	}
	b.WriteByte('\n')
	s.boardText(&b)
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
		if len(p.land) > 0 {
			// Land ownership tokens on the player board: each counts as a
			// Vineyard card of its region at the final scoring.
			var l []string
			for _, r := range p.land {
				l = append(l, s.r.Regions[r])
			}
			fmt.Fprintf(&b, " land=%s", strings.Join(l, ","))
		}
		if p.reserved != "" {
			fmt.Fprintf(&b, " reserved=%s", p.reserved)
		}
		var t []string
		for k, n := range p.tokens {
			for range n {
				t = append(t, s.r.tokenKinds[k])
			}
		}
		if len(t) > 0 {
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

// boardText writes the action spots of the round: who was placed where
// this round (a disc marked; a spot keeps its occupant once resolved),
// who waits on a marketing n+1 spot, and the spots High Tension blocks.
func (s *state) boardText(b *strings.Builder) {
	var placed, waiting, blocked []string
	for zi, spots := range s.board {
		for k, o := range spots {
			name := spotName(zoneNames[zi], k)
			if zi == zVineyard && k < len(s.offers) && s.offers[k] != nil {
				name = "vineyard " + s.offers[k].ID
			} else if zi == zVineyard && k < len(s.tookVine) && s.tookVine[k] != nil {
				name = "vineyard " + s.tookVine[k].ID // resolved: the card taken
			}
			switch {
			case o.who == -2:
				blocked = append(blocked, name)
			case o.who >= 0 && o.disc:
				placed = append(placed, name+" "+s.called(int(o.who))+" (disc)")
			case o.who >= 0:
				placed = append(placed, name+" "+s.called(int(o.who)))
			}
		}
	}
	for k, who := range s.holdN1 {
		if who >= 0 {
			w := "marketing n" + strconv.Itoa(k+1) + "+ " + s.called(who)
			if s.holdDisc[k] {
				w += " (disc)"
			}
			waiting = append(waiting, w)
		}
	}
	if len(placed) == 0 {
		placed = append(placed, "none")
	}
	b.WriteString("placed this round: " + strings.Join(placed, ", "))
	if len(waiting) > 0 {
		b.WriteString("; waiting: " + strings.Join(waiting, ", "))
	}
	if len(blocked) > 0 {
		b.WriteString("; blocked: " + strings.Join(blocked, ", "))
	}
	b.WriteByte('\n')
}
