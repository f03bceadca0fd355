package layouts

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

//go:embed template.txt
var defaultTemplateText []byte

// DefaultTemplateText is the embedded, commented template data.
func DefaultTemplateText() []byte { return slices.Clone(defaultTemplateText) }

// RegionInfo is one region of the template.
type RegionInfo struct {
	Letter Region
	Name   string
}

// Grape is a grape printed above a vine: its position (1-based vine) and
// age. The colour is dealt per sheet.
type Grape struct {
	Vine int
	Age  int
}

// Schedule is one "schedule" line: which years pre-fill a region or a
// resource, and the values shuffled over them.
type Schedule struct {
	Kind   string // "region" or "resource"
	Years  []int
	Values []byte
}

// Limits are the thresholds Check enforces on every sheet.
type Limits struct {
	MinLongestTrail  int
	MinCaskDemand    int
	CaskDemandMargin int
	MinGrapeMatches  int
	MinDegree        int
	MaxDegree        int
}

// Template is the fixed part of a sheet, as read from the template data.
type Template struct {
	Name         string
	Version      int
	MinPlayers   int
	MaxPlayers   int
	MapWidth     float64
	MapHeight    float64
	Regions      []RegionInfo
	Wines        []Wine // ID, Region, X, Y; type and casks are dealt
	Paths        []Path // ID, A, B; resources are dealt
	Tables       map[Region][]WineType
	CaskCosts    map[int][]int // age → the costs dealt over the wines of that age
	RegionCasks  [2]int        // min, max cask demand of a region
	Resources    map[Region][]Resource
	CaskSlots    int
	CasksPre     int
	VineCount    int
	Grapes       []Grape
	GrapeColours []Colour // 0 = drawn once per game set
	Trellis      []TrellisRow
	Durations    []int
	Schedules    []Schedule
	BlankYears   []int
	Limits       Limits

	dealPlan *dealPlan // derived once by ParseTemplate; see plan
}

// Years on the sheet's top rows: '01 … '13 ([0] of Layout.Top is unused).
const (
	firstYear = 1
	lastYear  = len(Layout{}.Top) - 1
)

// Word is the region's name on the default template ("Left Bank").
func (r Region) Word() string {
	for _, ri := range defaultTemplate().Regions {
		if ri.Letter == r {
			return ri.Name
		}
	}
	return r.String()
}

// TemplateError is an error in template data: at a line's item (Line and
// Col of its first word), or, Line 0, in the template as a whole.
type TemplateError struct {
	Name      string
	Line, Col int
	Item      string // the line's first word; "" for the whole template
	Source    string // the line as written
	Err       error
}

func (e *TemplateError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.Name, e.Err)
	}
	return fmt.Sprintf("%s:%d: %s: %v", e.Name, e.Line, e.Item, e.Err)
}

func (e *TemplateError) Unwrap() error { return e.Err }

// ParseTemplate reads template data (the format of layouts/template.txt).
// Errors name the line: "template.txt:12: …" (a *TemplateError).
func ParseTemplate(name string, data []byte) (*Template, error) {
	t := &Template{
		Tables:    map[Region][]WineType{},
		CaskCosts: map[int][]int{},
		Resources: map[Region][]Resource{},
	}
	p := &templateParser{t: t, seen: map[string]int{}}
	for i, line := range strings.Split(string(data), "\n") {
		p.line = i + 1
		raw := line
		if k := strings.IndexByte(raw, '#'); k >= 0 {
			raw = raw[:k]
		}
		f := strings.Fields(raw)
		if len(f) == 0 {
			continue
		}
		if err := p.item(f); err != nil {
			col := utf8.RuneCountInString(raw[:strings.Index(raw, f[0])]) + 1
			return nil, &TemplateError{Name: name, Line: p.line, Col: col, Item: f[0], Source: strings.TrimSuffix(line, "\r"), Err: err}
		}
	}
	if err := p.finish(); err != nil {
		return nil, &TemplateError{Name: name, Err: err}
	}
	t.dealPlan = t.makePlan()
	return t, nil
}

type templateParser struct {
	line int
	t    *Template
	seen map[string]int // single-use keywords → line
}

func (p *templateParser) once(key string) error {
	if l, ok := p.seen[key]; ok {
		return fmt.Errorf("given twice (first on line %d)", l)
	}
	p.seen[key] = p.line
	return nil
}

