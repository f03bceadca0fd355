package tables

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/vintner/vintner/validate"
)

// MaxBytes bounds a tables file, so no input can exhaust memory.
const MaxBytes = 1 << 20

// maxLine bounds one line of a tables file.
const maxLine = 4096

// OptionSpec is a house ruling the tables file may set: its allowed
// values, the first being the default.
type OptionSpec struct {
	Name   string   // as written in `option NAME VALUE`
	Values []string // Values[0] is the default
	Rule   string   // the research note's ambiguity it settles (A1…A25), or ""
}

// KnownOptions lists every option a tables file may set, in the order of
// docs/rulings/age-of-champagne.md.
var KnownOptions = []OptionSpec{
	{"major-split", []string{"floor", "ceil"}, "A16"},
	{"diversification", []string{"sets", "once"}, "A17"},
	{"land-token", []string{"card-no-grapes", "ignored"}, "A18"},
	{"vitryats-region", []string{"chosen"}, ""},
	{"grid-cuvees", []string{"ignored", "counted"}, ""},
	{"solo-protection", []string{"counted", "ignored"}, ""},
	{"eco-tiebreak", []string{"position", "value"}, "A1"},
	{"blends", []string{"table", "lenient"}, "A4"},
	{"oenotheque-shipping", []string{"no", "yes"}, "A5"},
	{"corks-defect", []string{"cellar", "cellar-then-oenotheque"}, "A5"},
	{"marketing-order", []string{"n+1-first", "spot-order"}, "A6"},
	{"grid-transfer", []string{"all", "written"}, "A6"},
	{"market-tokens", []string{"first-active", "any-active"}, "A7"},
	{"partial-delivery", []string{"one-card", "each-card"}, "A8"},
	{"partner-bonus", []string{"yes", "no"}, "A9"},
	{"partner-partial", []string{"no", "yes"}, "A9"},
	{"forfeit-effect", []string{"applies", "lost"}, "A10"},
	{"subsidies", []string{"per-resolution", "per-player", "per-zone"}, "A11"},
	{"council-order", []string{"ascending", "descending"}, "A12"},
	{"negative-score", []string{"allowed", "floor-zero"}, "A13"},
	{"exchange-timing", []string{"any-time", "own-actions"}, "A14"},
	{"press-token", []string{"once", "each-time"}, "A22"},
	{"eco-spill", []string{"immediate", "ignored-at-setup"}, "A21"},
	{"vitryats-key", []string{"fewest-pp-chooses", "chardonnay"}, "A23"},
	{"inheritance-tie", []string{"seat-order"}, "A24"},
	{"pandemic-top-row", []string{"active-only", "all"}, "A19"},
	{"market-refill", []string{"provisional-down", "stack-top"}, "A20"},
	{"reservation-penalty", []string{"printed", "with-event"}, "A25"},
}

// maxTableNumber bounds every number of a table file: no component count
// or value printed on a component comes near it (the defaults' largest is
// 60), and an engine that counts, deals or loops by a table's numbers
// stays small whatever a file says.
const maxTableNumber = 999

func optionSpec(name string) (OptionSpec, bool) {
	for _, o := range KnownOptions {
		if o.Name == name {
			return o, true
		}
	}
	return OptionSpec{}, false
}

// OptionHint says, for a record's `variant NAME[=VALUE]` that names an
// option of the tables, where the option is set; "" for any other word.
func OptionHint(variant string) string {
	name, value, _ := strings.Cut(strings.ToLower(variant), "=")
	if _, ok := optionSpec(name); !ok {
		return ""
	}
	if value == "" {
		value = "VALUE"
	}
	return fmt.Sprintf("%s is a house ruling of the component tables, not a variant: write `option %s %s src=box` in a tables file (vintner tables age-of-champagne) named by a `rules FILE` line or --tables", name, name, value)
}

var sources = []string{SrcRulebook, SrcResearch, SrcAssumed, SrcBox}

// tok is one word of a tables line.
type tok struct {
	text   string
	col    int
	quoted bool
}

// line is one statement being read.
type line struct {
	p     *parser
	num   int
	raw   string
	toks  []tok
	args  []int          // indices of positional words after the keyword
	kv    map[string]int // key → index of key=value words
	used  map[string]bool
	src   string
	endCl int
	bad   bool
}

type parser struct {
	keys  map[string]bool // items already given, for duplicates
	any   map[string]bool // statements given at least once
	file  string
	t     *Tables
	diags validate.Diagnostics
	seen  map[string]int // keyword → first line, for one-off statements
	later []func()       // cross-checks once every line is read
	last  int

	statements int  // lines read as statements
	foreign    bool // the file is another game's tables: nothing more is said
}

func (p *parser) diag(num, col int, raw, format string, args ...any) {
	p.diags = append(p.diags, validate.Diagnostic{File: p.file, Line: num, Col: col,
		Severity: validate.Error, Code: validate.CodeSyntax, Message: fmt.Sprintf(format, args...), Source: raw})
}

// errf reports an error at word i of the line (past the end: end of line;
// -1: the keyword) and marks the line bad.
func (l *line) errf(i int, format string, args ...any) {
	col := l.endCl
	if i < 0 {
		i = 0
	}
	if i < len(l.toks) {
		col = l.toks[i].col
	}
	l.p.diag(l.num, col, l.raw, format, args...)
	l.bad = true
}

func (l *line) keyword() string { return strings.ToLower(l.toks[0].text) }

// arg returns positional word n (0-based after the keyword), or reports
// that it is missing.
func (l *line) arg(n int, what string) (string, int, bool) {
	if l.bad {
		return "", 0, false
	}
	if n >= len(l.args) {
		l.errf(len(l.toks), "`%s` needs %s", l.keyword(), what)
		return "", 0, false
	}
	i := l.args[n]
	return l.toks[i].text, i, true
}

// intArg reads positional word n as a whole number.
func (l *line) intArg(n int, what string) int {
	s, i, ok := l.arg(n, what)
	if !ok {
		return 0
	}
	v, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil || v < -maxTableNumber || v > maxTableNumber {
		l.errf(i, "%s is a whole number from -%d to %d, not %q", what, maxTableNumber, maxTableNumber, s)
		return 0
	}
	return v
}

// intList reads every positional word from n on as whole numbers.
func (l *line) intList(n int, what string) []int {
	var out []int
	if n >= len(l.args) && !l.bad {
		l.errf(len(l.toks), "`%s` lists %s", l.keyword(), what)
	}
	for k := n; k < len(l.args) && !l.bad; k++ {
		i := l.args[k]
		v, err := strconv.Atoi(strings.TrimPrefix(l.toks[i].text, "+"))
		if err != nil || v < -maxTableNumber || v > maxTableNumber {
			l.errf(i, "%s are whole numbers from -%d to %d, not %q", what, maxTableNumber, maxTableNumber, l.toks[i].text)
			return nil
		}
		out = append(out, v)
	}
	return out
}

// maxArgs reports words beyond the n positional ones the statement takes.
func (l *line) maxArgs(n int, grammar string) {
	if !l.bad && len(l.args) > n {
		l.errf(l.args[n], "unexpected %q: write `%s`", l.toks[l.args[n]].text, grammar)
	}
}

// val returns the value of key=value (present reports whether it was given).
func (l *line) val(key string) (string, int, bool) {
	i, ok := l.kv[key]
	if !ok {
		return "", 0, false
	}
	l.used[key] = true
	_, v, _ := strings.Cut(l.toks[i].text, "=")
	return v, i, true
}

