package grandcru

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

func TestEmbeddedTables(t *testing.T) {
	b, diags := Game{}.Tables(nil, "")
	if diags.HasErrors() || !bytes.Equal(b, defaultTables) {
		t.Fatalf("Tables(nil) should return the embedded file: %v", diags)
	}
	tb, diags := parseTables(b, "embedded")
	if diags.HasErrors() {
		t.Fatal(diags[0].Error())
	}
	// The rulebook's own numbers.
	if tb.Cubes != [5]int{15, 17, 20, 23, 25} || tb.VineTiles != 14 || tb.Improvements != 3 || tb.Spaces != 12 || tb.barrels() != 7 {
		t.Errorf("rulebook components wrong: %+v", tb)
	}
	if tb.price(0, tb.topSpace(0)) != 3 || tb.price(1, tb.topSpace(1)) != 5 {
		t.Errorf("Good Vintage pays 3 for Gamay and 5 for Syrah (rulebook)")
	}
	if tb.SpaceCost[spNewGrowth] != 4 || tb.SpaceFrancs[spCash5] != 3 || tb.MaxLoans != 11 || tb.EmergencyLoan != 5 {
		t.Errorf("festival or loan numbers wrong")
	}
	if tb.Verified {
		t.Errorf("the embedded tables are partly assumed and must say so")
	}
}

func TestTablesErrorsAtLine(t *testing.T) {
	cases := []struct {
		edit func(string) string
		pos  string
		msg  string
	}{
		{func(s string) string {
			return strings.Replace(s, "demand gamay     1 1 2 2 2 3 3 3", "demand gamay     1 1 x 2 2 3 3 3", 1)
		}, "my.txt:43:22:", "demand takes whole numbers"},
		// No number is larger than a component could print: an engine
		// counts, deals and loops by them.
		{func(s string) string { return strings.Replace(s, "spaces         12 ", "spaces 1000000000 ", 1) }, "my.txt:28:8:",
			`spaces takes whole numbers from 0 to 999, not "1000000000"`},
		{func(s string) string { return strings.Replace(s, "# rulebook: 15 green Gamay", "", 1) }, "my.txt:20:", "says where it comes from"},
		{func(s string) string { return strings.Replace(s, "max-loans       11", "max-loans       12", 1) }, "interest lists 12 values", "interest lists 12 values"},
		{func(s string) string { return strings.Replace(s, "leaves          5", "seasons         5", 1) }, "my.txt:", "unknown table \"seasons\""},
		// A player starting with more loans than the track holds would
		// owe interest past the interest row (the engine failed on it).
		{func(s string) string {
			s = strings.Replace(s, "max-loans       11", "max-loans       3 ", 1)
			return strings.Replace(s, "interest 0 1 1 2 2 3 3 4 4 5 5 6", "interest 0 1 1 2", 1)
		}, "my.txt:60:1:", "initial-loans goes up to 5 loans, more than max-loans 3"},
		{func(s string) string { return strings.Replace(s, "cubes  pinot     25", "cubes  pinot     25 26", 1) }, "my.txt:24:", "cubes takes 1 number"},
		// A barrel is one item whatever its number's spelling (barrel 01
		// joined barrel 1 unseen).
		{func(s string) string {
			return strings.Replace(s, "\n# Demand panel", "\nbarrel 01 pinot # assumed\n# Demand panel", 1)
		},
			"my.txt:41:1:", "barrel 1 is already given on line 33"},
		// Only the cash spaces pay Francs, and each has its own cost, by
		// which a record names it: else a number was ignored or 0 paid.
		{func(s string) string {
			return strings.Replace(s, "space cash-3            3 2 ", "space cash-3            3   ", 1)
		},
			"my.txt:84:25:", "space cash-3 takes a prestige cost and the Francs it pays"},
		{func(s string) string {
			return strings.Replace(s, "space start-player      1  ", "space start-player      1 5", 1)
		},
			"my.txt:74:27:", "space start-player pays no Francs: write `space start-player PRESTIGE`"},
		{func(s string) string {
			return strings.Replace(s, "space cash-3            3 2 ", "space cash-3            1 2 ", 1)
		},
			"my.txt:84:1:", "space cash-3 costs 1 prestige, as cash-1 does: a record names a cash space by its cost, so each costs another"},
	}
	for i, c := range cases {
		_, diags := Game{}.Tables([]byte(c.edit(string(defaultTables))), "my.txt")
		if !diags.HasErrors() {
			t.Errorf("case %d: accepted", i)
			continue
		}
		got := diags[0].Error()
		if !strings.Contains(got, c.pos) || !strings.Contains(got, c.msg) {
			t.Errorf("case %d: got %s, want %s … %s", i, got, c.pos, c.msg)
		}
	}
}

