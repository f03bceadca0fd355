package champagne

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/vintner/vintner/validate"
)

// startResolution lines up the round's resolution, zone by zone, then the
// harvest and the end of the season.
func (s *state) startResolution() {
	s.placementDone = true
	ws := s.scratch[:0] // the steps are copied onto the stack of pending steps
	ws = appendTaken(ws, s.board[zVineyard], want{kind: wAuto, wantArgs: wantArgs{step: stepTakeVineyard}})
	for _, zi := range [...]int{zPress, zWinery} {
		ws = appendTaken(ws, s.board[zi], want{kind: wAuto, wantArgs: wantArgs{step: stepBuild, wantArea: wantArea{zone: int8(zi)}}})
	}
	if s.ev == evSubsidies {
		ws = append(ws, want{kind: wAuto, wantArgs: wantArgs{step: stepPaySubsidies}})
	}
	if len(s.board[zMarketing]) > 0 {
		// marketing-order n+1-first: both n+1 spots, then both n spots;
		// spot-order: n1, n1+, n2, n2+ (the n+1 occupant of a row leaves
		// after the newcomer of that row has filled his œnothèque).
		spotOrder := s.r.on.MarketingOrderSpotOrder
		promote := func(k int) {
			if who := s.holdN1[k]; who >= 0 {
				ws = append(ws, want{kind: wAuto, spot: int16(k), who: int8(who), wantArgs: wantArgs{step: stepPromote}})
			}
		}
		if !spotOrder {
			for k := range s.holdN1 {
				promote(k)
			}
		}
		for k, o := range s.board[zMarketing] {
			if o.who >= 0 && s.players[o.who].merchant {
				ws = append(ws, want{kind: wAuto, spot: int16(k), who: int8(o.who), wantArgs: wantArgs{step: stepHold}})
			} else if o.who >= 0 {
				ws = append(ws, want{kind: wOeno, who: int8(o.who), spot: int16(k)})
			}
			if spotOrder && k < len(s.holdN1) {
				promote(k)
			}
		}
	}
	// Shipping: the Speak First spot, then the others in turn order.
	shipping := s.board[zShipping]
	var shipBuf [8]int
	ship := shipBuf[:]
	if len(shipping) > len(ship) { // spots taken twice, as played
		ship = make([]int, len(shipping))
	}
	n := 0
	for k, o := range shipping { // appendTaken's way
		ship[n] = k
		n += int(uint8(o.who)>>7 ^ 1)
	}
	ship = ship[:n]
	var posBuf [8]int
	pos := posBuf[:len(s.players)]
	for i, p := range s.order {
		pos[p] = i
	}
	sp := s.spots(zShipping)
	// A stable insertion sort (sort.SliceStable allocates): the Speak
	// First spot, then turn order, then the spot.
	before := func(ka, kb int) bool {
		if sp[ka].First != sp[kb].First {
			return sp[ka].First
		}
		wa, wb := shipping[ka].who, shipping[kb].who
		if pos[wa] != pos[wb] {
			return pos[wa] < pos[wb]
		}
		return ka < kb
	}
	for i := 1; i < len(ship); i++ {
		for j := i; j > 0 && before(ship[j], ship[j-1]); j-- {
			ship[j], ship[j-1] = ship[j-1], ship[j]
		}
	}
	for _, k := range ship {
		who := shipping[k].who
		if s.players[who].merchant {
			ws = append(ws, want{kind: wMerchantShip, who: int8(who), spot: int16(k)})
		} else {
			ws = append(ws, want{kind: wShip, who: int8(who), spot: int16(k)})
		}
	}
	ws = appendTaken(ws, s.board[zDraw], want{kind: wDraw})
	ws = append(ws, want{kind: wAuto, wantArgs: wantArgs{step: stepHarvest}})
	s.pushFront(ws...)
	s.scratch = ws[:0]
}

