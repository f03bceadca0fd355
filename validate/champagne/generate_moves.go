package champagne

import (
	"fmt"
	"strings"
)

type cand struct {
	zone   string
	k      int
	weight int
}

// place chooses a spot for the player whose turn it is: a weighted draw
// among the free spots that do something for him.
func (g *gen) place(who int) error {
	s := g.s
	p := s.players[who]
	// A free disc first, now and then.
	if !p.discUsed && s.available(who) > 0 && g.pick(2) == 0 {
		for zi, z := range zoneOrder {
			k := s.actionToken(p, zi)
			if k < 0 || (z == "marketing" && len(s.zone(z)) == 0) {
				continue
			}
			if c := g.freeSpot(who, z); c >= 0 {
				g.used(s.r.tokenKinds[k])
				g.note("use " + s.r.tokenKinds[k])
				return g.emit("%s: disc %s", p.name, g.spotWord(z, c))
			}
		}
	}
	if !p.discUsed && s.available(who) > 0 && p.token(s.r.tk.reservation) > 0 {
		gamble := g.pick(3) == 0 // now and then a card he cannot fill yet: the penalty may follow
		for _, sec := range s.sectors {
			for _, c := range []*marketCard{sec.active, sec.prov} {
				if c != nil && (gamble || covers(&p.cellar, &c.Cuvees)) && g.reservedBy(c.ID) == "" {
					g.used("reservation")
					g.note("use reservation")
					return g.emit("%s: use reservation %s", p.name, c.ID)
				}
			}
		}
	}
	var cs []cand
	for _, z := range zoneOrder {
		for k, o := range s.zone(z) {
			if o.who != -1 {
				continue
			}
			w := g.weight(who, z)
			if w > 0 && g.linksTo(who, z, k) {
				w += 12 // the linked pair's bonus token
			}
			if w > 0 {
				cs = append(cs, cand{z, k, w})
			}
		}
	}
	if len(cs) == 0 {
		return fmt.Errorf("generator: no free spot for %s", p.name)
	}
	total := 0
	for _, c := range cs {
		total += c.weight
	}
	x := g.pick(total)
	for _, c := range cs {
		if x < c.weight {
			return g.emit("%s: %s", p.name, g.spotWord(c.zone, c.k))
		}
		x -= c.weight
	}
	return nil
}

// linksTo reports whether the player holds the other spot of k's linked
// pair (standard side).
func (g *gen) linksTo(who int, z string, k int) bool {
	sp := g.s.spots(zoneIndex(z))
	if g.s.first || k >= len(sp) || sp[k].Link == 0 {
		return false
	}
	for j, o := range g.s.zone(z) {
		if j != k && j < len(sp) && sp[j].Link == sp[k].Link && int(o.who) == who {
			return true
		}
	}
	return false
}

func (g *gen) reservedBy(id string) string {
	for _, p := range g.s.players {
		if p.reserved == id {
			return p.name
		}
	}
	return ""
}

func (g *gen) freeSpot(who int, z string) int {
	for k, o := range g.s.zone(z) {
		if o.who == -1 && (z != "draw" || !g.onDraw(who)) {
			return k
		}
	}
	return -1
}

func (g *gen) onDraw(who int) bool {
	n := 0
	for _, o := range g.s.zone("draw") {
		if int(o.who) == who {
			n++
		}
	}
	return g.r.PerPlayer["draw"] > 0 && n >= g.r.PerPlayer["draw"]
}

func (g *gen) spotWord(z string, k int) string {
	switch z {
	case "vineyard":
		return "vineyard " + g.s.offers[k].ID
	case "marketing":
		return fmt.Sprintf("marketing n%d", k+1)
	}
	return fmt.Sprintf("%s %d", z, k+1)
}

