package grandcru

import (
	"fmt"
	"strings"
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
	barrels  [][nVarieties]int
	festival [nVarieties]int // cubes sold onto the festival barrel this year
	passed   bool            // phase I
	bids     int             // action markers on the auction panel
	actions  int             // festival special actions this year
	done     bool            // passed in the festival
	bankrupt bool
	emerg    int // emergency loans taken this year
	emergAll int // emergency loans taken in the whole game
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
	start       int
	turn        int   // whose turn in Phase I or the festival
	triggered   bool  // Year End has been triggered: final actions
	final       []int // seats still owed a final action
	newStart    int   // the festival's Starting Player, -1 none

	price   [nVarieties]int // marker space, 0 = lowest
	stock   [nVarieties]int
	display []int
	cols    []column
	pile    [nKinds]int
	discard [nKinds]int
	space   [nSpaces]int // seat+1 of the marker on a festival space

	loansNext int // the loans step: position in turn order of the next player heard

	// passedOver says, per seat, why the festival that just closed went
	// on without that player ("" when the player passed); it explains a
	// festival line written after the festival is over.
	passedOver []string

	setLoans, setStart, setDisplay bool

	bankruptcy bool

	// asPlayed applies an illegal action as written where it can be
	// (--as-played); disputes collects the rules it broke on the line.
	asPlayed bool
	disputes []*fault
}

// fault is a broken rule at a token of the line being replayed.
type fault struct {
	tok  int
	code string
	msg  string
	hint string
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
	s.disputes = append(s.disputes, f)
	return nil
}

func newState(t *Tables, r rulings, names []string) *state {
	s := &state{t: t, r: r, n: len(names), newStart: -1, start: -1}
	for i, n := range names {
		p := &player{name: n, seat: i, prestige: t.Prestige, barrels: make([][nVarieties]int, t.barrels())}
		s.pl = append(s.pl, p)
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
	s.cols = make([]column, s.n)
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

// order returns the seats in turn order from the starting player.
func (s *state) order() []int {
	out := make([]int, s.n)
	for i := range out {
		out[i] = (s.start + i) % s.n
	}
	return out
}

func (s *state) pos(seat int) int { return (seat - s.start + s.n) % s.n }

func (s *state) active() int {
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
	for _, t := range p.vineyard {
		if t.kind < nVarieties && t.cube {
			n++
		}
	}
	return n
}

func cellarCubes(p *player) int {
	n := 0
	for _, b := range p.barrels {
		for _, c := range b {
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
	s.triggered, s.final = false, nil
	for _, p := range s.pl {
		p.passed = false
		p.emerg = 0
	}
	s.turn = s.start
}

// afterAction moves Phase I on after seat's action; harvestedLast tells
// whether the action harvested the player's last vine.
func (s *state) afterAction(seat int, harvestedLast bool) {
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
	last := s.round >= s.t.triggerRound()
	if last && (harvestedLast || s.active() <= 1) {
		s.trigger(seat)
		return
	}
	if s.active() == 0 {
		s.endActions()
		return
	}
	// The next player in clockwise order who has not passed; passing the
	// starting player's seat begins a new round and moves the bottle.
	p := s.pos(seat)
	for k := 1; k <= s.n; k++ {
		q := p + k
		if q == s.n {
			s.round++
			if s.round >= s.t.triggerRound() && s.active() <= 1 {
				s.trigger(-1)
				return
			}
		}
		if next := (s.start + q) % s.n; !s.pl[next].passed {
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
	s.final = nil
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
	s.display = nil
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
	for v := 0; v < nVarieties; v++ {
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
		var top, next []*player
		for _, p := range s.pl {
			switch c := p.festival[v]; {
			case c == best:
				top = append(top, p)
			case c == second && c > 0:
				next = append(next, p)
			}
		}
		if len(top) > 1 {
			for _, p := range top {
				p.prestige += s.t.Majority[2]
			}
			continue
		}
		top[0].prestige += s.t.Majority[0]
		if len(next) == 1 {
			next[0].prestige += s.t.Majority[1]
		}
	}
	for _, p := range s.pl {
		for v, c := range p.festival {
			s.stock[v] += c
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
		if s.pl[q].prestige > best {
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
	for k := 0; k < s.n; k++ {
		q := (seat + k) % s.n
		if s.canFestival(s.pl[q]) {
			s.turn = q
			return
		}
	}
	s.endFestival()
}

// endFestival runs the derived year-end steps: maturing and interest.
func (s *state) endFestival() {
	s.passedOver = make([]string, s.n)
	for i, p := range s.pl {
		switch {
		case p.done:
		case p.actions >= s.t.FestivalLimit:
			s.passedOver[i] = fmt.Sprintf("had taken %s, the most a festival allows", plural(p.actions, "special action", "special actions"))
		default:
			s.passedOver[i] = "had no prestige left for any open space"
		}
	}
	for i := range s.space {
		s.space[i] = 0
	}
	// Maturing, right to left.
	B := s.t.barrels()
	for _, p := range s.pl {
		for b := B - 1; b >= 0; b-- {
			for v := 0; v < nVarieties; v++ {
				c := p.barrels[b][v]
				if c == 0 {
					continue
				}
				p.barrels[b][v] = 0
				if b == B-1 || (s.t.Mature[b][v] && !s.t.Mature[b+1][v]) {
					s.stock[v] += c
					continue
				}
				p.barrels[b+1][v] += c
			}
		}
	}
	// Interest, in turn order.
	for _, seat := range s.order() {
		p := s.pl[seat]
		owed := s.t.Interest[p.loans]
		for p.money < owed && p.loans < s.t.MaxLoans {
			p.loans++
			p.emerg++
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
	for _, seat := range s.order() {
		p := s.pl[seat]
		for i := range p.vineyard {
			t := &p.vineyard[i]
			t.used = false
			if t.kind < nVarieties && !t.cube {
				if s.stock[t.kind] > 0 {
					s.stock[t.kind]--
					t.cube = true
				} else {
					p.money++
				}
			}
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
		for k := 0; k < nKinds; k++ {
			if got[k] > s.pile[k] {
				return bad(0, "the draw pile holds only %s, the display shows %d", plural(s.pile[k], kindName(k)+" tile", kindName(k)+" tiles"), got[k])
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
				return bad(0, "the draw pile and the reshuffled discards hold only %s, the display shows %d", plural(s.pile[k]+s.discard[k], kindName(k)+" tile", kindName(k)+" tiles"), got[k])
			}
		}
		for k := 0; k < nKinds; k++ {
			s.pile[k] = s.discard[k] - (got[k] - s.pile[k])
			s.discard[k] = 0
		}
	}
	s.display = append([]int(nil), kinds...)
	return nil
}

func joinKinds(ks []int) string {
	var w []string
	for _, k := range ks {
		w = append(w, kindName(k))
	}
	return strings.Join(w, " ")
}