// intVal reads key=N; required keys report their absence.
func (l *line) intVal(key string, required bool) int {
	if l.bad {
		return 0
	}
	s, i, ok := l.val(key)
	if !ok {
		if required {
			l.errf(len(l.toks), "`%s` needs %s=N", l.keyword(), key)
		}
		return 0
	}
	v, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil || v < -maxTableNumber || v > maxTableNumber {
		l.errf(i, "%s= takes a whole number from -%d to %d, not %q", key, maxTableNumber, maxTableNumber, s)
		return 0
	}
	return v
}

// strVal reads key=WORD.
func (l *line) strVal(key string) string {
	s, _, _ := l.val(key)
	return s
}

// atLeast reports a value that must be at least lo.
func (l *line) atLeast(v, lo int, what string, tok int) {
	if !l.bad && v < lo {
		l.errf(tok, "%s must be at least %d, not %d", what, lo, v)
	}
}

// once reports a statement given twice.
func (l *line) once() {
	k := l.keyword()
	if first, dup := l.p.seen[k]; dup {
		l.errf(0, "`%s` is given twice (first on line %d)", k, first)
		return
	}
	l.p.seen[k] = l.num
}

// effect reads an effect word: pp+N, pp-N, eco+N, eco-N.
func effect(w string) (kind string, n int, ok bool) {
	lw := strings.ToLower(w)
	for _, k := range []string{"pp", "eco"} {
		if rest, found := strings.CutPrefix(lw, k); found && len(rest) > 1 && (rest[0] == '+' || rest[0] == '-') {
			v, err := strconv.Atoi(rest)
			if err == nil && v >= -maxTableNumber && v <= maxTableNumber {
				return k, v, true
			}
		}
	}
	return "", 0, false
}

// dupKey reports whether an item was given before, and remembers it.
func (p *parser) dupKey(k string) bool {
	if p.keys[k] {
		return true
	}
	p.keys[k] = true
	return false
}

// Parse reads a tables file. Every error names its FILE:LINE:COL; a file
// with errors still returns what parsed, but callers should not use it.
func Parse(name string, data []byte) (*Tables, validate.Diagnostics) {
	t := &Tables{Name: name, Options: map[string]string{}}
	p := &parser{file: name, t: t, seen: map[string]int{}, keys: map[string]bool{}, any: map[string]bool{}}
	if len(data) > MaxBytes {
		p.diag(0, 0, "", "the tables file is %d bytes, more than the limit of %d", len(data), MaxBytes)
		return t, p.diags
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	num := 0
	for len(data) > 0 {
		num++
		var raw []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i], data[i+1:]
		} else {
			raw, data = data, nil
		}
		raw = bytes.TrimSuffix(raw, []byte("\r"))
		if len(raw) > maxLine {
			p.diag(num, 1, "", "line is %d bytes, more than the limit of %d", len(raw), maxLine)
			continue
		}
		if !utf8.Valid(raw) {
			p.diag(num, 1, strings.ToValidUTF8(string(raw), "?"), "line is not valid UTF-8")
			continue
		}
		l := p.lex(num, string(raw))
		if l == nil || l.bad {
			continue
		}
		p.last = num
		p.statement(l)
		if p.foreign {
			return t, p.diags
		}
	}
	// Cross-checks and missing statements only make sense once every line
	// read: a broken line would make them report its consequences first.
	if !p.diags.HasErrors() {
		for _, f := range p.later {
			f()
		}
		p.finish()
	}
	sort.SliceStable(p.diags, func(i, j int) bool { return p.diags[i].Line < p.diags[j].Line })
	return t, p.diags
}

// lex splits a line into words; nil for blank and comment-only lines.
func (p *parser) lex(num int, raw string) *line {
	l := &line{p: p, num: num, raw: raw, kv: map[string]int{}, used: map[string]bool{}}
	rs := []rune(raw)
	end := len(rs)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r == ' ' || r == '\t' || r == ',':
			i++
		case r == '#':
			end = i
			i = len(rs)
		case r == '"':
			start := i
			var b strings.Builder
			i++
			closed := false
			for i < len(rs) {
				c := rs[i]
				if c == '\\' && i+1 < len(rs) && (rs[i+1] == '"' || rs[i+1] == '\\') {
					b.WriteRune(rs[i+1])
					i += 2
					continue
				}
				i++
				if c == '"' {
					closed = true
					break
				}
				b.WriteRune(c)
			}
			if !closed {
				p.diag(num, start+1, raw, "the quote opened here is never closed")
				return nil
			}
			l.toks = append(l.toks, tok{text: b.String(), col: start + 1, quoted: true})
		default:
			start := i
			for i < len(rs) && rs[i] != ' ' && rs[i] != '\t' && rs[i] != '#' && rs[i] != ',' && rs[i] != '"' {
				i++
			}
			l.toks = append(l.toks, tok{text: string(rs[start:i]), col: start + 1})
		}
	}
	l.endCl = len([]rune(strings.TrimRight(string(rs[:end]), " \t"))) + 1
	if len(l.toks) == 0 {
		return nil
	}
	if l.toks[0].quoted {
		l.errf(0, "a tables line starts with a keyword, not a quoted word")
		return l
	}
	for i := 1; i < len(l.toks); i++ {
		tk := l.toks[i]
		k, v, isKV := strings.Cut(tk.text, "=")
		if tk.quoted || !isKV {
			l.args = append(l.args, i)
			continue
		}
		k = strings.ToLower(k)
		if k == "" {
			l.errf(i, "%q has no name before its =", tk.text)
			return l
		}
		if _, dup := l.kv[k]; dup {
			l.errf(i, "%s= is given twice", k)
			return l
		}
		if k == "src" {
			v = strings.ToLower(v)
			known := false
			for _, s := range sources {
				known = known || s == v
			}
			if !known {
				l.errf(i, "src= says where a value comes from: %s, not %q", strings.Join(sources, " | "), v)
				return l
			}
			l.src = v
			continue
		}
		l.kv[k] = i
	}
	return l
}

// statement reads one line into the tables.
func (p *parser) statement(l *line) {
	t := p.t
	kw := l.keyword()
	h, ok := handlers[kw]
	if other, foreign := validate.ForeignTables("age-of-champagne", kw); !ok && foreign && p.statements == 0 && len(p.diags) == 0 {
		// Another game's file: one error, not one a line.
		l.errf(0, "%s", validate.ForeignTablesMessage("age-of-champagne", "AOC: Age of Champagne", other, l.toks[0].text))
		p.foreign = true
		return
	}
	p.statements++
	if !ok {
		var kws []string
		for k := range handlers {
			kws = append(kws, k)
		}
		l.errf(0, "unknown tables statement %q", l.toks[0].text)
		if hint := validate.DidYouMean(kw, kws); hint != "" {
			p.diags[len(p.diags)-1].Hint = hint
		}
		return
	}
	if l.src == "" {
		// As the file's header says: a line without it would pass for
		// checked against the box (only src=assumed marks a placeholder).
		l.errf(len(l.toks), "every line says where its values come from: end it with src=%s", strings.Join(sources, " | "))
		return
	}
	item := h(p, l)
	if l.bad {
		return
	}
	p.any[kw] = true
	for k, i := range l.kv {
		if !l.used[k] {
			l.errf(i, "`%s` takes no %s=", kw, k)
			return
		}
	}
	if l.src == SrcAssumed {
		t.Assumed = true
		if item == "" {
			item = kw
		}
		t.AssumedItems = append(t.AssumedItems, item)
	}
}