func atoi(s, what string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s %q is not a whole number", what, s)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("%s %d is outside %d..%d", what, n, lo, hi)
	}
	return n, nil
}

func nargs(f []string, n int, usage string) error {
	if len(f)-1 != n {
		return fmt.Errorf("wants %d values (%s %s), got %d", n, f[0], usage, len(f)-1)
	}
	return nil
}

func (p *templateParser) region(s string) (Region, error) {
	if len(s) == 1 {
		for _, r := range p.t.Regions {
			if byte(r.Letter) == s[0] {
				return r.Letter, nil
			}
		}
	}
	return 0, fmt.Errorf("%q is not a region declared above", s)
}

func parseType(s string) (WineType, error) {
	if len(s) != 2 || !containsByte(colourLetters, s[0]) || s[1] < '1' || s[1] > '3' {
		return WineType{}, fmt.Errorf("%q is not a wine type (colour r, p or w, then age 1-3, as in r2)", s)
	}
	return WineType{Colour: Colour(s[0]), Age: int(s[1] - '0')}, nil
}

const (
	maxAge   = 3  // the longest Make Wine action: a letter written 3 times [rulebook]
	maxCost  = 2  // "Some wines require the use of 1 or 2 Casks" [rulebook]
	maxTrack = 99 // a sanity bound on track lengths in template data and layout files
)

// TemplateItems are the words a template line begins with.
var TemplateItems = []string{"template", "version", "players", "map", "region", "wine", "path", "table", "casks",
	"region-casks", "resources", "cask-track", "vine-track", "grape", "grape-colours", "trellis", "year00", "schedule",
	"min-longest-trail", "min-cask-demand", "cask-demand-margin", "min-grape-matches", "degree"}

// MaxTrellisRows bounds a sheet's trellis rows: a record names a row by one
// digit (t1…t9, docs/notation/bordeaux.md) and a scorepad tally lists at
// most this many.
const MaxTrellisRows = 8

