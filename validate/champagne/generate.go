package champagne

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/validate"
)

// The generator plays a random game with a simple policy and writes its
// record. It drives the engine itself: every line it writes is applied to
// an engine state at once, so the engine stays the authority and the
// generator only needs to answer what the engine asks next.

var genNames = []string{"Ann", "Ben", "Cal", "Dan"}

type gen struct {
	rnd      *rng.Source
	txt      *rng.Source // the varied records' forms (nil: the usual ones), from a stream of its own: the play stays as the seed gives it
	r        *rules
	s        *state
	out      bytes.Buffer
	header   string
	names    []string
	stacks   [][]*vineCard // upcoming vineyard stacks
	vdisc    []*vineCard
	markets  [][]*marketCard // per sector: the stack below the provisional card
	events   []string
	supply   []string   // face-down bonus tokens
	discards []string   // used tokens, face up
	onMarket [][]string // tokens on each sector's active space
	inv      func(*state) error
	features map[string]int // what the game used, for the coverage test
	derived  []int          // the round whose derived harvest was written or not, per player
}

// note counts a feature the generated game uses.
func (g *gen) note(f string) { g.features[f]++ }

// seedVariants picks the variants of a game asked for without any, from
// their own stream of the seed: every variant comes up over seeds.
func seedVariants(players int, seed uint64) []string {
	rnd := rng.Derive(seed, 1)
	var vs []string
	merchant := players == 1 || (players <= 3 && rnd.Intn(3) == 0)
	if merchant {
		levels := []string{"easy", "medium", "hard", "extreme"}
		vs = append(vs, "merchant="+levels[rnd.Intn(len(levels))])
	}
	seats := players
	if merchant {
		seats++
	}
	if rnd.Intn(5) == 0 {
		vs = append(vs, "first-game")
	}
	if players > 1 && rnd.Intn(4) == 0 {
		vs = append(vs, "trade-partnership")
	}
	if seats >= 2 && seats <= 3 && rnd.Intn(3) == 0 {
		vs = append(vs, "high-tension")
	}
	return vs
}

// generate is the record `vintner random` prints (the benchmarks' corpora
// too): the notation's usual forms only.
func generate(players int, seed uint64, variants []string) ([]byte, error) {
	g, err := generateMode(defaultRules(), players, seed, variants, nil, false)
	if g == nil {
		return nil, err
	}
	return g.out.Bytes(), err
}

// generateChecked also runs inv after every line (the tests' invariants).
// It and generateRules and generateGame, the tests' generators, write the
// varied records: the same play, some lines in the notation's other forms
// (inheritance cards by contents, market cards by id, derived harvests).
func generateChecked(players int, seed uint64, variants []string, inv func(*state) error) ([]byte, error) {
	return generateRules(defaultRules(), players, seed, variants, inv)
}

// generateRules plays with the given tables.
func generateRules(r *rules, players int, seed uint64, variants []string, inv func(*state) error) ([]byte, error) {
	g, err := generateGame(r, players, seed, variants, inv)
	if g == nil {
		return nil, err
	}
	return g.out.Bytes(), err
}

// generateGame plays a game and keeps the generator (its features). No
// variants: the seed picks them; "standard" alone asks for none.
func generateGame(r *rules, players int, seed uint64, variants []string, inv func(*state) error) (*gen, error) {
	return generateMode(r, players, seed, variants, inv, true)
}

