package layouts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/vintner/vintner/internal/rng"
)

// defaultSeed is the pad page Default returns; any seed would do, this one
// is pinned by the golden test so tests built on Default stay put.
const defaultSeed = 1

// Default returns one fixed, valid layout (the pad page of seed 1) for
// tests. Each call returns a fresh copy.
func Default() *Layout {
	l, err := sheetOf(defaultTemplate(), defaultSeed)
	if err != nil {
		panic("layouts: default layout: " + err.Error())
	}
	return l
}

// NewSetCode returns the code of a game set of players sheets (1–12) dealt
// from seed.
func NewSetCode(seed uint64, players int) (string, error) {
	t := defaultTemplate()
	if players < t.MinPlayers || players > t.MaxPlayers {
		return "", fmt.Errorf("a Bordeaux game set has %d to %d players, not %d", t.MinPlayers, t.MaxPlayers, players)
	}
	return t.encode(seed, players), nil
}

// padSeedLimit keeps pad seeds small enough for 8-symbol codes.
func (t *Template) padSeedLimit() uint64 {
	return pow31(minDigits).Uint64() / uint64(t.kinds())
}

// NewPadCodes returns k independent pad-page codes derived from seed (no
// code repeats within one call).
func NewPadCodes(seed uint64, k int) []string {
	t := defaultTemplate()
	limit := t.padSeedLimit()
	seen := map[uint64]bool{}
	var out []string
	for i := uint64(0); len(out) < k; i++ {
		s := rng.Derive(seed, i).Uint64() % limit
		if seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, t.encode(s, 0))
	}
	return out
}

func sheetOf(t *Template, seed uint64) (*Layout, error) {
	l, err := t.NewSheet(seed)
	if err != nil {
		return nil, err
	}
	l.Code = t.encode(seed, 0)
	return l, nil
}

func setOf(t *Template, seed uint64, players int) ([]*Layout, error) {
	var m sheetMemory
	return setIn(&m, t, seed, players, "")
}

// setIn is setOf dealt into m's storage. The layouts' code is given when
// it is not empty: the code of seed and players as encode writes it
// (saving a string and the encoding), else encoded.
func setIn(m *sheetMemory, t *Template, seed uint64, players int, given string) ([]*Layout, error) {
	ls, err := t.newSetIn(m, seed, players)
	if err != nil {
		return nil, err
	}
	code := given
	if code == "" {
		code = t.encode(seed, players)
	}
	for _, l := range ls {
		l.Code = code
	}
	return ls, nil
}

// Set decodes a game-set code into one layout per seat (Seat 1..N), all
// sharing the top schedule.
func Set(code string) ([]*Layout, error) {
	var m sheetMemory
	return setFromCode(&m, code, false)
}

// setFromCode is Set dealt into m's storage; with keepCode, the layouts'
// code is the code given when it is canonical.
func setFromCode(m *sheetMemory, code string, keepCode bool) ([]*Layout, error) {
	t := defaultTemplate()
	info, err := t.decodeCode(code)
	if err != nil {
		return nil, err
	}
	if info.players == 0 {
		return nil, &CodeError{Code: code, Msg: "is a pad page's code (one sheet), not a game set's; name it on a 'sheet NAME CODE' line"}
	}
	if info.seat != 0 {
		return nil, &CodeError{Code: code, Msg: "names one seat; a game set's code has no /seat"}
	}
	given := ""
	if keepCode && info.canonical {
		given = code
	}
	return setIn(m, t, info.seed, info.players, given)
}

// SetMemory is storage for the sheets of game sets, reused from code to
// code: a batch replay that keeps none of its layouts deals every record's
// set into it instead of into new layouts. Its zero value is ready to use;
// it is not safe for concurrent use.
type SetMemory struct {
	m sheetMemory
}

