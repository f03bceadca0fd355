package grandcru

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/vintner/vintner/validate"
)

//go:embed tables.txt
var defaultTables []byte

// Varieties, in the tables' and the rulebook's order.
var varietyNames = [nVarieties]string{"gamay", "syrah", "merlot", "cabernet", "pinot"}

const nVarieties = 5

// Improvement types, printed names and their short aliases.
var improvementNames = [nImprovements]string{
	"seal-of-excellence", "assemblage", "harvest-hands", "bulk-purchaser",
	"good-vintage", "rich-harvest", "aging", "advertising",
}

var improvementAlias = map[string]int{
	"seal": 0, "hands": 2, "bulk": 3, "vintage": 4, "rich": 5,
}

const nImprovements = 8

// Tile kinds 0..4 are vines (by variety), 5..12 improvements.
const nKinds = nVarieties + nImprovements

const (
	impSeal = nVarieties + iota
	impAssemblage
	impHands
	impBulk
	impVintage
	impRich
	impAging
	impAdvertising
)

// Festival space names, in the board's order.
var spaceNames = []string{
	"start-player", "late-vintage", "special-delivery", "grape-juice", "young-wine", "new-growth",
	"demand-1", "demand-2", "demand-3", "cash-1", "cash-3", "cash-5",
}

const (
	spStart = iota
	spLateVintage
	spDelivery
	spJuice
	spYoung
	spNewGrowth
	spDemand1
	spDemand2
	spDemand3
	spCash1
	spCash3
	spCash5
	nSpaces
)

// Tables are the component numbers in force.
type Tables struct {
	Ruleset       string
	Verified      bool
	Cubes         [nVarieties]int
	VineTiles     int
	Improvements  int
	Spaces        int
	Markers       int
	Mature        [][nVarieties]bool // per barrel
	Demand        [nVarieties][]int
	Interest      []int // index: loans
	Leaves        int
	Prestige      int
	InitialLoans  [2]int
	Loan          int
	EmergencyLoan int
	MaxLoans      int
	Bids          [2]int
	DirectPrice   int
	HarvestCost   int
	SealBonus     int
	JuicePrice    int
	Majority      [3]int
	FestivalLimit int
	SpaceCost     [nSpaces]int
	SpaceFrancs   [nSpaces]int
	TileValue     int
	CellarCube    int
	LoanPenalty   int

	// scoreNotes are the notes of every result scored under these tables
	// (made once: a table is not changed once read). Results share the
	// slice; its capacity is its length, so an append copies it.
	scoreNotes []string

	// spoiling lists the cells whose cubes go back to the stock at the
	// year's maturing (derived from Mature once, at reading).
	spoiling []cellarCell
}

// maxTableNumber bounds every number of a table file: no component count
// or value printed on a component comes near it (the defaults' largest is
// 25), and an engine that counts, deals or loops by a table's numbers
// stays small whatever a file says.
const maxTableNumber = 999

func kindName(k int) string {
	if k < nVarieties {
		return varietyNames[k]
	}
	return improvementNames[k-nVarieties]
}

// parseKind reads a tile name (a variety or an improvement, alias allowed).
func parseKind(w string) (int, bool) {
	// Records are written in lower case: look the word up as written
	// first, lower-casing only when that fails.
	if k, ok := kindNamed(w); ok {
		return k, true
	}
	if lw := strings.ToLower(w); lw != w {
		return kindNamed(lw)
	}
	return 0, false
}

func parseVariety(w string) (int, bool) {
	if k, ok := parseKind(w); ok && k < nVarieties {
		return k, true
	}
	return 0, false
}