// appendTaken appends w for each spot of a zone a player holds, with his
// seat and the spot. Every spot's step is written and only a taken one's
// kept: the loop runs the zone's length, the same every round, without a
// branch on who holds each spot, which the CPU could not predict.
func appendTaken(ws []want, zone []occupant, w want) []want {
	n := len(ws)
	if cap(ws)-n < len(zone) {
		ws = slices.Grow(ws, len(zone))
	}
	ws = ws[:n+len(zone)] // within its room: nothing cleared
	for k, o := range zone {
		w.who, w.spot = o.who, int16(k)
		ws[n] = w
		n += int(uint8(o.who)>>7 ^ 1) // 1 when who >= 0 (not free, not blocked)
	}
	return ws[:n]
}

// effect applies a spot's placement effect when its collaborator leaves.
func (s *state) effect(zi, k, who int) {
	sp := s.spots(zi)
	if k >= len(sp) {
		return
	}
	p := s.players[who]
	p.pp += sp[k].PP
	s.gainEco(p, sp[k].Eco)
}

// linkedBonus: a player on both spots of a linked pair draws a token
// (standard side only), once, when the later of the two resolves.
func (s *state) linkedBonus(zi, k, who int) bool {
	sp := s.spots(zi)
	if s.first || sp[k].Link == 0 {
		return false
	}
	for j := 0; j < k; j++ {
		if sp[j].Link == sp[k].Link && int(s.board[zi][j].who) == who {
			return true
		}
	}
	return false
}

func (s *state) takeVineyard(who, k int) {
	p := s.players[who]
	c := s.offers[k]
	s.offers[k], s.tookVine[k] = nil, c
	if c.Region < 0 {
		s.push(want{kind: wPlant, who: int8(who), wantArgs: wantArgs{vine: int16(c.Idx)}})
		return
	}
	p.addVine(owned{card: c, region: c.Region})
	p.pp += c.PP
	s.gainEco(p, c.Eco)
}

// plant: a Coteaux Vitryats card goes to the region its owner chooses.
func (s *state) plant(who int, l *validate.Line, w want) *ruleError {
	p := s.players[who]
	card := w.vineCard(s.r)
	if len(l.Tokens) != 3 || s.r.vine(l.Word(1)) != card {
		return fail(1, "%s took %s and places it now: %s: plant %s REGION", p.name, card.ID, validate.QuoteName(p.name), card.ID)
	}
	r := s.r.region(lower(l.Word(2)))
	if r < 0 {
		return fail(2, "no region is called %q: %s", l.Word(2), strings.Join(s.r.Regions, ", ")).withHint(l.Word(2), s.r.Regions)
	}
	p.addVine(owned{card: card, region: r})
	p.pp += card.PP
	s.gainEco(p, card.Eco)
	return nil
}

// subsidyDue: one token per resolution by default; per player, or per
// player and zone, under the subsidies option.
func (s *state) subsidyDue(who int, zone string) bool {
	key := ""
	switch s.r.on.Subsidies {
	case "per-player":
		key = s.nameOf(who)
	case "per-zone":
		key = s.nameOf(who) + "/" + zone
	default:
		return true
	}
	if s.subsidized[key] {
		return false
	}
	s.subsidized[key] = true
	return true
}

// paySubsidies: the subsidies' tokens are taken from the supply in turn
// order, each player's in the order his spots resolved.
func (s *state) paySubsidies() {
	ws := s.scratch[:0]
	for _, who := range s.order {
		for _, q := range s.subsidies {
			if q == who {
				ws = append(ws, want{kind: wToken, who: int8(who), wantArgs: wantArgs{reason: forSubsidies}})
			}
		}
	}
	s.subsidies = s.subsidies[:0]
	s.pushFront(ws...)
	s.scratch = ws[:0]
}

