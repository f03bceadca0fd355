package champagne

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/vintner/vintner/validate"
)

// held counts the player's collaborators waiting on a marketing n+1 spot
// (his disc waiting there is no collaborator).
func (s *state) held(who int) int {
	n := 0
	// The two n+1 spots, written out: counted at every placement.
	if s.holdN1[0] == who && !s.holdDisc[0] {
		n++
	}
	if s.holdN1[1] == who && !s.holdDisc[1] {
		n++
	}
	return n
}

// discHeld tells whether the player's disc waits on a marketing n+1 spot:
// it is on the board, and he has no other.
func (s *state) discHeld(who int) bool {
	return (s.holdN1[0] == who && s.holdDisc[0]) || (s.holdN1[1] == who && s.holdDisc[1])
}

// available counts the collaborators a player can still place this round.
func (s *state) available(who int) int {
	return s.players[who].collabs - s.held(who) - s.placed[who]
}

func (s *state) startPlacement() {
	s.turn = 0
	s.toPlace = s.placeMask()
	if cur := s.current(); cur >= 0 {
		s.push(want{kind: wPlace, who: int8(cur)})
	} else {
		s.startResolution()
	}
}

// current is the player whose turn it is to place, or -1 when all is placed.
// It takes the first player from the turn on, in council order, who has
// a collaborator left (toPlace): found in the mask rather than by testing
// each player, whose outcome the CPU mispredicted once players ran out.
func (s *state) current() int {
	n := len(s.order)
	m := s.toPlace
	if n == 0 || m == 0 {
		return -1
	}
	j := s.turn // (s.turn+k)%n, without a division per step
	for j >= n {
		j -= n
	}
	if after := m >> uint(j); after != 0 {
		j += bits.TrailingZeros64(after)
	} else {
		j = bits.TrailingZeros64(m) // round the table again
	}
	s.turn = j
	return s.order[j]
}

// placeMask is toPlace worked out: bit j set when order[j] is a House
// with a collaborator left to place. Within a placement phase only a
// placement changes it (held changes in the resolution, collabs never).
func (s *state) placeMask() uint64 {
	var m uint64
	for j, i := range s.order {
		// available(i) > 0, with the player loaded once.
		if p := s.players[i]; !p.merchant && p.collabs-s.placed[i] > s.held(i) {
			m |= 1 << uint(j)
		}
	}
	return m
}

// spotOf reads "ZONE SPOT" at token i: the zone's index and the spot.
// vb is the line's verb: at token 0, the zone, resolved already.
func (s *state) spotOf(l *validate.Line, i int, vb verb) (int, int, *ruleError) {
	var zi int
	if i == 0 && vb.isZone() {
		zi = int(vb - vVineyard)
	} else {
		zone := l.Verb // token 0 is the verb, lower-cased already
		if i > 0 {
			zone = lower(l.Word(i))
		}
		if zi = zoneIndex(zone); zi < 0 {
			e := syntax(i, "%q is not an action zone: the zones are %s", l.Word(i), strings.Join(zoneNames[:], ", "))
			e.hint = validate.DidYouMean(zone, zoneNames[:])
			return 0, 0, e
		}
	}
	// From here the zone as written, lower-cased, is zoneNames[zi]: named
	// only in the messages.
	if zi == zMarketing && len(s.board[zMarketing]) == 0 {
		return 0, 0, fail(i, "the first-game side of the board has no Marketing Strategy zone")
	}
	if len(l.Tokens) != i+2 {
		return 0, 0, syntax(i, "a placement names the zone and the spot: %s 2 (vineyard CARD, marketing n1|n2)", zoneNames[zi])
	}
	w := l.Tokens[i+1].Text // there is one: the count is checked above
	switch zi {
	case zVineyard:
		// Records name the card by its key (lower case): compared with
		// the offers' before lower-casing and the lookup by key or
		// printed name (keys are unique).
		for k, c := range s.offers {
			if c != nil && c.ID == w {
				return zi, k, nil
			}
		}
		w = lower(l.Word(i + 1))
		if v := s.r.vine(w); v != nil {
			for k, c := range s.offers {
				if c == v {
					return zi, k, nil
				}
			}
		}
		e := fail(i+1, "%s is not among the active vineyard offers (%s)", w, s.offerList())
		if s.r.vine(w) == nil {
			e.hint = s.r.nearVine(w)
		}
		return 0, 0, e
	case zMarketing:
		switch w = lower(l.Word(i + 1)); w {
		case "n1":
			return zi, 0, nil
		case "n2":
			return zi, 1, nil
		case "n1+", "n2+":
			return 0, 0, fail(i+1, "the n+1 spots are not placed on: a collaborator moves there from its n spot")
		}
		return 0, 0, syntax(i+1, "the marketing spots are n1 and n2, not %q: marketing n1", l.Word(i+1))
	}
	// A spot number: no letter to lower-case. One digit, nearly always:
	// read without Atoi's call.
	var n int
	var err error
	if len(w) == 1 && '0' <= w[0] && w[0] <= '9' {
		n = int(w[0] - '0')
	} else {
		n, err = strconv.Atoi(w)
	}
	spots := len(s.board[zi]) - len(s.extra[zi])
	if err != nil || n < 1 || n > spots {
		return 0, 0, syntax(i+1, "the %s zone has spots 1 to %d, not %q", zoneNames[zi], spots, l.Word(i+1))
	}
	return zi, n - 1, nil
}