// handler reads a statement and returns the name of the item it set, for
// Tables.AssumedItems ("" means the keyword).
type handler func(p *parser, l *line) string

var handlers map[string]handler

func init() {
	defer func() {
		var words []string
		for k := range handlers {
			words = append(words, k)
		}
		sort.Strings(words)
		validate.RegisterTables("age-of-champagne", "AOC: Age of Champagne", words)
	}()
	handlers = map[string]handler{
		"rounds":                 singleInt(func(t *Tables) *int { return &t.Rounds }, "the number of rounds", 1),
		"events-drawn":           singleInt(func(t *Tables) *int { return &t.EventsDrawn }, "the Event cards drawn per game", 1),
		"collaborators":          singleInt(func(t *Tables) *int { return &t.Collaborators }, "the collaborators per player", 1),
		"merchant-collaborators": singleInt(func(t *Tables) *int { return &t.MerchantCollaborators }, "the Wine Merchant's collaborators", 1),
		"max-players":            hMaxPlayers,
		"council":                hCouncil,
		"box":                    hBox,
		"region":                 hRegion,
		"wild":                   hWild,
		"grape":                  hGrape,
		"cuvee":                  hCuvee,
		"blend":                  hBlend,
		"exchange":               hExchange,
		"press":                  hPress,
		"press-capacity":         hPressCapacity,
		"winery":                 hWinery,
		"module-capacity":        hModuleCapacity,
		"cellar":                 hCellar,
		"oenotheque":             hOenotheque,
		"marketing":              hMarketing,
		"marketing-bonus":        hMarketingBonus,
		"eco-track":              hEcoTrack,
		"eco":                    hEco,
		"zone":                   hZone,
		"spot":                   hSpot,
		"shipping-row":           hShippingRow,
		"sector":                 hSector,
		"transport":              hTransport,
		"sector-eco":             hSectorEco,
		"high-tension":           hHighTension,
		"inheritance-keep":       singleInt(func(t *Tables) *int { return &t.InheritanceKeep }, "the Inheritance cards each player keeps", 1),
		"market":                 hMarket,
		"token":                  hToken,
		"event":                  hEvent,
		"event-effect":           hEventEffect,
		"inheritance":            hInheritance,
		"merchant-level":         hMerchantLevel,
		"scoring":                hScoring,
		"option":                 hOption,
		"vineyard":               hVineyard,
	}
}

func singleInt(field func(*Tables) *int, what string, lo int) handler {
	return func(p *parser, l *line) string {
		l.once()
		v := l.intArg(0, what)
		l.maxArgs(1, l.keyword()+" N")
		if len(l.args) > 0 {
			l.atLeast(v, lo, what, l.args[0])
		}
		if !l.bad {
			*field(p.t) = v
		}
		return ""
	}
}

// maxHouses is the most seats the engine plays: the box's 4 player
// colours (a replay keeps 4 Houses, or 3 and the Wine Merchant).
const maxHouses = 4

// hMaxPlayers reads max-players: the replay refuses more players (and the
// Wine Merchant with as many), and the Council needs a position per seat.
func hMaxPlayers(p *parser, l *line) string {
	singleInt(func(t *Tables) *int { return &t.MaxPlayers }, "the most players (solo has the Wine Merchant)", 2)(p, l)
	if !l.bad && p.t.MaxPlayers > maxHouses {
		l.errf(1, "the most players is at most %d (the player colours in the box), not %d", maxHouses, p.t.MaxPlayers)
	}
	if l.bad {
		return ""
	}
	num, raw, col := l.num, l.raw, l.toks[1].col
	p.later = append(p.later, func() {
		if c := p.t.CouncilPositions; c > 0 && c < p.t.MaxPlayers {
			p.diag(num, col, raw, "%d players need %d Council positions (one per seat), but `council` gives %d", p.t.MaxPlayers, p.t.MaxPlayers, c)
		}
	})
	return ""
}

func hCouncil(p *parser, l *line) string {
	l.once()
	n := l.intVal("positions", true)
	l.maxArgs(0, "council positions=N")
	l.atLeast(n, 1, "the council positions", len(l.toks))
	p.t.CouncilPositions = n
	return ""
}

// boxComponents are the components a `box` line counts.
var boxComponents = []string{"vineyard-cards", "market-cards", "inheritance-cards", "event-cards", "bonus-tokens",
	"winery-modules", "cubes-per-colour", "collaborators", "discs"}

func hBox(p *parser, l *line) string {
	key, _, _ := l.arg(0, "a component and its count: box vineyard-cards 36")
	n := l.intArg(1, "the count")
	l.maxArgs(2, "box COMPONENT COUNT")
	if l.bad {
		return ""
	}
	l.atLeast(n, 0, "a count", l.args[1])
	key = strings.ToLower(key)
	if !slices.Contains(boxComponents, key) {
		// A misspelt component would skip the check its count is for.
		l.errf(l.args[0], "unknown box component %q: %s", key, strings.Join(boxComponents, ", "))
		if hint := validate.DidYouMean(key, boxComponents); hint != "" {
			p.diags[len(p.diags)-1].Hint = hint
		}
		return ""
	}
	if key == "cubes-per-colour" {
		l.atLeast(n, 1, "the cubes of a colour", l.args[1])
	}
	for _, b := range p.t.Box {
		if b.Key == key {
			l.errf(l.args[0], "the box count of %s is given twice", key)
			return ""
		}
	}
	p.t.Box = append(p.t.Box, Box{Key: key, Count: n, Src: l.src})
	num, raw, col := l.num, l.raw, l.toks[l.args[1]].col
	check := func(have int, what string) {
		if have != n {
			p.diag(num, col, raw, "the box holds %d %s, but the tables list %d", n, what, have)
		}
	}
	switch key {
	case "vineyard-cards":
		p.later = append(p.later, func() { check(len(p.t.Vineyards), "Vineyard cards") })
	case "inheritance-cards":
		p.later = append(p.later, func() { check(len(p.t.Inheritances), "Inheritance cards") })
	case "event-cards":
		p.later = append(p.later, func() {
			s := 0
			for _, e := range p.t.Events {
				s += e.Count
			}
			check(s, "Event cards")
		})
	case "bonus-tokens":
		p.later = append(p.later, func() {
			s := 0
			for _, b := range p.t.Tokens {
				s += b.Count
			}
			check(s, "Bonus tokens")
		})
	case "winery-modules":
		// Enough for every board's winery full at the most seats (a group
		// that plays with fewer seats keeps the box's modules).
		p.later = append(p.later, func() {
			if need := p.t.Winery.Max * p.t.MaxPlayers; n < need {
				p.diag(num, col, raw, "the box holds %d winery modules, fewer than the %d that %d full wineries (winery max=, max-players) take", n, need, p.t.MaxPlayers)
			}
		})
	case "collaborators":
		p.later = append(p.later, func() { check(p.t.Collaborators, "collaborators of a colour (collaborators)") })
	case "market-cards":
		p.later = append(p.later, func() {
			s := 0
			for _, sec := range p.t.Sectors {
				s += sec.Cards
			}
			if len(p.t.Sectors) > 0 {
				check(s, "Market cards (the sectors' cards=)")
			}
		})
	}
	return "box " + key
}

func nameArgs(l *line, grammar string) (key, name string) {
	key, _, _ = l.arg(0, "a key and a printed name: "+grammar)
	name, _, _ = l.arg(1, "the printed name in quotes: "+grammar)
	l.maxArgs(2, grammar)
	return strings.ToLower(key), name
}