// build resolves a press or winery spot (zi: zPress or zWinery).
func (s *state) build(zi, k, who int) {
	p := s.players[who]
	pressToken := false
	if zi == zPress {
		pressToken = s.raisePress(who, 1, true)
	} else {
		s.addModule(p)
	}
	s.effect(zi, k, who)
	linked := s.linkedBonus(zi, k, who)
	if s.ev == evSubsidies && s.subsidyDue(who, zoneNames[zi]) {
		s.subsidies = append(s.subsidies, who) // drawn in turn order once both zones are resolved
	}
	// The tokens drawn next, pushed last first: the press level's, then
	// the linked spots'.
	if linked {
		s.push(want{kind: wToken, who: int8(who), wantArgs: wantArgs{reason: forLinkedSpots, wantArea: wantArea{zone: int8(zi)}}})
	}
	if pressToken {
		s.push(want{kind: wToken, who: int8(who), wantArgs: wantArgs{reason: forPressLevel}})
	}
}

// raisePress moves the press marker; past the top each level is a point.
// It reports whether the level-14 token is due.
func (s *state) raisePress(who, n int, draw bool) bool {
	p := s.players[who]
	due := false
	for range n {
		if p.press >= s.r.PressMax {
			p.pp += s.r.PressPPBeyond
			continue
		}
		p.press++
		if p.press >= s.r.PressTokenAt && (!p.pressTok || s.r.on.PressTokenEachTime) {
			p.pressTok = true
			due = true
		}
	}
	if due && !draw {
		s.push(want{kind: wToken, who: int8(who), wantArgs: wantArgs{reason: forPressLevel}})
	}
	return due && draw
}

func (s *state) addModule(p *player) {
	if p.modules >= s.r.ModulesMax {
		return
	}
	p.modules++
	if p.modules > s.r.ModulesRow {
		s.gainEco(p, s.r.Age2Eco)
	}
}

// promote: the n+1 collaborator moves the œnothèque to the grid and leaves.
func (s *state) promote(k, who int) {
	// Under marketing-order spot-order the row's n spot has resolved
	// already: a pawn of the same player that has just moved on to this
	// n+1 spot stays there (the old one leaves).
	stays := s.r.on.MarketingOrderSpotOrder && int(s.board[zMarketing][k].who) == who
	if s.holdN1[k] == who && !stays {
		s.holdN1[k], s.holdDisc[k] = -1, false
	}
	p := s.players[who]
	if s.r.on.GridTransferWritten && !p.merchant && p.oenoCount() > 0 {
		// "May move": the record says which cuvées go (the Wine
		// Merchant moves them all).
		s.push(want{kind: wGrid, who: int8(who), spot: int16(k)})
		return
	}
	for t := range 3 {
		room := s.r.GridSlots - p.grid[t]
		if room > p.oeno[t] {
			room = p.oeno[t]
		}
		p.grid[t] += room
		p.oeno[t] -= room
	}
}

// gridLine: under grid-transfer written, the cuvées the n+1 collaborator
// moves from the œnothèque to the Marketing grid.
func (s *state) gridLine(who int, l *validate.Line) *ruleError {
	p := s.players[who]
	c, ok := lineCubes(l, 1, cuveeLetters)
	if !ok || len(l.Tokens) < 2 {
		return cubeError(l, 1, cuveeLetters, fmt.Sprintf("the grid takes cuvées from the œnothèque: %s: grid TN, or grid none", validate.QuoteName(p.name)))
	}
	if !covers(&p.oeno, &c) {
		return fail(1, "%s's œnothèque holds %s, not %s", p.name, cubes(p.oeno, cuveeLetters), cubes(c, cuveeLetters))
	}
	for t := range 3 {
		if p.grid[t]+c[t] > s.r.GridSlots {
			return fail(1, "the Marketing grid holds at most %d %s: %s has %d there and adds %d", s.r.GridSlots, cuveeNames[t], p.name, p.grid[t], c[t])
		}
	}
	sub(&p.oeno, &c)
	add(&p.grid, &c)
	return nil
}

