package champagne

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/vintner/vintner/validate"
)

// maxCardNumber bounds a number a record reads off a card: none prints
// one near it, and no sum of them can overflow.
const maxCardNumber = 999

// offersLine reads the active vineyard offers, at setup or at a renewal.
func (s *state) offersLine(l *validate.Line, renewal bool) *ruleError {
	if renewal {
		for _, c := range s.offers {
			if c != nil && !s.vineDisc[c.Idx] {
				s.vineDisc[c.Idx] = true
				s.vineDiscN++
			}
		}
	}
	var cards []validate.Token // the line's card ids
	if len(l.Tokens) > 1 {
		cards = l.Tokens[1:]
	}
	unseen := s.vineUnseen
	need := s.seats()
	if avail := unseen + s.vineDiscN; avail < need {
		need = avail
	}
	if len(cards) != need {
		return fail(0, "the board shows %d active vineyard offers (one per stack), not %d", need, len(cards))
	}
	// Read into the spare buffer: the offers on the board stay as they are
	// until the line is accepted.
	offers := s.offersSpare[:0]
	var seenBuf [8]int // indices of the cards read so far
	seen := seenBuf[:0]
	reshuffled0 := false // the first stack ran out: its card came from the discards
	for i := range cards {
		id := cards[i].Text
		c := s.r.vine(id)
		if c == nil {
			e := fail(i+1, "no vineyard card of the game is called %q", id)
			e.hint = s.r.nearVine(id)
			return e
		}
		if c.Inheritance {
			return fail(i+1, "%s is an inheritance vineyard: it is set aside at setup and comes only with an inheritance card", c.ID)
		}
		if slices.Contains(seen, c.Idx) {
			return fail(i+1, "%s is offered twice", c.ID)
		}
		seen = append(seen, c.Idx)
		switch {
		case !s.vineSeen[c.Idx]:
			if unseen == 0 {
				return fail(i+1, "%s cannot come up: the stacks are empty", c.ID)
			}
			unseen--
		case s.vineDisc[c.Idx] && unseen == 0:
			s.vineDisc[c.Idx] = false // the stacks ran out: the discards were shuffled
			s.vineDiscN--
			reshuffled0 = reshuffled0 || i == 0
		default:
			return fail(i+1, "%s has already come up and cannot come up again (it is not in the stacks)", c.ID)
		}
		s.sawVine(c)
		offers = append(offers, c)
	}
	if renewal && s.keyCheck != nil && len(offers) > 0 {
		k := s.keyCheck
		c := offers[0]
		switch {
		case reshuffled0:
			// The first stack was empty when the event came: no card showed
			// the key, and the player with the fewest points chose it, as
			// the reveal line had to say (keyChosenWhenStacksEmpty).
		case c.Region < 0 && k.grape >= 0 && s.r.on.VitryatsKeyChardonnay:
			// The Coteaux Vitryats card is Chardonnay: it is the key grape.
			if k.chooser >= 0 || k.grape != c.Grape {
				return fail(1, "%s is a Coteaux Vitryats card: round %d's grapes quality honoured its grape, %s, with no choice (line %d)", c.ID, s.round, grapeNames[c.Grape], k.line)
			}
		case c.Region < 0:
			if k.chooser < 0 {
				return fail(1, "%s is a Coteaux Vitryats card: the key of round %d's %s was chosen by a player (chosen-by=NAME on line %d)", c.ID, s.round, k.event, k.line)
			}
		default:
			if k.chooser >= 0 {
				return fail(1, "%s is not a Coteaux Vitryats card: round %d's %s had no choice to make (line %d)", c.ID, s.round, k.event, k.line)
			}
			if k.region >= 0 && c.Region != k.region {
				return fail(1, "%s, the first offer, is in %s: it showed the key of round %d's climatic hazards, which struck %s (line %d)", c.ID, s.r.RegionNames[c.Region], s.round, s.r.RegionNames[k.region], k.line)
			}
			if k.grape >= 0 && c.Grape != k.grape {
				return fail(1, "%s, the first offer, grows %s: it showed the key of round %d's grapes quality, which honoured %s (line %d)", c.ID, grapeNames[c.Grape], s.round, grapeNames[k.grape], k.line)
			}
		}
	}
	s.offers, s.offersSpare = offers, s.offers[:0]
	s.tookVine = [maxSeats]*vineCard{}
	return nil
}

// hasInlineMark is strings.ContainsAny(w, ":+="), a byte loop without
// ContainsAny's set built at each call.
func hasInlineMark(w string) bool {
	for i := 0; i < len(w); i++ {
		if b := w[i]; b == ':' || b == '+' || b == '=' {
			return true
		}
	}
	return false
}

// sawVine notes that a vineyard card has come up.
func (s *state) sawVine(c *vineCard) {
	if !s.vineSeen[c.Idx] && !c.Inheritance {
		s.vineUnseen--
		s.unseen.add(c, -1)
	}
	s.vineSeen[c.Idx] = true
}

