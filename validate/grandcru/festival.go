package grandcru

import (
	"strings"

	"github.com/vintner/vintner/validate"
)

// festival checks and carries out one special action of the wine festival.
func (s *state) festival(p *player, l *validate.Line) *fault {
	end := func(i int) *fault {
		if i < len(l.Tokens) {
			return bad(i, "unexpected %q: the line ends here", l.Word(i))
		}
		return nil
	}
	if l.Verb == "pass" {
		if f := end(1); f != nil {
			return f
		}
		p.done = true
		s.festivalNext(s.after(p.seat))
		return nil
	}
	sp := specialSpace(l.Verb)
	switch l.Verb {
	case "demand":
		k := len(l.Tokens) - 1
		if k < 1 || k > 3 {
			return bad(len(l.Tokens), "the demand spaces raise price markers 1, 2 or 3 spaces: demand VARIETY [VARIETY [VARIETY]], one name per space")
		}
		sp = spDemand1 + k - 1
	case "cash":
		c, ok := num(l, 1)
		switch {
		case !ok && len(l.Tokens) < 2:
			return bad(1, "write how much prestige is exchanged: cash %d, cash %d or cash %d", s.t.SpaceCost[spCash1], s.t.SpaceCost[spCash3], s.t.SpaceCost[spCash5])
		case ok && c == s.t.SpaceCost[spCash1]:
			sp = spCash1
		case ok && c == s.t.SpaceCost[spCash3]:
			sp = spCash3
		case ok && c == s.t.SpaceCost[spCash5]:
			sp = spCash5
		default:
			return bad(1, "prestige is exchanged for money as %d, %d or %d points, not %s", s.t.SpaceCost[spCash1], s.t.SpaceCost[spCash3], s.t.SpaceCost[spCash5], l.Word(1))
		}
		if f := end(2); f != nil {
			return f
		}
	}
	if sp < 0 && l.Verb == "loans" {
		// The loans step comes once every player has passed.
		return bad(0, "the festival is not over (%s): the loans step follows once every player has passed, or cannot act", s.waitingFor())
	}
	if sp < 0 {
		f := bad(0, "%q is not a festival special action: start-player, late-vintage, special-delivery, grape-juice, young-wine, new-growth, demand, cash or pass", l.Word(0))
		f.hint = spaceWordHint(l.Verb)
		if f.hint == "" {
			f.hint = validate.DidYouMean(l.Verb, append(append([]string(nil), spaceNames[:spDemand1]...), "demand", "cash", "pass"))
		}
		return f
	}
	if by := s.space[sp]; by != 0 {
		return bad(0, "the %s space is taken by %s in this festival", spaceNames[sp], s.pl[by-1].name)
	}
	cost := s.t.SpaceCost[sp]
	if p.prestige < cost {
		if f := s.illegal(bad(0, "%s has %d prestige, the %s space costs %d", p.name, p.prestige, spaceNames[sp], cost)); f != nil {
			return f
		}
	}
	// The action itself, checked before anything changes.
	var apply func()
	switch sp {
	case spStart:
		if f := end(1); f != nil {
			return f
		}
		apply = func() { s.newStart = p.seat }
	case spLateVintage:
		if len(l.Tokens) == 1 {
			apply = func() {}
			break
		}
		v, f := s.variety(l, 1)
		if f != nil {
			return f
		}
		if f := end(2); f != nil {
			return f
		}
		if _, f := s.checkHarvest(p, []int{v}, []int{1}); f != nil {
			return f
		}
		apply = func() { s.doHarvest(p, []int{v}) }
	case spDelivery, spYoung:
		if len(l.Tokens) == 1 {
			apply = func() {}
			break
		}
		sa, i, f := s.parseSale(l, 1)
		if f != nil {
			return f
		}
		if f := end(i); f != nil {
			return f
		}
		n, f := s.checkSale(p, sa, sp == spDelivery)
		if f != nil {
			return f
		}
		price := s.t.price(sa.v, s.price[sa.v])
		if sp == spYoung {
			lack := s.t.yearsToMature(sa.v, sa.b)
			if lack < 0 {
				return bad(1, "the %s in barrel %d can never mature: no barrel from there on pictures %s", varietyNames[sa.v], sa.b+1, varietyNames[sa.v])
			}
			price = max(0, price-lack)
		}
		apply = func() {
			p.money += n * price
			p.barrels[sa.b][sa.v] -= n
			s.stock[sa.v] += n
			s.dropPrice(sa.v)
		}
	case spJuice:
		var need [nVarieties]int
		var vs []int
		for i := 1; i < len(l.Tokens); i++ {
			v, f := s.variety(l, i)
			if f != nil {
				return f
			}
			need[v]++
			if need[v] > p.ripe[v] {
				if p.ripe[v] == 0 {
					return bad(i, "%s has no unharvested %s cube", p.name, varietyNames[v])
				}
				return bad(i, "%s has only %s", p.name, plural(p.ripe[v], "unharvested "+varietyNames[v]+" cube", "unharvested "+varietyNames[v]+" cubes"))
			}
			vs = append(vs, v)
		}
		apply = func() {
			for _, v := range vs {
				takeVineCube(p, v)
				s.stock[v]++
				p.money += s.t.JuicePrice
			}
		}
	case spNewGrowth:
		if len(l.Tokens) == 1 {
			apply = func() {}
			break
		}
		old, f := s.variety(l, 1)
		if f != nil {
			return f
		}
		nv, f := s.variety(l, 2)
		if f != nil {
			return f
		}
		src := l.Lower(3)
		if src != "draw" && src != "discard" {
			return bad(3, "write where the new vine comes from: draw (the draw pile) or discard (the discard pile)")
		}
		if f := end(4); f != nil {
			return f
		}
		at := -1
		for i, t := range p.vineyard {
			if t.kind == old && (at < 0 || !t.cube) {
				at = i
			}
		}
		if at < 0 {
			return bad(1, "%s has no %s vine to replace", p.name, varietyNames[old])
		}
		if nv == old {
			return bad(2, "New Growth replaces a vine by one of another variety, not %s by %s", varietyNames[old], varietyNames[nv])
		}
		pile := &s.pile
		if src == "discard" {
			pile = &s.discard
		}
		if pile[nv] == 0 {
			return bad(2, "the %s pile holds no %s vine", map[string]string{"draw": "draw", "discard": "discard"}[src], varietyNames[nv])
		}
		apply = func() {
			t := p.vineyard[at]
			if t.cube {
				s.stock[old]++
				p.ripe[old]--
				p.ripeAt[old] &^= 1 << at
			}
			pile[nv]--
			s.discard[old]++
			p.vineyard[at] = tile{kind: nv}
		}
	case spDemand1, spDemand2, spDemand3:
		var vs []int
		for i := 1; i < len(l.Tokens); i++ {
			v, f := s.variety(l, i)
			if f != nil {
				return f
			}
			vs = append(vs, v)
		}
		apply = func() {
			for _, v := range vs {
				s.raise(v, 1)
			}
		}
	case spCash1, spCash3, spCash5:
		apply = func() { p.money += s.t.SpaceFrancs[sp] }
	}
	p.prestige -= cost
	p.actions++
	s.space[sp] = p.seat + 1
	apply()
	s.festivalNext(s.after(p.seat))
	return nil
}

