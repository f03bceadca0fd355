package champagne

import (
	"sort"
	"unicode/utf8"

	"github.com/vintner/vintner/internal/prose"
	"github.com/vintner/vintner/score/champagne"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
)

// rules is everything the engine needs to know about the components, in
// the engine's own terms. It is filled from the component tables (see
// tables_adapter.go), so that a `rules` file or --tables replaces it.
type rules struct {
	Rounds          int
	Collaborators   int
	MerchantCollabs int
	Regions         []string // the five scoring regions, short names (marne, reims, …)
	RegionNames     []string // printed names, for messages
	Vineyards       []vineCard
	CuveeValue      [3]int        // T, N, B
	Blends          [3][][3]int   // per cuvée: allowed multisets as counts of M, P, C
	blendable       [3][4][4]bool // Blends as a table: [cuvée][M][P] (C is 3-M-P)
	Exchange        struct{ Give, Get, PP int }
	EcoValues       []int // value of each eco index, from the start (index 0)
	EcoStart        int   // start index of a player
	EcoMerchant     int   // start index of the Wine Merchant
	PressStart      int
	PressMax        int
	PressTokenAt    int
	PressPPBeyond   int // PP for each level gained past PressMax
	MaxPlayers      int // most seats, the Wine Merchant included
	ModulesStart    int
	ModulesMax      int
	ModulesRow      int // modules in the Age I row
	Age2Eco         int
	CellarMax       int
	OenoMax         int
	GridSlots       int
	GridBonus       []int             // bonus per shipped cuvée with k cubes in the column
	MarketPerSector []int             // Market cards of each sector in the box (by SectorNames index)
	SectorNames     []string          // france, europe, international
	TransportEco    map[string][3]int // transport -> eco per sector
	transports      []string          // TransportEco's keys, for lookups without hashing
	transportEco    [][3]int          // TransportEco by index in transports
	Rows            map[string]shipRow
	EventPP         map[string]int // falling-sales -2, sales-increase +2
	EcoTopPP        int
	EcoBottomPP     int
	Inherit         []inheritCard
	Options         map[string]string
	T               *tables.Tables
	MarketTokens    []int          // face-down tokens on each sector's active space (by SectorNames index)
	Tokens          map[string]int // bonus token kinds and counts in the box
	tokensInBox     int            // the sum of Tokens
	TokenPrestige   map[string]int // prestige-N kinds -> N
	TokenEco        int            // eco levels of an eco token
	tokenKinds      []string       // Tokens' kinds, sorted, and land (counted whether the box has it or not): a kind's index in the game's counts
	tokenIndex      nameIndex      // kind -> index in tokenKinds
	tokenBox        []int          // Tokens by index in tokenKinds
	tokenPP         []int          // TokenPrestige by index in tokenKinds
	tokenInstant    []bool         // the kind is in TokenPrestige
	tk              tokenIDs       // the kinds the engine names
	Events          map[string]int // event kinds and copies in the box
	EventsDrawn     int
	eventIndex      nameIndex   // event kind -> index in eventCopies
	eventCopies     []int       // copies in the box of each event kind
	eventPP         []int       // EventPP by index in eventCopies
	eventKinds      []eventKind // eventKindOf by index in eventCopies
	vineDeck        int         // the vineyard cards of the stacks (all but the inheritance ones)
	deck            stackCounts // the same, counted by region and grape
	InheritKeep     int
	InheritBox      map[string]int             // inheritance cards of each kind in the box
	inheritBox      [len(inheritKinds) + 1]int // InheritBox by inheritKindIndex
	InheritFromBox  bool                       // the tables' inheritance cards are the box's (none src=assumed): declared cards must be among them
	PerPlayer       map[string]int             // zone -> most collaborators (and discs) of one player
	Spots           map[string][]spot          // standard side, zone -> spots 1..n
	SimpleSpots     map[string][]spot          // first-game side
	HighTension     map[string]int             // zone -> spot blocked in round 1 (1-based)
	MerchantLevels  map[string]int             // difficulty (key or alias) -> cuvées of each type
	merchantPrinted map[string]string          // a level's name as verdicts print it (jéroboam), lower-case -> its key
	MerchantNames   map[string]string          // difficulty -> "Mathusalem, medium" (tables.MerchantLevel.Label)
	Score           champagne.Rules
	CubesPerColour  int                       // cubes of each colour in the box
	zoneSpots       [2][len(zoneNames)][]spot // standard, first-game side: Spots by zoneIndex
	zonePerPlayer   [len(zoneNames)]int
	wineryCaps      []int // wineryCaps[n]: what the first n modules hold
	on              options
	floorZero       bool      // negative-score floor-zero
	vineIndex       nameIndex // folded key or printed name -> index in Vineyards
	regionIndex     nameIndex // folded key or printed name -> region index
	inheritIndex    nameIndex // upper-cased id -> index in Inherit of its first card
	marketIndex     nameIndex // upper-cased id -> index in T.Markets; unused when an id is not ASCII (folding is then Unicode's)
	marketByIndex   bool      // every market id of the tables is ASCII: marketIndex is in use
}