// parseMarket reads "SECTOR ID CUVEES PP TRANSPORT" from token i.
func (s *state) parseMarket(l *validate.Line, i int) (*marketCard, *ruleError) {
	if len(l.Tokens) == i+2 {
		// SECTOR ID alone: the card as the tables print it.
		m, ok := s.r.T.Market(l.Word(i + 1))
		if !ok {
			return nil, fail(i+1, "%s is not in the tables' market cards: declare it as market SECTOR ID CUVEES PP TRANSPORT", l.Word(i+1))
		}
		if !strings.EqualFold(m.Sector, l.Word(i)) {
			return nil, fail(i+1, "%s is a %s card", upper(m.ID), m.Sector)
		}
		cu, _ := cubeCounts(m.Cuvees, cuveeLetters)
		c := s.newCard()
		*c = marketCard{ID: upper(m.ID), Sector: s.r.sector(m.Sector), Cuvees: cu, PP: m.Value, Transport: m.Transport}
		c.key = s.cardKey(c.ID)
		return c, nil
	}
	if len(l.Tokens) != i+5 {
		return nil, syntax(0, "a market card is declared as: market SECTOR ID CUVEES PP TRANSPORT (market france F07 TTN 9 truck), or market SECTOR ID as the tables print it")
	}
	sec := s.r.sector(lower(l.Word(i)))
	if sec < 0 {
		return nil, fail(i, "no market sector is called %q: %s", l.Word(i), strings.Join(s.r.SectorNames, ", ")).withHint(l.Word(i), s.r.SectorNames)
	}
	c := s.newCard()
	*c = marketCard{ID: upper(l.Word(i + 1)), Sector: sec}
	c.key = s.cardKey(c.ID)
	cu, ok := cubeCounts(l.Word(i+2), cuveeLetters)
	if !ok || sum3(&cu) == 0 {
		e := syntax(i+2, "a market card asks for cuvées T (Tradition Brut), N (Blanc de noirs), B (Blanc de blancs): market france F07 TTN 9 truck")
		if m := notLetter(l.Word(i+2), cuveeLetters); m != "" {
			e.msg, e.hint = m, "a market card is declared as market SECTOR ID CUVEES PP TRANSPORT: market france F07 TTN 9 truck"
		}
		return nil, e
	}
	c.Cuvees = cu
	pp, err := strconv.Atoi(l.Word(i + 3))
	if err != nil || pp < 0 || pp > maxCardNumber {
		return nil, syntax(i+3, "a market card's prestige is a number from 0 to %d, not %q", maxCardNumber, l.Word(i+3))
	}
	c.PP = pp
	c.Transport = lower(l.Word(i + 4))
	if !s.r.knownTransport(c.Transport) {
		return nil, fail(i+4, "no mode of transport is called %q: %s", l.Word(i+4), transportList(s.r)).withHint(l.Word(i+4), strings.Split(transportList(s.r), ", "))
	}
	// A card the tables print from the box (not an assumed placeholder)
	// is checked against its printed contents.
	if m, ok := s.r.marketOf(c); ok && m.Src != "assumed" {
		cu, _ := cubeCounts(m.Cuvees, cuveeLetters)
		// Equal as written first: the usual case, without EqualFold's
		// loop over the bytes.
		sameSector := m.Sector == s.r.SectorNames[sec] || strings.EqualFold(m.Sector, s.r.SectorNames[sec])
		sameTransport := m.Transport == c.Transport || strings.EqualFold(m.Transport, c.Transport)
		if !sameSector || cu != c.Cuvees || m.Value != c.PP || !sameTransport {
			return nil, fail(i+1, "the tables print %s as %s %s %d %s", c.ID, m.Sector, cubes(cu, cuveeLetters), m.Value, m.Transport)
		}
	}
	return c, nil
}

// newCard returns room for a market card. The cards live in blocks that
// never grow, so that a pointer to one stays valid as more are declared.
func (s *state) newCard() *marketCard {
	if len(s.cards) == cap(s.cards) {
		s.cards = make([]marketCard, 0, 32)
	}
	s.cards = s.cards[:len(s.cards)+1]
	return &s.cards[len(s.cards)-1]
}

func transportList(r *rules) string {
	var t []string
	for k := range r.TransportEco {
		t = append(t, k)
	}
	sort.Strings(t)
	return strings.Join(t, ", ")
}