// specialSpace is the festival space of a special action's verb, -1 for
// none (demand and cash name several spaces). A switch, not a loop over
// spaceNames, since it runs for every festival line;
// TestSpecialSpacesAgree keeps the two in step.
func specialSpace(verb string) int {
	switch verb {
	case "start-player":
		return spStart
	case "late-vintage":
		return spLateVintage
	case "special-delivery":
		return spDelivery
	case "grape-juice":
		return spJuice
	case "young-wine":
		return spYoung
	case "new-growth":
		return spNewGrowth
	}
	return -1
}

// loans checks and carries out one player's decision in the loans step.
func (s *state) loans(p *player, l *validate.Line) *fault {
	if p.bankrupt {
		return bad(-1, "%s's vineyard is bankrupt and takes no loans", p.name)
	}
	at := s.pos(p.seat)
	if at < s.loansNext {
		return bad(-1, "%s's turn in the loans step has passed: the players are heard once each, in turn order from %s", p.name, s.pl[s.start].name)
	}
	w := l.Word(1)
	if len(l.Tokens) != 2 || len(w) < 2 || (w[0] != '+' && w[0] != '-') {
		return bad(1, "write loans +N to take N loans or loans -N to repay N")
	}
	k, ok := num(l, 1)
	if !ok && digitsOnly(w[1:]) {
		// A count past the numbers a record writes is still a count of
		// loans: refused for what it asks, as a smaller one is.
		if w[0] == '+' {
			return bad(1, "%s has %s and cannot take %s more: no vineyard has more than %d", p.name, plural(p.loans, "loan", "loans"), w[1:], s.t.MaxLoans)
		}
		return bad(1, "%s has only %s to repay", p.name, plural(p.loans, "loan", "loans"))
	}
	if !ok || k == 0 {
		return bad(1, "write loans +N to take N loans or loans -N to repay N")
	}
	if k > 0 {
		if p.loans+k > s.t.MaxLoans {
			return bad(1, "%s has %s and cannot take %d more: no vineyard has more than %d", p.name, plural(p.loans, "loan", "loans"), k, s.t.MaxLoans)
		}
		p.loans += k
		p.money += k * s.t.Loan
	} else {
		k = -k
		if k > p.loans {
			return bad(1, "%s has only %s to repay", p.name, plural(p.loans, "loan", "loans"))
		}
		if p.money < k*s.t.Loan {
			if f := s.illegal(bad(1, "%s has %s and cannot pay %s to repay %s", p.name, francs(p.money), francs(k*s.t.Loan), plural(k, "loan", "loans"))); f != nil {
				return f
			}
		}
		p.loans -= k
		p.money -= k * s.t.Loan
	}
	s.loansNext = at + 1
	return nil
}

// digitsOnly reports whether w is digits alone (a count, however large).
func digitsOnly(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// spaceWordHint is the hint for a festival space written by its name in
// the tables (`cash-3`, `demand-2`, as `vintner tables grand-cru` lists
// the spaces), which a record writes as a verb and its words; "" for any
// other word.
func spaceWordHint(verb string) string {
	if n, ok := strings.CutPrefix(verb, "cash-"); ok && n != "" {
		return "the prestige paid follows the verb: cash " + n
	}
	if n, ok := strings.CutPrefix(verb, "demand-"); ok && n != "" {
		names := "VARIETY …"
		if n == "1" || n == "2" || n == "3" {
			names = strings.TrimSpace(strings.Repeat(" VARIETY", int(n[0]-'0')))
		}
		return "the varieties raised follow the verb, one per space: demand " + names
	}
	return ""
}