// Set is layouts.Set dealt into the memory: the same layouts (or error),
// valid only until the next call, and read-only like SetCached's. Their
// Code is the string given when it is written canonically, as codes
// usually are, instead of a copy.
func (m *SetMemory) Set(code string) ([]*Layout, error) {
	if m.m.dl == nil {
		m.m.dl = new(dealer) // its own: no trip to the pool per set
	}
	return setFromCode(&m.m, code, true)
}

// Sheet decodes the code of one sheet: a pad page's code, or a game-set
// code with a seat suffix ("B1-ELJA-G2AR-P/2" is seat 2).
func Sheet(code string) (*Layout, error) {
	ls, _, err := Decode(code)
	if err != nil {
		return nil, err
	}
	if len(ls) != 1 {
		return nil, &CodeError{Code: code, Msg: fmt.Sprintf("is a game set of %d sheets; add the seat to name one (%s/1)", len(ls), strings.TrimSpace(code))}
	}
	return ls[0], nil
}

// Decode reads any code: a game set (all its seats, isSet true), a game
// set with a seat suffix, or a pad page (one layout each, isSet false).
func Decode(code string) (layouts []*Layout, isSet bool, err error) {
	t := defaultTemplate()
	info, err := t.decodeCode(code)
	if err != nil {
		return nil, false, err
	}
	if info.players == 0 {
		l, err := sheetOf(t, info.seed)
		if err != nil {
			return nil, false, err
		}
		return []*Layout{l}, false, nil
	}
	ls, err := setOf(t, info.seed, info.players)
	if err != nil {
		return nil, false, err
	}
	if info.seat != 0 {
		return []*Layout{ls[info.seat-1]}, false, nil
	}
	return ls, true, nil
}

// FromJSON reads a layout from a data file (a group's own sheet, or one
// `vintner layout CODE --format json` printed) and checks every invariant.
func FromJSON(data []byte) (*Layout, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var l Layout
	if err := dec.Decode(&l); err != nil {
		return nil, readError(data, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("layout file: more than one JSON value")
	}
	if err := fixedLengths(data); err != nil {
		return nil, err
	}
	if err := Check(&l); err != nil {
		return nil, err
	}
	if l.Code != "" {
		if err := sameAsCode(&l); err != nil {
			return nil, err
		}
	}
	return &l, nil
}

// readError words a layout file's JSON error for people: the line it is
// on and what was wanted there, not Go's type names ("cannot unmarshal
// string into Go struct field Wine.wines.casks of type int").
func readError(data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("layout file: line %d: this is not JSON: %v", lineAt(data, se.Offset), se)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("layout file: it ends before its JSON does (is it cut short?)")
	case errors.As(err, &te) && te.Field == "" && te.Value == "array":
		return fmt.Errorf("layout file: it lists several sheets (a game set's, as `vintner layout CODE --format json` prints it); a sheet line names one sheet: `vintner layout CODE/N --format json` prints seat N's")
	case errors.As(err, &te):
		what, ok := strings.CutPrefix(te.Value, "number ")
		if !ok {
			what = jsonKind(te.Value)
		}
		field := "the layout"
		if te.Field != "" {
			field = "\"" + te.Field + "\""
		}
		return fmt.Errorf("layout file: line %d: %s is %s, where the layout wants %s", lineAt(data, te.Offset), field, what, goKind(te.Type))
	}
	return fmt.Errorf("layout file: %w", err)
}

// lineAt is the line of a byte offset in data, from 1.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte{'\n'}) + 1
}

// jsonKind names a JSON value as encoding/json's errors name it.
func jsonKind(value string) string {
	switch value {
	case "array":
		return "a list"
	case "object":
		return "an object"
	case "bool":
		return "true or false"
	}
	return "a " + value
}

// goKind names what JSON value a Go type reads.
func goKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map, reflect.Pointer:
		return "an object"
	case reflect.Bool:
		return "true or false"
	}
	return t.String()
}