// TestTablesReplaceDefaults: a verified table file with another interest
// row changes the outcome and removes the "assumed" note.
func TestTablesReplaceDefaults(t *testing.T) {
	data, err := os.ReadFile("../../testdata/examples/grand-cru-3p.vin")
	if err != nil {
		t.Fatal(err)
	}
	def := validate.Check(engines, "g.vin", data, validate.Limits{}, validate.Options{})
	if !def.Valid() || len(def.Result.Notes) != 1 || !strings.Contains(def.Result.Notes[0], "assumed") {
		t.Fatalf("the default tables give one note about assumed values: %+v", def.Result)
	}
	mine := strings.Replace(string(defaultTables), "verified  no ", "verified  yes", 1)
	mine = strings.Replace(mine, "interest 0 1 1 2 2 3 3 4 4 5 5 6", "interest 0 0 0 0 0 0 0 0 0 0 0 0", 1)
	rep := validate.Check(engines, "g.vin", data, validate.Limits{}, validate.Options{Tables: []byte(mine), TablesName: "mine.txt"})
	if rep.Valid() {
		t.Fatal("without interest the record's checks should no longer hold")
	}
	if d := rep.Diagnostics[0]; d.Code != validate.CodeCheck {
		t.Fatalf("want a check mismatch, got %s", d.Error())
	}
	// A `rules` header line is read through ReadFile.
	withRules := strings.Replace(string(data), "date     2026-11-28", "rules    mine.txt", 1)
	rep = validate.Check(engines, "g.vin", []byte(withRules), validate.Limits{}, validate.Options{
		ReadFile: func(string) ([]byte, error) { return []byte(mine), nil }})
	if rep.Valid() || rep.Diagnostics[0].Code != validate.CodeCheck {
		t.Fatalf("the rules line should bring in the tables: %v", rep.Diagnostics)
	}
	bad := strings.Replace(mine, "prestige        3", "prestige        x", 1)
	rep = validate.Check(engines, "g.vin", data, validate.Limits{}, validate.Options{Tables: []byte(bad), TablesName: "bad.txt"})
	if rep.Valid() || rep.Diagnostics[0].File != "bad.txt" {
		t.Fatalf("a bad table file is reported at its own line: %v", rep.Diagnostics)
	}
}

// TestTablesUnknownWordFirst: a line that starts with an unknown word is
// reported as that, with a hint, before its missing source comment.
func TestTablesUnknownWordFirst(t *testing.T) {
	for _, c := range []struct{ line, msg, hint string }{
		{"foo bar", `my.txt:2:1: error: unknown table "foo": ruleset, verified,`, ""},
		{"leavs 5", `my.txt:2:1: error: unknown table "leavs"`, "did you mean leaves?"},
	} {
		_, diags := Game{}.Tables([]byte("ruleset mine  # assumed\n"+c.line+"\n"), "my.txt")
		if len(diags) != 1 {
			t.Fatalf("%q: want one error, got %v", c.line, diags)
		}
		if got := diags[0].Error(); !strings.HasPrefix(got, c.msg) {
			t.Errorf("%q: got %s, want %s…", c.line, got, c.msg)
		}
		if diags[0].Hint != c.hint {
			t.Errorf("%q: hint %q, want %q", c.line, diags[0].Hint, c.hint)
		}
	}
}

// TestSpecialSpacesAgree keeps specialSpace's switch in step with
// spaceNames.
func TestSpecialSpacesAgree(t *testing.T) {
	for sp, n := range spaceNames {
		want := sp
		if sp >= spDemand1 {
			want = -1
		}
		if got := specialSpace(n); got != want {
			t.Errorf("specialSpace(%q) = %d, want %d", n, got, want)
		}
	}
}

