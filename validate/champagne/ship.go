package champagne

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/vintner/vintner/validate"
)

// shipment is one market card validated.
type shipment struct {
	card    *marketCard
	tok     int // token index of the card id
	keep    int // the kind of token kept (rules.tokenKinds), -1 for none
	keepArg int
	keepTok int
	short   [3]int
	partner int
	pcuvee  [3]int
}

// value is a card's prestige this round (the sales events move it).
func (s *state) value(c *marketCard) int {
	v := c.PP
	if s.eventArg == c.Sector && (s.ev == evFallingSales || s.ev == evSalesIncrease) {
		v += s.eventPP
	}
	return v
}

// transport is the mode a player ships a card by (a token may swap it).
func (s *state) transport(p *player, c *marketCard) string {
	if slices.Contains(p.transport, c.key) {
		switch c.Transport {
		case "plane":
			return "boat"
		case "boat":
			return "plane"
		}
	}
	return c.Transport
}

// transportUnshipped refuses a ship line that leaves out a card whose
// transport the player changed (use transport CARD): the token is used
// "when fulfilling an order", that order.
func (s *state) transportUnshipped(p *player, ships []shipment, tok int) *ruleError {
	for _, key := range p.transport {
		if !slices.ContainsFunc(ships, func(sh shipment) bool { return sh.card.key == key }) {
			return s.dispute(fail(tok, "%s changed the transport of %s and does not ship it: the change of transport is used when fulfilling an order", p.name, s.seenCard(key).ID))
		}
	}
	return nil
}

// shippable says why a card cannot be validated from a spot, or "".
func (s *state) shippable(who, k int, c *marketCard) string {
	p := s.players[who]
	sec := s.sectors[c.Sector]
	row := s.spots(zShipping)[k].row
	pandemic := s.ev == evGlobalPandemic && !s.r.on.PandemicTopRowAll
	if c != sec.active && (row.ActiveOnly || pandemic) {
		if pandemic {
			return "during the global pandemic only the 3 active orders can be validated"
		}
		return "from the lower row only the 3 active orders can be validated"
	}
	for _, o := range s.players {
		if o.reserved == c.ID && o != p {
			return c.ID + " is reserved by " + o.name
		}
	}
	mode := s.transport(p, c)
	if s.ev == evAirportsStrike && mode == "plane" {
		return "the airports are on strike: nothing leaves by plane"
	}
	if s.ev == evSeaportsStrike && mode == "boat" {
		return "the seaports are on strike: nothing leaves by boat"
	}
	return ""
}