// oenotheque: the n spot moves up to 3 cuvées from the cellar.
func (s *state) oenotheque(who int, l *validate.Line, w want) *ruleError {
	p := s.players[who]
	c, ok := lineCubes(l, 1, cuveeLetters)
	if !ok || len(l.Tokens) < 2 {
		return cubeError(l, 1, cuveeLetters, fmt.Sprintf("the œnothèque takes cuvées from the cellar: %s: oenotheque TN, or oenotheque none", validate.QuoteName(p.name)))
	}
	if !covers(&p.cellar, &c) {
		return fail(1, "%s's cellar holds %s, not %s", p.name, cubes(p.cellar, cuveeLetters), cubes(c, cuveeLetters))
	}
	if p.oenoCount()+sum3(&c) > s.r.OenoMax {
		if e := s.dispute(fail(1, "the œnothèque holds at most %d cuvées: %s has %d there and adds %d", s.r.OenoMax, p.name, p.oenoCount(), sum3(&c))); e != nil {
			return e
		}
	}
	sub(&p.cellar, &c)
	add(&p.oeno, &c)
	// The collaborator (or the disc of an additional-action token) moves
	// on to the n+1 spot.
	s.holdN1[w.spot], s.holdDisc[w.spot] = who, s.board[zMarketing][w.spot].disc
	return nil
}

// draw: still wines blended into cuvées.
func (s *state) draw(who int, l *validate.Line, w want) *ruleError {
	p := s.players[who]
	if len(l.Tokens) == 2 && isWord(l.Word(1), "none") {
		s.effect(zDraw, int(w.spot), who)
		return nil
	}
	if len(l.Tokens) < 2 {
		return syntax(0, "a draw names each cuvée and its three still wines: %s: draw T=MPC N=PPM, or draw none", validate.QuoteName(p.name))
	}
	for i := 1; i < len(l.Tokens); i++ {
		w := l.Word(i)
		var cu, wi string
		var ok bool
		if len(w) >= 2 && w[1] == '=' && w[0] != '=' {
			// One cuvée letter, as nearly every draw writes it: Cut's
			// answer without its search.
			cu, wi, ok = w[:1], w[2:], true
		} else {
			cu, wi, ok = strings.Cut(w, "=")
		}
		// The counts apart, in registers (see cubeCountsOf).
		c0, c1, c2, ok1 := cubeCountsOf(cu, cuveeLetters)
		g0, g1, g2, ok2 := cubeCountsOf(wi, grapeLetters)
		if !ok || !ok1 || !ok2 || c0+c1+c2 != 1 {
			e := syntax(i, "a draw is written CUVEE=WINES, one cuvée and its three still wines: %s: draw T=MPC N=PPM, or draw none", validate.QuoteName(p.name))
			if m := notLetter(cu, cuveeLetters) + notLetter(wi, grapeLetters); ok && m != "" {
				e.msg, e.hint = m, fmt.Sprintf("a draw is written CUVEE=WINES: %s: draw T=MPC N=PPM", validate.QuoteName(p.name))
			}
			return e
		}
		t := 0 // the one cuvée
		if c1 > 0 {
			t = 1
		} else if c2 > 0 {
			t = 2
		}
		wines := g0 + g1 + g2
		if wines != 3 {
			if e := s.dispute(fail(i, "a cuvée is blended from 3 still wines, not %d: %s from %s", wines, cuveeNames[t], s.r.blendList(t))); e != nil {
				return e
			}
		}
		if wines == 3 && !s.r.canBlend(t, g0, g1, g2) {
			if e := s.dispute(fail(i, "%s is not blended from %s: the blending guide makes it from %s", cuveeNames[t], cubes([3]int{g0, g1, g2}, grapeLetters), s.r.blendList(t))); e != nil {
				return e
			}
		}
		if p.still[0] < g0 || p.still[1] < g1 || p.still[2] < g2 {
			return fail(i, "%s's winery holds %s: no %s to blend", p.name, cubes(p.still, grapeLetters), cubes([3]int{g0, g1, g2}, grapeLetters))
		}
		if p.cellarCount() >= s.r.CellarMax {
			if e := s.dispute(fail(i, "%s's cellar is full (%d cuvées)", p.name, s.r.CellarMax)); e != nil {
				return e
			}
		}
		p.still[0], p.still[1], p.still[2] = p.still[0]-g0, p.still[1]-g1, p.still[2]-g2
		p.cellar[t]++
	}
	s.effect(zDraw, int(w.spot), who)
	return nil
}