// kindNamed looks up a lower-case tile name: varietyNames and
// improvementNames, with their long and short forms. A switch (not a loop
// over the names, nor a map) because every action names a tile or two;
// TestKindNamesAgree keeps it in step with the name lists.
func kindNamed(w string) (int, bool) {
	switch w {
	case "gamay":
		return 0, true
	case "syrah":
		return 1, true
	case "merlot":
		return 2, true
	case "cabernet", "cabernet-sauvignon":
		return 3, true
	case "pinot", "pinot-noir":
		return 4, true
	case "seal-of-excellence", "seal":
		return impSeal, true
	case "assemblage":
		return impAssemblage, true
	case "harvest-hands", "hands":
		return impHands, true
	case "bulk-purchaser", "bulk":
		return impBulk, true
	case "good-vintage", "vintage":
		return impVintage, true
	case "rich-harvest", "rich":
		return impRich, true
	case "aging":
		return impAging, true
	case "advertising":
		return impAdvertising, true
	}
	return 0, false
}

func allKindNames() []string {
	var out []string
	for k := 0; k < nKinds; k++ {
		out = append(out, kindName(k))
	}
	return out
}

// tableWord is one word of a table line with its column.
type tableWord struct {
	text string
	col  int
}

// tableWords are the words a table file line may start with.
var tableWords = []string{"ruleset", "verified", "cubes", "demand", "barrel", "space", "interest",
	"vine-tiles", "improvements", "spaces", "markers", "leaves", "prestige", "loan", "emergency-loan",
	"max-loans", "direct-price", "harvest-cost", "seal-bonus", "juice-price", "festival-limit", "tile-value",
	"cellar-cube", "loan-penalty", "initial-loans", "bids", "majority"}

func init() { validate.RegisterTables("grand-cru", "Grand Cru", tableWords) }