// TestKindNamesAgree keeps kindNamed's switch in step with the name lists.
func TestKindNamesAgree(t *testing.T) {
	for k := 0; k < nKinds; k++ {
		if got, ok := kindNamed(kindName(k)); !ok || got != k {
			t.Errorf("kindNamed(%q) = %d, %v; want %d", kindName(k), got, ok, k)
		}
	}
	for alias, i := range improvementAlias {
		if got, ok := kindNamed(alias); !ok || got != nVarieties+i {
			t.Errorf("kindNamed(%q) = %d, %v; want %d", alias, got, ok, nVarieties+i)
		}
	}
	for w, want := range map[string]int{"cabernet-sauvignon": 3, "pinot-noir": 4, "Merlot": 2, "BULK": impBulk} {
		if got, ok := parseKind(w); !ok || got != want {
			t.Errorf("parseKind(%q) = %d, %v; want %d", w, got, ok, want)
		}
	}
	if _, ok := parseVariety("seal"); ok {
		t.Error("parseVariety reads an improvement")
	}
}

// TestYearEndVerbsNameNoTile keeps phaseOne's order sound: a verb that
// names a tile is an improvement, never a festival or loans verb.
func TestYearEndVerbsNameNoTile(t *testing.T) {
	for _, verb := range append([]string{"cash", "loans", "demand", "pass"}, spaceNames...) {
		if k, ok := parseKind(verb); ok {
			t.Errorf("parseKind(%q) = %d: a year-end verb names a tile", verb, k)
		}
	}
}