func generateMode(r *rules, players int, seed uint64, variants []string, inv func(*state) error, varied bool) (*gen, error) {
	if players < 1 || players > 4 {
		return nil, fmt.Errorf("Age of Champagne is played by 1 to 4 players, not %d", players)
	}
	// The command that prints this game again: with the variants asked
	// for, which the seed does not pick then.
	command := fmt.Sprintf("vintner random age-of-champagne --players %d --seed %d", players, seed)
	if variants != nil {
		command += " --variant " + strings.Join(variants, ",")
	}
	if variants == nil {
		variants = seedVariants(players, seed)
	}
	var kept []string
	for _, v := range variants {
		if !strings.EqualFold(v, "standard") {
			kept = append(kept, v)
		}
	}
	if len(kept) > 0 && len(kept) < len(variants) {
		return nil, fmt.Errorf("variant standard asks for none: it cannot go with %s", strings.Join(kept, ", "))
	}
	variants = kept
	g := &gen{rnd: rng.New(seed), r: r, inv: inv, features: map[string]int{}}
	if varied {
		g.txt = rng.Derive(seed, 0x7E47)
	}
	g.names = genNames[:players]
	var hb strings.Builder
	fmt.Fprintf(&hb, "game age-of-champagne\nplayers %s\n", strings.Join(g.names, " "))
	vs := append([]string(nil), variants...)
	if players == 1 {
		has := false
		for _, v := range vs {
			// The replay's two names of the variant: asked for by either,
			// the Merchant plays at the level asked.
			k, _, _ := strings.Cut(strings.ToLower(v), "=")
			has = has || k == "merchant" || k == "wine-merchant"
		}
		if !has {
			levels := []string{"easy", "medium", "hard", "extreme"}
			vs = append(vs, "merchant="+levels[g.rnd.Intn(len(levels))])
		}
	}
	for _, v := range vs {
		fmt.Fprintf(&hb, "variant %s\n", v)
	}
	g.header = hb.String()
	rec, diags := validate.Parse("random", []byte(g.header), validate.Limits{})
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s", diags[0].Message)
	}
	s, e := newState(g.r, rec)
	if e != nil {
		return nil, fmt.Errorf("%s", e.msg)
	}
	g.s = s
	g.out.WriteString(g.header)
	fmt.Fprintf(&g.out, "# generated by %s\n", command)
	for _, v := range vs {
		g.note("variant " + strings.SplitN(v, "=", 2)[0])
	}
	if err := g.play(); err != nil {
		return g, err
	}
	return g, nil
}

// emit applies a line to the engine and writes it.
func (g *gen) emit(format string, args ...any) error {
	line := fmt.Sprintf(format, args...)
	rec, diags := validate.Parse("random", []byte(g.header+line+"\n"), validate.Limits{})
	if diags.HasErrors() || len(rec.Lines) != 1 {
		return fmt.Errorf("generator wrote an unreadable line %q: %v", line, diags)
	}
	if e := g.s.apply(rec.Lines[0]); e != nil {
		return fmt.Errorf("generator wrote an illegal line %q: %s", line, e.msg)
	}
	g.out.WriteString(line + "\n")
	if g.inv != nil {
		if err := g.inv(g.s); err != nil {
			return fmt.Errorf("after %q: %v", line, err)
		}
	}
	return nil
}

func (g *gen) pick(n int) int { return g.rnd.Intn(n) }