// produced is what a player's vineyards give this round.
func (s *state) produced(p *player) [3]int {
	l0, l1, l2 := s.supplyLeft3()
	g0, g1, g2 := s.producedOf(p, l0, l1, l2)
	return [3]int{g0, g1, g2}
}

// producedOf is produced with the supply left counted already (l0, l1,
// l2). Cube counts go in and out as three values, kept in registers: an
// array returned goes through memory, and reading it right after its
// three stores waits for them.
func (s *state) producedOf(p *player, l0, l1, l2 int) (g0, g1, g2 int) {
	g0, g1, g2 = p.grapes[0], p.grapes[1], p.grapes[2]
	// The climatic hazards strike a region (s.eventArg) of an unprotected
	// player: its cards' grapes are taken off.
	if s.ev == evClimaticHazards && !p.protected {
		lost := s.hazardLoss(p)
		g0, g1, g2 = g0-lost[0], g1-lost[1], g2-lost[2]
	}
	return min(g0, l0), min(g1, l1), min(g2, l2)
}

// hazardLoss is what the climatic hazards take off a player's vineyards.
func (s *state) hazardLoss(p *player) (lost [3]int) {
	for _, o := range p.vines {
		if o.region == s.eventArg {
			lost[o.card.Grape] += o.card.Qty
		}
	}
	return lost
}

// supplyLeft3 is supplyLeft of each colour, in one pass over the players.
func (s *state) supplyLeft3() (n0, n1, n2 int) {
	n0, n1, n2 = s.r.CubesPerColour, s.r.CubesPerColour, s.r.CubesPerColour
	for _, p := range s.players {
		n0 -= p.still[0] + p.cellar[0] + p.oeno[0] + p.grid[0]
		n1 -= p.still[1] + p.cellar[1] + p.oeno[1] + p.grid[1]
		n2 -= p.still[2] + p.cellar[2] + p.oeno[2] + p.grid[2]
	}
	return max(n0, 0), max(n1, 0), max(n2, 0)
}

// supplyLeft counts the cubes of a colour still in the supply: the box
// holds 60 of each, and grapes, still wines and cuvées are the same cubes.
func (s *state) supplyLeft(t int) int {
	n := s.r.CubesPerColour
	for _, p := range s.players {
		n -= p.still[t] + p.cellar[t] + p.oeno[t] + p.grid[t]
	}
	return max(n, 0)
}

func (s *state) capacity(p *player) int {
	room := s.r.wineryCap(p.modules) - p.stillCount()
	if c := s.r.pressCap(p.press); c < room {
		room = c
	}
	if room < 0 {
		room = 0
	}
	return room
}

// harvest brings the grapes in, in turn order (the supply of cubes may
// run short); a player writes his choice only when the press or the
// winery cannot take everything.
func (s *state) harvest() {
	s.harvestRun = true
	s.harvestFrom(0)
}