func (p *templateParser) item(f []string) error {
	t := p.t
	switch f[0] {
	case "template":
		if err := p.once(f[0]); err != nil {
			return err
		}
		if err := nargs(f, 1, "NAME"); err != nil {
			return err
		}
		t.Name = f[1]
	case "version":
		if err := p.once(f[0]); err != nil {
			return err
		}
		if err := nargs(f, 1, "N"); err != nil {
			return err
		}
		n, err := atoi(f[1], "version", 1, maxVersion)
		t.Version = n
		return err
	case "players":
		if err := p.once(f[0]); err != nil {
			return err
		}
		return p.pair(f, "MIN MAX", 1, maxTrack, &t.MinPlayers, &t.MaxPlayers)
	case "region":
		if len(f) < 3 {
			return fmt.Errorf("wants a letter and a name (region L Left Bank)")
		}
		if len(f[1]) != 1 || !containsByte(regionLetters, f[1][0]) {
			return fmt.Errorf("%q is not a region letter (%s)", f[1], validList(regionLetters))
		}
		if _, err := p.region(f[1]); err == nil {
			return fmt.Errorf("region %s declared twice", f[1])
		}
		t.Regions = append(t.Regions, RegionInfo{Letter: Region(f[1][0]), Name: strings.Join(f[2:], " ")})
	case "map":
		if err := p.once(f[0]); err != nil {
			return err
		}
		if err := nargs(f, 2, "WIDTH HEIGHT"); err != nil {
			return err
		}
		w, errw := strconv.ParseFloat(f[1], 64)
		h, errh := strconv.ParseFloat(f[2], 64)
		if errw != nil || errh != nil || !(w > 0) || !(h > 0) {
			return fmt.Errorf("width %s and height %s are not positive numbers", f[1], f[2])
		}
		t.MapWidth, t.MapHeight = w, h
	case "wine":
		if err := nargs(f, 4, "ID REGION X Y"); err != nil {
			return err
		}
		for _, w := range t.Wines {
			if w.ID == f[1] {
				return fmt.Errorf("wine %s listed twice", f[1])
			}
		}
		r, err := p.region(f[2])
		if err != nil {
			return err
		}
		if t.MapWidth == 0 {
			return fmt.Errorf("give the map's size before the wines")
		}
		x, errx := strconv.ParseFloat(f[3], 64)
		y, erry := strconv.ParseFloat(f[4], 64)
		if errx != nil || erry != nil || !(x >= 0 && x <= t.MapWidth && y >= 0 && y <= t.MapHeight) {
			return fmt.Errorf("coordinates %s %s are not numbers inside the map (0..%g × 0..%g)", f[3], f[4], t.MapWidth, t.MapHeight)
		}
		t.Wines = append(t.Wines, Wine{ID: f[1], Region: r, X: x, Y: y})
	case "path":
		if err := nargs(f, 2, "A B"); err != nil {
			return err
		}
		for _, id := range f[1:] {
			if t.wine(id) == nil {
				return fmt.Errorf("wine %s is not listed above", id)
			}
		}
		if f[1] == f[2] {
			return fmt.Errorf("a path joins two different wines, not %s to itself", f[1])
		}
		id := pathID(f[1], f[2])
		for _, q := range t.Paths {
			if q.ID == id || q.ID == pathID(f[2], f[1]) {
				return fmt.Errorf("path %s listed twice", id)
			}
		}
		t.Paths = append(t.Paths, Path{ID: id, A: f[1], B: f[2]})
	case "table":
		if len(f) < 3 {
			return fmt.Errorf("wants a region and its wine types (table L r1 r2 …)")
		}
		r, err := p.region(f[1])
		if err != nil {
			return err
		}
		if _, ok := t.Tables[r]; ok {
			return fmt.Errorf("region %s has two tables", f[1])
		}
		var types []WineType
		for _, s := range f[2:] {
			wt, err := parseType(s)
			if err != nil {
				return err
			}
			if slices.Contains(types, wt) {
				return fmt.Errorf("type %s twice in region %s: no two wines of a region may share colour and age", s, f[1])
			}
			types = append(types, wt)
		}
		t.Tables[r] = types
	case "casks":
		if len(f) < 3 {
			return fmt.Errorf("wants an age and its costs (casks 2 0 0 1 1)")
		}
		age, err := atoi(f[1], "age", 1, maxAge)
		if err != nil {
			return err
		}
		if _, ok := t.CaskCosts[age]; ok {
			return fmt.Errorf("age %d has two cask lines", age)
		}
		var costs []int
		for _, s := range f[2:] {
			c, err := atoi(s, "cask cost", 0, maxCost)
			if err != nil {
				return err
			}
			costs = append(costs, c)
		}
		t.CaskCosts[age] = costs
	case "region-casks":
		if err := p.once(f[0]); err != nil {
			return err
		}
		return p.pair(f, "MIN MAX", 0, maxTrack, &t.RegionCasks[0], &t.RegionCasks[1])
	case "resources":
		if len(f) < 2 {
			return fmt.Errorf("wants a region (resources L C V T)")
		}
		r, err := p.region(f[1])
		if err != nil {
			return err
		}
		if _, ok := t.Resources[r]; ok {
			return fmt.Errorf("region %s has two resources lines", f[1])
		}
		res := []Resource{}
		for _, s := range f[2:] {
			if len(s) != 1 || !containsByte(resourceLetters, s[0]) {
				return fmt.Errorf("%q is not a resource (%s)", s, validList(resourceLetters))
			}
			res = append(res, Resource(s[0]))
		}
		t.Resources[r] = res
	case "cask-track":
		if err := p.once(f[0]); err != nil {
			return err
		}
		if err := nargs(f, 2, "SLOTS PRE-OUTLINED"); err != nil {
			return err
		}
		var err error
		if t.CaskSlots, err = atoi(f[1], "slots", 1, maxTrack); err != nil {
			return err
		}
		if t.CasksPre, err = atoi(f[2], "pre-outlined casks", 0, maxTrack); err != nil {
			return err
		}
		if t.CasksPre > t.CaskSlots {
			return fmt.Errorf("%d pre-outlined casks do not fit on %d slots", t.CasksPre, t.CaskSlots)
		}
	case "vine-track":
		if err := p.once(f[0]); err != nil {
			return err
		}
		if err := nargs(f, 1, "VINES"); err != nil {
			return err
		}
		n, err := atoi(f[1], "vines", 1, maxTrack)
		t.VineCount = n
		return err
	case "grape":
		if err := nargs(f, 2, "VINE AGE"); err != nil {
			return err
		}
		if t.VineCount == 0 {
			return fmt.Errorf("give vine-track before the grapes")
		}
		v, err := atoi(f[1], "vine", 1, t.VineCount)
		if err != nil {
			return err
		}
		if n := len(t.Grapes); n > 0 && t.Grapes[n-1].Vine >= v {
			return fmt.Errorf("grapes go left to right: vine %d after vine %d", v, t.Grapes[n-1].Vine)
		}
		a, err := atoi(f[2], "age", 1, maxAge)
		if err != nil {
			return err
		}
		t.Grapes = append(t.Grapes, Grape{Vine: v, Age: a})
	case "grape-colours":
		if err := p.once(f[0]); err != nil {
			return err
		}
		for _, s := range f[1:] {
			switch {
			case s == "*":
				t.GrapeColours = append(t.GrapeColours, 0)
			case len(s) == 1 && containsByte(colourLetters, s[0]):
				t.GrapeColours = append(t.GrapeColours, Colour(s[0]))
			default:
				return fmt.Errorf("%q is not a colour (r, p, w) or * (drawn per set)", s)
			}
		}
	case "trellis":
		if err := nargs(f, 3, "LENGTH KIND POINTS"); err != nil {
			return err
		}
		if len(t.Trellis) == MaxTrellisRows {
			return fmt.Errorf("a template has at most %d trellis rows", MaxTrellisRows)
		}
		n, err := atoi(f[1], "length", 1, maxTrack)
		if err != nil {
			return err
		}
		if !slices.Contains(bonusKinds, f[2]) {
			return fmt.Errorf("bonus kind %q is not one of %s", f[2], strings.Join(bonusKinds, ", "))
		}
		pts, err := atoi(f[3], "points", 1, maxTrack)
		if err != nil {
			return err
		}
		t.Trellis = append(t.Trellis, TrellisRow{Len: n, Bonus: Bonus{Kind: f[2], PerWine: pts}})
	case "year00":
		if err := p.once(f[0]); err != nil {
			return err
		}
		for _, s := range f[1:] {
			d, err := atoi(s, "duration", 1, maxAge)
			if err != nil {
				return err
			}
			t.Durations = append(t.Durations, d)
		}
		if len(t.Durations) != len(Year00{}.Dur) {
			return fmt.Errorf("wants one duration per worker (%d), got %d", len(Year00{}.Dur), len(t.Durations))
		}
	case "schedule":
		return p.schedule(f)
	case "min-longest-trail":
		return p.limit(f, &t.Limits.MinLongestTrail)
	case "min-cask-demand":
		return p.limit(f, &t.Limits.MinCaskDemand)
	case "cask-demand-margin":
		return p.limit(f, &t.Limits.CaskDemandMargin)
	case "min-grape-matches":
		return p.limit(f, &t.Limits.MinGrapeMatches)
	case "degree":
		if err := p.once(f[0]); err != nil {
			return err
		}
		return p.pair(f, "MIN MAX", 0, maxTrack, &t.Limits.MinDegree, &t.Limits.MaxDegree)
	default:
		return fmt.Errorf("unknown item (%s)", strings.Join(TemplateItems, ", "))
	}
	return nil
}