func (g *gen) setup() error {
	s, r := g.s, g.r
	var deck []*vineCard
	for i := range r.Vineyards {
		if !r.Vineyards[i].Inheritance {
			deck = append(deck, &r.Vineyards[i])
		}
	}
	g.rnd.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	n := s.seats()
	g.stacks = make([][]*vineCard, n)
	for i, c := range deck {
		g.stacks[i%n] = append(g.stacks[i%n], c)
	}
	if err := g.offers(); err != nil {
		return err
	}
	// Markets.
	byID := map[string]bool{}
	g.markets = make([][]*marketCard, len(r.SectorNames))
	for _, m := range r.T.Markets {
		sec := r.sector(m.Sector)
		if sec < 0 || byID[m.ID] {
			continue
		}
		byID[m.ID] = true
		cu, _ := parseCubes([]string{m.Cuvees}, cuveeLetters)
		g.markets[sec] = append(g.markets[sec], &marketCard{ID: strings.ToUpper(m.ID), Sector: sec, Cuvees: cu, PP: m.Value, Transport: m.Transport})
	}
	for sec := range g.markets {
		st := g.markets[sec]
		g.rnd.Shuffle(len(st), func(i, j int) { st[i], st[j] = st[j], st[i] })
		for range 2 {
			if err := g.emitMarket(sec); err != nil {
				return err
			}
		}
	}
	// Bonus tokens: three face down on each sector, the rest in the supply.
	var bag []string
	var kinds []string
	for k := range r.Tokens {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		for range r.Tokens[k] {
			bag = append(bag, k)
		}
	}
	g.rnd.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	g.onMarket = make([][]string, len(r.SectorNames))
	for sec := range g.onMarket {
		g.onMarket[sec] = append([]string(nil), bag[:r.MarketTokens[sec]]...)
		bag = bag[r.MarketTokens[sec]:]
	}
	g.supply = bag
	// Events.
	var evs []string
	var eks []string
	for k := range r.Events {
		eks = append(eks, k)
	}
	sort.Strings(eks)
	for _, k := range eks {
		for range r.Events[k] {
			evs = append(evs, k)
		}
	}
	g.rnd.Shuffle(len(evs), func(i, j int) { evs[i], evs[j] = evs[j], evs[i] })
	g.events = evs[:r.EventsDrawn]
	// Inheritance draft.
	var ids []string
	for _, c := range r.Inherit {
		ids = append(ids, c.ID)
	}
	g.rnd.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	h := s.humans
	per := len(ids) / h
	hands := make([][]string, h)
	for i := range h {
		hands[i] = append([]string(nil), ids[i*per:(i+1)*per]...)
		if err := g.emit("deal %s %s", g.names[i], strings.Join(hands[i], " ")); err != nil {
			return err
		}
	}
	picks := make([][]string, h)
	for k := 0; k < r.InheritKeep; k++ {
		for i := range h {
			hi := ((i-k)%h + h) % h
			j := g.pick(len(hands[hi]))
			picks[i] = append(picks[i], hands[hi][j])
			hands[hi] = append(hands[hi][:j], hands[hi][j+1:]...)
		}
	}
	for i := range h {
		// The cards by id, or now and then by their contents (the
		// notation's first form), commas between the cards.
		words := strings.Join(picks[i], " ")
		if g.txt != nil && g.txt.Chance(1, 3) {
			var cards []string
			for _, id := range picks[i] {
				cards = append(cards, g.inheritText(r.inheritance(id)))
			}
			words = strings.Join(cards, " , ")
			g.note("inheritance by contents")
		}
		if err := g.emit("%s: inherit %s", g.names[i], words); err != nil {
			return err
		}
	}
	return nil
}

// inheritText writes an inheritance card by its contents (vineyard:CARD,
// press+N or winery+N, then its stars, eco, cellar and still wines), now
// and then by its id; the stars may be left out.
func (g *gen) inheritText(c *inheritCard) string {
	if g.txt.Chance(1, 5) {
		return c.ID
	}
	var w []string
	switch c.Kind {
	case "vineyard":
		w = append(w, "vineyard:"+c.Vine)
	case "press":
		w = append(w, fmt.Sprintf("press+%d", c.Press))
	default:
		w = append(w, fmt.Sprintf("winery+%d", c.Modules))
	}
	if g.txt.Chance(1, 2) {
		w = append(w, fmt.Sprintf("stars=%d", c.Stars))
	}
	if c.Eco > 0 {
		w = append(w, fmt.Sprintf("eco+%d", c.Eco))
	}
	if c.Cellar != [3]int{} {
		w = append(w, "cellar="+cubes(c.Cellar, cuveeLetters))
	}
	if c.Still != [3]int{} {
		w = append(w, "still="+cubes(c.Still, grapeLetters))
	}
	return strings.Join(w, " ")
}

// offers deals the top card of each stack (a depleted stack draws from the
// shuffled discards).
func (g *gen) offers() error {
	if g.s.offers != nil {
		for _, c := range g.s.offers {
			if c != nil {
				g.vdisc = append(g.vdisc, c)
			}
		}
	}
	var ids []string
	for i := range g.stacks {
		c := g.topOf(i)
		if c == nil {
			continue
		}
		g.stacks[i] = g.stacks[i][1:]
		ids = append(ids, c.ID)
	}
	return g.emit("offers %s", strings.Join(ids, " "))
}