// marketLine reveals a market card: at setup (active, then provisional),
// or a refill (the new provisional on top of its stack).
func (s *state) marketLine(l *validate.Line, w want) *ruleError {
	c, e := s.parseMarket(l, 1)
	if e != nil {
		return e
	}
	sec := s.sectors[c.Sector]
	if w.kind == wMarket && c.Sector != int(w.sector) {
		return fail(1, "the card to replace is in the %s sector, not %s", s.r.SectorNames[w.sector], s.r.SectorNames[c.Sector])
	}
	if w.kind == wSetupMarket && sec.prov != nil {
		return fail(1, "the %s orders are already declared", s.r.SectorNames[c.Sector])
	}
	// One map for the cards of every sector: a card comes up in one
	// sector only.
	prior := s.seenCard(c.key)
	old := prior // the card's earlier reveal in this sector
	if old != nil && old.Sector != c.Sector {
		old = nil
	}
	if old != nil {
		if !s.isDiscarded(c.key) || sec.seenN < s.r.MarketPerSector[c.Sector] {
			return fail(2, "%s has already come up: a market card never comes up twice while its stack lasts", c.ID)
		}
		if *old != *c {
			return fail(2, "%s came up before as %s %d %s", c.ID, cubes(old.Cuvees, cuveeLetters), old.PP, old.Transport)
		}
	} else if sec.seenN >= s.r.MarketPerSector[c.Sector] {
		return fail(2, "the box holds %d %s cards: %s would be one more", s.r.MarketPerSector[c.Sector], s.r.SectorNames[c.Sector], c.ID)
	}
	if prior != nil && prior.Sector != c.Sector {
		return fail(2, "%s is a %s card", c.ID, s.r.SectorNames[prior.Sector])
	}
	if old == nil {
		sec.seenN++
	}
	s.setCard(c, false) // out of the discards, if it was there
	switch {
	case w.kind == wSetupMarket && sec.active == nil:
		sec.active = c
	case sec.active == nil && s.r.on.MarketRefillStackTop:
		sec.active = c // the stack's top card goes straight to the active space
	case sec.active == nil:
		sec.active, sec.prov = sec.prov, c
	default:
		sec.prov = c
	}
	return nil
}

// inherit: a player's kept Inheritance cards, by id, in the order he
// chose them; resolved at once, in that order.
func (s *state) inherit(who int, l *validate.Line) *ruleError {
	p := s.players[who]
	kept, e := s.inheritCards(p, l)
	if e != nil {
		return e
	}
	if len(kept) != s.r.InheritKeep {
		return fail(0, "%s keeps %d inheritance cards, but each player keeps %d: %s: inherit ID ID ID (%s)", p.name, len(kept), s.r.InheritKeep, validate.QuoteName(p.name), s.inheritList())
	}
	s.inheritLines[who] = l
	for _, k := range kept {
		c, t := k.card, k.tok
		if c.ID != "" {
			if s.inheritSeen[c.first] > 0 {
				return fail(t, "%s was already kept by another player: each inheritance card is kept once", c.ID)
			}
			s.inheritSeen[c.first]++
		}
		kind := inheritKindIndex(c.Kind)
		if s.inheritKinds[kind] >= s.r.inheritBox[kind] {
			return fail(t, "the box holds %d %s inheritance cards: this would be one more", s.r.inheritBox[kind], c.Kind)
		}
		s.inheritKinds[kind]++
		s.picks[who] = append(s.picks[who], c.ID)
		switch c.Kind {
		case "vineyard":
			v := s.r.vine(c.Vine)
			if v != nil {
				if s.vineSeen[v.Idx] {
					return fail(t, "the %s vineyard card was already inherited: each Inheritance vineyard comes once", v.ID)
				}
				s.sawVine(v)
				p.addVine(owned{card: v, region: v.Region})
				p.pp += v.PP
				s.gainEco(p, v.Eco)
			}
			if c.Stars > p.vineStar {
				p.vineStar = c.Stars
			}
		case "press":
			s.raisePress(who, c.Press, false)
		case "winery":
			for range c.Modules {
				s.addModule(p)
			}
		}
		s.gainEco(p, c.Eco)
		p.stars += c.Stars
		if p.cellarCount()+sum3(&c.Cellar) > s.r.CellarMax {
			if e := s.dispute(fail(t, "%s's cellar holds at most %d cuvées: %s has %d there and the card adds %d", p.name, s.r.CellarMax, p.name, p.cellarCount(), sum3(&c.Cellar))); e != nil {
				return e
			}
		}
		add(&p.cellar, &c.Cellar)
		if p.stillCount()+sum3(&c.Still) > s.r.wineryCap(p.modules) {
			if e := s.dispute(fail(t, "%s's winery holds at most %d still wines: %s has %d there and the card adds %d", p.name, s.r.wineryCap(p.modules), p.name, p.stillCount(), sum3(&c.Still))); e != nil {
				return e
			}
		}
		add(&p.still, &c.Still)
	}
	p.inherited = true
	if s.dealtN > 0 && s.allInherited() {
		return s.checkDraft(l)
	}
	return nil
}

// allInherited tells whether every player has kept his inheritance: the
// draft is checked then. (Not "the last seat has": as played, a line out
// of turn can come before an earlier seat's.)
func (s *state) allInherited() bool {
	for _, p := range s.players[:s.humans] {
		if !p.inherited {
			return false
		}
	}
	return true
}

