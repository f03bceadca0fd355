package grandcru

import (
	"fmt"
	"slices"

	"github.com/vintner/vintner/validate"
)

// action replays a player's action line. It checks everything before it
// changes anything, so a refused action leaves the state as it was.
func (s *state) action(l *validate.Line) *fault {
	// lineSeat, its common case written out (it is not inlined): the seat
	// the reader found.
	seat := l.Seat()
	if uint(seat) >= uint(len(s.pl)) {
		seat = s.lineSeat(l)
	}
	if seat < 0 {
		return s.notAPlayer(-1, l.Player)
	}
	p := s.pl[seat]
	if s.ph == phActions && seat == s.turn {
		// The common case, the player to move in Phase I, without the
		// checks of the other phases (actionAfterLoans does the same).
		last, f := s.phaseOne(p, l)
		if f != nil {
			return f
		}
		s.afterAction(seat, last)
		return nil
	}
	// A verb the game does not have is said to be one first: out of turn,
	// or closing the loans step ("Ann: repay 1"), it read "it is Ben's
	// turn, not Ann's". (The player to move in Phase I, above, or in the
	// festival is told in the phase's words.)
	if s.ph != phFestival || seat != s.turn {
		if f := unknownVerb(l); f != nil {
			if s.ph == phLoans && f.hint == "" {
				f.hint = "the loans step is written NAME: loans +N (take N loans) or NAME: loans -N (repay N)"
			}
			return f
		}
	}
	if s.ph == phLoans && s.loansNext == 0 && p.passedOver != passedNot && isFestivalVerb(l.Verb) {
		return s.festivalLineAfterFestival(seat, p, l)
	}
	return s.actionAfterLoans(seat, p, l)
}

// festivalLineAfterFestival replays a festival line by a player the
// festival passed over: if it does not read as the next year's action, it
// says that the festival is over. (Apart from action, whose frame would
// otherwise hold the copy of the state for every line.)
func (s *state) festivalLineAfterFestival(seat int, p *player, l *validate.Line) *fault {
	// The line is tried as the next year's: the loans step closes and the
	// preparation refills the vines, turns the improvements up and pays
	// for missing cubes. When it is refused, the state goes back to the
	// year end, the players' vineyards and money too, so that the state
	// shown with the error (replay) is the one before it.
	saved := *s
	players := make([]player, len(s.pl))
	vineyards := make([][]tile, len(s.pl))
	for i, q := range s.pl {
		players[i] = *q
		vineyards[i] = slices.Clone(q.vineyard)
	}
	// As played, a reading that breaks a rule (the next year's first
	// action out of turn) is no reading either: the table meant the
	// festival, as the refusal says.
	applied := len(s.disputes)
	if f := s.actionAfterLoans(seat, p, l); f != nil || len(s.disputes) > applied {
		*s = saved
		for i, q := range s.pl {
			*q = players[i]
			copy(q.vineyard, vineyards[i])
		}
		return bad(-1, "the festival is over: %s %s and was passed over (a player who cannot act writes no line)", p.name, passedOverText(p))
	}
	s.yearOpenedPassedOver = true
	return nil
}

// isFestivalVerb tells whether a verb names a festival special action or
// a pass.
func isFestivalVerb(verb string) bool {
	return specialSpace(verb) >= 0 || verb == "demand" || verb == "cash" || verb == "pass"
}

// actionAfterLoans replays an action line once a pending loans step, if
// any, is closed.
func (s *state) actionAfterLoans(seat int, p *player, l *validate.Line) *fault {
	if s.ph == phLoans && l.Verb != "loans" {
		s.finishLoans()
		applied := len(s.disputes)
		f := s.actionInPhaseOne(seat, p, l)
		if f == nil {
			s.yearOpenedBy, s.yearOpenedPassedOver = l, false
		}
		if l.Verb == "pass" {
			// The rulebook lets a player pass in the loans step; the
			// record leaves them out, so a pass there reads as the
			// next year's and is refused in its terms, or, as played,
			// applied in them (out of turn): either way the hint says
			// why.
			hint := "the loans step has no pass: a player who leaves their loans as they are writes no line; this pass closed the loans step"
			if s.ph != phOver {
				hint += fmt.Sprintf(" and was read as year %d's", s.year)
			}
			if f != nil && f.hint == "" {
				f.hint = hint
			}
			for _, d := range s.disputes[applied:] {
				if d.hint == "" {
					d.hint = hint
				}
			}
		}
		return f
	}
	return s.actionInPhaseOne(seat, p, l)
}