// weight is how much the policy likes a spot (0: never; the council is
// always possible, so a player can always place).
func (g *gen) weight(who int, z string) int {
	s := g.s
	p := s.players[who]
	switch z {
	case "vineyard":
		return 6
	case "press":
		if p.press >= s.r.PressMax {
			return 1
		}
		return 4
	case "winery":
		if p.modules >= s.r.ModulesMax {
			return 1
		}
		return 4
	case "marketing":
		if p.cellarCount() == 0 || p.oenoCount() >= s.r.OenoMax || s.available(who) < 2 {
			return 0
		}
		return 2
	case "shipping":
		if p.cellarCount() < 2 {
			return 0
		}
		return 6
	case "draw":
		if g.onDraw(who) || p.stillCount() < 3 {
			return 0
		}
		return 7
	case "council":
		return 1
	}
	return 0
}

// token draws a bonus token from the supply (the discards reshuffled when
// it runs out).
func (g *gen) token(who int) error {
	if len(g.supply) == 0 {
		g.note("tokens reshuffled")
		g.supply, g.discards = g.discards, nil
		g.rnd.Shuffle(len(g.supply), func(i, j int) { g.supply[i], g.supply[j] = g.supply[j], g.supply[i] })
	}
	j := g.pick(len(g.supply))
	k := g.supply[j]
	g.supply = append(g.supply[:j], g.supply[j+1:]...)
	return g.gain(who, k, func(word string) error { return g.emit("%s: token %s", g.s.nameOf(who), word) })
}

// gain writes a token gained and follows where it goes.
func (g *gen) gain(who int, k string, write func(string) error) error {
	word := k
	if k == "land" {
		word = "land-" + g.r.Regions[g.pick(len(g.r.Regions))]
	}
	if err := write(word); err != nil {
		return err
	}
	g.note("gain " + k)
	p := g.s.players[who]
	if k != "land" && (p.merchant || p.token(g.r.tokenID(k)) == 0) {
		g.discards = append(g.discards, k) // applied at once (or ignored by the Merchant)
	}
	return nil
}

// used is called when a free-use token leaves a hand.
func (g *gen) used(k string) { g.discards = append(g.discards, k) }

// grid moves some of the œnothèque to the Marketing grid (grid-transfer
// written).
func (g *gen) grid(who int) error {
	p := g.s.players[who]
	var take [3]int
	for t := range 3 {
		if n := min(p.oeno[t], g.r.GridSlots-p.grid[t]); n > 0 {
			take[t] = g.pick(n + 1)
		}
	}
	if sum3(&take) == 0 {
		return g.emit("%s: grid none", p.name)
	}
	g.note("grid written")
	return g.emit("%s: grid %s", p.name, cubes(take, cuveeLetters))
}

func (g *gen) oeno(who int) error {
	p := g.s.players[who]
	room := g.r.OenoMax - p.oenoCount()
	c := p.cellar
	var take [3]int
	for n := g.pick(room + 1); n > 0 && sum3(&c) > 0; n-- {
		t := g.anyIdx(c)
		c[t]--
		take[t]++
	}
	if sum3(&take) == 0 {
		return g.emit("%s: oenotheque none", p.name)
	}
	return g.emit("%s: oenotheque %s", p.name, cubes(take, cuveeLetters))
}

func (g *gen) anyIdx(c [3]int) int {
	var opts []int
	for t := range 3 {
		if c[t] > 0 {
			opts = append(opts, t)
		}
	}
	return opts[g.pick(len(opts))]
}