// noneLeft says that a player's collaborators are all placed this round.
func (s *state) noneLeft(who int) string {
	placed, held := s.placed[who], s.held(who)
	if held == 0 {
		return fmt.Sprintf("%s has no collaborator left this round: all %d are placed", s.nameOf(who), placed)
	}
	return fmt.Sprintf("%s has no collaborator left this round: %d placed, %d waiting on a marketing n+1 spot", s.nameOf(who), placed, held)
}

// discTooLate says that a player's disc comes after his last
// collaborator: "Your disc must be placed before your last Collaborator".
func (s *state) discTooLate(who int) string {
	return s.noneLeft(who) + ", and a disc must be placed before the last one"
}

// isPlacement tells a placement line (ZONE SPOT, disc ZONE SPOT) from the
// resolution's lines that share a verb (draw CUVEE=WINES).
func isPlacement(l *validate.Line) bool {
	switch l.Verb {
	case "vineyard", "press", "winery", "marketing", "shipping", "council", "disc":
		return true
	case "draw":
		_, err := strconv.Atoi(l.Word(1))
		return len(l.Tokens) == 2 && err == nil
	}
	return false
}

func (s *state) offerList() string {
	var o []string
	for _, c := range s.offers {
		if c != nil {
			o = append(o, c.ID)
		}
	}
	return strings.Join(o, ", ")
}

func spotName(zone string, k int) string {
	if zone == "marketing" {
		return "marketing n" + strconv.Itoa(k+1)
	}
	return zone + " " + strconv.Itoa(k+1)
}