// ship: a player validates market cards from his shipping spot.
func (s *state) ship(who int, l *validate.Line, w want) *ruleError {
	p := s.players[who]
	sp := s.spots(zShipping)[w.spot]
	if len(l.Tokens) == 2 && isWord(l.Word(1), "none") {
		if e := s.transportUnshipped(p, nil, 1); e != nil {
			return e
		}
		p.transport = p.transport[:0]
		if !s.r.on.ForfeitEffectLost {
			s.effect(zShipping, int(w.spot), who)
		}
		return nil
	}
	if len(l.Tokens) < 2 {
		// A bare ship line is a line left unfinished, not ship none.
		return syntax(1, "a ship line names each market card validated: %s: ship F07, or ship none", validate.QuoteName(p.name))
	}
	// The shipments are read into the state's buffer; cur indexes the one
	// being read (-1: none).
	ships := s.ships[:0]
	cur := -1
	for i := 1; i < len(l.Tokens); i++ {
		word := l.Word(i)
		switch {
		case word == ",":
			cur = -1
		case cur < 0:
			c := s.visible(upper(word))
			if c == nil {
				return fail(i, "%s is not one of the market cards on the board (%s)", l.Word(i), s.visibleList())
			}
			ships = append(ships, shipment{card: c, tok: i, partner: -1, keep: -1})
			cur = len(ships) - 1
		case isWord(word, "keep") && i+1 < len(l.Tokens):
			kind, arg, e := s.tokenKind(l, i+1)
			if e != nil {
				return e
			}
			ships[cur].keep, ships[cur].keepArg, ships[cur].keepTok = kind, arg, i+1
			i++
		case isWord(word, "short") && i+1 < len(l.Tokens):
			c, ok := cubeCounts(l.Word(i+1), cuveeLetters)
			if !ok || sum3(&c) != 1 {
				e := syntax(i+1, "short names the one cuvée not shipped: short T, short N or short B")
				if m := notLetter(l.Word(i+1), cuveeLetters); m != "" {
					e.msg, e.hint = m, "short names the one cuvée not shipped: short T, short N or short B"
				}
				return e
			}
			ships[cur].short = c
			i++
		case isWord(word, "partner") && i+2 < len(l.Tokens):
			if !s.partner {
				return fail(i, "a partner helps only in the Trade Partnership variant")
			}
			pi := -1
			for j := 0; j < s.humans; j++ {
				if s.players[j].name == l.Word(i+1) {
					pi = j
				}
			}
			if pi < 0 && s.merchant != nil && isWord(l.Word(i+1), "merchant") {
				return fail(i+1, "the Wine Merchant is never a trade partner: a partner is another player")
			}
			if pi < 0 {
				return s.notAPlayer(i+1, l.Word(i+1))
			}
			if pi == who {
				return fail(i+1, "%s cannot be %s's partner: a partner is another player", l.Word(i+1), p.name)
			}
			c, ok := cubeCounts(l.Word(i+2), cuveeLetters)
			if !ok || sum3(&c) != 1 {
				e := syntax(i+2, "a partner provides one cuvée: partner NAME T, N or B")
				if m := notLetter(l.Word(i+2), cuveeLetters); m != "" {
					e.msg, e.hint = m, "a partner provides one cuvée: partner NAME T, N or B"
				}
				return e
			}
			ships[cur].partner, ships[cur].pcuvee = pi, c
			i += 2
		default:
			return syntax(i, "after a card: keep TOKEN, short CUVEE or partner NAME CUVEE; a second card follows a comma")
		}
	}
	s.ships = ships[:0] // the buffer, grown, for the next line
	max := sp.row.Cards
	if len(ships) > max {
		return fail(ships[max].tok, "shipping %d validates %s at most", w.spot+1, plural(max, "market card", "market cards"))
	}
	if len(ships) == 2 && ships[0].card == ships[1].card {
		return fail(ships[1].tok, "%s is validated once", ships[0].card.ID)
	}
	if e := s.transportUnshipped(p, ships, 1); e != nil {
		return e
	}
	shorts := 0
	refills := s.scratch[:0]
	for i := range ships {
		sh := &ships[i]
		c := sh.card
		if why := s.shippable(who, int(w.spot), c); why != "" {
			return fail(sh.tok, "%s cannot be validated: %s", c.ID, why)
		}
		need := c.Cuvees
		if sum3(&sh.short) > 0 {
			shorts++
			if !sp.Partial || (shorts > 1 && !s.r.on.PartialDeliveryEachCard) {
				return fail(sh.tok, "only the partial delivery spot ships one cuvée less, once")
			}
			if !covers(&need, &sh.short) {
				return fail(sh.tok, "%s does not ask for %s", c.ID, cubes(sh.short, cuveeLetters))
			}
			sub(&need, &sh.short)
		}
		if sh.partner >= 0 {
			if sum3(&sh.short) > 0 && !s.r.on.PartnerPartialYes {
				// A9: "a Market card for which you are missing a maximum
				// of 1 cuvee in order to fulfill the order": the order
				// as printed, not one a Partial delivery has shortened.
				return fail(sh.tok, "a Trade partnership fills an order missing at most 1 cuvée: %s cannot both ship %s short and take a partner's cuvée", p.name, c.ID)
			}
			if !covers(&need, &sh.pcuvee) {
				return fail(sh.tok, "%s does not ask for %s", c.ID, cubes(sh.pcuvee, cuveeLetters))
			}
			sub(&need, &sh.pcuvee)
			q := s.players[sh.partner]
			from, where := q.cellar, "in the cellar"
			if s.r.on.OenothequeShippingYes {
				// The partner ships as the active player does.
				add(&from, &q.oeno)
				where = "in the cellar or the œnothèque"
			}
			if !covers(&from, &sh.pcuvee) {
				return fail(sh.tok, "%s, the partner, has no %s %s to provide", q.name, cubes(sh.pcuvee, cuveeLetters), where)
			}
		}
		if sum3(&need) == 0 {
			return fail(sh.tok, "a market card is never free: %s ships at least one cuvée", p.name)
		}
		stock := p.cellar
		if s.r.on.OenothequeShippingYes {
			add(&stock, &p.oeno)
		}
		if !covers(&stock, &need) {
			return fail(sh.tok, "%s cannot fulfil %s: it asks for %s and the cellar holds %s", p.name, c.ID, cubes(need, cuveeLetters), cubes(stock, cuveeLetters))
		}
		sec := s.sectors[c.Sector]
		hasTok := c == sec.active && sec.tokens > 0 && (s.tokenSupply+sec.tokens > 0)
		if hasTok && sh.keep < 0 {
			return fail(sh.tok, "%s's active space holds bonus tokens: %s keeps one (keep KIND)", c.ID, p.name)
		}
		if !hasTok && sh.keep >= 0 {
			return fail(sh.keepTok, "no bonus token lies on %s's space", c.ID)
		}
		if sh.keep >= 0 && s.tokensOut[sh.keep] >= s.r.tokenBox[sh.keep] {
			return fail(sh.keepTok, "the box holds %s, and none is left in the supply", plural(s.r.tokenBox[sh.keep], s.r.tokenKinds[sh.keep]+" token", s.r.tokenKinds[sh.keep]+" tokens"))
		}
		// Validate it.
		for t := range 3 {
			fromCellar := min(need[t], p.cellar[t])
			p.cellar[t] -= fromCellar
			p.oeno[t] -= need[t] - fromCellar
		}
		gain := s.value(c)
		for t := range 3 {
			if sh.partner < 0 || !s.r.on.PartnerBonusNo {
				gain += need[t] * s.r.gridBonus(p.grid[t])
			}
			gain -= sh.short[t] * s.r.CuveeValue[t]
			gain -= sh.pcuvee[t] * s.r.CuveeValue[t]
		}
		p.pp += gain
		s.gainEco(p, s.r.shippingEco(s.transport(p, c), c.Sector))
		if sh.partner >= 0 {
			q := s.players[sh.partner]
			for t := range 3 {
				fromCellar := min(sh.pcuvee[t], q.cellar[t])
				q.cellar[t] -= fromCellar
				q.oeno[t] -= sh.pcuvee[t] - fromCellar
			}
			for t := range 3 {
				q.pp += sh.pcuvee[t] * (s.r.CuveeValue[t] + s.r.gridBonus(q.grid[t]))
			}
		}
		if p.reserved == c.ID {
			p.reserved = ""
		}
		if sh.keep >= 0 {
			s.tokensOut[sh.keep]++
			if s.r.on.MarketTokensAnyActive {
				sec.tokens-- // the others stay for the next validation of the active order
			} else {
				s.tokenSupply += sec.tokens - 1
				sec.tokens = 0
			}
			s.gainToken(p, sh.keep, sh.keepArg)
		}
		if refill, ok := s.validated(c); ok {
			refills = append(refills, refill)
		}
	}
	p.transport = p.transport[:0] // its cards have left the board
	s.pushFront(refills...)
	s.scratch = refills[:0]
	s.effect(zShipping, int(w.spot), who)
	return nil
}