// parseTables checks a table file line by line and returns the tables.
func parseTables(data []byte, file string) (*Tables, validate.Diagnostics) {
	t := &Tables{}
	var diags validate.Diagnostics
	seen := map[string]int{}
	var barrelsSeen []bool
	errAt := func(num, col int, raw, format string, args ...any) {
		diags = append(diags, validate.Diagnostic{File: file, Line: num, Col: col, Severity: validate.Error,
			Code: validate.CodeSyntax, Game: "grand-cru", Message: fmt.Sprintf(format, args...), Source: raw})
	}
	lines := strings.Split(string(data), "\n")
	for i, raw := range lines {
		num := i + 1
		raw = strings.TrimSuffix(raw, "\r")
		body, comment, hasComment := strings.Cut(raw, "#")
		var words []tableWord
		rs := []rune(body)
		for j := 0; j < len(rs); {
			if rs[j] == ' ' || rs[j] == '\t' {
				j++
				continue
			}
			start := j
			for j < len(rs) && rs[j] != ' ' && rs[j] != '\t' {
				j++
			}
			words = append(words, tableWord{string(rs[start:j]), start + 1})
		}
		if len(words) == 0 {
			continue
		}
		first := len(seen) == 0 && len(diags) == 0
		if !slices.Contains(tableWords, strings.ToLower(words[0].text)) {
			if other, ok := validate.ForeignTables("grand-cru", words[0].text); ok && first {
				// Another game's file: one error, not one a line.
				return nil, validate.Diagnostics{{File: file, Line: num, Col: words[0].col, Severity: validate.Error,
					Code: validate.CodeSyntax, Game: "grand-cru", Source: raw,
					Message: validate.ForeignTablesMessage("grand-cru", "Grand Cru", other, words[0].text)}}
			}
			// An unknown word first: its source comment is beside the point.
			diags = append(diags, validate.Diagnostic{File: file, Line: num, Col: words[0].col, Severity: validate.Error,
				Code: validate.CodeSyntax, Game: "grand-cru", Source: raw,
				Message: fmt.Sprintf("unknown table %q: %s", words[0].text, strings.Join(tableWords, ", ")),
				Hint:    validate.DidYouMean(strings.ToLower(words[0].text), tableWords)})
			continue
		}
		src := strings.ToLower(strings.TrimSpace(comment))
		if !hasComment || !(strings.Contains(src, "rulebook") || strings.Contains(src, "assumed") || strings.Contains(src, "inferred") || strings.Contains(src, "printed")) {
			errAt(num, len([]rune(strings.TrimRight(body, " \t")))+1, raw,
				"every table value says where it comes from: end the line with a comment naming its source: rulebook, printed, inferred or assumed")
			continue
		}
		name := strings.ToLower(words[0].text)
		args := words[1:]
		ints := func(min int) ([]int, bool) {
			var out []int
			for _, w := range args {
				n, err := strconv.Atoi(w.text)
				if err != nil || n < min || n > maxTableNumber {
					errAt(num, w.col, raw, "%s takes whole numbers from %d to %d, not %q", name, min, maxTableNumber, w.text)
					return nil, false
				}
				out = append(out, n)
			}
			return out, true
		}
		count := func(n int) ([]int, bool) {
			if len(args) != n {
				col := words[0].col
				if len(args) > n {
					col = args[n].col
				} else if len(args) > 0 {
					col = args[len(args)-1].col
				}
				errAt(num, col, raw, "%s takes %s", name, plural(n, "number", "numbers"))
				return nil, false
			}
			return ints(0)
		}
		key := name
		switch name {
		case "cubes", "demand", "barrel", "space":
			if len(args) > 0 {
				key = name + " " + strings.ToLower(args[0].text)
				// A barrel by its number: barrel 01 is barrel 1; a
				// variety by its name: cubes pinot-noir is cubes pinot.
				if b, err := strconv.Atoi(args[0].text); err == nil && name == "barrel" {
					key = name + " " + strconv.Itoa(b)
				} else if v, ok := parseVariety(args[0].text); ok && (name == "cubes" || name == "demand") {
					key = name + " " + varietyNames[v]
				}
			}
		}
		if prev, dup := seen[key]; dup {
			errAt(num, words[0].col, raw, "%s is already given on line %d", key, prev)
			continue
		}
		seen[key] = num
		switch name {
		case "ruleset":
			if len(args) != 1 {
				errAt(num, words[0].col, raw, "ruleset takes one name")
				continue
			}
			t.Ruleset = args[0].text
		case "verified":
			if len(args) != 1 || (args[0].text != "yes" && args[0].text != "no") {
				errAt(num, words[0].col, raw, "verified is yes or no")
				continue
			}
			t.Verified = args[0].text == "yes"
		case "cubes", "demand":
			if len(args) < 2 {
				errAt(num, words[0].col, raw, "write `%s VARIETY NUMBER…`", name)
				continue
			}
			v, ok := parseVariety(args[0].text)
			if !ok {
				errAt(num, args[0].col, raw, "unknown variety %q: gamay, syrah, merlot, cabernet or pinot", args[0].text)
				continue
			}
			args = args[1:]
			if name == "cubes" {
				n, ok := count(1)
				if ok {
					t.Cubes[v] = n[0]
				}
				continue
			}
			n, ok := ints(0)
			if !ok {
				continue
			}
			for j := 1; j < len(n); j++ {
				if n[j] < n[j-1] {
					errAt(num, args[j].col, raw, "a demand column never gets cheaper going up (%d after %d)", n[j], n[j-1])
					ok = false
					break
				}
			}
			if ok {
				t.Demand[v] = n
			}
		case "barrel":
			if len(args) < 1 {
				errAt(num, words[0].col, raw, "write `barrel NUMBER VARIETY…`")
				continue
			}
			b, err := strconv.Atoi(args[0].text)
			if err != nil || b < 1 || b > 20 {
				errAt(num, args[0].col, raw, "barrels are numbered from 1, not %q", args[0].text)
				continue
			}
			for len(t.Mature) < b {
				t.Mature = append(t.Mature, [nVarieties]bool{})
				barrelsSeen = append(barrelsSeen, false)
			}
			barrelsSeen[b-1] = true
			for _, w := range args[1:] {
				v, ok := parseVariety(w.text)
				if !ok {
					errAt(num, w.col, raw, "unknown variety %q: gamay, syrah, merlot, cabernet or pinot", w.text)
					break
				}
				t.Mature[b-1][v] = true
			}
		case "space":
			if len(args) < 2 || len(args) > 3 {
				errAt(num, words[0].col, raw, "write `space NAME PRESTIGE [FRANCS]`")
				continue
			}
			sp := -1
			for j, n := range spaceNames {
				if n == strings.ToLower(args[0].text) {
					sp = j
				}
			}
			if sp < 0 {
				errAt(num, args[0].col, raw, "unknown festival space %q: %s", args[0].text, strings.Join(spaceNames, ", "))
				continue
			}
			args = args[1:]
			n, ok := ints(0)
			if !ok {
				continue
			}
			// Only the cash spaces pay Francs: a number the engine
			// would not pay, or a cash space paying none, is a slip.
			cash := sp == spCash1 || sp == spCash3 || sp == spCash5
			if cash && len(n) < 2 {
				errAt(num, args[0].col, raw, "space %s takes a prestige cost and the Francs it pays", spaceNames[sp])
				continue
			}
			if !cash && len(n) > 1 {
				errAt(num, args[1].col, raw, "space %s pays no Francs: write `space %s PRESTIGE`", spaceNames[sp], spaceNames[sp])
				continue
			}
			t.SpaceCost[sp] = n[0]
			if len(n) > 1 {
				t.SpaceFrancs[sp] = n[1]
			}
		case "interest":
			n, ok := ints(0)
			if ok {
				t.Interest = n
			}
		case "vine-tiles", "improvements", "spaces", "markers", "leaves", "prestige", "loan", "emergency-loan",
			"max-loans", "direct-price", "harvest-cost", "seal-bonus", "juice-price", "festival-limit", "tile-value", "cellar-cube", "loan-penalty":
			n, ok := count(1)
			if !ok {
				continue
			}
			p := map[string]*int{"vine-tiles": &t.VineTiles, "improvements": &t.Improvements, "spaces": &t.Spaces,
				"markers": &t.Markers, "leaves": &t.Leaves, "prestige": &t.Prestige, "loan": &t.Loan,
				"emergency-loan": &t.EmergencyLoan, "max-loans": &t.MaxLoans, "direct-price": &t.DirectPrice,
				"harvest-cost": &t.HarvestCost, "seal-bonus": &t.SealBonus, "juice-price": &t.JuicePrice, "festival-limit": &t.FestivalLimit, "tile-value": &t.TileValue,
				"cellar-cube": &t.CellarCube, "loan-penalty": &t.LoanPenalty}[name]
			*p = n[0]
		case "initial-loans", "bids":
			n, ok := count(2)
			if !ok {
				continue
			}
			if n[0] > n[1] {
				errAt(num, args[0].col, raw, "%s gives the lowest then the highest, not %d %d", name, n[0], n[1])
				continue
			}
			if name == "bids" {
				t.Bids = [2]int{n[0], n[1]}
			} else {
				t.InitialLoans = [2]int{n[0], n[1]}
			}
		case "majority":
			n, ok := count(3)
			if ok {
				t.Majority = [3]int{n[0], n[1], n[2]}
			}
		default:
			errAt(num, words[0].col, raw, "unknown table %q", words[0].text)
		}
	}
	if diags.HasErrors() {
		return nil, diags
	}
	// Whole-file checks, reported at the end of the file.
	end := len(lines)
	missing := func(what string) {
		diags = append(diags, validate.Diagnostic{File: file, Line: end, Col: 1, Severity: validate.Error,
			Code: validate.CodeSyntax, Game: "grand-cru", Message: "the tables do not give " + what})
	}
	for v, n := range varietyNames {
		if _, ok := seen["cubes "+n]; !ok {
			missing("cubes " + n)
		}
		if len(t.Demand[v]) == 0 {
			missing("demand " + n)
		}
	}
	for b, ok := range barrelsSeen {
		if !ok {
			missing(fmt.Sprintf("barrel %d", b+1))
		}
	}
	if len(t.Mature) == 0 {
		missing("the barrels")
	}
	for _, k := range []string{"ruleset", "verified", "vine-tiles", "improvements", "spaces", "markers", "interest", "leaves",
		"prestige", "initial-loans", "loan", "emergency-loan", "max-loans", "bids", "direct-price", "harvest-cost",
		"seal-bonus", "juice-price", "majority", "festival-limit", "tile-value", "cellar-cube", "loan-penalty"} {
		if _, ok := seen[k]; !ok {
			missing(k)
		}
	}
	for _, n := range spaceNames {
		if _, ok := seen["space "+n]; !ok {
			missing("space " + n)
		}
	}
	if !diags.HasErrors() {
		if len(t.Interest) != t.MaxLoans+1 {
			diags = append(diags, validate.Diagnostic{File: file, Line: seen["interest"], Col: 1, Severity: validate.Error,
				Code: validate.CodeSyntax, Game: "grand-cru",
				Message: fmt.Sprintf("interest lists %d values, one for each of 0 to %d loans needs %d", len(t.Interest), t.MaxLoans, t.MaxLoans+1)})
		}
		if t.InitialLoans[1] > t.MaxLoans {
			diags = append(diags, validate.Diagnostic{File: file, Line: seen["initial-loans"], Col: 1, Severity: validate.Error,
				Code: validate.CodeSyntax, Game: "grand-cru",
				Message: fmt.Sprintf("initial-loans goes up to %d loans, more than max-loans %d", t.InitialLoans[1], t.MaxLoans)})
		}
		if t.Leaves < 2 {
			diags = append(diags, validate.Diagnostic{File: file, Line: seen["leaves"], Col: 1, Severity: validate.Error,
				Code: validate.CodeSyntax, Game: "grand-cru", Message: "the seasonal track needs at least 2 leaves"})
		}
		// A record names a cash space by its cost (cash 3).
		for _, a := range []int{spCash1, spCash3} {
			for _, b := range []int{spCash3, spCash5} {
				if a < b && t.SpaceCost[a] == t.SpaceCost[b] {
					diags = append(diags, validate.Diagnostic{File: file, Line: seen["space "+spaceNames[b]], Col: 1, Severity: validate.Error,
						Code: validate.CodeSyntax, Game: "grand-cru",
						Message: fmt.Sprintf("space %s costs %d prestige, as %s does: a record names a cash space by its cost, so each costs another", spaceNames[b], t.SpaceCost[b], spaceNames[a])})
				}
			}
		}
		if t.Markers < 2 {
			diags = append(diags, validate.Diagnostic{File: file, Line: seen["markers"], Col: 1, Severity: validate.Error,
				Code: validate.CodeSyntax, Game: "grand-cru", Message: "a player needs at least 2 action markers"})
		}
	}
	if diags.HasErrors() {
		return nil, diags
	}
	t.spoiling = spoilingCells(t.Mature)
	if !t.Verified {
		t.scoreNotes = []string{"scored with assumed component tables (" + t.Ruleset + "): demand prices, barrels, interest and festival spaces are not from the printed board; see `vintner tables grand-cru`"}
	}
	return t, nil
}