// keptCard is one Inheritance card of an inherit line and the token that
// names it.
type keptCard struct {
	card *inheritCard
	tok  int
}

// inheritCards reads an inherit line: table ids (`inherit V2 P3 V3`), or
// each card with its contents, commas between the cards
// (`inherit vineyard:verneuil stars=1 eco+1 , press+2 , winery+1 still=MM`).
// A declared card is the tables' card with those contents when one is left
// in the box; otherwise the record's contents are played as written.
func (s *state) inheritCards(p *player, l *validate.Line) ([]keptCard, *ruleError) {
	inline := false
	for i := 1; i < len(l.Tokens); i++ {
		if w := l.Word(i); hasInlineMark(w) || w == "," {
			inline = true
		}
	}
	kept := s.kept[:0] // the state's buffer: valid until the next line
	defer func() { s.kept = kept[:0] }()
	if !inline {
		for t := 1; t < len(l.Tokens); t++ {
			c := s.r.inheritance(upper(l.Word(t)))
			if c == nil {
				return nil, fail(t, "no inheritance card is called %q (%s)", l.Word(t), s.inheritList())
			}
			kept = append(kept, keptCard{card: c, tok: t})
		}
		return kept, nil
	}
	from := 1
	for t := 1; t <= len(l.Tokens); t++ {
		if t < len(l.Tokens) && l.Word(t) != "," {
			continue
		}
		if t == from {
			return nil, syntax(t, "an inheritance card is missing between the commas: %s: inherit CARD , CARD , CARD", validate.QuoteName(p.name))
		}
		c, e := s.declaredInheritance(l, from, t)
		if e != nil {
			return nil, e
		}
		kept = append(kept, keptCard{card: c, tok: from})
		from = t + 1
	}
	return kept, nil
}

// declaredInheritance reads one card of an inline inherit line, tokens
// [from, to): an id, or KIND (vineyard:CARD, press+N, winery+N) and its
// contents (stars=N, eco+N, cellar=CUVEES, still=WINES).
func (s *state) declaredInheritance(l *validate.Line, from, to int) (*inheritCard, *ruleError) {
	const form = "an inheritance card is written by its id (V1) or by its contents: vineyard:CARD, press+N or winery+N, then stars=N, eco+N, cellar=CUVEES, still=WINES"
	if to-from == 1 {
		if c := s.r.inheritance(upper(l.Word(from))); c != nil {
			return c, nil
		}
	}
	var d inheritCard
	stars := -1
	for i := from; i < to; i++ {
		w := lower(l.Word(i))
		k, v, eq := strings.Cut(w, "=")
		if !eq {
			if j := strings.IndexAny(w, "+:"); j > 0 {
				k, v = w[:j], w[j+1:]
			}
		}
		num := func() (int, *ruleError) {
			n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
			if err != nil || n < 0 || n > maxCardNumber {
				return 0, syntax(i, "%s takes a number from 0 to %d: %s", k, maxCardNumber, form)
			}
			return n, nil
		}
		var e *ruleError
		switch {
		case i == from && k == "vineyard" && v != "":
			vc := s.r.vine(v)
			if vc == nil || !vc.Inheritance {
				return nil, fail(i, "%q is not one of the Vallée de la Marne vineyards set aside for the inheritance", v)
			}
			d.Kind, d.Vine = "vineyard", vc.ID
		case i == from && k == "press":
			d.Kind = "press"
			d.Press, e = num()
		case i == from && (k == "winery" || k == "modules"):
			d.Kind = "winery"
			d.Modules, e = num()
		case i > from && k == "stars":
			stars, e = num()
		case i > from && k == "eco":
			d.Eco, e = num()
		case i > from && k == "cellar":
			c, ok := parseCubes([]string{v}, cuveeLetters)
			if !ok {
				e := syntax(i, "%s", notLetter(v, cuveeLetters))
				e.hint = "cellar= lists the cuvées the card puts in the cellar: cellar=TN"
				return nil, e
			}
			d.Cellar = c
		case i > from && k == "still":
			c, ok := parseCubes([]string{v}, grapeLetters)
			if !ok {
				e := syntax(i, "%s", notLetter(v, grapeLetters))
				e.hint = "still= lists the still wines the card puts in the winery: still=MM"
				return nil, e
			}
			d.Still = c
		default:
			if i == from && to-from == 1 {
				return nil, fail(i, "no inheritance card is called %q (%s)", l.Word(i), s.inheritList())
			}
			return nil, syntax(i, "%s", form)
		}
		if e != nil {
			return nil, e
		}
	}
	// The tables' card with these contents, not kept yet.
	var seen *inheritCard
	for i := range s.r.Inherit {
		c := &s.r.Inherit[i]
		if c.Kind != d.Kind || c.Vine != d.Vine || c.Press != d.Press || c.Modules != d.Modules ||
			c.Eco != d.Eco || c.Cellar != d.Cellar || c.Still != d.Still || (stars >= 0 && c.Stars != stars) {
			continue
		}
		if s.inheritSeen[c.first] == 0 {
			return c, nil
		}
		seen = c
	}
	if seen != nil && stars < 0 {
		return seen, nil // reported as kept twice
	}
	if s.r.InheritFromBox {
		return nil, fail(from, "no inheritance card of the tables has these contents (the tables print the box's cards: %s)", s.inheritList())
	}
	if stars < 0 {
		return nil, fail(from, "no inheritance card of the tables has these contents: write its stars (stars=N)")
	}
	d.Stars = stars
	return &d, nil
}

