package grandcru

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/vintner/vintner/validate"
)

// tile is one tile in a vineyard.
type tile struct {
	kind int
	cube bool // a vine carrying its wine cube
	used bool // an improvement turned face down this year
}

// player is one vineyard and what its owner holds.
type player struct {
	name     string
	seat     int
	money    int
	loans    int
	prestige int
	vineyard []tile
	// ripe counts the vines of each variety carrying a cube, kept with
	// their tile.cube (invariants checks it): a harvest is checked
	// without a pass over the vineyard.
	ripe [nVarieties]int
	// ripeAt marks, by variety, which of the first 64 vineyard places
	// hold a vine with a cube: a harvest finds its tile with one
	// TrailingZeros instead of a scan (invariants checks it).
	ripeAt   [nVarieties]uint64
	barrels  [][nVarieties]int
	festival [nVarieties]int // cubes sold onto the festival barrel this year
	passed   bool            // phase I
	bids     int             // action markers on the auction panel
	actions  int             // festival special actions this year
	done     bool            // passed in the festival
	bankrupt bool
	emergAll int // emergency loans taken in the whole game

	// passedOver says why the festival that just closed went on without
	// this player (passedNot when the player passed); it explains a
	// festival line written after the festival is over.
	passedOver passedOverReason
}

// passedOverReason is why a festival went on without a player.
type passedOverReason uint8

const (
	passedNot      passedOverReason = iota // the player passed
	passedAtLimit                          // took the most special actions a festival allows
	passedNoPoints                         // no prestige left for any open space
)

// passedOverText says why the festival went on without p, for the message
// (where "and was passed over" follows: the limit's aside ends with a comma).
func passedOverText(p *player) string {
	if p.passedOver == passedAtLimit {
		return fmt.Sprintf("had taken %s, the most a festival allows,", plural(p.actions, "special action", "special actions"))
	}
	return "had no prestige left for any open space"
}

type phase int

const (
	phSetup    phase = iota
	phActions        // Phase I
	phDisplay        // year end step 1: waiting for the new display
	phFestival       // year end step 2b
	phLoans          // year end step 5
	phOver
)

// column is one auction column of the panel.
type column struct {
	kind   int // -1: free
	bidder int // seat, -1 none
	bid    int
}

// rulings are the readings of the rulebook's unclear passages (see
// docs/rulings/grand-cru.md), each with its default.
type rulings struct {
	saleMustSellAll        bool // S1
	bulkDifferentVarieties bool // S2
	agingNeverSpoils       bool // S11
	assemblageAllOrNothing bool // S12
	demandAtTopAllowed     bool // S14
	tieExcludesStart       bool // S18
	tilePerTile            bool // S22
}

var rulingVariants = map[string]func(*rulings){
	"sale-must-sell-all":                 func(r *rulings) { r.saleMustSellAll = true },
	"bulk-requires-different-varieties":  func(r *rulings) { r.bulkDifferentVarieties = true },
	"aging-never-spoils":                 func(r *rulings) { r.agingNeverSpoils = true },
	"assemblage-all-or-nothing":          func(r *rulings) { r.assemblageAllOrNothing = true },
	"demand-at-top-allowed":              func(r *rulings) { r.demandAtTopAllowed = true },
	"festival-tie-excludes-start-player": func(r *rulings) { r.tieExcludesStart = true },
	"tile-value-per-tile":                func(r *rulings) { r.tilePerTile = true },
}