func hRegion(p *parser, l *line) string {
	key, name := nameArgs(l, `region KEY "Printed name"`)
	if l.bad {
		return ""
	}
	for _, r := range p.t.Regions {
		if r.Key == key {
			l.errf(l.args[0], "region %s is given twice", key)
			return ""
		}
	}
	if p.t.Wild.Key == key {
		l.errf(l.args[0], "%s is already the wild region", key)
		return ""
	}
	p.t.Regions = append(p.t.Regions, Region{Key: key, Name: name, Src: l.src})
	return "region " + key
}

func hWild(p *parser, l *line) string {
	l.once()
	key, name := nameArgs(l, `wild KEY "Printed name"`)
	if l.bad {
		return ""
	}
	if _, ok := p.t.Region(key); ok {
		l.errf(l.args[0], "%s is already a scoring region", key)
		return ""
	}
	p.t.Wild = Region{Key: key, Name: name, Src: l.src}
	return "wild"
}

func letterArg(l *line, n int, what string) string {
	s, i, ok := l.arg(n, what)
	if !ok {
		return ""
	}
	if utf8.RuneCountInString(s) != 1 {
		l.errf(i, "%s is one letter, not %q", what, s)
		return ""
	}
	return strings.ToUpper(s)
}

func hGrape(p *parser, l *line) string {
	letter := letterArg(l, 0, "a grape's letter")
	key, _, _ := l.arg(1, "the grape's name: grape M meunier blue")
	colour, _, _ := l.arg(2, "the cube colour: grape M meunier blue")
	l.maxArgs(3, "grape LETTER NAME COLOUR")
	if l.bad {
		return ""
	}
	if _, dup := p.t.Grape(letter); dup {
		l.errf(l.args[0], "grape %s is given twice", letter)
		return ""
	}
	if !strings.Contains(GrapeLetters, letter) {
		l.errf(l.args[0], "the game's grapes are M, P and C (meunier, pinot noir, chardonnay): a grape's letter is one of them, not %s", letter)
		return ""
	}
	p.t.Grapes = append(p.t.Grapes, Grape{Letter: letter, Key: strings.ToLower(key), Colour: strings.ToLower(colour), Src: l.src})
	return "grape " + letter
}

func hCuvee(p *parser, l *line) string {
	letter := letterArg(l, 0, "a cuvée's letter")
	key, _, _ := l.arg(1, "the cuvée's name: cuvee T tradition-brut cube=M value=2")
	l.maxArgs(2, "cuvee LETTER NAME cube=GRAPE value=PP")
	cube := strings.ToUpper(l.strVal("cube"))
	value := l.intVal("value", true)
	if l.bad {
		return ""
	}
	if cube == "" {
		l.errf(len(l.toks), "`cuvee` needs cube=GRAPE, the colour of the cube standing for it")
		return ""
	}
	if _, ok := p.t.Grape(cube); !ok {
		l.errf(l.kv["cube"], "cube=%s is not a grape of the tables (%s)", cube, p.grapeLetters())
		return ""
	}
	if _, dup := p.t.Cuvee(letter); dup {
		l.errf(l.args[0], "cuvee %s is given twice", letter)
		return ""
	}
	if _, clash := p.t.Grape(letter); clash {
		l.errf(l.args[0], "cuvee letter %s is already a grape's", letter)
		return ""
	}
	if !strings.Contains(CuveeLetters, letter) {
		l.errf(l.args[0], "the game's cuvées are T, N and B (tradition brut, blanc de noirs, blanc de blancs): a cuvée's letter is one of them, not %s", letter)
		return ""
	}
	l.atLeast(value, 0, "a cuvée's value", l.kv["value"])
	p.t.Cuvees = append(p.t.Cuvees, Cuvee{Letter: letter, Key: strings.ToLower(key), Cube: cube, Value: value, Src: l.src})
	return "cuvee " + letter
}

func (p *parser) grapeLetters() string {
	var ls []string
	for _, g := range p.t.Grapes {
		ls = append(ls, g.Letter)
	}
	return strings.Join(ls, " ")
}

func (p *parser) cuveeLetters() string {
	var ls []string
	for _, c := range p.t.Cuvees {
		ls = append(ls, c.Letter)
	}
	return strings.Join(ls, " ")
}

func hBlend(p *parser, l *line) string {
	cuvee := letterArg(l, 0, "the cuvée letter")
	if l.bad {
		return ""
	}
	if _, ok := p.t.Cuvee(cuvee); !ok {
		l.errf(l.args[0], "%s is not a cuvée of the tables (%s); its `cuvee` line comes first", cuvee, p.cuveeLetters())
		return ""
	}
	if len(l.args) < 2 {
		l.errf(len(l.toks), "`blend` lists the triples of still wines that make the cuvée: blend B CCC")
		return ""
	}
	for _, i := range l.args[1:] {
		w := strings.ToUpper(l.toks[i].text)
		if utf8.RuneCountInString(w) != 3 {
			l.errf(i, "a blend is 3 still wines, not %q", l.toks[i].text)
			return ""
		}
		for _, r := range w {
			if _, ok := p.t.Grape(string(r)); !ok {
				l.errf(i, "%c is not a grape of the tables (%s)", r, p.grapeLetters())
				return ""
			}
		}
		w = p.t.SortWines(w)
		for _, b := range p.t.Blends {
			if b.Wines == w && b.Cuvee == cuvee {
				l.errf(i, "%s already makes %s", w, cuvee)
				return ""
			}
		}
		p.t.Blends = append(p.t.Blends, Blend{Cuvee: cuvee, Wines: w, Src: l.src})
	}
	return "blend " + cuvee
}

func hExchange(p *parser, l *line) string {
	l.once()
	l.maxArgs(0, "exchange give=N get=N pp=N")
	e := Exchange{Give: l.intVal("give", true), Get: l.intVal("get", true), PP: l.intVal("pp", true), Src: l.src}
	l.atLeast(e.Give, 1, "give=", l.kv["give"])
	l.atLeast(e.Get, 1, "get=", l.kv["get"])
	p.t.Exchange = e
	return ""
}

func hPress(p *parser, l *line) string {
	l.once()
	l.maxArgs(0, "press start=N max=N token-at=N pp-beyond=N")
	pr := &p.t.Press
	pr.Start = l.intVal("start", true)
	pr.Max = l.intVal("max", true)
	pr.TokenAt = l.intVal("token-at", true)
	pr.PPBeyond = l.intVal("pp-beyond", true)
	pr.Src = l.src
	l.atLeast(pr.Start, 1, "the starting press level", l.kv["start"])
	l.atLeast(pr.Max, pr.Start, "the last press level", l.kv["max"])
	if !l.bad && (pr.TokenAt < pr.Start || pr.TokenAt > pr.Max) {
		l.errf(l.kv["token-at"], "token-at=%d is not a level of the press (%d to %d)", pr.TokenAt, pr.Start, pr.Max)
	}
	return ""
}

func hPressCapacity(p *parser, l *line) string {
	l.once()
	p.t.Press.Capacity = l.intList(0, "the grapes pressed at each level")
	for k, v := range p.t.Press.Capacity {
		l.atLeast(v, 0, "a press capacity", l.args[k])
	}
	num, raw := l.num, l.raw
	p.later = append(p.later, func() {
		if p.t.Press.Max > 0 && len(p.t.Press.Capacity) != p.t.Press.Max {
			p.diag(num, 1, raw, "press-capacity lists %d levels, but the press has %d", len(p.t.Press.Capacity), p.t.Press.Max)
		}
	})
	return ""
}