type shipRow struct {
	Cards      int
	ActiveOnly bool
}

// inheritCard is an Inheritance card of the catalogue.
type inheritCard struct {
	first   int // index in rules.Inherit of the first card with this ID: the card's slot in a game's counts
	ID      string
	Kind    string
	Stars   int
	Vine    string
	Press   int
	Modules int
	Cellar  [3]int
	Still   [3]int
	Eco     int
}

// vineCard is one printed Vineyard card.
type vineCard struct {
	ID          string // printed village, lower case and hyphenated
	Name        string
	Region      int // index in rules.Regions; -1 for Coteaux Vitryats
	Grape       int // 0 M, 1 P, 2 C
	Qty         int
	PP, Eco     int // bonus in the upper right corner
	Inheritance bool
	Idx         int // index in rules.Vineyards
}

// stackCounts counts vineyard cards of the stacks by the key of climatic
// hazards or grapes quality they would show (keyInStacks): kept up to date
// as cards come up, rather than counted over the whole deck at each reveal.
type stackCounts struct {
	region []int     // by region (rules.Regions index): the regions' cards
	wild   int       // the Coteaux Vitryats cards (Region < 0)
	grape  [2][3]int // by grape: [0] the regions' cards, [1] the Coteaux Vitryats ones
}

// add counts n more (or fewer) of card c.
func (k *stackCounts) add(c *vineCard, n int) {
	wild := 0
	if c.Region >= 0 {
		k.region[c.Region] += n
	} else {
		k.wild += n
		wild = 1
	}
	if uint(c.Grape) < 3 {
		k.grape[wild][c.Grape] += n
	}
}

// spot is one action spot and its placement effect.
type spot struct {
	PP, Eco int
	First   bool    // Speak First (shipping)
	Partial bool    // partial delivery (shipping)
	Row     string  // shipping: top or lower
	row     shipRow // shipping: Rows[Row], looked up once
	Label   string
	Link    int // linked pair id (0: none)
}

// vine finds a Vineyard card by its notation key or printed village
// (accents, case and hyphens folded: "Épernay" is epernay).
func (r *rules) vine(id string) *vineCard {
	// Records write the key as it is: try it before folding.
	i, ok := r.vineIndex.get(id)
	if !ok {
		i, ok = r.vineIndex.get(tables.Fold(id))
	}
	if !ok {
		return nil
	}
	return &r.Vineyards[i]
}

// index builds the name lookups once per tables.
func (r *rules) index() {
	r.vineIndex = newNameIndex(2 * len(r.Vineyards))
	for i := len(r.Vineyards) - 1; i >= 0; i-- { // the first card wins a shared name
		r.vineIndex.put(tables.Fold(r.Vineyards[i].Name), i)
	}
	for i := len(r.Vineyards) - 1; i >= 0; i-- {
		r.vineIndex.put(r.Vineyards[i].ID, i)
	}
	r.regionIndex = newNameIndex(2 * len(r.Regions))
	for i := len(r.Regions) - 1; i >= 0; i-- {
		if i < len(r.RegionNames) {
			r.regionIndex.put(tables.Fold(r.RegionNames[i]), i)
		}
	}
	for i := len(r.Regions) - 1; i >= 0; i-- {
		r.regionIndex.put(r.Regions[i], i)
	}
}