// place puts a collaborator, or the disc of an additional-action token
// (vb: the line's verb, a zone or disc).
func (s *state) place(who int, l *validate.Line, vb verb) *ruleError {
	disc := vb == vDisc
	// The player whose turn it is was current() when his wPlace step was
	// pushed, and nothing changes the turn before a placement line (the
	// tests' invariants check it): not counted again.
	if cur := int(s.next().who); cur != who {
		p := s.players[who]
		if s.available(who) <= 0 {
			if disc {
				return fail(0, "%s", s.discTooLate(who))
			}
			return fail(-1, "%s (next, %s)", s.noneLeft(who), s.expectText())
		}
		// The council order says why: in round 1 it follows from the
		// inheritance stars and their tie-breaks, which a table may misread.
		e := fail(-1, "it is %s's turn to place a collaborator, not %s's (placements go in council order: %s)", s.called(cur), p.name, s.councilText())
		if !s.asPlayed || s.available(who) <= 0 {
			return e
		}
		// As played: he places now, and the turn goes on from him.
		s.disputes = append(s.disputes, e)
		for i, o := range s.order {
			if o == who {
				s.turn = i
			}
		}
	}
	first := 0
	if disc {
		first = 1
		if p := s.players[who]; p.discUsed {
			return fail(0, "%s's disc is already on the board this round", p.name)
		}
	}
	zi, k, e := s.spotOf(l, first, vb)
	if e != nil {
		return e
	}
	// The zone's name (zoneNames[zi]) and the player are looked up only
	// for the messages and the disc, off the usual path.
	kind := -1 // the additional-action token of a disc
	if disc {
		if kind = s.actionToken(s.players[who], zi); kind < 0 {
			return fail(1, "%s has no additional-action token for the %s zone", s.players[who].name, zoneNames[zi])
		}
	}
	o := s.board[zi][k]
	var taken *ruleError
	switch {
	case o.who == -2:
		taken = fail(first+1, "%s is blocked by a High Tension disc", spotName(zoneNames[zi], k))
	case o.who >= 0:
		name := spotName(zoneNames[zi], k)
		if zi == zVineyard {
			// A vineyard spot is the card the record names, not a number.
			name = "vineyard " + s.offers[k].ID
		}
		taken = fail(first+1, "%s is taken by %s", name, s.called(int(o.who)))
	}
	if taken != nil {
		// As played, a second pawn on a press, winery, shipping or draw
		// spot resolves after the spots of the zone, with the spot's
		// effects; a vineyard card, a marketing or council spot cannot
		// hold two.
		if !s.asPlayed || zi == zVineyard || zi == zMarketing || zi == zCouncil {
			return taken
		}
		s.disputes = append(s.disputes, taken)
		s.extra[zi] = append(s.extra[zi], k)
		s.board[zi] = append(s.board[zi], free)
		k = len(s.board[zi]) - 1
	}
	if limit := s.r.zonePerPlayer[zi]; limit > 0 {
		if e := s.overLimit(zi, who, limit, first); e != nil {
			return e
		}
	}
	if disc {
		p := s.players[who]
		s.useUp(p, kind)
		p.discUsed = true
	}
	s.board[zi][k] = occupant{who: int8(who), disc: disc}
	if !disc {
		s.placed[who]++
		// The turn is at him (current, or the as-played turn above): his
		// bit goes when he has placed his last.
		if t := s.turn; t < len(s.order) && s.order[t] == who {
			var last uint64
			if s.available(who) <= 0 {
				last = 1
			}
			s.toPlace &^= last << uint(t)
		} else {
			s.toPlace = s.placeMask()
		}
		s.turn++
	}
	if zi == zMarketing && s.merchant != nil && s.merchant.oenoCount() > 0 {
		s.merchantMarketing()
	}
	// The placement's step (on top) gives way to the next one, written in
	// its slot rather than popped and pushed.
	top := &s.pending[len(s.pending)-1]
	if cur := s.current(); cur >= 0 {
		*top = want{kind: wPlace, who: int8(cur)}
	} else {
		*top = want{kind: wAuto, wantArgs: wantArgs{step: stepStartResolution}}
	}
	return nil
}

// overLimit counts the player's collaborators on a zone that takes at
// most limit of each player's: an error (nil as played) when he has as
// many already.
func (s *state) overLimit(zi, who, limit, first int) *ruleError {
	n := 0
	for _, o := range s.board[zi] {
		if int(o.who) == who {
			n++
		}
	}
	if n < limit {
		return nil
	}
	e := fail(first, "%s already has %s on the %s zone, the most one player may place there", s.players[who].name, plural(n, "collaborator", "collaborators"), zoneNames[zi])
	if zi == zDraw && limit == 1 {
		e = fail(first, "%s already has a collaborator on the Wine Draw: one per player", s.players[who].name)
	}
	return s.dispute(e)
}

// merchantMarketing places the Wine Merchant on a free marketing n spot
// when he has a collaborator left.
func (s *state) merchantMarketing() {
	m := len(s.players) - 1
	if s.available(m) <= 0 || len(s.board[zMarketing]) == 0 {
		return
	}
	for k, o := range s.board[zMarketing] {
		if o.who == -1 {
			s.board[zMarketing][k] = occupant{who: int8(m)}
			s.placed[m]++
			return
		}
	}
}

// zoneActionTokens are the additional-action tokens of each zone
// (zoneIndex), named once rather than at each placement.
var zoneActionTokens = func() (ks [len(zoneNames)]string) {
	for i, z := range zoneNames {
		ks[i] = "additional-action-" + z
	}
	return ks
}()

// actionToken finds an additional-action token the player holds for a
// zone (zi: its zoneNames index): its kind, -1 for none.
func (s *state) actionToken(p *player, zi int) int {
	if k := s.r.tk.zoneAction[zi]; p.token(k) > 0 {
		return k
	}
	if k := s.r.tk.additional; p.token(k) > 0 {
		return k
	}
	return -1
}