func hWinery(p *parser, l *line) string {
	l.once()
	l.maxArgs(0, "winery start=N max=N row=N age2-eco=N")
	w := &p.t.Winery
	w.Start = l.intVal("start", true)
	w.Max = l.intVal("max", true)
	w.Row = l.intVal("row", true)
	w.AgeIIEco = l.intVal("age2-eco", true)
	w.Src = l.src
	l.atLeast(w.Start, 1, "the modules at start", l.kv["start"])
	l.atLeast(w.Max, w.Start, "the most modules", l.kv["max"])
	l.atLeast(w.Row, 1, "the modules per row", l.kv["row"])
	return ""
}

func hModuleCapacity(p *parser, l *line) string {
	l.once()
	p.t.Winery.Capacity = l.intList(0, "the still wines each module holds")
	for k, v := range p.t.Winery.Capacity {
		l.atLeast(v, 0, "a module's capacity", l.args[k])
	}
	num, raw := l.num, l.raw
	p.later = append(p.later, func() {
		if p.t.Winery.Max > 0 && len(p.t.Winery.Capacity) != p.t.Winery.Max {
			p.diag(num, 1, raw, "module-capacity lists %d modules, but the winery holds %d", len(p.t.Winery.Capacity), p.t.Winery.Max)
		}
	})
	return ""
}

func hCellar(p *parser, l *line) string {
	l.once()
	l.maxArgs(0, "cellar max=N")
	p.t.CellarMax = l.intVal("max", true)
	l.atLeast(p.t.CellarMax, 0, "the cellar", l.kv["max"])
	return ""
}

func hOenotheque(p *parser, l *line) string {
	l.once()
	l.maxArgs(0, "oenotheque max=N")
	p.t.OenothequeMax = l.intVal("max", true)
	l.atLeast(p.t.OenothequeMax, 0, "the oenothèque", l.kv["max"])
	return ""
}

func hMarketing(p *parser, l *line) string {
	l.once()
	l.maxArgs(0, "marketing slots=N")
	p.t.Marketing.Slots = l.intVal("slots", true)
	p.t.Marketing.Src = l.src
	l.atLeast(p.t.Marketing.Slots, 1, "the slots per column", l.kv["slots"])
	return ""
}

func hMarketingBonus(p *parser, l *line) string {
	l.once()
	p.t.Marketing.Bonus = l.intList(0, "the bonus for 0, 1, 2… cubes in a column")
	num, raw := l.num, l.raw
	p.later = append(p.later, func() {
		if p.t.Marketing.Slots > 0 && len(p.t.Marketing.Bonus) != p.t.Marketing.Slots+1 {
			p.diag(num, 1, raw, "marketing-bonus lists %d values; a column of %d slots needs %d (0 to %d cubes)",
				len(p.t.Marketing.Bonus), p.t.Marketing.Slots, p.t.Marketing.Slots+1, p.t.Marketing.Slots)
		}
	})
	return ""
}

func hEcoTrack(p *parser, l *line) string {
	l.once()
	vals := l.intList(0, "the values of the report, lowest first")
	for k := 1; k < len(vals) && !l.bad; k++ {
		if vals[k] < vals[k-1] {
			l.errf(l.args[k], "the report's values rise from its bottom: %d comes after %d", vals[k], vals[k-1])
		}
	}
	if !l.bad {
		p.t.Eco.Values = vals
	}
	return ""
}

func hEco(p *parser, l *line) string {
	l.once()
	l.maxArgs(0, "eco start=VALUE merchant=VALUE top-pp=N bottom-pp=N")
	start := l.intVal("start", true)
	merchant := l.intVal("merchant", true)
	p.t.Eco.TopPP = l.intVal("top-pp", true)
	p.t.Eco.BottomPP = l.intVal("bottom-pp", true)
	p.t.Eco.Src = l.src
	if l.bad {
		return ""
	}
	num, raw := l.num, l.raw
	sc, mc := l.toks[l.kv["start"]].col, l.toks[l.kv["merchant"]].col
	p.later = append(p.later, func() {
		e := &p.t.Eco
		if len(e.Values) == 0 {
			return
		}
		// Players start on the lowest place of that value, the merchant on
		// the highest.
		e.Start = -1
		for i, v := range e.Values {
			if v == start {
				e.Start = i
				break
			}
		}
		if e.Start < 0 {
			e.Start = 0
			p.diag(num, sc, raw, "start=%d is not a value of the eco-track", start)
		}
		pos, ok := e.Position(merchant)
		if !ok {
			p.diag(num, mc, raw, "merchant=%d is not a value of the eco-track", merchant)
		}
		e.MerchantStart = pos
	})
	return ""
}

func hZone(p *parser, l *line) string {
	key, _, _ := l.arg(0, "a zone: zone press 2")
	n := l.intArg(1, "the zone's number on the board")
	auto := false
	if len(l.args) == 3 && strings.EqualFold(l.toks[l.args[2]].text, "auto") {
		auto = true
	} else {
		l.maxArgs(2, "zone KEY NUMBER [per-player=N] [auto]")
	}
	per := l.intVal("per-player", false)
	if l.bad {
		return ""
	}
	key = strings.ToLower(key)
	if _, dup := p.t.Zone(key); dup {
		l.errf(l.args[0], "zone %s is given twice", key)
		return ""
	}
	// The engine resolves the board's zones in their printed order: a
	// zone it does not know, or another number, would be ignored.
	want, known := 0, false
	var keys []string
	for _, z := range ZoneNumbers {
		keys = append(keys, z.Key)
		if z.Key == key {
			want, known = z.Number, true
		}
	}
	if !known {
		l.errf(l.args[0], "the board's zones are %s, not %q", strings.Join(keys, ", "), key)
		return ""
	}
	if n != want {
		l.errf(l.args[1], "the %s zone is zone %d of the board, not %d", key, want, n)
		return ""
	}
	if auto != (key == "harvest") {
		l.errf(l.args[0], "the harvest zone, and no other, is resolved by everyone each round: write `auto` on the harvest line only")
		return ""
	}
	p.t.Zones = append(p.t.Zones, Zone{Key: key, Number: n, PerPlayer: per, Auto: auto, Src: l.src})
	return "zone " + key
}

func hSpot(p *parser, l *line) string {
	zone, _, _ := l.arg(0, "a zone and a spot: spot press 1 pp+1")
	label, _, _ := l.arg(1, "the spot as printed: spot press 1 pp+1")
	if l.bad {
		return ""
	}
	s := Spot{Zone: strings.ToLower(zone), Label: strings.ToLower(label), Side: "standard", Src: l.src}
	if _, ok := p.t.Zone(s.Zone); !ok {
		l.errf(l.args[0], "%s is not a zone of the tables; its `zone` line comes first", zone)
		return ""
	}
	for _, i := range l.args[2:] {
		w := strings.ToLower(l.toks[i].text)
		if k, n, ok := effect(w); ok {
			if k == "pp" {
				s.PP += n
			} else {
				s.Eco += n
			}
			continue
		}
		switch w {
		case "first":
			s.First = true
		case "partial":
			s.Partial = true
		default:
			l.errf(i, "%q is not a placement effect: pp+N pp-N eco+N eco-N first partial link=X step=n|n+1 row=top|lower", l.toks[i].text)
			return ""
		}
	}
	s.Link = strings.ToLower(l.strVal("link"))
	s.Step = strings.ToLower(l.strVal("step"))
	s.Row = strings.ToLower(l.strVal("row"))
	if side := strings.ToLower(l.strVal("side")); side != "" {
		if side != "standard" && side != "simplified" {
			l.errf(l.kv["side"], "side= is standard or simplified, not %q", side)
			return ""
		}
		s.Side = side
	}
	if s.Step != "" && s.Step != "n" && s.Step != "n+1" {
		l.errf(l.kv["step"], "step= is n or n+1, not %q", s.Step)
		return ""
	}
	if s.Row != "" {
		num, raw, col, row := l.num, l.raw, l.toks[l.kv["row"]].col, s.Row
		p.later = append(p.later, func() {
			if _, ok := p.t.ShippingRow(row); !ok {
				p.diag(num, col, raw, "row=%s is not a shipping-row of the tables", row)
			}
		})
	}
	if p.dupKey("spot " + s.Side + " " + s.Zone + " " + s.Label) {
		l.errf(l.args[1], "spot %s %s is given twice on the %s side", s.Zone, s.Label, s.Side)
		return ""
	}
	p.t.Spots = append(p.t.Spots, s)
	return "spot " + s.Zone + " " + s.Label + " (" + s.Side + ")"
}

