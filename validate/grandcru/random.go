package grandcru

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/validate"
)

// The generator plays a sensible, varied policy: each turn it rates what
// a vintner could do (sell when the price is good or the wine would spoil,
// raise the price first otherwise, harvest, age, buy what the vineyard
// lacks within what it can spare) and picks among the best at random. In
// the loans step careful vintners borrow only what next year needs, repay
// what they can spare and end the game when they lead; about one in six is
// reckless and borrows freely. It proposes actions and lets the engine
// refuse them: the engine, not the generator, is the authority on what is
// legal.

// passiveAfterYear bounds a generated game (a safety net: from year 10 a
// vintner who can repay every loan does): after it every vineyard stops
// earning, so interest drives someone to bankruptcy.
const passiveAfterYear = 30

type gen struct {
	s        *state
	rnd      *rng.Source
	out      []string
	reckless []bool
	checks   bool
	// varied: the tests' games, which also play what the printed records
	// never do (a collector, a vine replaced with its cube, the null
	// festival actions) and write the notation's other forms, from a
	// stream of their own (alt); the printed records, which are the
	// benchmarks' corpora, stay as they were.
	varied    bool
	alt       *rng.Source
	collector []bool // a vintner who keeps buying tiles, so that a vineyard fills and a purchase discards (ruling S17)
	roundLine [2]int // the year and round whose round line was written or not
}

var playerNames = []string{"Ann", "Ben", "Cal", "Dee", "Eve"}

func random(players int, seed uint64, variants []string) ([]byte, error) {
	return randomGame(players, seed, variants, false)
}

// randomVaried is random with the varied play and notation of the tests.
func randomVaried(players int, seed uint64, variants []string) ([]byte, error) {
	return randomGame(players, seed, variants, true)
}

func randomGame(players int, seed uint64, variants []string, varied bool) ([]byte, error) {
	if players < 2 || players > 5 {
		return nil, fmt.Errorf("Grand Cru is played by 2 to 5 players, not %d", players)
	}
	var r rulings
	for _, v := range variants {
		set, ok := rulingVariants[strings.ToLower(v)]
		if !ok {
			return nil, fmt.Errorf("unknown Grand Cru variant %q (see docs/rulings/grand-cru.md)", v) // as the replay words it
		}
		set(&r)
	}
	t, _ := tablesFor(validate.Options{})
	names := playerNames[:players]
	g := &gen{s: newState(t, r, names), rnd: rng.New(seed), checks: true, varied: varied, alt: rng.Derive(seed, 0x6C)}
	for range names {
		g.reckless = append(g.reckless, g.rnd.Chance(1, 6))
		g.collector = append(g.collector, varied && g.alt.Chance(1, 6))
	}
	g.emit("game grand-cru")
	g.emit("players " + strings.Join(names, " "))
	for _, v := range variants {
		g.emit("variant " + strings.ToLower(v))
	}
	g.emit(fmt.Sprintf("note \"random game, seed %d\"", seed))
	if err := g.play(); err != nil {
		return nil, err
	}
	return []byte(strings.Join(g.out, "\n") + "\n"), nil
}

func (g *gen) emit(line string) { g.out = append(g.out, line) }

func words(text string) []validate.Token {
	var toks []validate.Token
	for _, w := range strings.Fields(text) {
		toks = append(toks, validate.Token{Text: w})
	}
	return toks
}

// event applies and writes a table event; the engine must accept it.
func (g *gen) event(text string) error {
	toks := words(text)
	l := &validate.Line{Kind: validate.KindEvent, Raw: text, Tokens: toks, Verb: strings.ToLower(toks[0].Text)}
	if f := g.s.event(l); f != nil {
		return fmt.Errorf("generator: engine refused %q: %s", text, f.msg)
	}
	g.emit(text)
	return nil
}

// try proposes an action; it is written only when the engine accepts it.
func (g *gen) try(p *player, text string) bool {
	toks := words(text)
	l := &validate.Line{Kind: validate.KindAction, Player: p.name, Raw: text, Tokens: toks, Verb: strings.ToLower(toks[0].Text)}
	if f := g.s.action(l); f != nil {
		return false
	}
	g.emit(p.name + ": " + text)
	return true
}

func (g *gen) pick(n int) int { return g.rnd.Intn(n) }