// state is a game of Grand Cru as far as it has been replayed.
type state struct {
	t  *Tables
	r  rulings
	n  int
	pl []*player
	ph phase

	year, round int
	acted       bool // a Phase I action was taken this round: round and year lines come before
	// yearOpenedBy is the action line that closed the loans step and was
	// read as the next year's first action, or the `year` line that closed
	// it: named when a loans line then comes too late. yearOpenedPassedOver says it was the festival line
	// of a player the festival passed over (a pass, a demand).
	yearOpenedBy         *validate.Line
	yearOpenedPassedOver bool
	start                int
	turn                 int             // whose turn in Phase I or the festival
	active               int             // players who have not passed in Phase I, kept with player.passed
	triggered            bool            // Year End has been triggered: final actions
	final                []int           // seats still owed a final action
	finalSeats           [maxPlayers]int // final's storage, so that a year's trigger allocates nothing
	newStart             int             // the festival's Starting Player, -1 none

	price   [nVarieties]int // marker space, 0 = lowest
	stock   [nVarieties]int
	display []int
	cols    []column
	pile    [nKinds]int
	discard [nKinds]int
	space   [nSpaces]int // seat+1 of the marker on a festival space

	loansNext int // the loans step: position in turn order of the next player heard

	// seatByFirstByte is, for the low six bits of a name's first byte,
	// the seat+1 of the only player whose name gives them (0: none,
	// seatSeveral: several): a line's player is found with one lookup and
	// one compare (see seatOf). Six bits keep the table small: names start
	// with letters, which differ there.
	seatByFirstByte [64]uint8

	setLoans, setStart, setDisplay bool

	bankruptcy bool

	// asPlayed applies an illegal action as written where it can be
	// (--as-played); disputes collects the rules it broke on the line.
	asPlayed bool
	disputes []*fault
}

// fault is a broken rule at a token of the line being replayed.
type fault struct {
	tok   int
	code  string
	msg   string
	hint  string
	where string // a dispute's: where the game was when the rule broke, before the action went on
}

func bad(tok int, format string, args ...any) *fault {
	return &fault{tok: tok, msg: fmt.Sprintf(format, args...)}
}

// illegal reports a broken rule whose action can still be carried out as
// written: without --as-played it is the line's fault; with it the rule is
// recorded as disputed and the caller goes on (nil).
func (s *state) illegal(f *fault) *fault {
	if !s.asPlayed {
		return f
	}
	f.where = s.diagWhere() // a check after the last round: where the game ended
	s.disputes = append(s.disputes, f)
	return nil
}

// maxPlayers is the most players a game has.
const maxPlayers = 5

// seatSeveral marks a seatByFirstByte entry that several names share.
const seatSeveral = 255

// stateBlock is a state with its parts whose size the tables do not set,
// allocated together: one allocation instead of five.
type stateBlock struct {
	state
	players [maxPlayers]player
	seats   [maxPlayers]*player
	cols    [maxPlayers]column
	display [3 * maxPlayers]int // the setup display is the longest
}

// newState starts a game of 2 to maxPlayers players (the callers check).
func newState(t *Tables, r rulings, names []string) *state {
	n := len(names)
	blk := &stateBlock{}
	s := &blk.state
	*s = state{t: t, r: r, n: n, newStart: -1, start: -1,
		pl: blk.seats[:n], cols: blk.cols[:n], display: blk.display[:0]}
	// One block each for the barrels and the vineyards (room for a full
	// vineyard: a tile is discarded before one is added to it).
	B, S := t.barrels(), t.Spaces
	barrels := make([][nVarieties]int, n*B)
	tiles := make([]tile, n*S)
	for i, name := range names {
		blk.players[i] = player{name: name, seat: i, prestige: t.Prestige,
			barrels: barrels[i*B : (i+1)*B : (i+1)*B], vineyard: tiles[i*S : i*S : (i+1)*S]}
		s.pl[i] = &blk.players[i]
		if name != "" {
			if at := &s.seatByFirstByte[name[0]&63]; *at == 0 {
				*at = uint8(i + 1)
			} else {
				*at = seatSeveral
			}
		}
	}
	for v := range s.stock {
		s.stock[v] = t.Cubes[v]
	}
	for k := 0; k < nKinds; k++ {
		if k < nVarieties {
			s.pile[k] = t.VineTiles
		} else {
			s.pile[k] = t.Improvements
		}
	}
	for i := range s.cols {
		s.cols[i] = column{kind: -1, bidder: -1}
	}
	return s
}

// where says where the game is, for diagnostics.
func (s *state) where() string {
	switch s.ph {
	case phSetup:
		return "setup"
	case phActions:
		return fmt.Sprintf("year %d round %d", s.year, s.round)
	case phDisplay:
		return fmt.Sprintf("year %d year end", s.year)
	case phFestival:
		return fmt.Sprintf("year %d festival", s.year)
	case phLoans:
		return fmt.Sprintf("year %d loans", s.year)
	}
	return "game over"
}