func hShippingRow(p *parser, l *line) string {
	key, _, _ := l.arg(0, "a row: shipping-row top cards=1 from=all")
	l.maxArgs(1, "shipping-row ROW cards=N from=all|active")
	n := l.intVal("cards", true)
	from := strings.ToLower(l.strVal("from"))
	if l.bad {
		return ""
	}
	if from != "all" && from != "active" {
		l.errf(len(l.toks), "`shipping-row` needs from=all or from=active")
		return ""
	}
	l.atLeast(n, 1, "the cards per collaborator", l.kv["cards"])
	key = strings.ToLower(key)
	if _, dup := p.t.ShippingRow(key); dup {
		l.errf(l.args[0], "shipping-row %s is given twice", key)
		return ""
	}
	p.t.ShippingRows = append(p.t.ShippingRows, ShippingRow{Key: key, Cards: n, ActiveOnly: from == "active", Src: l.src})
	return "shipping-row " + key
}

func hSector(p *parser, l *line) string {
	key, name := nameArgs(l, `sector KEY "Name" cards=N tokens=N`)
	cards := l.intVal("cards", true)
	tokens := l.intVal("tokens", true)
	if l.bad {
		return ""
	}
	if _, dup := p.t.Sector(key); dup {
		l.errf(l.args[0], "sector %s is given twice", key)
		return ""
	}
	if len(p.t.Sectors) == MaxSectors {
		l.errf(l.args[0], "the Market board has %d sectors: %s would be one more", MaxSectors, key)
		return ""
	}
	l.atLeast(cards, 1, "the sector's cards", l.kv["cards"])
	l.atLeast(tokens, 0, "the sector's tokens", l.kv["tokens"])
	p.t.Sectors = append(p.t.Sectors, Sector{Key: key, Name: name, Cards: cards, Tokens: tokens, Src: l.src})
	num, raw, col := l.num, l.raw, l.toks[l.kv["cards"]].col
	p.later = append(p.later, func() {
		n := 0
		for _, m := range p.t.Markets {
			if m.Sector == key {
				n++
			}
		}
		if n > cards {
			p.diag(num, col, raw, "the tables list %d %s Market cards, more than the %d of the box", n, key, cards)
		}
	})
	return "sector " + key
}

func hSectorEco(p *parser, l *line) string {
	key, i, _ := l.arg(0, "a sector and its eco levels: sector-eco france +1")
	n := l.intArg(1, "the eco levels")
	l.maxArgs(2, "sector-eco SECTOR N")
	if l.bad {
		return ""
	}
	s, ok := p.t.Sector(key)
	if !ok {
		l.errf(i, "%s is not a market sector of the tables; its `sector` line comes first", key)
		return ""
	}
	if p.dupKey("sector-eco " + s.Key) {
		l.errf(i, "sector-eco %s is given twice", s.Key)
		return ""
	}
	s.Eco = n
	return "sector-eco " + s.Key
}

func hHighTension(p *parser, l *line) string {
	zone, zi, _ := l.arg(0, "a zone and a spot: high-tension press 1")
	label, li, _ := l.arg(1, "the spot: high-tension press 1")
	l.maxArgs(2, "high-tension ZONE SPOT")
	if l.bad {
		return ""
	}
	zone, label = strings.ToLower(zone), strings.ToLower(label)
	if _, ok := p.t.Zone(zone); !ok {
		l.errf(zi, "%s is not a zone of the tables", zone)
		return ""
	}
	if _, ok := p.t.Spot("standard", zone, label); !ok {
		l.errf(li, "%s %s is not a spot of the tables; its `spot` line comes first", zone, label)
		return ""
	}
	// A zone has one blocking disc: the engine keeps one blocked spot a zone.
	if p.dupKey("high-tension " + zone) {
		l.errf(zi, "the %s zone already has its High Tension disc", zone)
		return ""
	}
	p.t.HighTension = append(p.t.HighTension, SpotRef{Zone: zone, Label: label, Src: l.src})
	return "high-tension " + zone
}

func hTransport(p *parser, l *line) string {
	key, _, _ := l.arg(0, "a mode of transport: transport boat eco=0")
	l.maxArgs(1, "transport KEY eco=N")
	eco := l.intVal("eco", true)
	if l.bad {
		return ""
	}
	key = strings.ToLower(key)
	if _, dup := p.t.Transport(key); dup {
		l.errf(l.args[0], "transport %s is given twice", key)
		return ""
	}
	p.t.Transports = append(p.t.Transports, Transport{Key: key, Eco: eco, Src: l.src})
	return "transport " + key
}

// CheckCuvees checks a word of cuvée letters against the tables and returns it
// in canonical order, or an error message.
func (t *Tables) CheckCuvees(word string) (string, error) {
	w := strings.ToUpper(word)
	if w == "" {
		return "", fmt.Errorf("no cuvées given")
	}
	for _, r := range w {
		if _, ok := t.Cuvee(string(r)); !ok {
			var ls []string
			for _, c := range t.Cuvees {
				ls = append(ls, c.Letter)
			}
			return "", fmt.Errorf("%c is not a cuvée (%s)", r, strings.Join(ls, " "))
		}
	}
	return t.SortCuvees(w), nil
}

func hMarket(p *parser, l *line) string {
	sector, _, _ := l.arg(0, "a sector, an id, cuvées, PP and transport: market france F07 TTN 9 truck")
	id, _, _ := l.arg(1, "the card's id")
	cuvees, _, _ := l.arg(2, "the cuvées it orders")
	value := l.intArg(3, "the card's PP")
	transport, _, _ := l.arg(4, "its transport")
	l.maxArgs(5, "market SECTOR ID CUVEES PP TRANSPORT")
	if l.bad {
		return ""
	}
	sector, transport = strings.ToLower(sector), strings.ToLower(transport)
	if _, ok := p.t.Sector(sector); !ok {
		l.errf(l.args[0], "%s is not a market sector of the tables; its `sector` line comes first", sector)
		return ""
	}
	cs, err := p.t.CheckCuvees(cuvees)
	if err != nil {
		l.errf(l.args[2], "%v", err)
		return ""
	}
	if _, ok := p.t.Transport(transport); !ok {
		l.errf(l.args[4], "%s is not a mode of transport of the tables; its `transport` line comes first", transport)
		return ""
	}
	if p.dupKey("market " + strings.ToUpper(id)) {
		l.errf(l.args[1], "Market card %s is given twice", id)
		return ""
	}
	l.atLeast(value, 0, "a card's PP", l.args[3])
	p.t.Markets = append(p.t.Markets, MarketCard{ID: strings.ToUpper(id), Sector: sector, Cuvees: cs, Value: value, Transport: transport, Src: l.src})
	return "market " + strings.ToUpper(id)
}