// validated discards a card and returns its refill, if it comes now.
func (s *state) validated(c *marketCard) (want, bool) {
	sec := s.sectors[c.Sector]
	s.discarded[c.key] = true // setCard made room for it when it came up
	if c == sec.active {
		sec.active = nil
		if s.ev == evGlobalPandemic {
			s.refills = append(s.refills, int8(c.Sector))
			return want{}, false
		}
		if s.r.on.MarketRefillStackTop {
			return want{kind: wMarket, wantArgs: wantArgs{wantArea: wantArea{sector: int8(c.Sector)}}}, true
		}
		sec.active, sec.prov = sec.prov, nil
	} else {
		sec.prov = nil
		if s.ev == evGlobalPandemic {
			s.refills = append(s.refills, int8(c.Sector))
			return want{}, false
		}
	}
	return want{kind: wMarket, wantArgs: wantArgs{wantArea: wantArea{sector: int8(c.Sector)}}}, true
}

// merchantEvent: the Automa part of the event card.
func (s *state) merchantEvent(l *validate.Line) *ruleError {
	m := s.merchant
	mi := len(s.players) - 1
	// The cuvées in one word or several (TN, T N), as in every list of cubes.
	if len(l.Tokens) < 5 || !isWord(l.Word(3), "cuvees") {
		return syntax(0, "merchant shipping SPOT cuvees CUVEES (merchant shipping 2 cuvees TN)")
	}
	k, err := strconv.Atoi(l.Word(2))
	if err != nil || k < 1 || k > len(s.board[zShipping]) {
		return syntax(2, "the shipping spots are 1 to %d", len(s.board[zShipping]))
	}
	if o := s.board[zShipping][k-1]; o.who == -2 {
		return fail(2, "shipping %d is blocked by a High Tension disc", k)
	} else if o.who != -1 {
		return fail(2, "shipping %d is taken by %s", k, s.called(int(o.who)))
	}
	c, ok := lineCubes(l, 4, cuveeLetters)
	if !ok {
		return cubeError(l, 4, cuveeLetters, "the event card gives the Wine Merchant cuvées: merchant shipping 2 cuvees TN")
	}
	if s.available(mi) <= 0 {
		return fail(1, "the Wine Merchant has no collaborator left to place")
	}
	s.board[zShipping][k-1] = occupant{who: int8(mi)}
	s.placed[mi]++
	for t := range 3 {
		c[t] = min(c[t], s.supplyLeft(t))
	}
	for t := range 3 {
		for ; c[t] > 0 && m.cellarCount() < s.r.CellarMax; c[t]-- {
			m.cellar[t]++
		}
	}
	for t := 2; t >= 0; t-- {
		for ; c[t] > 0 && m.oenoCount() < s.r.OenoMax; c[t]-- {
			m.oeno[t]++
		}
	}
	if m.oenoCount() >= s.r.OenoMax {
		s.merchantMarketing()
	}
	return nil
}