// topOf is the top card of a stack; an empty one takes a random discard.
func (g *gen) topOf(i int) *vineCard {
	if len(g.stacks[i]) == 0 {
		if len(g.vdisc) == 0 {
			return nil
		}
		j := g.pick(len(g.vdisc))
		c := g.vdisc[j]
		g.vdisc = append(g.vdisc[:j], g.vdisc[j+1:]...)
		g.stacks[i] = []*vineCard{c}
	}
	return g.stacks[i][0]
}

func (g *gen) emitMarket(sec int) error {
	if len(g.markets[sec]) == 0 {
		// The stack ran out: the sector's discards (the cards shipped),
		// as the engine knows them, are reshuffled (ruling E5).
		g.note("market stack reshuffled")
		var d []*marketCard
		for key, c := range g.s.seenCards {
			if c != nil && c.Sector == sec && g.s.isDiscarded(key) {
				d = append(d, &marketCard{ID: c.ID, Sector: sec, Cuvees: c.Cuvees, PP: c.PP, Transport: c.Transport})
			}
		}
		if len(d) == 0 {
			return fmt.Errorf("generator: the %s stack and its discards are empty", g.r.SectorNames[sec])
		}
		g.rnd.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
		g.markets[sec] = d
	}
	c := g.markets[sec][0]
	g.markets[sec] = g.markets[sec][1:]
	if g.txt != nil && g.txt.Chance(1, 4) { // the card as the tables print it
		g.note("market card by its id")
		return g.emit("market %s %s", g.r.SectorNames[sec], c.ID)
	}
	return g.emit("market %s %s %s %d %s", g.r.SectorNames[sec], c.ID, cubes(c.Cuvees, cuveeLetters), c.PP, c.Transport)
}

func (g *gen) play() error {
	if err := g.setup(); err != nil {
		return err
	}
	for steps := 0; steps < 100000; steps++ {
		g.s.advance()
		if err := g.derivedHarvests(); err != nil {
			return err
		}
		w := g.s.next()
		var err error
		switch w.kind {
		case wDone:
			return g.claims()
		case wEvent:
			err = g.event()
		case wCorks:
			p := g.s.players[w.who]
			from := p.cellar
			if p.cellarCount() == 0 {
				from = p.oeno
			}
			err = g.emit("%s: discard %s", p.name, g.anyCube(from, cuveeLetters))
		case wMerchantEvent:
			err = g.merchantEvent()
		case wPlace:
			err = g.place(int(w.who))
		case wPlant:
			err = g.emit("%s: plant %s %s", g.s.nameOf(int(w.who)), w.vineCard(g.r).ID, g.r.Regions[g.pick(len(g.r.Regions))])
		case wToken:
			err = g.token(int(w.who))
		case wOeno:
			err = g.oeno(int(w.who))
		case wShip:
			err = g.ship(w)
		case wMerchantShip:
			err = g.merchantShip(w)
		case wMarket:
			err = g.emitMarket(int(w.sector))
		case wDraw:
			err = g.draw(int(w.who))
		case wHarvest:
			err = g.harvest(int(w.who))
		case wGrid:
			err = g.grid(int(w.who))
		case wOffers:
			if err = g.checks(); err == nil {
				err = g.offers()
			}
		default:
			return fmt.Errorf("generator: unexpected step %d", w.kind)
		}
		if err != nil {
			return err
		}
	}
	return fmt.Errorf("generator: the game does not end")
}