// TestFestivalWithEveryPrestigeBelowZero: as played, a player may pay
// prestige he lacks; when nobody is left at 0 or above (here with a
// starting prestige of 2), the festival still opens with the start
// player's side rather than failing the engine.
func TestFestivalWithEveryPrestigeBelowZero(t *testing.T) {
	data, err := Game{}.Random(2, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	mine := strings.Replace(string(defaultTables), "prestige        3", "prestige        2", 1)
	rep := validate.Check(engines, "g.vin", data, validate.Limits{}, validate.Options{AsPlayed: true, Tables: []byte(mine), TablesName: "mine.txt"})
	if len(rep.Diagnostics) == 0 || !rep.Disputed {
		t.Fatalf("want the record disputed under prestige 2, got %v", rep.Diagnostics)
	}
}

// TestCashMessageNamesTheTables: `cash` without a number is told the
// exchanges of the tables in force, not the defaults'.
func TestCashMessageNamesTheTables(t *testing.T) {
	data, err := Game{}.Random(3, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := strings.Replace(string(data), "Ann: cash 3\n", "Ann: cash\n", 1)
	mine := strings.Replace(string(defaultTables), "space cash-3            3 2", "space cash-3            2 2", 1)
	rep := validate.Check(engines, "g.vin", []byte(rec), validate.Limits{}, validate.Options{Tables: []byte(mine), TablesName: "mine.txt"})
	if len(rep.Diagnostics) == 0 || !strings.Contains(rep.Diagnostics[0].Message, "cash 1, cash 2 or cash 5") {
		t.Fatalf("want the tables' exchanges named, got %v", rep.Diagnostics)
	}
}

// TestTablesMessages gives every error of a tables file the exact
// message at its line and column: each edit of the embedded file breaks
// one rule of the file's form.
func TestTablesMessages(t *testing.T) {
	cases := []struct{ old, new, want string }{
		{"ruleset   grandcru-default-unverified-2 ", "ruleset   grandcru default            ", "my.txt:15:1: error: ruleset takes one name"},
		{"verified  no ", "verified  oui", "my.txt:16:1: error: verified is yes or no"},
		{"cubes  gamay     15 ", "cubes  gamay        ", "my.txt:20:1: error: write `cubes VARIETY NUMBER…`"},
		{"cubes  syrah     17 ", "cubes  shiraz    17 ", `my.txt:21:8: error: unknown variety "shiraz": gamay, syrah, merlot, cabernet or pinot`},
		{"demand merlot    1 2 3 4 5 6 7 7 ", "demand merlot    1 2 3 4 5 6 7 6 ", "my.txt:45:32: error: a demand column never gets cheaper going up (6 after 7)"},
		{"barrel 3  gamay syrah ", "barrel                ", "my.txt:35:1: error: write `barrel NUMBER VARIETY…`"},
		{"barrel 3  gamay syrah ", "barrel 0  gamay syrah ", `my.txt:35:8: error: barrels are numbered from 1, not "0"`},
		{"barrel 3  gamay syrah ", "barrel 3  gamay shiraz", `my.txt:35:17: error: unknown variety "shiraz": gamay, syrah, merlot, cabernet or pinot`},
		// the whole-file checks come after the file's last line
		{"barrel 3  gamay syrah ", "barrel 8  gamay syrah ", "my.txt:91:1: error: the tables do not give barrel 3"},
		{"juice-price     1 ", "# juice-price   1 ", "my.txt:91:1: error: the tables do not give juice-price"},
		{"space young-wine        3 ", "space young-wine          ", "my.txt:78:1: error: write `space NAME PRESTIGE [FRANCS]`"},
		{"space young-wine        3 ", "space old-wine          3 ", `my.txt:78:7: error: unknown festival space "old-wine": start-player, late-vintage, special-delivery, grape-juice, young-wine, new-growth, demand-1, demand-2, demand-3, cash-1, cash-3, cash-5`},
		{"bids            1 6 ", "bids            6 1 ", "my.txt:64:17: error: bids gives the lowest then the highest, not 6 1"},
		{"majority        3 1 1 ", "majority        3 1   ", "my.txt:69:19: error: majority takes 3 numbers"},
		{"loan            7 ", "loan              ", "my.txt:61:1: error: loan takes 1 number"},
		{"leaves          5 ", "leaves          1 ", "my.txt:58:1: error: the seasonal track needs at least 2 leaves"},
		{"markers        5 ", "markers        1 ", "my.txt:29:1: error: a player needs at least 2 action markers"},
		{"barrel 7  pinot   ", "barrel 7  pinot\n ", "my.txt:39:16: error: every table value says where it comes from: end the line with a comment naming its source: rulebook, printed, inferred or assumed"},
	}
	for _, c := range cases {
		s := string(defaultTables)
		if !strings.Contains(s, c.old) {
			t.Fatalf("the embedded tables have no %q", c.old)
		}
		_, diags := Game{}.Tables([]byte(strings.Replace(s, c.old, c.new, 1)), "my.txt")
		if len(diags) == 0 {
			t.Errorf("%q accepted", c.new)
			continue
		}
		if got := diags[0].Error(); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.new, got, c.want)
		}
	}
	// A file without a barrel line.
	var lines []string
	for _, l := range strings.Split(string(defaultTables), "\n") {
		if !strings.HasPrefix(l, "barrel ") {
			lines = append(lines, l)
		}
	}
	_, diags := Game{}.Tables([]byte(strings.Join(lines, "\n")), "my.txt")
	if len(diags) != 1 || diags[0].Error() != "my.txt:84:1: error: the tables do not give the barrels" {
		t.Errorf("no barrels: %v", diags)
	}
}

// TestTablesVarietyLongNames: a cubes or demand line may name a variety
// by its long name, as a record and a barrel line may; it is the same
// table as the short name's (the long name was refused as "unknown
// variety").
func TestTablesVarietyLongNames(t *testing.T) {
	s := strings.Replace(string(defaultTables), "cubes  cabernet  23 ", "cubes  cabernet-sauvignon  23 ", 1)
	s = strings.Replace(s, "demand pinot     2 3", "demand Pinot-Noir 2 3", 1)
	if _, diags := (Game{}).Tables([]byte(s), "my.txt"); len(diags) != 0 {
		t.Fatalf("long names refused: %v", diags)
	}
	s = strings.Replace(string(defaultTables), "\n# Demand panel", "\ncubes pinot-noir 25 # rulebook\n# Demand panel", 1)
	_, diags := Game{}.Tables([]byte(s), "my.txt")
	want := "my.txt:41:1: error: cubes pinot is already given on line 24"
	if len(diags) != 1 || diags[0].Error() != want {
		t.Errorf("got %v, want %s", diags, want)
	}
}