func (s *state) inheritList() string {
	var ids []string
	for _, c := range s.r.Inherit {
		ids = append(ids, c.ID)
	}
	return strings.Join(ids, " ")
}

// dealLine records the inheritance cards dealt to a player (optional):
// deal NAME ID ID …
func (s *state) dealLine(l *validate.Line) *ruleError {
	if len(l.Tokens) < 2 {
		return syntax(0, "deal NAME ID ID …: the inheritance cards dealt to a player")
	}
	who := -1
	for i := 0; i < s.humans; i++ {
		if s.players[i].name == l.Word(1) {
			who = i
		}
	}
	if who < 0 {
		return s.notAPlayer(1, l.Word(1))
	}
	if s.hasDeal[who] {
		return fail(1, "%s's inheritance cards are already dealt", l.Word(1))
	}
	per := len(s.r.Inherit) / s.humans
	if len(l.Tokens)-2 != per {
		return fail(0, "the %d inheritance cards are dealt evenly: %d to each player, not %d", len(s.r.Inherit), per, len(l.Tokens)-2)
	}
	hand := s.deals[who][:0]
	for i := 2; i < len(l.Tokens); i++ {
		id := upper(l.Word(i))
		c := s.r.inheritance(id)
		if c == nil {
			return fail(i, "no inheritance card is called %q (%s)", l.Word(i), s.inheritList())
		}
		if s.dealt[c.first] {
			return fail(i, "%s is dealt twice", id)
		}
		s.dealt[c.first] = true
		s.dealtN++
		hand = append(hand, id)
	}
	s.deals[who] = hand
	s.hasDeal[who] = len(hand) > 0
	return nil
}

// checkDraft replays the draft: each pick comes from the hand the player
// holds at that moment, passed on to the left after every pick. It runs
// at cur, the last inherit line: a pick of an earlier line is named with
// its line.
func (s *state) checkDraft(cur *validate.Line) *ruleError {
	n := s.humans
	for i := 0; i < n; i++ {
		if !s.hasDeal[i] {
			return fail(0, "the deal of %s's inheritance cards is missing (deal %s ID …)", s.players[i].name, validate.QuoteName(s.players[i].name))
		}
	}
	// The hands are copied into one buffer, each with no room past its end.
	var handBuf [4][]string
	hands := handBuf[:n]
	s.hands = s.hands[:0]
	for i := range hands {
		from := len(s.hands)
		s.hands = append(s.hands, s.deals[i]...)
		hands[i] = s.hands[from:len(s.hands):len(s.hands)]
	}
	for k := 0; k < s.r.InheritKeep; k++ {
		for i := 0; i < n; i++ {
			h := ((i-k)%n + n) % n // player i holds the hand dealt to the player k seats to his right
			id := s.picks[i][k]
			if id == "" {
				if l := s.inheritLines[i]; l != cur { // the error is at cur: name the pick's line
					return fail(0, "the deal lines name the inheritance cards by id: %s's pick %d (line %d) is no card of the tables", s.players[i].name, k+1, l.Num)
				}
				return fail(0, "the deal lines name the inheritance cards by id: %s's pick %d is no card of the tables", s.players[i].name, k+1)
			}
			j := indexStr(hands[h], id)
			if j < 0 {
				l := s.inheritLines[i]
				tok := 1
				for t := 1; t < len(l.Tokens); t++ {
					if strings.EqualFold(l.Word(t), id) {
						tok = t
					}
				}
				if l != cur { // the column is on cur, not on the pick's line
					return fail(0, "%s cannot keep %s as pick %d (line %d): the hand held then, passed from the right, is %s", s.players[i].name, id, k+1, l.Num, strings.Join(hands[h], " "))
				}
				return fail(tok, "%s cannot keep %s as pick %d: the hand held then, passed from the right, is %s", s.players[i].name, id, k+1, strings.Join(hands[h], " "))
			}
			hands[h] = append(hands[h][:j], hands[h][j+1:]...)
		}
	}
	return nil
}

