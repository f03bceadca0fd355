// Package layouts holds the Bordeaux player sheet: the template data (the
// fixed map of the three regions, tracks and schedule shape, embedded and
// commented), the seeded randomizer that fills in each printed sheet's
// attributes, and the short codes printed on sheets. It imports neither
// validate nor score.
package layouts

// Region letters as on the sheet.
type Region byte

const (
	Left  Region = 'L' // Left Bank
	Right Region = 'R' // Right Bank
	Entre Region = 'E' // Entre-deux-Mers
)

// Resource letters as on the sheet.
type Resource byte

const (
	Casks     Resource = 'C'
	Vines     Resource = 'V'
	Trellises Resource = 'T'
)

// Colour of a wine: r red (red worker), p rosé (pink worker), w white
// (yellow worker).
type Colour byte

const (
	Red   Colour = 'r'
	Rose  Colour = 'p'
	White Colour = 'w'
)

// WineType is a colour and an age (1–3 years, the Make Wine duration).
type WineType struct {
	Colour Colour `json:"colour"`
	Age    int    `json:"age"`
}

// Wine is one wine on the map.
type Wine struct {
	ID     string   `json:"id"` // template node id, "L1"…"E7"
	Region Region   `json:"region"`
	Type   WineType `json:"type"`
	Casks  int      `json:"casks"` // casks crossed out to make it: 0–2
	X      float64  `json:"x"`     // map coordinates from the template, for printing
	Y      float64  `json:"y"`
}

// Name is the notation name of the wine: region, colour, age ("Lr2").
func (w Wine) Name() string {
	return string([]byte{byte(w.Region), byte(w.Type.Colour), byte('0' + w.Type.Age)})
}

// Path joins two wines; it may carry a resource (0 for none).
type Path struct {
	ID       string   `json:"id"`
	A        string   `json:"a"` // wine ids
	B        string   `json:"b"`
	Resource Resource `json:"resource,omitempty"`
}

// Bonus is a trellis row's end-game bonus: 1 point per circled wine of a
// colour, of an age, or in a region.
type Bonus struct {
	Kind    string `json:"kind"` // "colour", "age", "region"
	Colour  Colour `json:"colour,omitempty"`
	Age     int    `json:"age,omitempty"`
	Region  Region `json:"region,omitempty"`
	PerWine int    `json:"per_wine"`
}

// TrellisRow is one row of trellises and the bonus it unlocks.
type TrellisRow struct {
	Len   int   `json:"len"`
	Bonus Bonus `json:"bonus"`
}

// Year00 is the pre-printed '00 column of a sheet.
type Year00 struct {
	Region   Region   `json:"region"`
	Resource Resource `json:"resource"`
	Dur      [3]int   `json:"dur"` // per worker red, pink, yellow: a permutation of 1, 2, 3
}

// TopCell is one year's cell of the top schedule: exactly one of Region and
// Resource is pre-filled for '01–'12; both are empty for '13.
type TopCell struct {
	Region   Region   `json:"region,omitempty"`
	Resource Resource `json:"resource,omitempty"`
}

// Layout is one printed sheet.
type Layout struct {
	Code      string       `json:"code"` // the code printed on the sheet: the set code for every seat of a set
	Template  string       `json:"template"`
	Version   int          `json:"version"`
	Seed      uint64       `json:"seed"`              // the seed the code carries; 0 for a group's own sheet
	Players   int          `json:"players,omitempty"` // seats in its game set; 0 for a pad page or own sheet
	Seat      int          `json:"seat"`              // 1-based seat in its game set; 0 for a pad page
	Year00    Year00       `json:"year00"`
	Wines     []Wine       `json:"wines"`
	Paths     []Path       `json:"paths"`
	CaskSlots int          `json:"cask_slots"`
	CasksPre  int          `json:"casks_pre_outlined"`
	Vines     []*WineType  `json:"vines"` // one per vine; non-nil = a grape above it
	Trellis   []TrellisRow `json:"trellis"`
	Top       [14]TopCell  `json:"top"` // index = year; [0] unused
}