// actionInPhaseOne replays an action line in the phase the game is in,
// the loans step closed.
func (s *state) actionInPhaseOne(seat int, p *player, l *validate.Line) *fault {
	switch s.ph {
	case phSetup:
		return bad(-1, "the setup is not complete")
	case phDisplay:
		return bad(-1, "the year has ended: the new display comes first (display TILE …)")
	case phOver:
		return bad(-1, "the game is over: no more actions")
	case phLoans:
		return s.loans(p, l)
	case phFestival:
		if p.bankrupt {
			return bad(-1, "%s's vineyard is bankrupt", p.name)
		}
		// A loans line is out of its step whoever writes it: festival says
		// so, and whose turn it is, rather than that this player may not act.
		if seat != s.turn && l.Verb != "loans" {
			if p.done {
				return bad(-1, "%s has passed in this festival and takes no more special actions", p.name)
			}
			if p.actions >= s.t.FestivalLimit {
				return bad(-1, "%s has taken %s, the most a festival allows", p.name, plural(p.actions, "special action", "special actions"))
			}
			f := s.notYourTurn(p, "in the festival")
			if !s.canFestival(p) {
				// Why the turn went past this player, who may think it
				// theirs: the festival skips a player who cannot act.
				f.msg += ": " + p.name + " has no prestige left for any open space and is passed over (a player who cannot act writes no line)"
			}
			if f := s.illegal(f); f != nil {
				return f
			}
			s.turn = seat // as played: the festival goes on from this player
		}
		return s.festival(p, l)
	}
	// A loans line is out of its step whoever writes it: phaseOne says so.
	if seat != s.turn && l.Verb != "loans" {
		if p.passed {
			return bad(-1, "%s has passed and takes no more actions this year (it is %s's turn)", p.name, s.pl[s.turn].name)
		}
		if f := s.illegal(s.notYourTurn(p, "")); f != nil {
			return f
		}
		// As played: the turn goes on clockwise from this player.
		if s.triggered {
			s.final = slices.DeleteFunc(s.final, func(q int) bool { return q == seat })
			s.final = append([]int{seat}, s.final...)
		}
		s.turn = seat
	}
	last, f := s.phaseOne(p, l)
	if f != nil {
		return f
	}
	s.afterAction(seat, last)
	return nil
}

// yearOpenedHint names the line that closed the loans step and began the
// year, for a line refused since it came after it; "" when the year was
// begun otherwise, or is past its first round.
func (s *state) yearOpenedHint() string {
	o := s.yearOpenedBy
	if o == nil || s.ph != phActions || s.year < 2 || s.round != 1 {
		return ""
	}
	if o.Kind == validate.KindEvent {
		return fmt.Sprintf("line %d, year %d, closed the loans step: the loans lines come before it", o.Num, s.year)
	}
	h := fmt.Sprintf("line %d, %s: %s, closed the loans step and began year %d", o.Num, validate.QuoteName(o.Player), o.Verb, s.year)
	switch {
	case s.yearOpenedPassedOver:
		return h + fmt.Sprintf(": the festival had passed %s over, so the line was read as year %d's", validate.QuoteName(o.Player), s.year)
	case o.Verb == "pass":
		return h + " (the loans step has no pass: a player who leaves their loans as they are writes no line)"
	}
	return h + " (only loans lines belong to the loans step)"
}

func (s *state) notYourTurn(p *player, where string) *fault {
	f := bad(-1, "it is %s's turn, not %s's", s.pl[s.turn].name, p.name)
	if where != "" {
		f.msg = "it is " + s.pl[s.turn].name + "'s turn " + where + ", not " + p.name + "'s"
	}
	if s.ph == phActions && s.triggered {
		f.msg += " (final actions of the year)"
	}
	return f
}