func (s *state) harvestFrom(k int) {
	// The supply, counted once: a derived harvest takes its grapes from
	// it (take never exceeds what is left).
	l0, l1, l2 := s.supplyLeft3()
	for ; k < len(s.order); k++ {
		i := s.order[k]
		p := s.players[i]
		if p.merchant {
			continue
		}
		g0, g1, g2 := s.producedOf(p, l0, l1, l2)
		capa := s.capacity(p)
		if t0, t1, t2, ok := onlyHarvestOf(g0, g1, g2, capa); ok {
			// One possible choice: derived, nothing asked.
			p.still[0], p.still[1], p.still[2] = p.still[0]+t0, p.still[1]+t1, p.still[2]+t2
			l0, l1, l2 = l0-t0, l1-t1, l2-t2
			p.harvest = harvestDone{derived: true, take: [3]int{t0, t1, t2}, prod: [3]int{g0, g1, g2}, cap: capa,
				full: s.r.wineryCap(p.modules)-(p.stillCount()-(t0+t1+t2)) <= 0}
			continue
		}
		// Pushed last first: the player's harvest line, then the others'.
		s.push(want{kind: wAuto, spot: int16(k + 1), wantArgs: wantArgs{step: stepHarvestFrom}})
		s.push(want{kind: wHarvest, who: int8(i)})
		return
	}
	s.push(want{kind: wAuto, wantArgs: wantArgs{step: stepEndSeason}})
}

// harvestWaiting is the turn-order position from which the players have
// not harvested yet: 0 before the harvest, the position of the player
// whose harvest line is due while it waits for it, -1 once it is over.
func (s *state) harvestWaiting() int {
	if !s.harvestRun {
		return 0
	}
	// harvestFrom pushed the step that goes on after the line, then the line.
	if n := len(s.pending); n >= 2 && s.pending[n-1].kind == wHarvest && s.pending[n-2].step == stepHarvestFrom {
		return int(s.pending[n-2].spot) - 1
	}
	return -1
}

// onlyHarvest is the harvest when the rules leave no choice: everything
// fits, nothing fits, or the vineyards produce one kind of grape.
func onlyHarvest(prod [3]int, capa int) ([3]int, bool) {
	t0, t1, t2, ok := onlyHarvestOf(prod[0], prod[1], prod[2], capa)
	return [3]int{t0, t1, t2}, ok
}

// onlyHarvestOf is onlyHarvest of the grapes produced p0, p1, p2, in
// registers (see producedOf).
func onlyHarvestOf(p0, p1, p2, capa int) (t0, t1, t2 int, ok bool) {
	if p0+p1+p2 <= capa {
		return p0, p1, p2, true
	}
	if capa == 0 {
		return 0, 0, 0, true
	}
	kinds := 0
	if p0 > 0 {
		kinds, t0 = kinds+1, min(p0, capa)
	}
	if p1 > 0 {
		kinds, t1 = kinds+1, min(p1, capa)
	}
	if p2 > 0 {
		kinds, t2 = kinds+1, min(p2, capa)
	}
	return t0, t1, t2, kinds == 1
}

// harvestGrapes reads the grapes of a harvest line.
func harvestGrapes(p *player, l *validate.Line) ([3]int, *ruleError) {
	if len(l.Tokens) < 2 {
		return [3]int{}, syntax(1, "the harvest lists the grapes pressed: %s: harvest MMPC (or harvest - for none)", validate.QuoteName(p.name))
	}
	g, ok := lineCubes(l, 1, grapeLetters)
	if !ok {
		return g, cubeError(l, 1, grapeLetters, fmt.Sprintf("the harvest lists the grapes pressed: %s: harvest MMPC (or harvest - for none)", validate.QuoteName(p.name)))
	}
	return g, nil
}