func (g *gen) play() error {
	s := g.s
	// Setup: secret loans, the start player, the display.
	var parts []string
	for _, p := range s.pl {
		n := s.t.InitialLoans[0] + g.pick(s.t.InitialLoans[1]-s.t.InitialLoans[0]+1)
		if !g.reckless[p.seat] && g.rnd.Chance(1, 3) {
			n = s.t.InitialLoans[0] // a cautious start
		}
		parts = append(parts, fmt.Sprintf("%s %d", p.name, n))
	}
	if err := g.event("loans " + strings.Join(parts, " ")); err != nil {
		return err
	}
	if tied := s.mostLoans(); len(tied) > 1 {
		if err := g.event("start " + s.pl[tied[g.pick(len(tied))]].name); err != nil {
			return err
		}
	}
	var vines, imps []int
	for k := 0; k < nKinds; k++ {
		for i := 0; i < s.pile[k]; i++ {
			if k < nVarieties {
				vines = append(vines, k)
			} else {
				imps = append(imps, k)
			}
		}
	}
	disp := append(g.sample(vines, 2*s.n), g.sample(imps, s.n)...)
	if err := g.event("display " + joinKinds(disp)); err != nil {
		return err
	}
	if err := g.event("year 1"); err != nil {
		return err
	}
	for guard := 0; s.ph != phOver; guard++ {
		if guard > 200000 {
			return fmt.Errorf("generator: the game does not end")
		}
		switch s.ph {
		case phActions:
			// Now and then the round is asserted before its first action
			// (an optional structure line).
			if g.varied && !s.acted && g.roundLine != [2]int{s.year, s.round} {
				g.roundLine = [2]int{s.year, s.round}
				if g.alt.Chance(1, 4) {
					if err := g.event(fmt.Sprintf("round %d", s.round)); err != nil {
						return err
					}
				}
			}
			g.phaseOne(s.pl[s.turn])
		case phDisplay:
			if err := g.event("display " + joinKinds(g.drawYearDisplay())); err != nil {
				return err
			}
		case phFestival:
			g.festivalTurn(s.pl[s.turn])
		case phLoans:
			g.loansStep()
			s.finishLoans()
			if s.ph == phActions {
				if err := g.event(fmt.Sprintf("year %d", s.year)); err != nil {
					return err
				}
				if g.checks {
					g.checkLine(s.pl[g.pick(s.n)], g.rnd.Chance(1, 2))
				}
			}
		}
	}
	for _, p := range s.pl {
		g.checkLine(p, true)
	}
	res := s.result()
	for _, p := range s.pl {
		g.emit(fmt.Sprintf("claim %s %d", p.name, res.Player(p.name).Total))
	}
	return nil
}

// checkLine writes a check of what the table can see (and the money).
func (g *gen) checkLine(p *player, full bool) {
	s := g.s
	keys := []string{"money", "prestige", "loans"}
	if full {
		keys = append(keys, "cellar", "tiles", "vineyard")
		keys = append(keys, fmt.Sprintf("barrel%d", 1+g.pick(s.t.barrels())))
		keys = append(keys, "price."+varietyNames[g.pick(nVarieties)], "stock."+varietyNames[g.pick(nVarieties)])
	}
	var parts []string
	for _, k := range keys {
		v, _ := s.checkValue(p, k)
		parts = append(parts, k+"="+v)
	}
	g.emit("check " + p.name + " " + strings.Join(parts, " "))
}

func (g *gen) sample(from []int, n int) []int {
	from = append([]int(nil), from...)
	g.rnd.Shuffle(len(from), func(i, j int) { from[i], from[j] = from[j], from[i] })
	if n > len(from) {
		n = len(from)
	}
	return from[:n]
}

func expand(counts *[nKinds]int) []int {
	var out []int
	for k := 0; k < nKinds; k++ {
		for i := 0; i < counts[k]; i++ {
			out = append(out, k)
		}
	}
	return out
}

// drawYearDisplay draws the year-end display as the table would.
func (g *gen) drawYearDisplay() []int {
	s := g.s
	pile := expand(&s.pile)
	want := 2 * s.n
	if len(pile) >= want {
		return g.sample(pile, want)
	}
	return append(pile, g.sample(expand(&s.discard), want-len(pile))...)
}

type cand struct {
	w    int
	text string
}