func hToken(p *parser, l *line) string {
	key, _, _ := l.arg(0, "a token kind and count: token eco 3 instant eco=2")
	n := l.intArg(1, "the number of tokens")
	use, i, _ := l.arg(2, "instant or free")
	l.maxArgs(3, "token KEY COUNT instant|free [pp=N] [eco=N] [zone=Z] [end-pp=N]")
	b := BonusToken{Key: strings.ToLower(key), Count: n, Src: l.src}
	b.PP = l.intVal("pp", false)
	b.Eco = l.intVal("eco", false)
	b.EndPP = l.intVal("end-pp", false)
	b.Zone = strings.ToLower(l.strVal("zone"))
	if l.bad {
		return ""
	}
	switch strings.ToLower(use) {
	case "instant":
		b.Instant = true
	case "free":
	default:
		l.errf(i, "a token is used instant or free, not %q", use)
		return ""
	}
	l.atLeast(n, 1, "the number of tokens", l.args[1])
	if b.Zone != "" {
		if _, ok := p.t.Zone(b.Zone); !ok {
			l.errf(l.kv["zone"], "zone=%s is not a zone of the tables", b.Zone)
			return ""
		}
	}
	for _, o := range p.t.Tokens {
		if o.Key == b.Key && o.Zone == b.Zone {
			l.errf(l.args[0], "token %s is given twice", b.Key)
			return ""
		}
	}
	p.t.Tokens = append(p.t.Tokens, b)
	if b.Zone != "" {
		return "token " + b.Key + " " + b.Zone
	}
	return "token " + b.Key
}

func hEvent(p *parser, l *line) string {
	key, _, _ := l.arg(0, "an event kind and its copies: event subsidies 1")
	n := l.intArg(1, "the copies of the card")
	l.maxArgs(2, "event KEY COUNT [arg=sector|region|grape]")
	arg := strings.ToLower(l.strVal("arg"))
	if l.bad {
		return ""
	}
	if arg != "" && arg != "sector" && arg != "region" && arg != "grape" {
		l.errf(l.kv["arg"], "arg= is sector, region or grape, not %q", arg)
		return ""
	}
	l.atLeast(n, 1, "the copies", l.args[1])
	key = strings.ToLower(key)
	if _, dup := p.t.Event(key); dup {
		l.errf(l.args[0], "event %s is given twice", key)
		return ""
	}
	p.t.Events = append(p.t.Events, EventCard{Key: key, Count: n, Arg: arg, Src: l.src})
	return "event " + key
}

func hEventEffect(p *parser, l *line) string {
	key, i, _ := l.arg(0, "an event and its effect: event-effect falling-sales pp=-2")
	l.maxArgs(1, "event-effect EVENT pp=N")
	pp := l.intVal("pp", true)
	if l.bad {
		return ""
	}
	key = strings.ToLower(key)
	if _, ok := p.t.Event(key); !ok {
		l.errf(i, "%s is not an event of the tables; its `event` line comes first", key)
		return ""
	}
	if p.dupKey("event-effect " + key) {
		l.errf(i, "event-effect %s is given twice", key)
		return ""
	}
	p.t.EventEffects = append(p.t.EventEffects, EventEffect{Event: key, PP: pp, Src: l.src})
	return "event-effect " + key
}

func hInheritance(p *parser, l *line) string {
	id, _, _ := l.arg(0, "an id and a kind: inheritance V1 vineyard stars=3 vineyard=verneuil")
	kind, ki, _ := l.arg(1, "the kind: vineyard, press or winery")
	c := Inheritance{ID: strings.ToUpper(id), Kind: strings.ToLower(kind), Src: l.src}
	c.Stars = l.intVal("stars", true)
	c.Press = l.intVal("press", false)
	c.Modules = l.intVal("modules", false)
	c.Vineyard = strings.ToLower(l.strVal("vineyard"))
	c.Cellar = strings.ToUpper(l.strVal("cellar"))
	c.Still = strings.ToUpper(l.strVal("still"))
	if l.bad {
		return ""
	}
	for _, i := range l.args[2:] {
		k, n, ok := effect(l.toks[i].text)
		if !ok || k != "eco" {
			l.errf(i, "%q is not an Inheritance effect: eco+N, or press=, modules=, cellar=, still=, vineyard=", l.toks[i].text)
			return ""
		}
		c.Eco += n
	}
	switch c.Kind {
	case "vineyard", "press", "winery":
	default:
		l.errf(ki, "an Inheritance card is vineyard, press or winery, not %q", kind)
		return ""
	}
	if c.Cellar != "" {
		cs, err := p.t.CheckCuvees(c.Cellar)
		if err != nil {
			l.errf(l.kv["cellar"], "cellar=: %v", err)
			return ""
		}
		c.Cellar = cs
	}
	for _, r := range c.Still {
		if _, ok := p.t.Grape(string(r)); !ok {
			l.errf(l.kv["still"], "still=: %c is not a grape (%s)", r, p.grapeLetters())
			return ""
		}
	}
	if p.dupKey("inheritance " + c.ID) {
		l.errf(l.args[0], "Inheritance card %s is given twice", c.ID)
		return ""
	}
	if c.Vineyard != "" {
		num, raw, col, v := l.num, l.raw, l.toks[l.kv["vineyard"]].col, c.Vineyard
		p.later = append(p.later, func() {
			vy, ok := p.t.Vineyard(v)
			switch {
			case !ok:
				p.diag(num, col, raw, "vineyard=%s is not a Vineyard card of the tables", v)
			case !vy.Inheritance:
				p.diag(num, col, raw, "%s is not marked `inheritance` among the Vineyard cards", vy.Name)
			}
		})
	}
	p.t.Inheritances = append(p.t.Inheritances, c)
	return "inheritance " + c.ID
}

func hMerchantLevel(p *parser, l *line) string {
	key, alias := "", ""
	key, _, _ = l.arg(0, "a level: merchant-level mathusalem medium cuvees=1")
	alias, _, _ = l.arg(1, "the level's plain name: easy, medium…")
	l.maxArgs(2, "merchant-level KEY ALIAS cuvees=N")
	n := l.intVal("cuvees", true)
	name := l.strVal("name") // as the rulebook spells it, when the key is not (jeroboam: Jéroboam)
	if l.bad {
		return ""
	}
	l.atLeast(n, 0, "the cuvées of each type", l.kv["cuvees"])
	if _, dup := p.t.MerchantLevel(key); dup {
		l.errf(l.args[0], "merchant-level %s is given twice", key)
		return ""
	}
	// A record names the level by key or alias: each names one level.
	if m, dup := p.t.MerchantLevel(alias); dup {
		l.errf(l.args[1], "%s already names the Wine Merchant level %s", strings.ToLower(alias), m.Key)
		return ""
	}
	p.t.MerchantLevels = append(p.t.MerchantLevels, MerchantLevel{Key: strings.ToLower(key), Alias: strings.ToLower(alias), Name: name, Cuvees: n, Src: l.src})
	return "merchant-level " + key
}