func (s *state) harvestLine(who int, l *validate.Line) *ruleError {
	p := s.players[who]
	g, e := harvestGrapes(p, l)
	if e != nil {
		return e
	}
	prod, capa := s.produced(p), s.capacity(p)
	if !covers(&prod, &g) {
		// The line lists the grapes pressed, a part of those produced:
		// say what was produced, and what the hazards took off it.
		why := ""
		if s.ev == evClimaticHazards && !p.protected && s.hazardLoss(p) != [3]int{} {
			why = fmt.Sprintf(" (the climatic hazards struck %s)", s.r.RegionNames[s.eventArg])
		}
		return fail(1, "%s presses %s, but the vineyards produce %s this round%s", p.name, cubes(g, grapeLetters), cubes(prod, grapeLetters), why)
	}
	if need := min(capa, sum3(&prod)); sum3(&g) != need {
		var e *ruleError
		if sum3(&g) > need {
			e = fail(1, "%s presses %d grapes, but the press level and the winery take %d, no more: write %d of the %d grapes produced (%s)", p.name, sum3(&g), need, need, sum3(&prod), cubes(prod, grapeLetters))
		} else {
			e = fail(1, "%s presses %d grapes, but the press level and the winery take %d: as many are pressed as they take, so write exactly %d of the %d grapes produced (%s)", p.name, sum3(&g), need, need, sum3(&prod), cubes(prod, grapeLetters))
		}
		if e := s.dispute(e); e != nil {
			return e
		}
	}
	add(&p.still, &g)
	return nil
}

// derivedHarvestLine checks a harvest line written for a harvest the rules
// decided: it must say what they decided.
func (s *state) derivedHarvestLine(p *player, l *validate.Line) *ruleError {
	h := &p.harvest
	h.written = true
	g, e := harvestGrapes(p, l)
	if e != nil {
		return e
	}
	if g == h.take {
		return nil
	}
	var why string
	switch {
	case sum3(&h.prod) <= h.cap:
		why = fmt.Sprintf("the press level and the winery take all the grapes the vineyards produce (%s)", cubes(h.prod, grapeLetters))
	case h.take == [3]int{} && h.full:
		why = "the winery is full, so nothing is pressed this round"
	case h.take == [3]int{}:
		why = "the press level takes no grape, so nothing is pressed this round"
	default:
		why = fmt.Sprintf("the vineyards produce only %s (%s) and the press level and the winery take %d", grapeNames[kindOf(h.prod)], cubes(h.prod, grapeLetters), h.cap)
	}
	e = fail(1, "%s presses %s, but %s: write harvest %s, or leave the line out", p.name, cubes(g, grapeLetters), why, cubes(h.take, grapeLetters))
	e.note = "not applied: the rules' harvest stands"
	return s.dispute(e)
}

// kindOf is the first kind of cube of a set (0 for none).
func kindOf(c [3]int) int {
	for t := range 3 {
		if c[t] > 0 {
			return t
		}
	}
	return 0
}

// endSeason: reservation penalties, council moves, High Tension discs,
// postponed market refills and the vineyard renewal.
func (s *state) endSeason() {
	for _, p := range s.players {
		if p.reserved != "" {
			if c := s.seenCard(p.resKey); c != nil {
				if s.r.on.ReservationPenaltyWithEvent {
					p.pp -= s.value(c)
				} else {
					p.pp -= c.PP
				}
			}
			p.reserved = ""
		}
	}
	council := s.board[zCouncil]
	for j := range council {
		k := j
		if s.r.on.CouncilOrderDescending {
			k = len(council) - 1 - j
		}
		o := council[k]
		if o.who < 0 {
			continue
		}
		s.order = councilMove(s.order, int(o.who), k)
	}
	for zi, b := range s.blocked {
		if b > 0 { // the disc moves on to the next spot
			s.blocked[zi] = b%len(s.baseSpots(zi)) + 1
		}
	}
	ws := s.scratch[:0]
	for _, sec := range s.refills {
		if s.round < s.r.Rounds { // in the order validated (ruling E11)
			ws = append(ws, want{kind: wMarket, wantArgs: wantArgs{wantArea: wantArea{sector: sec}}})
		}
	}
	s.refills = s.refills[:0]
	if s.round < s.r.Rounds {
		ws = append(ws, want{kind: wOffers})
	}
	ws = append(ws, want{kind: wRoundStart})
	s.pushFront(ws...)
	s.scratch = ws[:0]
}