// tryWeighted proposes candidates in weighted random order; false when the
// engine refused them all.
func (g *gen) tryWeighted(p *player, cs []cand) bool {
	for len(cs) > 0 {
		total := 0
		for _, c := range cs {
			total += c.w
		}
		if total <= 0 {
			return false
		}
		x := g.pick(total)
		i := 0
		for ; i < len(cs); i++ {
			x -= cs[i].w
			if x < 0 {
				break
			}
		}
		if g.try(p, cs[i].text) {
			return true
		}
		cs = append(cs[:i], cs[i+1:]...)
	}
	return false
}

func (g *gen) matureBatches(p *player) [][2]int {
	var out [][2]int
	for b, br := range p.barrels {
		for v, c := range br {
			if c > 0 && g.s.t.Mature[b][v] {
				out = append(out, [2]int{v, b})
			}
		}
	}
	return out
}

func (g *gen) anyBatches(p *player) [][2]int {
	var out [][2]int
	for b, br := range p.barrels {
		for v, c := range br {
			if c > 0 {
				out = append(out, [2]int{v, b})
			}
		}
	}
	return out
}

func (g *gen) vineWithCube(p *player) []int {
	var out []int
	for _, t := range p.vineyard {
		if t.kind < nVarieties && t.cube {
			out = append(out, t.kind)
		}
	}
	return out
}

func (g *gen) saleText(p *player, b [2]int) string {
	txt := fmt.Sprintf("%s %d", varietyNames[b[0]], b[1]+1)
	if c := p.barrels[b[1]][b[0]]; c > 1 && g.rnd.Chance(1, 4) {
		txt += " " + strconv.Itoa(1+g.pick(c))
	}
	return txt
}

// colText names auction column i as `col N` or, now and then, by its
// tile where the name reads as that column: for take (seat >= 0) the
// first column of that tile on which the seat holds the bid, for bid
// (-1) the only column of that tile, for buy (-2) that too, with no such
// tile in the display.
func (g *gen) colText(i, seat int) string {
	s := g.s
	k := s.cols[i].kind
	if !g.varied || g.alt.Chance(1, 2) {
		return fmt.Sprintf("col %d", i+1)
	}
	first, n := -1, 0
	for j, c := range s.cols {
		if c.kind == k && (seat < 0 || c.bidder == seat) {
			if first < 0 {
				first = j
			}
			n++
		}
	}
	if first != i || seat < 0 && n > 1 || seat == -2 && s.inDisplay(k) >= 0 {
		return fmt.Sprintf("col %d", i+1)
	}
	return kindName(k)
}

// freeColText names, now and then, a free auction column at random for
// an auction (the lowest free one goes without it).
func (g *gen) freeColText() string {
	if !g.varied || !g.alt.Chance(1, 3) {
		return ""
	}
	var free []int
	for j, c := range g.s.cols {
		if c.kind < 0 {
			free = append(free, j)
		}
	}
	if len(free) == 0 {
		return ""
	}
	return fmt.Sprintf(" col %d", free[g.alt.Intn(len(free))]+1)
}

func (g *gen) discardText(p *player) string {
	if len(p.vineyard) < g.s.t.Spaces {
		return ""
	}
	if !g.varied {
		return " discard " + kindName(p.vineyard[g.pick(len(p.vineyard))].kind)
	}
	// Mostly a tile of a type held twice; now and then any tile.
	var n [nKinds]int
	for _, t := range p.vineyard {
		n[t.kind]++
	}
	var twice []int
	for _, t := range p.vineyard {
		if n[t.kind] > 1 {
			twice = append(twice, t.kind)
		}
	}
	if len(twice) > 0 && g.alt.Chance(3, 4) {
		return " discard " + kindName(twice[g.alt.Intn(len(twice))])
	}
	return " discard " + kindName(p.vineyard[g.alt.Intn(len(p.vineyard))].kind)
}

// worth is what a vineyard would score if the game ended now.
func (g *gen) worth(p *player) int {
	s := g.s
	var seen [nKinds]bool
	types := 0
	for _, t := range p.vineyard {
		if !seen[t.kind] {
			seen[t.kind], types = true, types+1
		}
	}
	if s.r.tilePerTile {
		types = len(p.vineyard)
	}
	return p.money + s.t.TileValue*types + s.t.CellarCube*cellarCubes(p) - s.t.LoanPenalty*p.loans
}

// reserve is the money a careful vintner keeps for the rest of the year:
// this year's interest and a Franc a harvest still to come.
func (g *gen) reserve(p *player) int {
	if g.reckless[p.seat] || g.collector[p.seat] {
		return 0
	}
	return g.s.t.Interest[p.loans] + vineCubes(p)*g.s.t.HarvestCost + 1
}