// nearVine suggests the vineyard card a misspelt name was meant to be, and
// where the cards are listed.
func (r *rules) nearVine(name string) string {
	const list = "`vintner tables age-of-champagne` lists the vineyard cards"
	ids := make([]string, 0, len(r.Vineyards))
	for _, v := range r.Vineyards {
		ids = append(ids, v.ID)
	}
	if hint := validate.DidYouMean(tables.Fold(name), ids); hint != "" {
		return hint + " (" + list + ")"
	}
	return list
}

// region finds a scoring region by key or printed name.
func (r *rules) region(name string) int {
	if r.regionIndex.slots == nil { // while the tables are being read
		k := tables.Fold(name)
		for i, n := range r.Regions {
			if n == k || (i < len(r.RegionNames) && tables.Fold(r.RegionNames[i]) == k) {
				return i
			}
		}
		return -1
	}
	if i, ok := r.regionIndex.get(name); ok {
		return i
	}
	if i, ok := r.regionIndex.get(tables.Fold(name)); ok {
		return i
	}
	return -1
}

// shippingEco is the eco report move of a card shipped by a mode of
// transport to a sector (0 for a mode the tables do not know).
func (r *rules) shippingEco(mode string, sector int) int {
	for i, t := range r.transports {
		if t == mode {
			return r.transportEco[i][sector]
		}
	}
	return 0
}

// knownTransport reports whether the tables have a mode of transport.
func (r *rules) knownTransport(mode string) bool {
	for _, t := range r.transports {
		if t == mode {
			return true
		}
	}
	return false
}

// market finds a market card of the tables by id, as tables.Market does
// (case folded), by map when the ids allow it.
func (r *rules) market(id string) (*tables.MarketCard, bool) {
	if r.marketByIndex && isASCII(id) {
		i, ok := r.marketIndex.get(upper(id))
		if !ok {
			return nil, false
		}
		return &r.T.Markets[i], true
	}
	return r.T.Market(id)
}