// ship validates what the player can fulfil from his spot.
func (g *gen) ship(w want) error {
	s := g.s
	p := s.players[w.who]
	sp := s.spots(zShipping)[w.spot]
	max := sp.row.Cards
	cellar := p.cellar
	fromOeno := s.r.on.OenothequeShippingYes
	if fromOeno {
		add(&cellar, &p.oeno) // what can be shipped: cellar and œnothèque
	}
	onlyCellar := p.cellar
	var parts []string
	var keeps []func() error
	usedShort := false
	eachShort := s.r.on.PartialDeliveryEachCard
	var transportFor []string
	given := make([][3]int, len(s.players))
	for _, sec := range g.order3() {
		if len(parts) >= max {
			break
		}
		for _, c := range []*marketCard{s.sectors[sec].active, s.sectors[sec].prov} {
			if c == nil || len(parts) >= max || s.shippable(int(w.who), int(w.spot), c) != "" {
				continue
			}
			need := c.Cuvees
			part := c.ID
			switch {
			case covers(&cellar, &need):
			case sp.Partial && (!usedShort || eachShort) && sum3(&need) > 1 && g.shortOf(cellar, need) >= 0:
				t := g.shortOf(cellar, need)
				need[t]--
				if usedShort {
					g.note("several short cards")
				}
				usedShort = true
				part += " short " + cuveeLetters[t:t+1]
			case s.partner && g.pick(2) == 0:
				t, q := g.partnerFor(int(w.who), cellar, need, given)
				if q < 0 {
					continue
				}
				given[q][t]++
				need[t]--
				part += fmt.Sprintf(" partner %s %s", s.players[q].name, cuveeLetters[t:t+1])
			default:
				continue
			}
			sec := s.sectors[c.Sector]
			if c == sec.active && sec.tokens > 0 && len(g.onMarket[c.Sector]) > 0 {
				toks := g.onMarket[c.Sector]
				j := g.pick(len(toks))
				k := toks[j]
				rest := append(append([]string(nil), toks[:j]...), toks[j+1:]...)
				word := k
				if k == "land" {
					word = "land-" + g.r.Regions[g.pick(len(g.r.Regions))]
				}
				part += " keep " + word
				secIdx := c.Sector
				keeps = append(keeps, func() error {
					g.note("gain " + k)
					if s.r.on.MarketTokensAnyActive {
						g.onMarket[secIdx] = rest // they stay for the next validation
					} else {
						g.supply = append(g.supply, rest...)
						g.onMarket[secIdx] = nil
					}
					if k != "land" && (p.token(g.r.tokenID(k)) == 0) {
						g.discards = append(g.discards, k)
					}
					return nil
				})
			}
			if (c.Transport == "plane" || c.Transport == "boat") && p.token(s.r.tk.transport) > len(transportFor) && g.pick(2) == 0 &&
				s.event != "airports-strike" && s.event != "seaports-strike" {
				transportFor = append(transportFor, c.ID)
			}
			sub(&cellar, &need)
			if fromOeno && !covers(&onlyCellar, &need) {
				g.note("ship from the oenotheque")
			}
			for t := range 3 {
				onlyCellar[t] -= min(onlyCellar[t], need[t])
			}
			parts = append(parts, part)
		}
	}
	if len(parts) == 0 {
		return g.emit("%s: ship none", p.name)
	}
	for _, id := range transportFor[:min(len(transportFor), p.token(s.r.tk.transport))] {
		if err := g.emit("%s: use transport %s", p.name, id); err != nil {
			return err
		}
		g.note("use transport")
		g.used("transport")
	}
	// A change of transport can run into a strike: then do not ship that way.
	if err := g.emit("%s: ship %s", p.name, strings.Join(parts, " , ")); err != nil {
		return err
	}
	for _, f := range keeps {
		f()
	}
	return nil
}

// order3 is a random order of the sectors.
func (g *gen) order3() []int {
	return g.rnd.Perm(len(g.s.sectors))
}

// shortOf finds the one cuvée the player lacks for a card, if only one.
func (g *gen) shortOf(cellar, need [3]int) int {
	miss, at := 0, -1
	for t := range 3 {
		if need[t] > cellar[t] {
			miss += need[t] - cellar[t]
			at = t
		}
	}
	if miss == 1 {
		return at
	}
	return -1
}