func vineCount(p *player) int {
	n := 0
	for _, t := range p.vineyard {
		if t.kind < nVarieties {
			n++
		}
	}
	return n
}

func (g *gen) hasType(p *player, k int) bool {
	for _, t := range p.vineyard {
		if t.kind == k {
			return true
		}
	}
	return false
}

// ready tells whether a player holds an improvement face up.
func (g *gen) ready(p *player, k int) bool {
	for _, t := range p.vineyard {
		if t.kind == k && !t.used {
			return true
		}
	}
	return false
}

// spoilsNext tells whether a batch spoils at the coming year end.
func (g *gen) spoilsNext(v, b int) bool {
	t := g.s.t
	return b == t.barrels()-1 || (t.Mature[b][v] && !t.Mature[b+1][v])
}

// tileWant rates a tile for a player: a new type is worth Francs at the
// end, a vine yields wine every year.
func (g *gen) tileWant(p *player, k int) int {
	s := g.s
	if len(p.vineyard) >= s.t.Spaces {
		// A collector makes room for a type the vineyard lacks.
		if g.collector[p.seat] && !g.hasType(p, k) {
			return 40
		}
		return 0
	}
	w := 0
	if !g.hasType(p, k) {
		w += 20
	}
	if k < nVarieties {
		vines := 0
		for _, t := range p.vineyard {
			if t.kind < nVarieties {
				vines++
			}
		}
		if vines < 6 && (g.reckless[p.seat] || p.loans <= 3) {
			w += 30 - 3*vines + 2*k // the later varieties fetch more
		} else if g.collector[p.seat] {
			w += 25
		}
	} else if p.loans > 3 && !g.reckless[p.seat] && !g.collector[p.seat] {
		w = 0
	}
	return w
}