var bonusKinds = []string{"colour", "age", "region"}

func (p *templateParser) pair(f []string, usage string, lo, hi int, a, b *int) error {
	if err := nargs(f, 2, usage); err != nil {
		return err
	}
	x, err := atoi(f[1], "value", lo, hi)
	if err != nil {
		return err
	}
	y, err := atoi(f[2], "value", lo, hi)
	if err != nil {
		return err
	}
	if x > y {
		return fmt.Errorf("minimum %d is above maximum %d", x, y)
	}
	*a, *b = x, y
	return nil
}

func (p *templateParser) limit(f []string, v *int) error {
	if err := p.once(f[0]); err != nil {
		return err
	}
	if err := nargs(f, 1, "N"); err != nil {
		return err
	}
	n, err := atoi(f[1], "limit", 0, maxTrack)
	*v = n
	return err
}

func (p *templateParser) schedule(f []string) error {
	t := p.t
	if len(f) < 3 {
		return fmt.Errorf("wants a kind and years (schedule region 1 3 : L R)")
	}
	taken := func(y int) bool {
		if slices.Contains(t.BlankYears, y) {
			return true
		}
		for _, s := range t.Schedules {
			if slices.Contains(s.Years, y) {
				return true
			}
		}
		return false
	}
	years := func(words []string) ([]int, error) {
		var ys []int
		for _, s := range words {
			y, err := atoi(s, "year", firstYear, lastYear)
			if err != nil {
				return nil, err
			}
			if taken(y) || slices.Contains(ys, y) {
				return nil, fmt.Errorf("year %02d is scheduled twice", y)
			}
			ys = append(ys, y)
		}
		return ys, nil
	}
	if f[1] == "blank" {
		ys, err := years(f[2:])
		t.BlankYears = append(t.BlankYears, ys...)
		return err
	}
	var valid string
	switch f[1] {
	case "region":
		valid = regionLetters
	case "resource":
		valid = resourceLetters
	default:
		return fmt.Errorf("kind %q is not region, resource or blank", f[1])
	}
	colon := slices.Index(f, ":")
	if colon < 0 {
		return fmt.Errorf("wants ':' between the years and the values")
	}
	ys, err := years(f[2:colon])
	if err != nil {
		return err
	}
	s := Schedule{Kind: f[1], Years: ys}
	for _, v := range f[colon+1:] {
		if len(v) != 1 || !containsByte(valid, v[0]) {
			return fmt.Errorf("%q is not a %s (%s)", v, f[1], validList(valid))
		}
		s.Values = append(s.Values, v[0])
	}
	if len(s.Values) != len(s.Years) {
		return fmt.Errorf("%d years but %d values", len(s.Years), len(s.Values))
	}
	t.Schedules = append(t.Schedules, s)
	return nil
}