func hScoring(p *parser, l *line) string {
	l.once()
	l.maxArgs(0, "scoring diversification=N major=N still-batch=N still-pp=N cuvee-batch=N cuvee-pp=N")
	s := Scoring{
		Diversification: l.intVal("diversification", true),
		Major:           l.intVal("major", true),
		StillBatch:      l.intVal("still-batch", true),
		StillPP:         l.intVal("still-pp", true),
		CuveeBatch:      l.intVal("cuvee-batch", true),
		CuveePP:         l.intVal("cuvee-pp", true),
		Src:             l.src,
	}
	l.atLeast(s.StillBatch, 1, "still-batch=", l.kv["still-batch"])
	l.atLeast(s.CuveeBatch, 1, "cuvee-batch=", l.kv["cuvee-batch"])
	p.t.Scoring = s
	return ""
}

func hOption(p *parser, l *line) string {
	name, ni, _ := l.arg(0, "an option and its value: option major-split floor")
	value, vi, _ := l.arg(1, "the option's value")
	l.maxArgs(2, "option NAME VALUE")
	if l.bad {
		return ""
	}
	name, value = strings.ToLower(name), strings.ToLower(value)
	spec, ok := optionSpec(name)
	if !ok {
		var names []string
		for _, o := range KnownOptions {
			names = append(names, o.Name)
		}
		l.errf(ni, "unknown option %q (see docs/rulings/age-of-champagne.md)", name)
		if hint := validate.DidYouMean(name, names); hint != "" {
			p.diags[len(p.diags)-1].Hint = hint
		}
		return ""
	}
	allowed := false
	for _, v := range spec.Values {
		allowed = allowed || v == value
	}
	if !allowed {
		l.errf(vi, "option %s is %s, not %q", name, strings.Join(spec.Values, " | "), value)
		return ""
	}
	if _, dup := p.t.Options[name]; dup {
		l.errf(ni, "option %s is given twice", name)
		return ""
	}
	p.t.Options[name] = value
	return "option " + name
}

func hVineyard(p *parser, l *line) string {
	grammar := `vineyard KEY "Village" REGION GRAPE GRAPES [pp+N] [eco+N] [inheritance] [stars=N]`
	key, ki, _ := l.arg(0, "a key: "+grammar)
	name, _, _ := l.arg(1, "the village as printed, in quotes: "+grammar)
	region, ri, _ := l.arg(2, "the region: "+grammar)
	grape := letterArg(l, 3, "the grape's letter")
	n := l.intArg(4, "the grapes produced")
	v := Vineyard{Key: Fold(key), Name: name, Region: strings.ToLower(region), Grape: grape, Grapes: n, Src: l.src}
	v.Stars = l.intVal("stars", false)
	if l.bad {
		return ""
	}
	if v.Key != strings.ToLower(key) {
		l.errf(ki, "a vineyard key is lower case and hyphenated without accents: %s, not %q", v.Key, key)
		return ""
	}
	if _, ok := p.t.Region(v.Region); !ok && v.Region != p.t.Wild.Key {
		l.errf(ri, "%s is not a region of the tables (%s, or %s for a Coteaux Vitryats card)",
			region, strings.Join(p.t.RegionKeys(), " "), p.t.Wild.Key)
		return ""
	}
	if _, ok := p.t.Grape(grape); !ok {
		l.errf(l.args[3], "%s is not a grape of the tables (%s)", grape, p.grapeLetters())
		return ""
	}
	l.atLeast(n, 0, "the grapes produced", l.args[4])
	for _, i := range l.args[5:] {
		w := strings.ToLower(l.toks[i].text)
		if w == "inheritance" {
			v.Inheritance = true
			continue
		}
		k, d, ok := effect(w)
		if !ok {
			l.errf(i, "%q is not a Vineyard card bonus: pp+N, eco+N or inheritance", l.toks[i].text)
			return ""
		}
		if k == "pp" {
			v.PP += d
		} else {
			v.Eco += d
		}
	}
	if p.t.vineIndex == nil {
		p.t.vineIndex = map[string]int{}
	}
	if _, dup := p.t.vineIndex[v.Key]; dup {
		l.errf(ki, "Vineyard card %s is given twice", v.Key)
		return ""
	}
	if _, dup := p.t.vineIndex[Fold(v.Name)]; dup {
		l.errf(l.args[1], "Vineyard card %q is given twice", v.Name)
		return ""
	}
	p.t.Vineyards = append(p.t.Vineyards, v)
	p.t.vineIndex[v.Key] = len(p.t.Vineyards) - 1
	p.t.vineIndex[Fold(v.Name)] = len(p.t.Vineyards) - 1
	return "vineyard " + v.Key
}

// required statements: a tables file replaces the defaults entirely, so
// each of these must be there.
var required = []string{"rounds", "events-drawn", "collaborators", "merchant-collaborators", "max-players",
	"council", "inheritance-keep", "wild", "exchange", "press", "press-capacity", "winery", "module-capacity",
	"cellar", "oenotheque", "marketing", "marketing-bonus", "eco-track", "eco", "scoring"}

// lists are statements given once per item; at least one is needed.
var lists = []string{"region", "grape", "cuvee", "blend", "zone", "spot", "shipping-row", "sector",
	"transport", "token", "event", "merchant-level", "vineyard"}

func (p *parser) finish() {
	t := p.t
	var missing []string
	for _, k := range required {
		if _, ok := p.seen[k]; !ok {
			missing = append(missing, "`"+k+"`")
		}
	}
	for _, k := range lists {
		if !p.any[k] && !(k == "blend" && t.Options["blends"] == "lenient") {
			missing = append(missing, "`"+k+"`")
		}
	}
	// The cube supply is the one box count the replay plays by.
	if t.BoxCount("cubes-per-colour") == 0 {
		missing = append(missing, "`box cubes-per-colour`")
	}
	// The engine plays every grape, cuvée and zone of the game.
	if p.any["grape"] {
		for _, r := range GrapeLetters {
			if _, ok := t.Grape(string(r)); !ok {
				missing = append(missing, "`grape "+string(r)+"`")
			}
		}
	}
	if p.any["cuvee"] {
		for _, r := range CuveeLetters {
			if _, ok := t.Cuvee(string(r)); !ok {
				missing = append(missing, "`cuvee "+string(r)+"`")
			}
		}
	}
	if p.any["zone"] {
		for _, z := range ZoneNumbers {
			if _, ok := t.Zone(z.Key); !ok {
				missing = append(missing, "`zone "+z.Key+"`")
			}
		}
	}
	if len(missing) > 0 {
		p.diags = append(p.diags, validate.Diagnostic{File: p.file, Line: p.last + 1, Col: 1,
			Severity: validate.Error, Code: validate.CodeSyntax,
			Message: fmt.Sprintf("the tables have no %s line (a tables file replaces the defaults entirely: start from `vintner tables age-of-champagne`)",
				strings.Join(missing, ", "))})
	}
	// The Marketing Strategy zone, where a side has one, is its two
	// printed spots n1 and n2 (each with its n+1): records name them so.
	for _, side := range []string{"standard", "simplified"} {
		n := 0
		for _, sp := range t.SpotsOf(side, "marketing") {
			if sp.Step == "n" {
				n++
			}
		}
		if n != 0 && n != 2 {
			p.diags = append(p.diags, validate.Diagnostic{File: p.file, Line: p.last + 1, Col: 1,
				Severity: validate.Error, Code: validate.CodeSyntax,
				Message: fmt.Sprintf("the %s side's marketing zone has %d step=n %s: it has two, n1 and n2, or none", side, n, map[bool]string{true: "spot", false: "spots"}[n == 1])})
		}
	}
	for _, o := range KnownOptions {
		if _, ok := t.Options[o.Name]; !ok {
			t.Options[o.Name] = o.Values[0]
		}
	}
}
