package grandcru

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/validate"
)

// The generator plays a simple, varied policy. It proposes actions and
// lets the engine refuse them: the engine, not the generator, is the
// authority on what is legal.

// passiveAfterYear bounds a generated game: after it every vineyard stops
// earning, so interest drives someone to bankruptcy.
const passiveAfterYear = 30

type gen struct {
	s        *state
	rnd      *rng.Source
	out      []string
	reckless []bool
	checks   bool
}

var playerNames = []string{"Ann", "Ben", "Cal", "Dee", "Eve"}

func random(players int, seed uint64, variants []string) ([]byte, error) {
	if players < 2 || players > 5 {
		return nil, fmt.Errorf("grand-cru is played by 2 to 5 players, not %d", players)
	}
	var r rulings
	for _, v := range variants {
		set, ok := rulingVariants[strings.ToLower(v)]
		if !ok {
			return nil, fmt.Errorf("unknown grand-cru variant %q (see docs/rulings/grand-cru.md)", v)
		}
		set(&r)
	}
	t, _ := tablesFor(validate.Options{})
	names := playerNames[:players]
	g := &gen{s: newState(t, r, names), rnd: rng.New(seed), checks: true}
	for range names {
		g.reckless = append(g.reckless, g.rnd.Chance(1, 8))
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

func (g *gen) discardText(p *player) string {
	if len(p.vineyard) < g.s.t.Spaces {
		return ""
	}
	return " discard " + kindName(p.vineyard[g.pick(len(p.vineyard))].kind)
}

func (g *gen) phaseOne(p *player) {
	s := g.s
	if s.year > passiveAfterYear {
		g.try(p, "pass")
		return
	}
	var cs []cand
	add := func(w int, format string, args ...any) { cs = append(cs, cand{w, fmt.Sprintf(format, args...)}) }
	passW := 1 + s.round*s.round
	if s.round > 8 {
		passW = 1000
	}
	add(passW, "pass")
	for _, b := range g.matureBatches(p) {
		add(40, "sell %s", g.saleText(p, b))
		add(4, "seal %s", g.saleText(p, b))
		add(3, "vintage %s %d", varietyNames[b[0]], b[1]+1)
	}
	if mb := g.matureBatches(p); len(mb) >= 2 {
		i, j := g.pick(len(mb)), g.pick(len(mb))
		add(4, "bulk %s , %s", g.saleText(p, mb[i]), g.saleText(p, mb[j]))
	}
	vc := g.vineWithCube(p)
	for _, v := range vc {
		add(15, "harvest %s", varietyNames[v])
		add(3, "rich %s", varietyNames[v])
	}
	if len(vc) >= 2 {
		add(4, "hands %s %s", varietyNames[vc[g.pick(len(vc))]], varietyNames[vc[g.pick(len(vc))]])
	}
	if ab := g.anyBatches(p); len(ab) > 0 {
		b := ab[g.pick(len(ab))]
		add(2, "aging %s %d", varietyNames[b[0]], b[1]+1)
		add(2, "assemblage %d %s %s", b[1]+1, varietyNames[b[0]], varietyNames[g.pick(nVarieties)])
	}
	add(1, "advertising %s %s", varietyNames[g.pick(nVarieties)], varietyNames[g.pick(nVarieties)])
	add(1, "demand %s", varietyNames[g.pick(nVarieties)])
	// Raise the price of wine about to be sold.
	for _, b := range g.matureBatches(p) {
		if s.price[b[0]] < s.t.topSpace(b[0]) {
			add(10*p.barrels[b[1]][b[0]], "demand %s", varietyNames[b[0]])
			add(6, "advertising %s %s %s", varietyNames[b[0]], varietyNames[b[0]], varietyNames[b[0]])
		}
	}
	// A careful vintner keeps the year's interest and a little more.
	spend := p.money
	if !g.reckless[p.seat] {
		spend -= s.t.Interest[p.loans] + 2
		if p.loans <= 2 && s.year >= 2 {
			spend -= p.loans * s.t.Loan // saving to repay everything
		}
	}
	for _, k := range s.display {
		if bid := 1 + g.pick(1+g.pick(4)); bid <= spend {
			w := 3
			if k < nVarieties {
				w = 15
			}
			add(w, "auction %s %d", kindName(k), bid)
		}
		if spend >= s.t.DirectPrice+3 {
			add(1, "buy %s%s", kindName(k), g.discardText(p))
		}
	}
	for i, c := range s.cols {
		if c.kind < 0 {
			continue
		}
		if c.bidder == p.seat {
			add(60, "take col %d%s", i+1, g.discardText(p))
		} else if c.bid < s.t.Bids[1] && spend > c.bid+2 {
			add(2, "bid col %d %d", i+1, c.bid+1+g.pick(s.t.Bids[1]-c.bid))
		}
		if spend >= s.t.DirectPrice+5 {
			add(1, "buy col %d%s", i+1, g.discardText(p))
		}
	}
	if !g.tryWeighted(p, cs) {
		g.try(p, "pass")
	}
}

func (g *gen) festivalTurn(p *player) {
	s := g.s
	frugal := !g.reckless[p.seat] && p.loans <= 2
	if s.year > passiveAfterYear || (!frugal && g.rnd.Chance(1, 3)) || g.rnd.Chance(1, 10) {
		g.try(p, "pass")
		return
	}
	var cs []cand
	add := func(w int, format string, args ...any) { cs = append(cs, cand{w, fmt.Sprintf(format, args...)}) }
	add(1, "start-player")
	vc := g.vineWithCube(p)
	if len(vc) > 0 {
		add(3, "late-vintage %s", varietyNames[vc[g.pick(len(vc))]])
		var juice []string
		for _, v := range vc {
			if g.rnd.Chance(1, 2) {
				juice = append(juice, varietyNames[v])
			}
		}
		if len(juice) > 0 {
			add(2, "grape-juice %s", strings.Join(juice, " "))
		}
	}
	if mb := g.matureBatches(p); len(mb) > 0 {
		add(3, "special-delivery %s", g.saleText(p, mb[g.pick(len(mb))]))
	}
	if ab := g.anyBatches(p); len(ab) > 0 {
		add(3, "young-wine %s", g.saleText(p, ab[g.pick(len(ab))]))
	}
	for _, t := range p.vineyard {
		if t.kind < nVarieties && g.rnd.Chance(1, 3) {
			src := "draw"
			if g.rnd.Chance(1, 3) {
				src = "discard"
			}
			add(1, "new-growth %s %s %s", varietyNames[t.kind], varietyNames[g.pick(nVarieties)], src)
			break
		}
	}
	k := 1 + g.pick(3)
	var dv []string
	for i := 0; i < k; i++ {
		dv = append(dv, varietyNames[g.pick(nVarieties)])
	}
	add(4, "demand %s", strings.Join(dv, " "))
	cashW := 1
	if frugal {
		cashW = 12 // saving up to repay every loan
	}
	add(cashW, "cash %d", []int{s.t.SpaceCost[spCash1], s.t.SpaceCost[spCash3], s.t.SpaceCost[spCash5]}[g.pick(3)])
	if !g.tryWeighted(p, cs) {
		g.try(p, "pass")
	}
}

// loansStep decides each player's loans, in turn order.
func (g *gen) loansStep() {
	s := g.s
	for _, seat := range s.order() {
		p := s.pl[seat]
		if p.bankrupt || s.year > passiveAfterYear {
			continue
		}
		switch {
		case !g.reckless[seat] && p.money >= p.loans*s.t.Loan && (s.year >= 2 || g.rnd.Chance(1, 4)):
			g.try(p, fmt.Sprintf("loans -%d", p.loans))
		case g.reckless[seat] && p.loans < s.t.MaxLoans && p.money < 12 && g.rnd.Chance(2, 3):
			g.try(p, fmt.Sprintf("loans +%d", 1+g.pick(min(3, s.t.MaxLoans-p.loans))))
		case !g.reckless[seat] && (p.money-s.t.Interest[p.loans]-5)/s.t.Loan >= 1 && g.rnd.Chance(2, 3):
			g.try(p, fmt.Sprintf("loans -%d", min(p.loans, (p.money-s.t.Interest[p.loans]-5)/s.t.Loan)))
		case p.money < 4 && p.loans < s.t.MaxLoans-2 && g.rnd.Chance(1, 2):
			g.try(p, "loans +1")
		}
	}
}