// endedIn is where the game ended, for the claims' diagnostics: its last
// year, as Bordeaux and AOC say it.
func (s *state) endedIn() string {
	if uint(s.year) < uint(len(yearEnds)) {
		return yearEnds[s.year]
	}
	return fmt.Sprintf("year %d", s.year)
}

// yearEnds[y] is endedIn() in year y. Every record asks it at its end,
// for claims that differ: the years are written out once, so that a
// valid record builds no string.
var yearEnds = func() (w [16]string) {
	for y := range w {
		w[y] = fmt.Sprintf("year %d", y)
	}
	return w
}()

// diagWhere is where for a diagnostic: once the game is over, where it
// ended ("game over" is for the state's text).
func (s *state) diagWhere() string {
	if s.ph == phOver {
		return s.endedIn()
	}
	return s.where()
}

// order returns the seats in turn order from the starting player.
func (s *state) order() []int {
	out := make([]int, s.n)
	for i := range out {
		out[i] = (s.start + i) % s.n
	}
	return out
}

func (s *state) pos(seat int) int {
	if seat < s.start {
		return seat - s.start + s.n
	}
	return seat - s.start
}

// after is the seat clockwise after seat. (No %: a division per turn
// shows in the profile.)
func (s *state) after(seat int) int {
	if seat+1 == s.n {
		return 0
	}
	return seat + 1
}

// countActive counts the players who have not passed (s.active keeps the
// count up to date).
func (s *state) countActive() int {
	n := 0
	for _, p := range s.pl {
		if !p.passed {
			n++
		}
	}
	return n
}

// freeMarkers is how many action markers a player can still place: one
// always sits on the loan track.
func (s *state) freeMarkers(p *player) int { return s.t.Markers - 1 - p.bids }

// vineCubes counts the cubes on a player's vines.
func vineCubes(p *player) int {
	n := 0
	for _, c := range &p.ripe { // by reference: no copy
		n += c
	}
	return n
}

func cellarCubes(p *player) int {
	n := 0
	for i := range p.barrels {
		for _, c := range &p.barrels[i] { // by reference: no copy of the barrel
			n += c
		}
	}
	return n
}

// beginYear starts Phase I of a new year.
func (s *state) beginYear() {
	s.year++
	s.ph = phActions
	s.round = 1
	s.acted = false
	s.triggered, s.final = false, nil
	for _, p := range s.pl {
		p.passed = false
	}
	s.active = s.n
	s.turn = s.start
}

// afterAction moves Phase I on after seat's action; harvestedLast tells
// whether the action harvested the player's last vine.
func (s *state) afterAction(seat int, harvestedLast bool) {
	s.acted = true
	if s.triggered {
		if len(s.final) > 0 {
			s.final = s.final[1:]
		}
		if len(s.final) == 0 {
			s.endActions()
			return
		}
		s.turn = s.final[0]
		return
	}
	active := s.active
	last := s.round >= s.t.triggerRound()
	if last && (harvestedLast || active <= 1) {
		s.trigger(seat)
		return
	}
	if active == 0 {
		s.endActions()
		return
	}
	// The next player in clockwise order who has not passed; passing the
	// starting player's seat begins a new round and moves the bottle.
	next := seat
	for k := 1; k <= s.n; k++ {
		next = s.after(next)
		if next == s.start {
			s.round++
			s.acted = false
			if s.round >= s.t.triggerRound() && s.active <= 1 {
				s.trigger(-1)
				return
			}
		}
		if !s.pl[next].passed {
			s.turn = next
			return
		}
	}
	s.endActions()
}

// trigger starts the final actions: every player who has not passed,
// except the one who triggered, once, clockwise after the trigger.
func (s *state) trigger(seat int) {
	s.triggered = true
	s.final = s.finalSeats[:0]
	from := seat
	if seat < 0 {
		from = (s.start - 1 + s.n) % s.n
	}
	for k := 1; k <= s.n; k++ {
		q := (from + k) % s.n
		if q != seat && !s.pl[q].passed {
			s.final = append(s.final, q)
		}
	}
	if len(s.final) == 0 {
		s.endActions()
		return
	}
	s.turn = s.final[0]
}