// marketOf is market(c.ID) for a card whose key is set (state.cardKey):
// the key of an id the tables print is its index.
func (r *rules) marketOf(c *marketCard) (*tables.MarketCard, bool) {
	if r.marketByIndex && isASCII(c.ID) {
		if c.key < len(r.T.Markets) {
			return &r.T.Markets[c.key], true
		}
		return nil, false
	}
	return r.market(c.ID)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func (r *rules) sector(name string) int {
	for i, n := range r.SectorNames {
		if n == name {
			return i
		}
	}
	return -1
}

func (r *rules) pressCap(level int) int { return r.T.Press.CapacityAt(level) }

// wineryCap is what the first modules of a winery hold
// (tables.Winery.CapacityOf, summed once per tables).
func (r *rules) wineryCap(modules int) int {
	modules = min(modules, len(r.wineryCaps)-1)
	if modules <= 0 {
		return 0
	}
	return r.wineryCaps[modules]
}

// canBlend reports whether the three still wines (counts of M, P, C) make
// the cuvée.
func (r *rules) canBlend(cuvee int, m, p, c int) bool {
	if m >= 0 && p >= 0 && c >= 0 && m+p+c == 3 {
		// Read from the table: the loop over the blends mispredicted
		// where it stopped.
		return r.blendable[cuvee][m][p]
	}
	return false // every blend is of 3 wines
}

// blendList names the blends of a cuvée: "MPC, MMC or MCC".
func (r *rules) blendList(cuvee int) string {
	var bs []string
	for _, b := range r.Blends[cuvee] {
		bs = append(bs, cubes(b, grapeLetters))
	}
	if len(bs) == 0 {
		return "no blend (the tables have no blend line for it)"
	}
	return prose.Or(bs)
}

func (r *rules) gridBonus(k int) int {
	if k < len(r.GridBonus) {
		return r.GridBonus[k]
	}
	return r.GridBonus[len(r.GridBonus)-1]
}

func (r *rules) ecoValue(i int) int { return r.EcoValues[i] }

// options holds the house rulings the engine reads while replaying, read
// once from the tables (a map lookup per action showed in the profile).
type options struct {
	CorksDefectCellarThenOenotheque bool   // option corks-defect cellar-then-oenotheque
	CouncilOrderDescending          bool   // option council-order descending
	EcoSpillIgnoredAtSetup          bool   // option eco-spill ignored-at-setup
	ExchangeTimingOwnActions        bool   // option exchange-timing own-actions
	GridTransferWritten             bool   // option grid-transfer written
	ForfeitEffectLost               bool   // option forfeit-effect lost
	MarketRefillStackTop            bool   // option market-refill stack-top
	MarketTokensAnyActive           bool   // option market-tokens any-active
	MarketingOrderSpotOrder         bool   // option marketing-order spot-order
	OenothequeShippingYes           bool   // option oenotheque-shipping yes
	PandemicTopRowAll               bool   // option pandemic-top-row all
	PartialDeliveryEachCard         bool   // option partial-delivery each-card
	PartnerBonusNo                  bool   // option partner-bonus no
	PartnerPartialYes               bool   // option partner-partial yes
	PressTokenEachTime              bool   // option press-token each-time
	ReservationPenaltyWithEvent     bool   // option reservation-penalty with-event
	VitryatsKeyChardonnay           bool   // option vitryats-key chardonnay
	LandTokenIgnored                bool   // option land-token ignored
	Subsidies                       string // option subsidies: per-player, per-zone, or one token per resolution
}

// opt reports whether a house ruling of the tables has the given value.
func (r *rules) opt(name, value string) bool { return r.Options[name] == value }

// tokenIDs are the indices in rules.tokenKinds of the token kinds the
// engine names, -1 for a kind the box does not hold (land is always
// counted).
type tokenIDs struct {
	land, eco, protection, reservation, transport int
	additional                                    int                 // additional-action, any zone
	zoneAction                                    [len(zoneNames)]int // additional-action-ZONE
}

// tokenID is a kind's index in tokenKinds, -1 for none.
func (r *rules) tokenID(kind string) int {
	if i, ok := r.tokenIndex.get(kind); ok {
		return i
	}
	return -1
}

// indexTokens numbers the token kinds (after Tokens and TokenPrestige are
// read).
func (r *rules) indexTokens() {
	r.tokenKinds = r.tokenKinds[:0]
	for k := range r.Tokens {
		r.tokenKinds = append(r.tokenKinds, k)
	}
	if _, ok := r.Tokens["land"]; !ok {
		r.tokenKinds = append(r.tokenKinds, "land")
	}
	sort.Strings(r.tokenKinds)
	r.tokenIndex = newNameIndex(len(r.tokenKinds))
	r.tokenBox = make([]int, len(r.tokenKinds))
	r.tokenPP = make([]int, len(r.tokenKinds))
	r.tokenInstant = make([]bool, len(r.tokenKinds))
	for i, k := range r.tokenKinds {
		r.tokenIndex.put(k, i)
		r.tokenBox[i] = r.Tokens[k]
		r.tokenPP[i], r.tokenInstant[i] = r.TokenPrestige[k]
	}
	r.tk = tokenIDs{land: r.tokenID("land"), eco: r.tokenID("eco"), protection: r.tokenID("protection"),
		reservation: r.tokenID("reservation"), transport: r.tokenID("transport"), additional: r.tokenID("additional-action")}
	for i := range zoneNames {
		r.tk.zoneAction[i] = r.tokenID(zoneActionTokens[i])
	}
}

// inheritKinds are the kinds of Inheritance cards.
var inheritKinds = [...]string{"vineyard", "press", "winery"}

// inheritKindIndex is a kind's index in inheritKinds, len(inheritKinds)
// for any other (none in the box).
func inheritKindIndex(kind string) int {
	switch kind {
	case "vineyard":
		return 0
	case "press":
		return 1
	case "winery":
		return 2
	}
	return len(inheritKinds)
}

func (r *rules) inheritance(id string) *inheritCard {
	if r.inheritIndex.slots != nil {
		if i, ok := r.inheritIndex.get(id); ok {
			return &r.Inherit[i]
		}
		return nil
	}
	for i := range r.Inherit { // while the tables are being read
		if r.Inherit[i].ID == id {
			return &r.Inherit[i]
		}
	}
	return nil
}