// fixedLengths refuses a "top" or '00 "dur" list of another length than
// the sheet's: decoded into arrays, the extra entries would be dropped in
// silence (a '14 cell, a fourth worker's duration) and missing ones read
// as blanks.
func fixedLengths(data []byte) error {
	var shape struct {
		Top    []json.RawMessage `json:"top"`
		Year00 struct {
			Dur []json.RawMessage `json:"dur"`
		} `json:"year00"`
	}
	if json.Unmarshal(data, &shape) != nil {
		return nil // the layout itself decoded: nothing here is a list
	}
	var l Layout
	if n := len(shape.Top); shape.Top != nil && n != len(l.Top) {
		return fmt.Errorf("layout file: \"top\" lists %d cells; it lists %d, one per year '00 to '%02d ('00's left empty)", n, len(l.Top), len(l.Top)-1)
	}
	if n := len(shape.Year00.Dur); shape.Year00.Dur != nil && n != len(l.Year00.Dur) {
		return fmt.Errorf("layout file: year00's \"dur\" lists %d durations; it lists %d, one per worker (red, pink, yellow)", n, len(l.Year00.Dur))
	}
	return nil
}

// SetFromJSON reads the sheets of a game set, as SetJSON writes them (a
// JSON array of layouts), each checked as FromJSON checks one.
func SetFromJSON(data []byte) ([]*Layout, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return nil, fmt.Errorf("layout file: %w", err)
	}
	if len(raws) == 0 {
		return nil, fmt.Errorf("layout file: an empty set of sheets")
	}
	ls := make([]*Layout, 0, len(raws))
	for i, raw := range raws {
		l, err := FromJSON(raw)
		if err != nil {
			return nil, fmt.Errorf("sheet %d of %d: %w", i+1, len(raws), err)
		}
		ls = append(ls, l)
	}
	return ls, nil
}

// sameAsCode refuses a layout file that names a code but differs from the
// sheet that code prints: the printed code would lie about the sheet.
func sameAsCode(l *Layout) error {
	code := l.Code
	if l.Players > 0 {
		code = fmt.Sprintf("%s/%d", l.Code, l.Seat)
	}
	want, err := Sheet(code)
	if err != nil {
		return fmt.Errorf("layout file: %w (a group's own sheet leaves \"code\" empty)", err)
	}
	a, errA := want.JSON()
	b, errB := l.JSON()
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		return fmt.Errorf("layout file: it names code %s but differs from that sheet; a group's own sheet leaves \"code\" empty and names its own \"template\"", code)
	}
	return nil
}

// JSON is the layout as indented JSON, the format FromJSON reads.
func (l *Layout) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// WineByName finds a wine by its notation name ("Lr2": region, colour
// letter r/p/w, age), or nil.
func (l *Layout) WineByName(name string) *Wine {
	if len(name) != 3 {
		return nil
	}
	for i := range l.Wines {
		w := &l.Wines[i]
		if byte(w.Region) == name[0] && byte(w.Type.Colour) == name[1] && int(name[2])-'0' == w.Type.Age {
			return w
		}
	}
	return nil
}

// WineByID finds a wine by its template id ("L1"), or nil.
func (l *Layout) WineByID(id string) *Wine {
	for i := range l.Wines {
		if l.Wines[i].ID == id {
			return &l.Wines[i]
		}
	}
	return nil
}

// PathsOf lists the paths at a wine, in layout order.
func (l *Layout) PathsOf(wineID string) []*Path {
	var out []*Path
	for i := range l.Paths {
		if l.Paths[i].A == wineID || l.Paths[i].B == wineID {
			out = append(out, &l.Paths[i])
		}
	}
	return out
}

// Other is the wine at the other end of the path from id.
func (p *Path) Other(id string) string {
	if p.A == id {
		return p.B
	}
	return p.A
}

// SheetLabel is what a sheet prints next to its code: the code, and for a
// seat of a game set "seat n of N".
func (l *Layout) SheetLabel() string {
	if l.Players > 0 {
		return fmt.Sprintf("%s seat %d of %d", l.Code, l.Seat, l.Players)
	}
	return l.Code
}