// merchantCorks: the Wine Merchant gives up his least valuable cuvée.
func (s *state) merchantCorks() {
	m := s.merchant
	from := &m.cellar
	if m.cellarCount() == 0 && s.r.on.CorksDefectCellarThenOenotheque {
		from = &m.oeno
	}
	for t := range 3 {
		if from[t] > 0 {
			from[t]--
			return
		}
	}
}

// merchantKey orders two candidate cards for the Wine Merchant: prestige
// (with his marketing bonus), then the eco report, then a bonus token, then
// the destination (international, europe, france).
func (s *state) merchantKey(c *marketCard) [4]int {
	m := s.merchant
	pp := s.value(c)
	for t := range 3 {
		pp += c.Cuvees[t] * s.r.gridBonus(m.grid[t])
	}
	tok := 0
	if sec := s.sectors[c.Sector]; c == sec.active && sec.tokens > 0 {
		tok = 1
	}
	return [4]int{pp, s.r.shippingEco(c.Transport, c.Sector), tok, c.Sector}
}

func less4(a, b [4]int) bool {
	for i := range 4 {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// merchantBest lists the best cards the Merchant can fulfil from a spot.
func (s *state) merchantBest(k int, except *marketCard, cellar [3]int) []*marketCard {
	mi := len(s.players) - 1
	best := s.best[:0] // valid until the next call
	var bk [4]int
	for _, sec := range s.sectors {
		for _, c := range [2]*marketCard{sec.active, sec.prov} {
			if c == nil || c == except || s.shippable(mi, k, c) != "" || !covers(&cellar, &c.Cuvees) {
				continue
			}
			key := s.merchantKey(c)
			switch {
			case len(best) == 0 || less4(bk, key):
				best, bk = append(best[:0], c), key
			case !less4(key, bk):
				best = append(best, c)
			}
		}
	}
	s.best = best
	return best
}

// merchantNot says why the Wine Merchant does not take card c, written
// where the rules make him take one of best (none when it is empty): the
// spot or the event forbids it, his cellar cannot fulfil it, or the rule
// that decided between it and his card (prestige, eco, a token, the
// destination).
func (s *state) merchantNot(k int, prev *marketCard, cellar [3]int, c *marketCard, best []*marketCard) string {
	takes := ""
	for i, b := range best {
		if i == 0 {
			takes = " (he takes " + b.ID
		} else {
			takes += " or " + b.ID
		}
	}
	if takes != "" {
		takes += ")"
	}
	if c == prev {
		return c.ID + " is validated once"
	}
	if why := s.shippable(len(s.players)-1, k, c); why != "" {
		return "the Wine Merchant cannot validate " + c.ID + ": " + why + takes
	}
	if !covers(&cellar, &c.Cuvees) {
		after := ""
		if prev != nil {
			after = " after " + prev.ID
		}
		return "the Wine Merchant cannot fulfil " + c.ID + ": it asks for " + cubes(c.Cuvees, cuveeLetters) +
			" and his cellar holds " + cubes(cellar, cuveeLetters) + after + takes
	}
	b := best[0] // c is a card he can take: best holds one at least
	kb, kc := s.merchantKey(b), s.merchantKey(c)
	switch {
	case kb[0] != kc[0]:
		return fmt.Sprintf("the Wine Merchant takes %s, the card worth the most to him (%d PP), not %s (%d PP)", b.ID, kb[0], c.ID, kc[0])
	case kb[1] != kc[1]:
		return fmt.Sprintf("the Wine Merchant takes %s, not %s: both are worth %d PP to him, and %s has the better eco effect (%+d, not %+d)", b.ID, c.ID, kb[0], b.ID, kb[1], kc[1])
	case kb[2] != kc[2]:
		return fmt.Sprintf("the Wine Merchant takes %s, not %s: both are worth %d PP to him with the same eco effect, and bonus tokens lie on %s's space", b.ID, c.ID, kb[0], b.ID)
	}
	return fmt.Sprintf("the Wine Merchant takes %s, not %s: both are worth %d PP to him with the same eco effect and tokens, and the destination decides (international, then europe, then france)",
		b.ID, c.ID, kb[0])
}

// merchantShip: the Wine Merchant's choice is the rules', the record says
// which tied card and which token came up.
func (s *state) merchantShip(l *validate.Line, w want) *ruleError {
	m := s.merchant
	mi := len(s.players) - 1
	sp := s.spots(zShipping)[w.spot]
	max := sp.row.Cards
	cards := s.ships[:0]
	i := 2
	if len(l.Tokens) == 3 && isWord(l.Word(2), "none") {
		i = len(l.Tokens)
	}
	if len(l.Tokens) < 3 {
		// A bare ship line is a line left unfinished, not ship none.
		return syntax(2, "the Wine Merchant's ship line names the card he validates: merchant ship F07, or merchant ship none")
	}
	// Read as a player's ship line is: a card, its keep, a comma before
	// the next card (cur indexes the card being read, -1 after a comma).
	cur := -1
	for ; i < len(l.Tokens); i++ {
		switch {
		case l.Word(i) == ",":
			cur = -1
		case cur < 0:
			c := s.visible(upper(l.Word(i)))
			if c == nil {
				return fail(i, "%s is not one of the market cards on the board (%s)", l.Word(i), s.visibleList())
			}
			cards = append(cards, shipment{card: c, tok: i, keep: -1})
			cur = len(cards) - 1
		case isWord(l.Word(i), "keep") && i+1 < len(l.Tokens):
			kind, arg, e := s.tokenKind(l, i+1)
			if e != nil && isWord(l.Word(i+1), "land") {
				// He discards the land token unplaced: no region to name.
				kind, arg, e = s.r.tk.land, -1, nil
			}
			if e != nil {
				return e
			}
			cards[cur].keep, cards[cur].keepArg, cards[cur].keepTok = kind, arg, i+1
			i++
		default:
			return syntax(i, "after the Wine Merchant's card: keep TOKEN; a second card follows a comma")
		}
	}
	s.ships = cards[:0] // the buffer, grown, for the next line
	cellar := m.cellar
	var prev *marketCard
	for n := 0; n < max; n++ {
		best := s.merchantBest(int(w.spot), prev, cellar)
		if n >= len(cards) {
			if len(best) > 0 && n > 0 {
				return fail(len(l.Tokens), "the Wine Merchant can still fulfil %s: from a lower-row spot he takes a second card whenever he can", best[0].ID)
			}
			if len(best) > 0 {
				return fail(len(l.Tokens), "the Wine Merchant can still fulfil %s: he always takes the card worth the most", best[0].ID)
			}
			break
		}
		sh := cards[n]
		ok := false
		for _, b := range best {
			ok = ok || b == sh.card
		}
		if !ok {
			return fail(sh.tok, "%s", s.merchantNot(int(w.spot), prev, cellar, sh.card, best))
		}
		sub(&cellar, &sh.card.Cuvees)
		prev = sh.card
		if max == 1 {
			break
		}
	}
	if len(cards) > max {
		return fail(cards[max].tok, "shipping %d validates %s at most", w.spot+1, plural(max, "market card", "market cards"))
	}
	refills := s.scratch[:0]
	for i := range cards {
		sh := &cards[i]
		c := sh.card
		sec := s.sectors[c.Sector]
		hasTok := c == sec.active && sec.tokens > 0
		if hasTok && sh.keep < 0 {
			return fail(sh.tok, "%s's space holds bonus tokens: the Wine Merchant takes one at random (keep KIND)", c.ID)
		}
		if !hasTok && sh.keep >= 0 {
			return fail(sh.keepTok, "no bonus token lies on %s's space", c.ID)
		}
		if sh.keep >= 0 && s.tokensOut[sh.keep] >= s.r.tokenBox[sh.keep] {
			return fail(sh.keepTok, "the box holds %s, and none is left in the supply", plural(s.r.tokenBox[sh.keep], s.r.tokenKinds[sh.keep]+" token", s.r.tokenKinds[sh.keep]+" tokens"))
		}
		key := s.merchantKey(c)
		sub(&m.cellar, &c.Cuvees)
		m.pp += key[0]
		s.gainEco(m, key[1])
		if sh.keep >= 0 {
			s.tokensOut[sh.keep]++
			sec.tokens--
			s.gainToken(m, sh.keep, sh.keepArg)
		}
		if refill, ok := s.validated(c); ok {
			refills = append(refills, refill)
		}
	}
	s.pushFront(refills...)
	s.scratch = refills[:0]
	if len(cards) > 0 || !s.r.on.ForfeitEffectLost { // he retrieves his collaborator "according to the normal rules"
		s.effect(zShipping, int(w.spot), mi)
	}
	return nil
}