// endActions closes Phase I: unsold tiles go to the discard pile and the
// auction markers go home; the new display is awaited.
func (s *state) endActions() {
	for _, k := range s.display {
		s.discard[k]++
	}
	s.display = s.display[:0]
	for i := range s.cols {
		c := &s.cols[i]
		if c.kind >= 0 {
			s.discard[c.kind]++
		}
		if c.bidder >= 0 {
			s.pl[c.bidder].bids--
		}
		*c = column{kind: -1, bidder: -1}
	}
	s.ph = phDisplay
}

// festivalScoring awards prestige for the year's sales and returns the
// cubes to the stock.
func (s *state) festivalScoring() {
	// Only the varieties sold this year (a few a year): the others score
	// nothing and have no cube to return.
	var sold uint8
	for _, p := range s.pl {
		for v, c := range &p.festival {
			if c != 0 {
				sold |= 1 << v
			}
		}
	}
	for left := sold; left != 0; left &= left - 1 {
		v := bits.TrailingZeros8(left)
		best, second := 0, 0
		for _, p := range s.pl {
			c := p.festival[v]
			if c > best {
				best, second = c, best
			} else if c > second && c < best {
				second = c
			}
		}
		if best == 0 {
			continue
		}
		// Counted, not listed: who is first and second only matters when
		// alone.
		tops, seconds := 0, 0
		var top, next *player
		for _, p := range s.pl {
			switch c := p.festival[v]; {
			case c == best:
				tops++
				top = p
			case c == second && c > 0:
				seconds++
				next = p
			}
		}
		if tops > 1 {
			for _, p := range s.pl {
				if p.festival[v] == best {
					p.prestige += s.t.Majority[2]
				}
			}
			continue
		}
		top.prestige += s.t.Majority[0]
		if seconds == 1 {
			next.prestige += s.t.Majority[1]
		}
	}
	for ; sold != 0; sold &= sold - 1 {
		v := bits.TrailingZeros8(sold)
		for _, p := range s.pl {
			s.stock[v] += p.festival[v]
			p.festival[v] = 0
		}
	}
}

// startFestival opens the special actions: the most prestige goes first,
// a tie going to the tied player nearest the starting player clockwise.
func (s *state) startFestival() {
	s.ph = phFestival
	for i := range s.space {
		s.space[i] = 0
	}
	for _, p := range s.pl {
		p.actions, p.done = 0, false
	}
	first, best := -1, -1
	from := s.start
	if s.r.tieExcludesStart {
		from = (s.start + 1) % s.n
	}
	for k := 0; k < s.n; k++ {
		q := (from + k) % s.n
		if first < 0 || s.pl[q].prestige > best { // prestige below 0 only as played
			first, best = q, s.pl[q].prestige
		}
	}
	s.festivalNext(first)
}

// canFestival tells whether a player may still take a special action.
func (s *state) canFestival(p *player) bool {
	if p.done || p.actions >= s.t.FestivalLimit {
		return false
	}
	for sp := 0; sp < nSpaces; sp++ {
		if s.space[sp] == 0 && s.t.SpaceCost[sp] <= p.prestige {
			return true
		}
	}
	return false
}

// festivalNext gives the turn to the first player from seat on who can
// still act, or closes the festival.
func (s *state) festivalNext(seat int) {
	q := seat
	for k := 0; k < s.n; k++ {
		if s.canFestival(s.pl[q]) {
			s.turn = q
			return
		}
		q = s.after(q)
	}
	s.endFestival()
}