// Text describes the sheet for people: `vintner layout CODE`.
func (l *Layout) Text() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	title := l.Code
	if title == "" {
		title = "(own layout)"
	}
	p("Bordeaux sheet %s", title)
	if l.Players > 0 {
		p(", seat %d of %d", l.Seat, l.Players)
	} else if l.Code != "" {
		p(", pad page")
	}
	p("\ntemplate %s, layout version %d, seed %d\n\n", l.Template, l.Version, l.Seed)

	p("Top rows (pre-filled; the leader chooses the other):\n")
	for y := 1; y < len(l.Top); y++ {
		c := l.Top[y]
		switch {
		case c.Region != 0:
			p("  '%02d  region %c (%s)\n", y, c.Region, c.Region.Word())
		case c.Resource != 0:
			p("  '%02d  resource %c (%s)\n", y, c.Resource, c.Resource.Word())
		default:
			p("  '%02d  each player chooses\n", y)
		}
	}
	p("\nYear '00: region %c, resource %c; workers busy (years): red %d, pink %d, yellow %d\n",
		l.Year00.Region, l.Year00.Resource, l.Year00.Dur[0], l.Year00.Dur[1], l.Year00.Dur[2])

	p("\nWines (name: id, casks, paths to):\n")
	for _, r := range regionsOf(l) {
		p("  %s (%c)\n", r.Word(), r)
		for i := range l.Wines {
			w := &l.Wines[i]
			if w.Region != r {
				continue
			}
			var to []string
			for _, path := range l.PathsOf(w.ID) {
				s := l.nameOf(path.Other(w.ID))
				if path.Resource != 0 {
					s += "+" + path.Resource.String()
				}
				to = append(to, s)
			}
			casks := "casks"
			if w.Casks == 1 {
				casks = "cask"
			}
			p("    %s  %-3s %s, %d-year, %d %s; to %s\n", w.Name(), w.ID, w.Type.Colour.Word(), w.Type.Age, w.Casks, casks, strings.Join(to, " "))
		}
	}
	p("\nPaths (id: wines, resource):\n")
	for _, path := range l.Paths {
		res := "-"
		if path.Resource != 0 {
			res = path.Resource.String()
		}
		p("  %-6s %s-%s %s\n", path.ID, l.nameOf(path.A), l.nameOf(path.B), res)
	}
	p("\nCasks: %d slots, %d pre-outlined\n", l.CaskSlots, l.CasksPre)
	p("Vines: %d;", len(l.Vines))
	for i, g := range l.Vines {
		if g != nil {
			p(" vine %d grape %s %d-year;", i+1, g.Colour.Word(), g.Age)
		}
	}
	p("\nTrellis rows:\n")
	for i, row := range l.Trellis {
		p("  row %d: %d trellises, then %s\n", i+1, row.Len, row.Bonus.describe())
	}
	return b.String()
}

func (b Bonus) describe() string {
	switch b.Kind {
	case "colour":
		return fmt.Sprintf("%d point(s) per %s wine", b.PerWine, b.Colour.Word())
	case "age":
		return fmt.Sprintf("%d point(s) per %d-year wine", b.PerWine, b.Age)
	case "region":
		return fmt.Sprintf("%d point(s) per wine in %s", b.PerWine, b.Region.Word())
	}
	return b.Kind
}

// regionsOf lists the regions a layout's wines use, in L, R, E order.
func regionsOf(l *Layout) []Region {
	var out []Region
	for i := 0; i < len(regionLetters); i++ {
		r := Region(regionLetters[i])
		for _, w := range l.Wines {
			if w.Region == r {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// SetJSON is the sheets of a game set as one indented JSON array.
func SetJSON(ls []*Layout) ([]byte, error) {
	b, err := json.MarshalIndent(ls, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// nameOf is a wine's notation name, or its id if it is not on the map (Text
// may describe a layout Check rejects).
func (l *Layout) nameOf(id string) string {
	if w := l.WineByID(id); w != nil {
		return w.Name()
	}
	return id + "?"
}
