package champagne

import (
	"strings"
	"sync"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
)

// rulesFor loads the component tables in force (the defaults, or the
// override of --tables / a `rules` line) and turns them into the engine's
// terms.
func (Game) rulesFor(opt validate.Options) (*rules, validate.Diagnostics) {
	if opt.Tables == nil {
		return defaultRules(), nil
	}
	t, diags := tables.Load(opt)
	if diags.HasErrors() {
		return nil, diags
	}
	return fromTables(t), diags
}

// defaultRules are read once (replays may run in parallel).
var defaultRules = sync.OnceValue(func() *rules { return fromTables(tables.Default()) })

func letterIndex(letters, l string) int {
	return strings.Index(letters, strings.ToUpper(l))
}

func fromTables(t *tables.Tables) *rules {
	r := &rules{T: t, Rounds: t.Rounds, Collaborators: t.Collaborators, MerchantCollabs: t.MerchantCollaborators,
		EventsDrawn: t.EventsDrawn, CellarMax: t.CellarMax, OenoMax: t.OenothequeMax,
		GridSlots: t.Marketing.Slots, GridBonus: t.Marketing.Bonus, Options: t.Options,
		EcoValues: t.Eco.Values, EcoStart: t.Eco.Start, EcoMerchant: t.Eco.MerchantStart,
		EcoTopPP: t.Eco.TopPP, EcoBottomPP: t.Eco.BottomPP,
		PressStart: t.Press.Start, PressMax: t.Press.Max, PressTokenAt: t.Press.TokenAt, PressPPBeyond: t.Press.PPBeyond, MaxPlayers: t.MaxPlayers,
		ModulesStart: t.Winery.Start, ModulesMax: t.Winery.Max, ModulesRow: t.Winery.Row, Age2Eco: t.Winery.AgeIIEco,
		InheritKeep: t.InheritanceKeep, Score: t.ScoreRules()}
	for n := 0; n <= len(t.Winery.Capacity); n++ {
		r.wineryCaps = append(r.wineryCaps, t.Winery.CapacityOf(n))
	}
	r.Exchange.Give, r.Exchange.Get, r.Exchange.PP = t.Exchange.Give, t.Exchange.Get, t.Exchange.PP
	for _, reg := range t.Regions {
		r.Regions = append(r.Regions, reg.Key)
		r.RegionNames = append(r.RegionNames, reg.Name)
	}
	r.deck.region = make([]int, len(r.Regions))
	for _, v := range t.Vineyards {
		c := vineCard{ID: v.Key, Name: v.Name, Region: r.region(v.Region), Grape: letterIndex(grapeLetters, v.Grape),
			Qty: v.Grapes, PP: v.PP, Eco: v.Eco, Inheritance: v.Inheritance}
		if v.Wild(t) {
			c.Region = -1
		}
		c.Idx = len(r.Vineyards)
		r.Vineyards = append(r.Vineyards, c)
		if !c.Inheritance {
			r.vineDeck++
			r.deck.add(&c, 1)
		}
	}
	for _, c := range t.Cuvees {
		if i := letterIndex(cuveeLetters, c.Letter); i >= 0 {
			r.CuveeValue[i] = c.Value
		}
	}
	// Every triple of still wines, checked against the tables' blends.
	for m := 0; m <= 3; m++ {
		for p := 0; m+p <= 3; p++ {
			w := [3]int{m, p, 3 - m - p}
			for cu := range 3 {
				if t.CanBlend(cuveeLetters[cu:cu+1], cubes(w, grapeLetters)) {
					r.Blends[cu] = append(r.Blends[cu], w)
					r.blendable[cu][m][p] = true
				}
			}
		}
	}
	for _, s := range t.Sectors {
		r.SectorNames = append(r.SectorNames, s.Key)
		r.MarketPerSector = append(r.MarketPerSector, s.Cards)
		r.MarketTokens = append(r.MarketTokens, s.Tokens)
	}
	r.TransportEco = map[string][3]int{}
	for _, tr := range t.Transports {
		var e [3]int
		for i, s := range r.SectorNames {
			e[i] = t.ShippingEco(s, tr.Key)
		}
		if _, ok := r.TransportEco[tr.Key]; !ok {
			r.transports = append(r.transports, tr.Key)
		}
		r.TransportEco[tr.Key] = e
	}
	for _, k := range r.transports {
		r.transportEco = append(r.transportEco, r.TransportEco[k])
	}
	r.marketIndex, r.marketByIndex = newNameIndex(len(t.Markets)), true
	for i := len(t.Markets) - 1; i >= 0; i-- { // the first card wins a shared id, as in tables.Market
		if !isASCII(t.Markets[i].ID) {
			r.marketByIndex = false
			break
		}
		r.marketIndex.put(strings.ToUpper(t.Markets[i].ID), i)
	}
	r.Rows = map[string]shipRow{}
	for _, row := range t.ShippingRows {
		r.Rows[row.Key] = shipRow{Cards: row.Cards, ActiveOnly: row.ActiveOnly}
	}
	r.Tokens, r.TokenPrestige = map[string]int{}, map[string]int{}
	for _, b := range t.Tokens {
		key := b.Key
		if b.Zone != "" {
			key += "-" + b.Zone
		}
		r.Tokens[key] += b.Count
		if b.PP != 0 && b.Instant {
			r.TokenPrestige[key] = b.PP
		}
		if key == "eco" {
			r.TokenEco = b.Eco
		}
	}
	for _, n := range r.Tokens {
		r.tokensInBox += n
	}
	r.indexTokens()
	r.Events, r.EventPP = map[string]int{}, map[string]int{}
	for _, e := range t.Events {
		r.Events[e.Key] = e.Count
		r.EventPP[e.Key] = t.EventPP(e.Key)
	}
	// The kinds by index, so that a game counts its events in a slice.
	r.eventIndex = newNameIndex(len(r.Events))
	for k, n := range r.Events {
		r.eventIndex.put(k, len(r.eventCopies))
		r.eventCopies = append(r.eventCopies, n)
		r.eventPP = append(r.eventPP, r.EventPP[k])
		r.eventKinds = append(r.eventKinds, eventKindOf(k))
	}
	r.InheritBox = map[string]int{}
	r.InheritFromBox = len(t.Inheritances) > 0
	for _, in := range t.Inheritances {
		if in.Src == "assumed" {
			r.InheritFromBox = false
		}
		c := inheritCard{ID: strings.ToUpper(in.ID), Kind: in.Kind, Stars: in.Stars, Vine: in.Vineyard,
			Press: in.Press, Modules: in.Modules, Eco: in.Eco}
		c.Cellar, _ = parseCubes([]string{in.Cellar}, cuveeLetters)
		c.Still, _ = parseCubes([]string{in.Still}, grapeLetters)
		c.first = len(r.Inherit)
		if first := r.inheritance(c.ID); first != nil {
			c.first = first.first
		}
		r.Inherit = append(r.Inherit, c)
		r.InheritBox[c.Kind]++
		r.inheritBox[inheritKindIndex(c.Kind)]++
	}
	r.inheritIndex = newNameIndex(len(r.Inherit))
	for i := len(r.Inherit) - 1; i >= 0; i-- { // the first card of an id last
		r.inheritIndex.put(r.Inherit[i].ID, i)
	}
	r.Spots, r.SimpleSpots = map[string][]spot{}, map[string][]spot{}
	for _, z := range []string{"press", "winery", "marketing", "shipping", "draw"} {
		for side, dst := range map[string]map[string][]spot{"standard": r.Spots, "simplified": r.SimpleSpots} {
			links := map[string]int{}
			for _, sp := range t.SpotsOf(side, z) {
				if sp.Step == "n+1" {
					continue // the marketing n+1 spots are reached from n
				}
				s := spot{PP: sp.PP, Eco: sp.Eco, First: sp.First, Partial: sp.Partial, Row: sp.Row, Label: sp.Label, row: r.Rows[sp.Row]}
				if sp.Link != "" {
					if links[sp.Link] == 0 {
						links[sp.Link] = len(links) + 1
					}
					s.Link = links[sp.Link]
				}
				dst[z] = append(dst[z], s)
			}
		}
	}
	r.PerPlayer = map[string]int{}
	for _, z := range t.Zones {
		if z.PerPlayer > 0 {
			r.PerPlayer[z.Key] = z.PerPlayer
		}
	}
	for i, z := range zoneNames {
		r.zoneSpots[0][i], r.zoneSpots[1][i] = r.Spots[z], r.SimpleSpots[z]
		r.zonePerPlayer[i] = r.PerPlayer[z]
	}
	r.HighTension = map[string]int{}
	for _, ref := range t.HighTension {
		for i, sp := range r.Spots[ref.Zone] {
			if strings.EqualFold(sp.Label, ref.Label) {
				r.HighTension[ref.Zone] = i + 1
			}
		}
	}
	r.index()
	r.on.CorksDefectCellarThenOenotheque = r.opt("corks-defect", "cellar-then-oenotheque")
	r.on.CouncilOrderDescending = r.opt("council-order", "descending")
	r.on.EcoSpillIgnoredAtSetup = r.opt("eco-spill", "ignored-at-setup")
	r.on.ExchangeTimingOwnActions = r.opt("exchange-timing", "own-actions")
	r.on.GridTransferWritten = r.opt("grid-transfer", "written")
	r.on.ForfeitEffectLost = r.opt("forfeit-effect", "lost")
	r.on.MarketRefillStackTop = r.opt("market-refill", "stack-top")
	r.on.MarketTokensAnyActive = r.opt("market-tokens", "any-active")
	r.on.MarketingOrderSpotOrder = r.opt("marketing-order", "spot-order")
	r.on.OenothequeShippingYes = r.opt("oenotheque-shipping", "yes")
	r.on.PandemicTopRowAll = r.opt("pandemic-top-row", "all")
	r.on.PartialDeliveryEachCard = r.opt("partial-delivery", "each-card")
	r.on.PartnerBonusNo = r.opt("partner-bonus", "no")
	r.on.PartnerPartialYes = r.opt("partner-partial", "yes")
	r.on.PressTokenEachTime = r.opt("press-token", "each-time")
	r.on.ReservationPenaltyWithEvent = r.opt("reservation-penalty", "with-event")
	r.on.VitryatsKeyChardonnay = r.opt("vitryats-key", "chardonnay")
	r.on.LandTokenIgnored = r.opt("land-token", "ignored")
	r.on.Subsidies = r.Options["subsidies"]
	r.CubesPerColour = t.BoxCount("cubes-per-colour")
	r.floorZero = r.opt("negative-score", "floor-zero")
	r.MerchantLevels, r.MerchantNames, r.merchantPrinted = map[string]int{}, map[string]string{}, map[string]string{}
	for _, m := range t.MerchantLevels {
		if m.Name != "" {
			r.merchantPrinted[strings.ToLower(m.Name)] = strings.ToLower(m.Key)
		}
		for _, k := range []string{m.Key, m.Alias} {
			if k != "" {
				r.MerchantLevels[strings.ToLower(k)] = m.Cuvees
				r.MerchantNames[strings.ToLower(k)] = m.Label()
			}
		}
	}
	return r
}