// phaseOne plays a Phase I turn: it rates what the vintner could do and
// picks, mostly, among the best; the engine refuses what is illegal.
func (g *gen) phaseOne(p *player) {
	s := g.s
	if s.year > passiveAfterYear {
		g.try(p, "pass")
		return
	}
	var cs []cand
	add := func(w int, format string, args ...any) {
		if w > 0 {
			cs = append(cs, cand{w * w, fmt.Sprintf(format, args...)})
		}
	}
	spend := p.money - g.reserve(p)
	// Passing grows likelier as the year goes on.
	passW := 4 + 6*s.round
	if s.triggered {
		passW = 20
	}
	add(passW, "pass")

	// Buy what was won at auction.
	for i, c := range s.cols {
		if c.kind >= 0 && c.bidder == p.seat && p.money >= c.bid {
			add(90, "take %s%s", g.colText(i, p.seat), g.discardText(p))
		}
	}
	// Sell mature wine when the price is good or the wine would spoil;
	// otherwise raise its price first.
	matured := g.matureBatches(p)
	for _, b := range matured {
		v, c := b[0], p.barrels[b[1]][b[0]]
		price, top := s.t.price(v, s.price[v]), s.t.price(v, s.t.topSpace(v))
		good := 10
		if g.spoilsNext(v, b[1]) || s.price[v] == s.t.topSpace(v) || 2*price >= top {
			good = 85
		}
		add(good, "sell %s", g.saleText(p, b))
		if g.ready(p, impSeal) {
			add(good+5, "seal %s", g.saleText(p, b))
		}
		if g.ready(p, impVintage) && 2*price < top {
			add(70, "vintage %s %d", varietyNames[v], b[1]+1)
		}
		if good < 85 {
			add(min(75, 50+8*c), "demand %s", varietyNames[v])
			if g.ready(p, impAdvertising) {
				add(80, "advertising %s %s %s", varietyNames[v], varietyNames[v], varietyNames[v])
			}
		}
	}
	if len(matured) >= 2 && g.ready(p, impBulk) {
		i := g.pick(len(matured))
		j := (i + 1 + g.pick(len(matured)-1)) % len(matured)
		add(80, "bulk %s , %s", g.saleText(p, matured[i]), g.saleText(p, matured[j]))
	}
	// Harvest: cheap, and the wine starts to age.
	vc := g.vineWithCube(p)
	if p.money >= s.t.HarvestCost {
		for _, v := range vc {
			add(55+2*v, "harvest %s", varietyNames[v])
			if g.ready(p, impRich) && s.stock[v] > 0 {
				add(65, "rich %s", varietyNames[v])
			}
		}
		if len(vc) >= 2 && g.ready(p, impHands) {
			i := g.pick(len(vc))
			j := (i + 1 + g.pick(len(vc)-1)) % len(vc)
			add(65, "hands %s %s", varietyNames[vc[i]], varietyNames[vc[j]])
		}
	}
	// Aging brings young wine one year nearer, unless it would spoil;
	// assemblage turns cheap wine into dearer wine.
	for _, b := range g.anyBatches(p) {
		v := b[0]
		if g.ready(p, impAging) && !g.spoilsNext(v, b[1]) && s.t.yearsToMature(v, b[1]) > 0 {
			add(45, "aging %s %d", varietyNames[v], b[1]+1)
		}
		if g.ready(p, impAssemblage) {
			for to := v + 1; to < nVarieties; to++ {
				if p.barrels[b[1]][to] > 0 {
					add(40, "assemblage %d %s %s", b[1]+1, varietyNames[v], varietyNames[to])
				}
			}
		}
	}
	// Raise a price for wine maturing next year.
	for b := 0; b+1 < s.t.barrels(); b++ {
		for v := 0; v < nVarieties; v++ {
			if p.barrels[b][v] > 0 && !s.t.Mature[b][v] && s.t.Mature[b+1][v] && s.price[v] < s.t.topSpace(v) {
				add(15+4*p.barrels[b][v], "demand %s", varietyNames[v])
			}
		}
	}
	// Buy tiles the vineyard wants, within the budget.
	if s.freeMarkers(p) > 0 {
		for _, k := range s.display {
			w := g.tileWant(p, k)
			bid := s.t.Bids[0] + g.pick(3)
			if w > 0 && bid <= spend {
				add(w, "auction %s%s %d", kindName(k), g.freeColText(), bid)
			}
		}
		for i, c := range s.cols {
			if c.kind < 0 || c.bidder == p.seat || c.bid >= s.t.Bids[1] {
				continue
			}
			bid := c.bid + 1 + g.pick(2)
			if w := g.tileWant(p, c.kind); w > 0 && bid <= min(spend, s.t.Bids[1]) {
				add(w/2, "bid %s %d", g.colText(i, -1), bid)
			}
		}
	}
	if spend >= s.t.DirectPrice+4 {
		for _, k := range s.display {
			add(g.tileWant(p, k)/2, "buy %s%s", kindName(k), g.discardText(p))
		}
		for i, c := range s.cols {
			if c.kind >= 0 && c.bidder != p.seat {
				add(g.tileWant(p, c.kind)/2, "buy %s%s", g.colText(i, -2), g.discardText(p))
			}
		}
	}
	// Now and then a price raised for nobody's wine: real players err too,
	// and records need such lines.
	if g.rnd.Chance(1, 40) {
		add(30, "demand %s", varietyNames[g.pick(nVarieties)])
	}
	if !g.tryWeighted(p, cs) {
		g.try(p, "pass")
	}
}