// reserve places the disc of a market reservation token on a visible card.
func (s *state) reserve(who int, l *validate.Line) *ruleError {
	p := s.players[who]
	if cur := s.current(); cur != who {
		if s.available(who) <= 0 {
			return fail(0, "%s", s.discTooLate(who))
		}
		return fail(-1, "it is %s's turn to place, not %s's", s.called(cur), p.name)
	}
	if p.token(s.r.tk.reservation) == 0 {
		return fail(1, "%s has no market reservation token", p.name)
	}
	if p.discUsed {
		return fail(1, "%s's disc is already on the board this round", p.name)
	}
	if len(l.Tokens) != 3 {
		return syntax(0, "a reservation names the market card: %s: use reservation F07", validate.QuoteName(p.name))
	}
	c := s.visible(upper(l.Word(2)))
	if c == nil {
		return fail(2, "%s is not one of the market cards on the board (%s)", l.Word(2), s.visibleList())
	}
	for _, o := range s.players {
		if o.reserved == c.ID {
			return fail(2, "%s is already reserved by %s", c.ID, o.name)
		}
	}
	s.useUp(p, s.r.tk.reservation)
	p.discUsed = true
	p.reserved, p.resKey = c.ID, c.key
	return nil
}

// visibleList names the market cards on the board.
func (s *state) visibleList() string {
	var ids []string
	for _, sec := range s.sectors {
		for _, c := range []*marketCard{sec.active, sec.prov} {
			if c != nil {
				ids = append(ids, c.ID)
			}
		}
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// visible finds a market card on the board.
func (s *state) visible(id string) *marketCard {
	for _, sec := range s.sectors {
		for _, c := range []*marketCard{sec.active, sec.prov} {
			if c != nil && c.ID == id {
				return c
			}
		}
	}
	return nil
}

// useToken: the protection against the cold, or a change of transport.
func (s *state) useToken(p *player, l *validate.Line) *ruleError {
	kind := lower(l.Word(1))
	k := s.r.tokenID(kind)
	if p.token(k) == 0 {
		return fail(1, "%s has no %s token", p.name, kind)
	}
	if s.round == 0 {
		return fail(1, "tokens are used during the rounds")
	}
	switch kind {
	case "protection":
		if len(l.Tokens) != 2 {
			return syntax(2, "the protection against the cold names nothing more: %s: use protection", validate.QuoteName(p.name))
		}
		if s.ev != evClimaticHazards {
			if s.event == "" {
				// Between rounds, or before the first: no event to name.
				return fail(1, "the protection against the cold cancels the climatic hazards, and no event is revealed yet: it is used in the round of the climatic hazards, after their reveal")
			}
			return fail(1, "the protection against the cold cancels the climatic hazards; this round's event is %s", s.event)
		}
		if p.protected {
			return fail(1, "%s is already protected this round", p.name)
		}
		at := s.harvestWaiting()
		pos := slices.Index(s.order, slices.Index(s.players, p))
		if at < 0 || pos < at {
			return fail(1, "%s's harvest is over: the protection comes too late", p.name)
		}
		p.protected = true
		if s.harvestRun && pos == at {
			// His harvest waits for its line: it is worked out again,
			// protected (it may now leave no choice).
			s.pop()
			s.pop()
			s.push(want{kind: wAuto, spot: int16(at), wantArgs: wantArgs{step: stepHarvestFrom}})
		}
	case "transport":
		if len(l.Tokens) != 3 {
			return syntax(2, "the change of transport names the market card it applies to: %s: use transport E10", validate.QuoteName(p.name))
		}
		c := s.visible(upper(l.Word(2)))
		if c == nil {
			return fail(2, "%s is not one of the market cards on the board (%s)", l.Word(2), s.visibleList())
		}
		if c.Transport != "plane" && c.Transport != "boat" {
			return fail(2, "the change of transport turns a plane into a boat or a boat into a plane; %s goes by %s", c.ID, c.Transport)
		}
		// "Use this token when fulfilling an order": while the record
		// waits for the player's ship line, which must then ship the card.
		if w := s.next(); w.kind != wShip || s.players[w.who] != p {
			if e := s.dispute(fail(1, "the change of transport is used when fulfilling an order: write it just before %s's ship line (next, %s)", p.name, s.expectText())); e != nil {
				return e
			}
		}
		p.transport = append(p.transport, c.key)
	}
	s.useUp(p, k)
	return nil
}

// useUp discards a used token (a kind the player holds) face up.
func (s *state) useUp(p *player, kind int) {
	p.tokens[kind]--
	s.tokensHeld[kind]--
	s.discardToken()
}

// councilText is the council order as `replay` prints it: "1.Ben 2.Ann".
func (s *state) councilText() string {
	var b strings.Builder
	for i, o := range s.order {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d.%s", i+1, s.nameOf(o))
	}
	return b.String()
}