func indexStr(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// setupDone seats the Cellar Masters by stars.
func (s *state) setupDone() {
	hs := s.order[:0]
	for i := 0; i < s.humans; i++ {
		hs = append(hs, i)
	}
	// A stable insertion sort: more stars first, then the better
	// Vineyard inheritance card (sort.SliceStable allocates).
	before := func(a, b int) bool {
		pa, pb := s.players[a], s.players[b]
		if pa.stars != pb.stars {
			return pa.stars > pb.stars
		}
		return pa.vineStar > pb.vineStar
	}
	for i := 1; i < len(hs); i++ {
		for j := i; j > 0 && before(hs[j], hs[j-1]); j-- {
			hs[j], hs[j-1] = hs[j-1], hs[j]
		}
	}
	s.order = hs
	if s.merchant != nil {
		s.order = append(s.order, len(s.players)-1)
	}
	if s.tension {
		for z, sp := range s.r.HighTension {
			if zi := zoneIndex(z); zi >= 0 {
				s.blocked[zi] = sp
			}
		}
	}
}

// startRound begins a round, or ends the game after the last.
func (s *state) startRound() {
	s.round++
	if s.round > s.r.Rounds {
		s.round = s.r.Rounds
		s.push(want{kind: wFinal})
		return
	}
	s.event, s.eventArg, s.keyCheck, s.harvestRun, s.placementDone = "", -1, nil, false, false
	s.ev, s.eventPP = evOther, 0
	clear(s.subsidized)
	for i, p := range s.players {
		p.discUsed, p.protected = s.discHeld(i), false
		p.harvest = harvestDone{}
		p.transport = p.transport[:0]
		s.placed[i] = 0
	}
	s.resetBoard()
	s.push(want{kind: wAuto, wantArgs: wantArgs{step: stepStartPlacement}}) // pending is a stack: the last step first
	if s.merchant != nil {
		s.push(want{kind: wMerchantEvent})
	}
	s.push(want{kind: wEvent})
}

// spots are the spots of a zone (zoneNames index) this round.
func (s *state) spots(zi int) []spot {
	base := s.baseSpots(zi)
	if len(s.extra[zi]) == 0 {
		return base
	}
	// A spot taken twice as played: the extra places have its effects.
	sp := append([]spot(nil), base...)
	for _, k := range s.extra[zi] {
		sp = append(sp, base[k])
	}
	return sp
}

// baseSpots are the zone's printed spots (zi: its zoneNames index, -1
// for none).
func (s *state) baseSpots(i int) []spot {
	if i < 0 {
		return nil
	}
	if s.first {
		return s.r.zoneSpots[1][i]
	}
	return s.r.zoneSpots[0][i]
}

func (s *state) resetBoard() {
	side := 0
	if s.first {
		side = 1
	}
	for zi := range zoneNames {
		s.extra[zi] = s.extra[zi][:0]
		n := len(s.r.zoneSpots[side][zi]) // baseSpots, by index
		switch zi {
		case zVineyard:
			n = len(s.offers)
		case zCouncil:
			n = s.seats()
		}
		sp := s.board[zi] // reused from round to round
		if cap(sp) < n {
			sp = make([]occupant, n)
		}
		sp = sp[:n]
		for i := range sp {
			sp[i] = free
		}
		if b := s.blocked[zi] - 1; uint(b) < uint(n) { // 0 <= b < n, in one compare
			sp[b] = occupant{who: -2}
		}
		s.board[zi] = sp
	}
}

// eventLine reveals the round's event and applies what it does at once.
func (s *state) eventLine(l *validate.Line) *ruleError {
	kind := lower(l.Word(1))
	ei, ok := s.r.eventIndex.get(kind)
	if !ok {
		var ks []string
		for k := range s.r.Events {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return fail(1, "no event card is called %q: %s", l.Word(1), strings.Join(ks, ", ")).withHint(kind, ks)
	}
	// The event's kind and prestige by its index, not by its name again.
	ev := s.r.eventKinds[ei]
	s.event, s.ev, s.eventPP = kind, ev, s.r.eventPP[ei]
	s.eventArg = -1
	chooser := -1
	region, grape := -1, -1
	var keyTok [len(eventKeys)]int // the token of each key written, 0 for none
	for i := 2; i < len(l.Tokens); i++ {
		k, v, hasEq := strings.Cut(lower(l.Word(i)), "=")
		// A key written twice would silently replace the first.
		if j := slices.Index(eventKeys[:], k); hasEq && j >= 0 {
			if keyTok[j] > 0 {
				return syntax(i, "%s= is written once (%s came before)", k, l.Word(keyTok[j]))
			}
			keyTok[j] = i
		}
		switch {
		case !hasEq && (ev == evFallingSales || ev == evSalesIncrease) && s.eventArg < 0:
			s.eventArg = s.r.sector(k)
			if s.eventArg < 0 {
				return fail(i, "no market sector is called %q: %s", l.Word(i), strings.Join(s.r.SectorNames, ", ")).withHint(k, s.r.SectorNames)
			}
		case k == "region" && ev == evClimaticHazards:
			region = s.r.region(v)
			if region < 0 {
				return fail(i, "no region is called %q: %s", v, strings.Join(s.r.Regions, ", ")).withHint(v, s.r.Regions)
			}
		case k == "grape" && ev == evGrapesQuality:
			g, ok := parseCubes([]string{v}, grapeLetters)
			if !ok || sum3(&g) != 1 {
				return fail(i, "the key grape is M (Meunier), P (Pinot noir) or C (Chardonnay)")
			}
			for j := range 3 {
				if g[j] == 1 {
					grape = j
				}
			}
		case k == "chosen-by" && (ev == evClimaticHazards || ev == evGrapesQuality):
			if v == "" {
				return syntax(i, "chosen-by= names the player who chose the key: chosen-by=NAME")
			}
			chooser = -1
			for j := 0; j < s.humans; j++ {
				if s.players[j].name == l.Word(i)[len("chosen-by="):] {
					chooser = j
				}
			}
			// A player's name comes first, as for a trade partner: a
			// player may be called Merchant.
			if chooser < 0 && s.merchant != nil && strings.EqualFold(v, "merchant") {
				chooser = len(s.players) - 1
			}
			if chooser < 0 {
				return s.notAPlayer(i, l.Word(i)[len("chosen-by="):])
			}
			if want := s.fewestPP(); want != chooser {
				return fail(i, "the key is chosen by the player with the fewest prestige points (the last in turn order on a tie): %s, not %s", s.called(want), s.called(chooser))
			}
		default:
			return syntax(i, "%s takes %s", kind, eventArgs(kind))
		}
	}
	if copies := s.r.eventCopies[ei]; s.eventsSeen[ei] >= copies {
		return fail(1, "the box holds %s: this would be one more", plural(copies, kind+" card", kind+" cards"))
	}
	if s.eventsN >= s.r.EventsDrawn {
		return fail(1, "only %d event cards are drawn for a game", s.r.EventsDrawn)
	}
	s.eventsSeen[ei]++
	s.eventsN++
	switch ev {
	case evFallingSales, evSalesIncrease:
		if s.eventArg < 0 {
			return syntax(len(l.Tokens), "%s names the sector on its card: %s", kind, strings.Join(s.r.SectorNames, ", "))
		}
	case evClimaticHazards:
		if region < 0 {
			return syntax(len(l.Tokens), "climatic hazards names its key region: region=REGION")
		}
		if e := s.keyChosenWhenStacksEmpty(l, kind, chooser); e != nil {
			return e
		}
		if e := s.keyInStacks(kind, region, -1, chooser, keyTok); e != nil {
			return e
		}
		s.eventArg = region
		s.key = keyCheck{event: "climatic hazards", region: region, grape: -1, chooser: chooser, line: l.Num}
		s.keyCheck = &s.key
	case evGrapesQuality:
		if grape < 0 {
			return syntax(len(l.Tokens), "grapes quality names its key grape: grape=M|P|C")
		}
		if e := s.keyChosenWhenStacksEmpty(l, kind, chooser); e != nil {
			return e
		}
		if e := s.keyInStacks(kind, -1, grape, chooser, keyTok); e != nil {
			return e
		}
		s.eventArg = grape
		s.key = keyCheck{event: "grapes quality", region: -1, grape: grape, chooser: chooser, line: l.Num}
		s.keyCheck = &s.key
		for _, p := range s.players {
			for _, o := range p.vines {
				if o.card.Grape == grape {
					p.pp++
				}
			}
		}
	case evCorksDefect:
		ws := s.scratch[:0]
		for _, i := range s.order {
			if s.players[i].merchant {
				ws = append(ws, want{kind: wAuto, wantArgs: wantArgs{step: stepMerchantCorks}})
			} else {
				ws = append(ws, want{kind: wCorks, who: int8(i)})
			}
		}
		s.pushFront(ws...)
		s.scratch = ws[:0]
	}
	return nil
}

// eventKeys are the key=value words of a reveal line.
var eventKeys = [...]string{"region", "grape", "chosen-by"}

func eventArgs(kind string) string {
	switch kind {
	case "falling-sales", "sales-increase":
		return "a sector: france, europe or international"
	case "climatic-hazards":
		return "region=REGION [chosen-by=NAME]"
	case "grapes-quality":
		return "grape=M|P|C [chosen-by=NAME]"
	}
	return "nothing more"
}

// notAPlayer refuses a name that is no player's on a table line, as the
// record reader refuses one on a player's line: with the players and a
// hint.
func (s *state) notAPlayer(tok int, name string) *ruleError {
	names := make([]string, s.humans)
	for i := range names {
		names[i] = s.players[i].name
	}
	e := fail(tok, "%s is not a player of this game (players: %s)", name, validate.PlayerList(names))
	e.hint = validate.DidYouMean(name, names)
	return e
}

// fewestPP is the player who chooses the key when a Coteaux Vitryats card
// leaves it open: the fewest prestige points, the last in turn order on a tie.
func (s *state) fewestPP() int {
	best := -1
	for _, i := range s.order {
		if best < 0 || s.players[i].pp <= s.players[best].pp {
			best = i
		}
	}
	return best
}

// keyChosenWhenStacksEmpty: with every card of the vineyard stacks come
// up, no card shows the key of climatic hazards or grapes quality, and the
// player with the fewest prestige points chooses it (ruling E8), which the
// reveal line says with chosen-by=. Known here, at the reveal: the next
// renewal, whose first offer would show it otherwise, never comes after
// round 10.
func (s *state) keyChosenWhenStacksEmpty(l *validate.Line, kind string, chooser int) *ruleError {
	if s.vineUnseen > 0 || chooser >= 0 {
		return nil
	}
	who := s.fewestPP()
	name := "merchant"
	if !s.players[who].merchant {
		name = validate.QuoteName(s.players[who].name)
	}
	return fail(len(l.Tokens), "the vineyard stacks are empty, so no card shows the key of %s: %s, with the fewest prestige points, chooses it (chosen-by=%s)", strings.ReplaceAll(kind, "-", " "), s.called(who), name)
}

// keyInStacks: while the vineyard stacks hold cards, the key of climatic
// hazards or grapes quality is shown by the top of the first stack, one of
// the cards that have not come up (ruling E8). The next renewal's first
// offer tells which, and keyCheck compares it then; but round 10 has no
// renewal, and a key no card left could show is known at the reveal: a
// region (or grape) of which every card has come up, or a chosen-by= when
// no card left leaves the key to a player (every Coteaux Vitryats card
// has come up, or vitryats-key chardonnay makes one show Chardonnay).
// keyTok holds the tokens of region=, grape= and chosen-by= (eventKeys).
func (s *state) keyInStacks(kind string, region, grape, chooser int, keyTok [len(eventKeys)]int) *ruleError {
	if s.vineUnseen == 0 {
		return nil // keyChosenWhenStacksEmpty
	}
	chardonnay := grape >= 0 && s.r.on.VitryatsKeyChardonnay
	// A card left shows the key written; one leaves the key to a player.
	// A Coteaux Vitryats card leaves it, but under vitryats-key chardonnay
	// shows its grape.
	u := &s.unseen
	open := u.wild > 0 && !chardonnay
	var shows bool
	switch {
	case region >= 0:
		shows = u.region[region] > 0
	case chardonnay:
		shows = u.grape[0][grape]+u.grape[1][grape] > 0
	default:
		shows = u.grape[0][grape] > 0
	}
	if chooser >= 0 && !open {
		if chardonnay {
			return fail(keyTok[2], "a card of the vineyard stacks shows the key of grapes quality, and no player chooses it: a Coteaux Vitryats card shows Chardonnay (house ruling vitryats-key chardonnay)")
		}
		return fail(keyTok[2], "every Coteaux Vitryats card has come up: the top of the first vineyard stack shows the key of %s, and no player chooses it", strings.ReplaceAll(kind, "-", " "))
	}
	if chooser < 0 && !shows {
		in := "is in " + s.r.RegionNames[region]
		tok := keyTok[0]
		if grape >= 0 {
			in, tok = "grows "+grapeNames[grape], keyTok[1]
		}
		e := fail(tok, "no card left in the vineyard stacks %s, so the top of the first stack cannot show it as the key of %s", in, strings.ReplaceAll(kind, "-", " "))
		if open {
			e.hint = "a Coteaux Vitryats card is still in the stacks: if it showed the key, the player with the fewest prestige points chose it (chosen-by=NAME)"
		}
		return e
	}
	return nil
}

// corks: a player discards a cuvée of his cellar.
func (s *state) corks(who int, l *validate.Line) *ruleError {
	p := s.players[who]
	c, ok := lineCubes(l, 1, cuveeLetters)
	if !ok || sum3(&c) != 1 {
		e := syntax(1, "the corks defect discards one cuvée: %s: discard T, N or B", validate.QuoteName(p.name))
		if m := notLetter(l.Word(1), cuveeLetters); m != "" {
			e.msg, e.hint = m, fmt.Sprintf("the corks defect discards one cuvée: %s: discard T, N or B", validate.QuoteName(p.name))
		}
		return e
	}
	if p.cellarCount() == 0 && s.r.on.CorksDefectCellarThenOenotheque {
		if !covers(&p.oeno, &c) {
			return fail(1, "%s has no %s in the œnothèque (it holds %s)", p.name, cubes(c, cuveeLetters), cubes(p.oeno, cuveeLetters))
		}
		sub(&p.oeno, &c)
		return nil
	}
	if !covers(&p.cellar, &c) {
		return fail(1, "%s has no %s in the cellar (it holds %s)", p.name, cubes(c, cuveeLetters), cubes(p.cellar, cuveeLetters))
	}
	sub(&p.cellar, &c)
	return nil
}