// finish checks the template as a whole: every region has a table of the
// right size, the cask costs fit the wines of each age, every year is
// scheduled, and so on.
func (p *templateParser) finish() error {
	t := p.t
	for _, key := range []string{"template", "version", "players", "map", "cask-track", "vine-track", "grape-colours", "year00", "region-casks",
		"min-longest-trail", "min-cask-demand", "cask-demand-margin", "min-grape-matches", "degree"} {
		if _, ok := p.seen[key]; !ok {
			return fmt.Errorf("no %q line", key)
		}
	}
	if len(t.Regions) == 0 || len(t.Wines) == 0 || len(t.Paths) == 0 || len(t.Trellis) == 0 {
		return fmt.Errorf("a template needs regions, wines, paths and trellis rows")
	}
	ages := map[int]int{}
	for _, r := range t.Regions {
		n := len(t.winesIn(r.Letter))
		if len(t.Tables[r.Letter]) != n {
			return fmt.Errorf("region %c has %d wines but its table lists %d types", r.Letter, n, len(t.Tables[r.Letter]))
		}
		if _, ok := t.Resources[r.Letter]; !ok {
			return fmt.Errorf("region %c has no resources line", r.Letter)
		}
		for _, wt := range t.Tables[r.Letter] {
			ages[wt.Age]++
		}
	}
	for age, costs := range t.CaskCosts {
		if len(costs) != ages[age] {
			return fmt.Errorf("casks %d lists %d costs but the tables have %d wines of age %d", age, len(costs), ages[age], age)
		}
	}
	for age, n := range ages {
		if _, ok := t.CaskCosts[age]; !ok {
			return fmt.Errorf("no casks line for the %d wines of age %d", n, age)
		}
	}
	if len(t.GrapeColours) != len(t.Grapes) {
		return fmt.Errorf("%d grapes but %d grape colours", len(t.Grapes), len(t.GrapeColours))
	}
	for y := firstYear; y <= lastYear; y++ {
		found := slices.Contains(t.BlankYears, y)
		for _, s := range t.Schedules {
			found = found || slices.Contains(s.Years, y)
		}
		if !found {
			return fmt.Errorf("year %02d is not on any schedule line", y)
		}
	}
	return nil
}

func pathID(a, b string) string { return a + "-" + b }

func (t *Template) wine(id string) *Wine {
	for i := range t.Wines {
		if t.Wines[i].ID == id {
			return &t.Wines[i]
		}
	}
	return nil
}

// winesIn lists the indexes of a region's wines in template order.
func (t *Template) winesIn(r Region) []int {
	var out []int
	for i, w := range t.Wines {
		if w.Region == r {
			out = append(out, i)
		}
	}
	return out
}

// defaultTemplate is the embedded template, parsed once. The embedded data
// is tested, so a parse error here is a build defect.
var defaultTemplate = sync.OnceValue(func() *Template {
	t, err := ParseTemplate("template.txt", defaultTemplateText)
	if err != nil {
		panic("layouts: embedded template: " + err.Error())
	}
	return t
})

// MapSize is the box the map coordinates (Wine.X, Wine.Y) lie in: X from 0
// to width, left to right; Y from 0 to height, top to bottom.
func MapSize() (width, height float64) {
	t := defaultTemplate()
	return t.MapWidth, t.MapHeight
}