// derivedHarvests writes, now and then, a harvest the rules decided
// (nothing asked: everything fits, nothing fits, one kind of grape), as a
// table may: once, saying what the rules decided.
func (g *gen) derivedHarvests() error {
	if g.txt == nil {
		return nil
	}
	if g.derived == nil {
		g.derived = make([]int, len(g.s.players))
	}
	for i := 0; i < g.s.humans; i++ {
		p := g.s.players[i]
		if !p.harvest.derived || p.harvest.written || g.derived[i] == g.s.round {
			continue
		}
		g.derived[i] = g.s.round
		if g.txt.Chance(1, 4) {
			g.note("derived harvest written")
			if err := g.emit("%s: harvest %s", p.name, cubes(p.harvest.take, grapeLetters)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *gen) anyCube(c [3]int, letters string) string {
	var opts []int
	for t := range 3 {
		if c[t] > 0 {
			opts = append(opts, t)
		}
	}
	t := opts[g.pick(len(opts))]
	return letters[t : t+1]
}

// checks writes what the table sees, every other round.
func (g *gen) checks() error {
	if g.s.round%2 == 1 {
		return nil
	}
	for i := 0; i < g.s.humans; i++ {
		p := g.s.players[i]
		// As the replay prints it, so that it confirms the line at once
		// (checkText).
		if err := g.emit("check %s %s", p.name, g.s.appendUsualCheck(nil, p)); err != nil {
			return err
		}
	}
	if m := g.s.merchant; m != nil {
		return g.emit("merchant check pp=%d eco=%d cellar=%s oeno=%s grid=%s", m.pp, g.r.ecoValue(m.eco),
			cubes(m.cellar, cuveeLetters), cubes(m.oeno, cuveeLetters), cubes(m.grid, cuveeLetters))
	}
	return nil
}

func (g *gen) claims() error {
	res := g.s.result()
	for i := 0; i < g.s.humans; i++ {
		if err := g.checksAt(i); err != nil {
			return err
		}
	}
	for _, name := range g.names {
		if p := res.Player(name); p != nil {
			fmt.Fprintf(&g.out, "claim %s %d\n", name, p.Total)
		}
	}
	return nil
}

func (g *gen) checksAt(i int) error {
	p := g.s.players[i]
	return g.emit("check %s pp=%d eco=%d vineyards=%d council=%d still=%s cellar=%s", p.name, p.pp, g.r.ecoValue(p.eco),
		len(p.vines), g.s.councilPos(i), cubes(p.still, grapeLetters), cubes(p.cellar, cuveeLetters))
}

func (s *state) councilPos(who int) int {
	for k, o := range s.order {
		if o == who {
			return k + 1
		}
	}
	return 0
}

func (g *gen) event() error {
	s, r := g.s, g.r
	if s.round%3 == 1 {
		if err := g.emit("round %d", s.round); err != nil {
			return err
		}
	}
	kind := g.events[s.round-1]
	line := "reveal " + kind
	switch kind {
	case "falling-sales", "sales-increase":
		line += " " + r.SectorNames[g.pick(len(r.SectorNames))]
	case "climatic-hazards", "grapes-quality":
		var key *vineCard
		if len(g.stacks[0]) > 0 {
			key = g.stacks[0][0]
		}
		switch {
		case key != nil && key.Region < 0 && kind == "grapes-quality" && s.r.on.VitryatsKeyChardonnay:
			// vitryats-key chardonnay: the card's own grape, no choice.
			line += " grape=" + grapeLetters[key.Grape:][:1]
		case key == nil || key.Region < 0:
			who := s.fewestPP()
			if kind == "climatic-hazards" {
				line += " region=" + r.Regions[g.pick(len(r.Regions))]
			} else {
				line += " grape=" + grapeLetters[g.pick(3):][:1]
			}
			line += " chosen-by=" + g.chooser(who)
		case kind == "climatic-hazards":
			line += " region=" + r.Regions[key.Region]
		default:
			line += " grape=" + grapeLetters[key.Grape:][:1]
		}
	}
	if err := g.emit("%s", line); err != nil {
		return err
	}
	if kind == "climatic-hazards" {
		for i := 0; i < s.humans; i++ {
			p := s.players[i]
			if p.token(s.r.tk.protection) > 0 && g.pick(2) == 0 {
				g.used("protection")
				if err := g.emit("%s: use protection", p.name); err != nil {
					return err
				}
				g.note("use protection")
			}
		}
	}
	return nil
}

func (g *gen) chooser(who int) string {
	if g.s.players[who].merchant {
		return "merchant"
	}
	return g.s.players[who].name
}

func (g *gen) merchantEvent() error {
	var cu [3]int
	for range 1 + g.pick(3) {
		cu[g.pick(3)]++
	}
	return g.emit("merchant shipping %d cuvees %s", 1+g.pick(len(g.s.zone("shipping"))), cubes(cu, cuveeLetters))
}