// endFestival runs the derived year-end steps: maturing and interest.
func (s *state) endFestival() {
	for _, p := range s.pl {
		switch {
		case p.done:
			p.passedOver = passedNot
		case p.actions >= s.t.FestivalLimit:
			p.passedOver = passedAtLimit
		default:
			p.passedOver = passedNoPoints
		}
	}
	for i := range s.space {
		s.space[i] = 0
	}
	// Maturing: the cubes that would spoil go back to the stock (all of
	// the last barrel's, and those leaving the barrels that picture
	// them), then every barrel moves one right in one copy.
	last := s.t.barrels() - 1
	for _, p := range s.pl {
		for _, cell := range s.t.spoiling {
			barrel := &p.barrels[cell.barrel]
			s.stock[cell.variety] += barrel[cell.variety]
			barrel[cell.variety] = 0
		}
		for v, c := range p.barrels[last] {
			s.stock[v] += c
		}
		copy(p.barrels[1:], p.barrels[:last])
		p.barrels[0] = [nVarieties]int{}
	}
	// Interest, in turn order.
	for k, seat := 0, s.start; k < s.n; k, seat = k+1, s.after(seat) {
		p := s.pl[seat]
		owed := s.t.Interest[p.loans]
		for p.money < owed && p.loans < s.t.MaxLoans {
			p.loans++
			p.emergAll++
			p.money += s.t.EmergencyLoan
		}
		if p.money < owed {
			p.bankrupt = true
			s.bankruptcy = true
			p.money = 0
			continue
		}
		p.money -= owed
	}
	s.ph = phLoans
	s.loansNext = 0
}

// finishLoans closes the loans step: the game ends, or the next year is
// prepared.
func (s *state) finishLoans() {
	s.yearOpenedBy = nil // a line of an earlier year
	end := s.bankruptcy
	for _, p := range s.pl {
		if p.loans == 0 {
			end = true
		}
	}
	if end {
		s.ph = phOver
		return
	}
	for k, seat := 0, s.start; k < s.n; k, seat = k+1, s.after(seat) {
		p := s.pl[seat]
		at := uint64(1) // place i's bit in ripeAt; 0 past the marked places
		for i := range p.vineyard {
			t := &p.vineyard[i]
			t.used = false
			if t.kind < nVarieties && !t.cube {
				if s.stock[t.kind] > 0 {
					s.stock[t.kind]--
					t.cube = true
					p.ripe[t.kind]++
					p.ripeAt[t.kind] |= at
				} else {
					p.money++
				}
			}
			at <<= 1
		}
	}
	if s.newStart >= 0 {
		s.start = s.newStart
		s.newStart = -1
	}
	s.beginYear()
}

// drawDisplay checks and lays out a new display drawn from the pile,
// reshuffling the discards when the pile runs out.
func (s *state) drawDisplay(kinds []int, want int) *fault {
	var got [nKinds]int
	for _, k := range kinds {
		got[k]++
	}
	pileTotal, discardTotal := 0, 0
	for k := 0; k < nKinds; k++ {
		pileTotal += s.pile[k]
		discardTotal += s.discard[k]
	}
	if want > pileTotal+discardTotal {
		want = pileTotal + discardTotal
	}
	if len(kinds) != want {
		return bad(len(kinds)+1, "the new display has %s (twice the number of players, or what the piles still hold), not %d", plural(want, "tile", "tiles"), len(kinds))
	}
	if len(kinds) <= pileTotal {
		// At setup nothing has been dealt yet: the display comes from
		// the box, and the draw pile is what it leaves.
		from := "the draw pile holds"
		if s.ph == phSetup {
			from = "the box holds"
		}
		for k := 0; k < nKinds; k++ {
			if got[k] > s.pile[k] {
				return bad(0, "%s %s, the display shows %d", from, onlyTiles(s.pile[k], kindName(k)), got[k])
			}
		}
		for k := 0; k < nKinds; k++ {
			s.pile[k] -= got[k]
		}
	} else {
		// The whole pile comes out, then the reshuffled discards.
		for k := 0; k < nKinds; k++ {
			if got[k] < s.pile[k] {
				return bad(0, "the draw pile ran out: %s must be in the display before the discards are reshuffled", pileTiles(s.pile[k], kindName(k)))
			}
			if got[k]-s.pile[k] > s.discard[k] {
				return bad(0, "the draw pile and the reshuffled discards hold %s, the display shows %d", onlyTiles(s.pile[k]+s.discard[k], kindName(k)), got[k])
			}
		}
		for k := 0; k < nKinds; k++ {
			s.pile[k] = s.discard[k] - (got[k] - s.pile[k])
			s.discard[k] = 0
		}
	}
	s.display = append(s.display[:0], kinds...)
	return nil
}

func joinKinds(ks []int) string {
	var w []string
	for _, k := range ks {
		w = append(w, kindName(k))
	}
	return strings.Join(w, " ")
}