// phaseOne checks and carries out one Phase I action; it returns whether
// the player harvested the last vine.
func (s *state) phaseOne(p *player, l *validate.Line) (bool, *fault) {
	end := func(i int) *fault {
		if i < len(l.Tokens) {
			return bad(i, "unexpected %q: the line ends here", l.Word(i))
		}
		return nil
	}
	switch l.Verb {
	case "pass":
		if f := end(1); f != nil {
			return false, f
		}
		if !p.passed {
			p.passed = true
			s.active--
		}
		return false, nil

	case "auction":
		k, f := s.kind(l, 1)
		if f != nil {
			return false, f
		}
		di := s.inDisplay(k)
		if di < 0 {
			return false, bad(1, "the display has no %s tile (display: %s)", kindName(k), joinKinds(s.display))
		}
		col, i := -1, 2
		if isWord(l, 2, "col") || isWord(l, 2, "column") {
			c, ok := num(l, 3)
			if !ok || c < 1 || c > s.n {
				return false, bad(3, "auction columns are numbered 1 to %d", s.n)
			}
			if s.cols[c-1].kind >= 0 {
				return false, bad(3, "auction column %d already holds a %s tile", c, kindName(s.cols[c-1].kind))
			}
			col, i = c-1, 4
		} else {
			for j, c := range s.cols {
				if c.kind < 0 {
					col = j
					break
				}
			}
			if col < 0 {
				return false, bad(0, "every auction column holds a tile: nothing can be auctioned")
			}
		}
		bid, ok := num(l, i)
		if !ok {
			return false, bad(i, "write the bid after the tile: auction %s BID (%d to %d)", kindName(k), s.t.Bids[0], s.t.Bids[1])
		}
		if bid < s.t.Bids[0] || bid > s.t.Bids[1] {
			return false, bad(i, "a bid is %d to %d, not %d", s.t.Bids[0], s.t.Bids[1], bid)
		}
		if f := end(i + 1); f != nil {
			return false, f
		}
		if s.freeMarkers(p) <= 0 {
			return false, bad(0, "%s has no free action marker to bid with", p.name)
		}
		s.display = append(s.display[:di], s.display[di+1:]...)
		s.cols[col] = column{kind: k, bidder: p.seat, bid: bid}
		p.bids++
		return false, nil

	case "bid":
		col, k, i, f := s.colRef(l, 1)
		if f != nil {
			return false, f
		}
		if col < 0 {
			if col, f = s.onlyColumn(k, "up for auction"); f != nil {
				return false, f
			}
		} else if k < 0 {
			return false, bad(2, "auction column %d holds no tile", col+1)
		}
		c := s.cols[col]
		bid, ok := num(l, i)
		if !ok {
			return false, bad(i, "write the new bid: bid %s BID", kindName(c.kind))
		}
		if f := end(i + 1); f != nil {
			return false, f
		}
		if c.bidder == p.seat {
			return false, bad(0, "%s already holds the bid on the %s and cannot outbid themself", p.name, kindName(c.kind))
		}
		// The rulebook's comment on the top bid, for either refusal.
		topHint := ""
		if c.bid >= s.t.Bids[1] {
			topHint = fmt.Sprintf("a bid of %d cannot be outbid; the tile may still be bought directly for %s (buy)", c.bid, francs(s.t.DirectPrice))
		}
		if bid <= c.bid {
			// As played, the bid written takes the column over.
			f := bad(i, "a new bid must be higher than %s's %d", s.pl[c.bidder].name, c.bid)
			f.hint = topHint
			if f := s.illegal(f); f != nil {
				return false, f
			}
		}
		if bid < s.t.Bids[0] || bid > s.t.Bids[1] {
			f := bad(i, "a bid is %d to %d, not %d", s.t.Bids[0], s.t.Bids[1], bid)
			f.hint = topHint
			return false, f
		}
		if s.freeMarkers(p) <= 0 {
			return false, bad(0, "%s has no free action marker to bid with", p.name)
		}
		s.pl[c.bidder].bids--
		s.cols[col].bidder, s.cols[col].bid = p.seat, bid
		p.bids++
		return false, nil

	case "take":
		col, k, i, f := s.colRef(l, 1)
		if f != nil {
			return false, f
		}
		if col < 0 {
			var mine []int
			for _, c := range s.columnsOf(k) {
				if s.cols[c].bidder == p.seat {
					mine = append(mine, c)
				}
			}
			if len(mine) == 0 {
				return false, bad(1, "%s is not the high bidder on any %s tile", p.name, kindName(k))
			}
			if len(mine) > 1 {
				// The bids may differ, and which column is freed decides
				// where the next auction goes: the record says which.
				return false, bad(1, "%s holds the bid on several %s tiles: write %s", p.name, kindName(k), colList(mine))
			}
			col = mine[0]
		} else if k < 0 {
			return false, bad(2, "auction column %d holds no tile", col+1)
		}
		c := s.cols[col]
		if c.bidder != p.seat {
			if c.bidder < 0 {
				return false, bad(1, "nobody bids on the %s in column %d", kindName(c.kind), col+1)
			}
			return false, bad(1, "%s holds the bid on the %s, not %s", s.pl[c.bidder].name, kindName(c.kind), p.name)
		}
		if p.money < c.bid {
			if f := s.illegal(bad(0, "%s has %s and cannot pay the bid of %s", p.name, francs(p.money), francs(c.bid))); f != nil {
				return false, f
			}
		}
		d, f := s.checkPlace(p, l, i)
		if f != nil {
			return false, f
		}
		p.money -= c.bid
		p.bids--
		s.cols[col] = column{kind: -1, bidder: -1}
		s.place(p, c.kind, d)
		return false, nil

	case "buy":
		col, k, i, f := s.colRef(l, 1)
		if f != nil {
			return false, f
		}
		di := -1
		if col < 0 {
			di = s.inDisplay(k)
			if di < 0 {
				if col, f = s.onlyColumn(k, "in the display or up for auction"); f != nil {
					return false, f
				}
			}
		} else if k < 0 {
			return false, bad(2, "auction column %d holds no tile", col+1)
		}
		if p.money < s.t.DirectPrice {
			if f := s.illegal(bad(0, "%s has %s and cannot pay %s to buy a tile directly", p.name, francs(p.money), francs(s.t.DirectPrice))); f != nil {
				return false, f
			}
		}
		d, f := s.checkPlace(p, l, i)
		if f != nil {
			return false, f
		}
		p.money -= s.t.DirectPrice
		if di >= 0 {
			s.display = append(s.display[:di], s.display[di+1:]...)
		} else {
			c := s.cols[col]
			k = c.kind
			if c.bidder >= 0 {
				s.pl[c.bidder].bids--
			}
			s.cols[col] = column{kind: -1, bidder: -1}
		}
		s.place(p, k, d)
		return false, nil

	case "demand":
		v, f := s.variety(l, 1)
		if f != nil {
			return false, f
		}
		if f := end(2); f != nil {
			return false, f
		}
		if s.price[v] >= s.t.topSpace(v) && !s.r.demandAtTopAllowed {
			if f := s.illegal(bad(1, "the %s price marker is already on the top space", varietyNames[v])); f != nil {
				return false, f
			}
		}
		s.raise(v, 1)
		return false, nil

	case "harvest":
		v, f := s.variety(l, 1)
		if f != nil {
			return false, f
		}
		if f := end(2); f != nil {
			return false, f
		}
		last, f := s.checkHarvest(p, []int{v}, []int{1})
		if f != nil {
			return false, f
		}
		s.doHarvest(p, []int{v})
		return last, nil

	case "sell":
		sp, i, f := s.parseSale(l, 1)
		if f != nil {
			return false, f
		}
		if f := end(i); f != nil {
			return false, f
		}
		n, f := s.checkSale(p, sp, true)
		if f != nil {
			return false, f
		}
		s.sell(p, sp, n, 0)
		return false, nil
	}
	k, ok := parseKind(l.Verb)
	if !ok || k < nVarieties {
		// (No year-end verb names a tile: an improvement skips this.)
		if l.Verb == "cash" || l.Verb == "loans" || slices.Contains(spaceNames, l.Verb) {
			when := "the festival"
			if l.Verb == "loans" {
				when = "the loans step"
			}
			f := bad(0, "%s belongs to %s of the year end, not to Phase I", l.Verb, when)
			if l.Verb == "loans" {
				f.hint = s.yearOpenedHint()
			}
			return false, f
		}
		f := bad(0, "%q is not a Phase I action: auction, bid, take, buy, demand, harvest, sell, an improvement or pass", l.Word(0))
		f.hint = validate.DidYouMean(l.Verb, []string{"auction", "bid", "take", "buy", "demand", "harvest", "sell", "pass",
			"seal", "assemblage", "hands", "bulk", "vintage", "rich", "aging", "advertising"})
		return false, f
	}
	ti, f := s.improvement(p, k)
	if f != nil {
		if ti < 0 {
			return false, f
		}
		// A second use this year, applied as written.
		if f := s.illegal(f); f != nil {
			return false, f
		}
	}
	last, f := s.useImprovement(p, l, k)
	if f != nil {
		return false, f
	}
	p.vineyard[ti].used = true
	return last, nil
}