// festivalTurn plays a special action: selling, harvesting late and
// raising prices for the player's own wine, money when saving to repay.
func (g *gen) festivalTurn(p *player) {
	s := g.s
	if s.year > passiveAfterYear {
		g.try(p, "pass")
		return
	}
	var cs []cand
	add := func(w int, format string, args ...any) {
		if w > 0 {
			cs = append(cs, cand{w * w, fmt.Sprintf(format, args...)})
		}
	}
	add(30, "pass")
	saving := !g.reckless[p.seat] && p.money >= (p.loans-1)*s.t.Loan
	if saving {
		add(40, "cash %d", []int{s.t.SpaceCost[spCash1], s.t.SpaceCost[spCash3], s.t.SpaceCost[spCash5]}[g.pick(3)])
	} else {
		add(15, "cash %d", s.t.SpaceCost[spCash1])
	}
	add(12, "start-player")
	// Now and then a space taken for nothing (the null action: no
	// variety), as a player who only wants the space.
	if g.varied && g.alt.Chance(1, 12) {
		add(15, "%s", []string{"late-vintage", "special-delivery", "grape-juice", "young-wine", "new-growth"}[g.alt.Intn(5)])
	}
	vc := g.vineWithCube(p)
	if len(vc) > 0 {
		add(35, "late-vintage %s", varietyNames[vc[g.pick(len(vc))]])
		add(15, "grape-juice %s", varietyNames[vc[g.pick(len(vc))]])
	}
	for _, b := range g.matureBatches(p) {
		v := b[0]
		add(20+6*s.t.price(v, s.price[v]), "special-delivery %s", g.saleText(p, b))
	}
	for _, b := range g.anyBatches(p) {
		v := b[0]
		if lack := s.t.yearsToMature(v, b[1]); lack > 0 && s.t.price(v, s.price[v]) > lack {
			add(15+3*(s.t.price(v, s.price[v])-lack), "young-wine %s", g.saleText(p, b))
		}
	}
	// New Growth replaces a vine with or without a cube: the first
	// without one; in the varied games now and then (or when every vine
	// has one) a variety whose vines all carry a cube, which goes back to
	// the stock.
	old := -1
	for _, t := range p.vineyard {
		if t.kind < nVarieties && !t.cube {
			old = t.kind
			break
		}
	}
	var vines [nVarieties]int
	for _, t := range p.vineyard {
		if t.kind < nVarieties {
			vines[t.kind]++
		}
	}
	if g.varied && (old < 0 || g.alt.Chance(1, 4)) {
		var cubed []int
		for v, n := range vines {
			if n > 0 && p.ripe[v] == n {
				cubed = append(cubed, v)
			}
		}
		if len(cubed) > 0 {
			old = cubed[g.alt.Intn(len(cubed))]
		}
	}
	if old >= 0 {
		for nv := 0; nv < nVarieties; nv++ {
			if !g.hasType(p, nv) {
				src := "draw"
				if s.discard[nv] > 0 && g.rnd.Chance(1, 2) {
					src = "discard"
				}
				add(25, "new-growth %s %s %s", varietyNames[old], varietyNames[nv], src)
				break
			}
		}
		// Now and then a variety the vineyard has already.
		if nv := g.alt.Intn(nVarieties); g.varied && nv != old && vines[nv] > 0 && g.alt.Chance(1, 3) {
			add(15, "new-growth %s %s draw", varietyNames[old], varietyNames[nv])
		}
	}
	// Demand for the wine the player holds.
	var dv []string
	for b := range p.barrels {
		for v := 0; v < nVarieties; v++ {
			if p.barrels[b][v] > 0 && s.t.yearsToMature(v, b) <= 1 && s.price[v] < s.t.topSpace(v) && len(dv) < 3 {
				dv = append(dv, varietyNames[v])
			}
		}
	}
	if len(dv) > 0 {
		add(20+5*len(dv), "demand %s", strings.Join(dv, " "))
	}
	if !g.tryWeighted(p, cs) {
		g.try(p, "pass")
	}
}

// loansStep decides each player's loans, in turn order: a vintner who can
// repay everything and leads ends the game; one with spare money repays
// some (interest is dear); one short of money borrows. A reckless one
// borrows freely.
func (g *gen) loansStep() {
	s := g.s
	best := -1 << 30
	for _, p := range s.pl {
		if !p.bankrupt {
			best = max(best, g.worth(p))
		}
	}
	for _, seat := range s.order() {
		p := s.pl[seat]
		if p.bankrupt || s.year > passiveAfterYear {
			continue
		}
		// Next year's needs: interest and a Franc a vine.
		need := s.t.Interest[p.loans] + vineCount(p)*s.t.HarvestCost + 1
		debt := p.loans * s.t.Loan
		switch {
		case g.reckless[seat]:
			if p.money < 20 && p.loans < s.t.MaxLoans {
				g.try(p, fmt.Sprintf("loans +%d", 1+g.pick(min(3, s.t.MaxLoans-p.loans))))
			} else if p.money >= debt && s.year >= 4 && g.worth(p) >= best {
				g.try(p, fmt.Sprintf("loans -%d", p.loans))
			}
		case p.money >= debt && (g.worth(p)+5 >= best && s.year >= 3 || s.year >= 10):
			g.try(p, fmt.Sprintf("loans -%d", p.loans)) // the end of the game
		case p.loans > 1 && p.money-need >= s.t.Loan:
			g.try(p, fmt.Sprintf("loans -%d", min(p.loans-1, (p.money-need)/s.t.Loan)))
		case p.money < need && p.loans < s.t.MaxLoans:
			g.try(p, fmt.Sprintf("loans +%d", min(s.t.MaxLoans-p.loans, (need-p.money+s.t.Loan-1)/s.t.Loan)))
		}
	}
}