// triggerRound is the round in which the bottle reaches the rightmost leaf.
func (t *Tables) triggerRound() int { return t.Leaves - 1 }

// price is a variety's price at a marker space.
func (t *Tables) price(v, space int) int { return t.Demand[v][space] }

func (t *Tables) topSpace(v int) int { return len(t.Demand[v]) - 1 }

func (t *Tables) barrels() int { return len(t.Mature) }

// cellarCell is one variety in one barrel.
type cellarCell struct{ barrel, variety int }

// spoilingCells lists the cells, left of the last barrel, whose cubes go
// back to the stock when they mature: mature there but not in the next
// barrel. (The last barrel's cubes always do.)
func spoilingCells(mature [][nVarieties]bool) []cellarCell {
	var cells []cellarCell
	for b := 0; b+1 < len(mature); b++ {
		for v := 0; v < nVarieties; v++ {
			if mature[b][v] && !mature[b+1][v] {
				cells = append(cells, cellarCell{b, v})
			}
		}
	}
	return cells
}

// yearsToMature counts the barrels to the right until one pictures the
// colour; -1 if none does.
func (t *Tables) yearsToMature(v, barrel int) int {
	for b := barrel; b < len(t.Mature); b++ {
		if t.Mature[b][v] {
			return b - barrel
		}
	}
	return -1
}