// sell carries out a checked sale onto the festival barrel.
func (s *state) sell(p *player, sp sale, n, bonus int) {
	p.money += n * (s.t.price(sp.v, s.price[sp.v]) + bonus)
	p.barrels[sp.b][sp.v] -= n
	p.festival[sp.v] += n
	s.dropPrice(sp.v)
}

func (s *state) useImprovement(p *player, l *validate.Line, k int) (bool, *fault) {
	end := func(i int) *fault {
		if i < len(l.Tokens) {
			return bad(i, "unexpected %q: the line ends here", l.Word(i))
		}
		return nil
	}
	switch k {
	case impSeal:
		sp, i, f := s.parseSale(l, 1)
		if f != nil {
			return false, f
		}
		if f := end(i); f != nil {
			return false, f
		}
		n, f := s.checkSale(p, sp, true)
		if f != nil {
			return false, f
		}
		s.sell(p, sp, n, s.t.SealBonus)

	case impBulk:
		a, i, f := s.parseSale(l, 1)
		if f != nil {
			return false, f
		}
		na, f := s.checkSale(p, a, true)
		if f != nil {
			return false, f
		}
		if i >= len(l.Tokens) {
			s.sell(p, a, na, 0)
			return false, nil
		}
		if l.Word(i) != "," {
			return false, bad(i, "separate the two sales with a comma: bulk VARIETY BARREL [N] , VARIETY BARREL [N]")
		}
		b, j, f := s.parseSale(l, i+1)
		if f != nil {
			return false, f
		}
		if f := end(j); f != nil {
			return false, f
		}
		if a.v == b.v && a.b == b.b {
			return false, bad(b.tok, "the two sales of the Bulk Purchaser are different batches, not the %s of barrel %d twice", varietyNames[a.v], a.b+1)
		}
		if s.r.bulkDifferentVarieties && a.v == b.v {
			return false, bad(b.tok, "the two sales of the Bulk Purchaser are of different varieties (ruling bulk-requires-different-varieties)")
		}
		nb, f := s.checkSale(p, b, true)
		if f != nil {
			return false, f
		}
		s.sell(p, a, na, 0)
		s.sell(p, b, nb, 0)

	case impVintage:
		v, f := s.variety(l, 1)
		if f != nil {
			return false, f
		}
		b, f := s.barrel(l, 2)
		if f != nil {
			return false, f
		}
		if f := end(3); f != nil {
			return false, f
		}
		// Checked as a sale of the whole batch (its cubes are there and
		// mature), though one cube goes: Good Vintage sells exactly one,
		// whatever the batch, also under sale-must-sell-all (S1, S4).
		if _, f := s.checkSale(p, sale{v: v, b: b, tok: 1}, true); f != nil {
			return false, f
		}
		p.barrels[b][v]--
		s.stock[v]++
		p.money += s.t.price(v, s.t.topSpace(v))

	case impHands:
		var room [2 * 2]int // two vines, as a rule; longer lines grow
		vs, toks := room[:0:2], room[2:2:4]
		for i := 1; i < len(l.Tokens); i++ {
			v, f := s.variety(l, i)
			if f != nil {
				return false, f
			}
			vs, toks = append(vs, v), append(toks, i)
		}
		if len(vs) == 0 || len(vs) > 2 {
			return false, bad(len(l.Tokens), "Harvest Hands harvests one or two vines: hands VARIETY [VARIETY]")
		}
		last, f := s.checkHarvest(p, vs, toks)
		if f != nil {
			return false, f
		}
		s.doHarvest(p, vs)
		return last, nil

	case impRich:
		v, f := s.variety(l, 1)
		if f != nil {
			return false, f
		}
		if f := end(2); f != nil {
			return false, f
		}
		last, f := s.checkHarvest(p, []int{v}, []int{1})
		if f != nil {
			return false, f
		}
		if s.stock[v] == 0 {
			return false, bad(1, "the stock has no %s cube left for the Rich Harvest", varietyNames[v])
		}
		s.doHarvest(p, []int{v})
		s.stock[v]--
		p.barrels[0][v]++
		return last, nil

	case impAging:
		v, f := s.variety(l, 1)
		if f != nil {
			return false, f
		}
		b, f := s.barrel(l, 2)
		if f != nil {
			return false, f
		}
		if f := end(3); f != nil {
			return false, f
		}
		c := p.barrels[b][v]
		if c == 0 {
			return false, bad(1, "%s has no %s in barrel %d", p.name, varietyNames[v], b+1)
		}
		B := s.t.barrels()
		if b == B-1 && s.r.agingNeverSpoils {
			return false, bad(2, "barrel %d is the last barrel: its wine cannot age further (ruling aging-never-spoils)", b+1)
		}
		p.barrels[b][v] = 0
		if b == B-1 || (!s.r.agingNeverSpoils && s.t.Mature[b][v] && !s.t.Mature[b+1][v]) {
			s.stock[v] += c
		} else {
			p.barrels[b+1][v] += c
		}

	case impAssemblage:
		b, f := s.barrel(l, 1)
		if f != nil {
			return false, f
		}
		from, f := s.variety(l, 2)
		if f != nil {
			return false, f
		}
		to, f := s.variety(l, 3)
		if f != nil {
			return false, f
		}
		if f := end(4); f != nil {
			return false, f
		}
		if from == to {
			return false, bad(3, "Assemblage turns one variety into another, not %s into %s", varietyNames[from], varietyNames[to])
		}
		if p.barrels[b][from] == 0 {
			return false, bad(2, "%s has no %s in barrel %d", p.name, varietyNames[from], b+1)
		}
		if p.barrels[b][to] == 0 {
			return false, bad(3, "Assemblage only makes a variety already in the barrel: barrel %d has no %s", b+1, varietyNames[to])
		}
		k := min(p.barrels[b][from], s.stock[to])
		if k == 0 {
			return false, bad(3, "the stock has no %s cube left for the Assemblage", varietyNames[to])
		}
		if s.r.assemblageAllOrNothing && k < p.barrels[b][from] {
			return false, bad(3, "the stock has only %s for %d %s (ruling assemblage-all-or-nothing)", plural(s.stock[to], varietyNames[to]+" cube", varietyNames[to]+" cubes"), p.barrels[b][from], varietyNames[from])
		}
		p.barrels[b][from] -= k
		s.stock[from] += k
		p.barrels[b][to] += k
		s.stock[to] -= k

	case impAdvertising:
		var room [3]int // three names, as a rule; longer lines grow
		vs := room[:0]
		for i := 1; i < len(l.Tokens); i++ {
			v, f := s.variety(l, i)
			if f != nil {
				return false, f
			}
			vs = append(vs, v)
		}
		if len(vs) == 0 || len(vs) > 3 {
			return false, bad(len(l.Tokens), "Advertising raises price markers up to three spaces in all: advertising VARIETY [VARIETY [VARIETY]]")
		}
		for _, v := range vs {
			s.raise(v, 1)
		}
	}
	return false, nil
}

// onlyColumn finds the one auction column holding a tile of kind k, for an
// action that names the tile and not its column; where says where the tile
// was looked for, for the message when there is none.
func (s *state) onlyColumn(k int, where string) (int, *fault) {
	cs := s.columnsOf(k)
	switch len(cs) {
	case 0:
		return -1, bad(1, "no %s tile is %s", kindName(k), where)
	case 1:
		return cs[0], nil
	default:
		return -1, bad(1, "several %s tiles are up for auction: write %s", kindName(k), colList(cs))
	}
}