func (g *gen) partnerFor(who int, cellar, need [3]int, given [][3]int) (int, int) {
	t := g.shortOf(cellar, need)
	if t < 0 {
		return 0, -1
	}
	for q := 0; q < g.s.humans; q++ {
		if q != who && g.s.players[q].cellar[t] > given[q][t] {
			return t, q
		}
	}
	return 0, -1
}

func (g *gen) merchantShip(w want) error {
	s := g.s
	m := s.merchant
	max := s.spots(zShipping)[w.spot].row.Cards
	cellar := m.cellar
	var parts []string
	var prev *marketCard
	var keeps []func()
	for n := 0; n < max; n++ {
		best := s.merchantBest(int(w.spot), prev, cellar)
		if len(best) == 0 {
			break
		}
		c := best[g.pick(len(best))]
		part := c.ID
		sec := s.sectors[c.Sector]
		if c == sec.active && sec.tokens > 0 && len(g.onMarket[c.Sector]) > 0 {
			toks := g.onMarket[c.Sector]
			j := g.pick(len(toks))
			k := toks[j]
			word := k
			if k == "land" {
				word = "land-" + g.r.Regions[g.pick(len(g.r.Regions))]
			}
			part += " keep " + word
			secIdx := c.Sector
			keeps = append(keeps, func() {
				g.onMarket[secIdx] = append(append([]string(nil), toks[:j]...), toks[j+1:]...)
				g.discards = append(g.discards, k)
			})
		}
		parts = append(parts, part)
		sub(&cellar, &c.Cuvees)
		prev = c
	}
	if len(parts) == 0 {
		return g.emit("merchant ship none")
	}
	if err := g.emit("merchant ship %s", strings.Join(parts, " , ")); err != nil {
		return err
	}
	for _, f := range keeps {
		f()
	}
	return nil
}

// draw blends what it can, after an exchange when nothing blends.
func (g *gen) draw(who int) error {
	s := g.s
	p := s.players[who]
	still := p.still
	room := s.r.CellarMax - p.cellarCount()
	if room > 0 && g.blendFrom(still) == nil && sum3(&still) >= 4 && g.pick(3) > 0 {
		// Exchange two of the most plentiful wine for one that helps.
		t := 0
		for i := range 3 {
			if still[i] > still[t] {
				t = i
			}
		}
		want := (t + 1 + g.pick(2)) % 3
		if still[t] >= 2 && s.supplyLeft(want) > 0 {
			var give, get [3]int
			give[t] = 2
			get[want] = 1
			if err := g.emit("%s: exchange %s %s", p.name, cubes(give, grapeLetters), cubes(get, grapeLetters)); err != nil {
				return err
			}
			still = p.still
		}
	}
	var parts []string
	for room > 0 {
		b := g.blendFrom(still)
		if b == nil {
			break
		}
		sub(&still, &b.wines)
		parts = append(parts, fmt.Sprintf("%s=%s", cuveeLetters[b.cuvee:b.cuvee+1], cubes(b.wines, grapeLetters)))
		room--
		if g.pick(5) == 0 {
			break
		}
	}
	if len(parts) == 0 {
		return g.emit("%s: draw none", p.name)
	}
	return g.emit("%s: draw %s", p.name, strings.Join(parts, " "))
}

type blendChoice struct {
	cuvee int
	wines [3]int
}

func (g *gen) blendFrom(still [3]int) *blendChoice {
	var opts []blendChoice
	for cu := range 3 {
		for _, b := range g.r.Blends[cu] {
			if covers(&still, &b) {
				opts = append(opts, blendChoice{cu, b})
			}
		}
	}
	if len(opts) == 0 {
		return nil
	}
	c := opts[g.pick(len(opts))]
	return &c
}

func (g *gen) harvest(who int) error {
	s := g.s
	p := s.players[who]
	prod := s.produced(p)
	var take [3]int
	for n := s.capacity(p); n > 0; n-- {
		t := g.anyIdx(prod)
		prod[t]--
		take[t]++
	}
	return g.emit("%s: harvest %s", p.name, cubes(take, grapeLetters))
}