// tokenLine: a bonus token drawn from the supply.
func (s *state) tokenLine(who int, l *validate.Line) *ruleError {
	p := s.players[who]
	if len(l.Tokens) != 2 {
		return syntax(1, "a token line names the one bonus token drawn: %s: token KIND (%s)", validate.QuoteName(p.name), tokenList(s.r))
	}
	kind, arg, e := s.tokenKind(l, 1)
	if e != nil {
		return e
	}
	if s.tokenSupply == 0 {
		// The supply is empty: the face-up discards are shuffled into it
		// before the token is drawn.
		s.tokenSupply, s.tokenDisc = s.tokenDisc, 0
		for k := range s.tokensOut {
			s.tokensOut[k] = s.tokensHeld[k] + s.landOut(k)
		}
	}
	if s.tokensOut[kind] >= s.r.tokenBox[kind] {
		return fail(1, "the box holds %s, and none is left in the supply", plural(s.r.tokenBox[kind], s.r.tokenKinds[kind]+" token", s.r.tokenKinds[kind]+" tokens"))
	}
	s.tokenSupply--
	s.tokensOut[kind]++
	s.gainToken(p, kind, arg)
	return nil
}

func (s *state) landOut(kind int) int {
	if kind != s.r.tk.land {
		return 0
	}
	n := 0
	for _, p := range s.players {
		n += len(p.land)
	}
	return n
}

// tokenKind reads a token's name: its kind (rules.tokenKinds index);
// land-REGION also returns the region.
func (s *state) tokenKind(l *validate.Line, i int) (int, int, *ruleError) {
	w := lower(l.Word(i))
	if strings.HasPrefix(w, "land-") {
		r := s.r.region(strings.TrimPrefix(w, "land-"))
		if r < 0 {
			return -1, 0, fail(i, "the land ownership token goes on a region: land-%s", strings.Join(s.r.Regions, "|land-"))
		}
		return s.r.tk.land, r, nil
	}
	if w == "land" {
		return -1, 0, fail(i, "the land ownership token names its region when it is gained: land-REGION")
	}
	k := s.r.tokenID(w) // land, the one kind counted whether the box has it or not, is read above
	if k < 0 {
		return -1, 0, fail(i, "no bonus token is called %q: %s", l.Word(i), tokenList(s.r)).withHint(w, strings.Split(tokenList(s.r), ", "))
	}
	return k, -1, nil
}

func tokenList(r *rules) string {
	var ks []string
	for k := range r.Tokens {
		if k == "land" {
			k = "land-REGION"
		}
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

// gainToken applies an instant token or keeps a free-use one.
func (s *state) gainToken(p *player, kind int, region int) {
	if s.r.tokenInstant[kind] {
		p.pp += s.r.tokenPP[kind]
		s.discardToken()
		return
	}
	switch kind {
	case s.r.tk.eco:
		s.gainEco(p, s.r.TokenEco)
		s.discardToken()
	case s.r.tk.land:
		if p.merchant {
			s.discardToken()
			return
		}
		p.land = append(p.land, region)
	default:
		if p.merchant {
			s.discardToken()
			return
		}
		p.tokens[kind]++
		s.tokensHeld[kind]++
	}
}

func (s *state) discardToken() { s.tokenDisc++ }

// councilMove moves who's pawn to turn position k (0-based) of order
// (ruling E29): it leaves its place and lands on k, the others keeping
// their order, in place (no allocation). A B C D, A to 2: B C A D.
func councilMove(order []int, who, k int) []int {
	from := slices.Index(order, who)
	if from < 0 {
		return order
	}
	at := min(k, len(order)-1)
	order = slices.Delete(order, from, from+1)
	return slices.Insert(order, at, who)
}
