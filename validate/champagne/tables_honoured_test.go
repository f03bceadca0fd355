package champagne

import (
	"os"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
)

// withLines returns the default tables with whole lines replaced (old → new).
func withLines(t *testing.T, pairs ...string) []byte {
	t.Helper()
	text := string(tables.DefaultText())
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(text, pairs[i]) {
			t.Fatalf("no %q in the tables", pairs[i])
		}
		text = strings.Replace(text, pairs[i], pairs[i+1], 1)
	}
	return []byte(text)
}

// stateWith sets up a game from the record's header under the given tables.
func stateWith(t *testing.T, text []byte, record string) *state {
	t.Helper()
	tb, diags := tables.Parse("mine.txt", text)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	rec, diags := validate.Parse("t.vin", []byte(record), validate.Limits{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	s, e := newState(fromTables(tb), rec)
	if e != nil {
		t.Fatal(e.msg)
	}
	return s
}

// TestMaxPlayersFromTables: the replay counts players by the tables'
// max-players (the Wine Merchant counting as one), as the tally does.
func TestMaxPlayersFromTables(t *testing.T) {
	three := withLines(t, "max-players 4 ", "max-players 3 ")
	for file, want := range map[string]string{
		"4p-standard.vin": "Age of Champagne is played by 1 to 3 players, not 4",
		"3p-merchant.vin": "the Wine Merchant joins games of 1 to 2 players, not 3",
	} {
		data, err := os.ReadFile("../../testdata/champagne/valid/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if rep := check(t, file, data); !rep.Valid() {
			t.Fatalf("%s: %v", file, rep.Diagnostics)
		}
		rep := validate.Check(games(), file, data, validate.Limits{}, validate.Options{Tables: three, TablesName: "mine.txt"})
		if rep.Valid() || !strings.Contains(rep.Diagnostics[0].Message, want) {
			t.Errorf("%s under max-players 3: want %q, got %v", file, want, rep.Diagnostics)
		}
	}
	for _, c := range []struct{ old, new, want string }{
		{"max-players 4 ", "max-players 5 ", "mine.txt:21:13: error: the most players is at most 4 (the player colours in the box), not 5"},
		{"max-players 4 ", "max-players 1 ", "mine.txt:21:13: error: the most players (solo has the Wine Merchant) must be at least 2, not 1"},
		{"council positions=4 ", "council positions=3 ", "mine.txt:21:13: error: 4 players need 4 Council positions (one per seat), but `council` gives 3"},
	} {
		_, diags := tables.Parse("mine.txt", withLines(t, c.old, c.new))
		if !diags.HasErrors() || diags[0].Error() != c.want {
			t.Errorf("%s: want %s, got %v", c.new, c.want, diags)
		}
	}
}

// TestSectorCountsEach: each sector keeps its own tokens= and cards=
// (they were all the last sector's).
func TestSectorCountsEach(t *testing.T) {
	text := withLines(t,
		`sector france        "France"        cards=17 tokens=3`, `sector france        "France"        cards=16 tokens=1`,
		`sector europe        "Europe"        cards=17 tokens=3`, `sector europe        "Europe"        cards=18 tokens=2`,
		"market france F17 TTNN 10 truck", "market europe E18 TTNN 10 truck")
	s := stateWith(t, text, setup2)
	for i, want := range []int{1, 2, 3} {
		if got := s.sectors[i].tokens; got != want {
			t.Errorf("%s starts with %d tokens, want %d", s.r.SectorNames[i], got, want)
		}
	}
	if s.tokenSupply != 22-6 {
		t.Errorf("the supply holds %d tokens, want 16", s.tokenSupply)
	}
	if got := s.r.MarketPerSector; len(got) != 3 || got[0] != 16 || got[1] != 18 || got[2] != 17 {
		t.Errorf("market cards per sector %v, want [16 18 17]", got)
	}
}

// TestPressPPBeyond: each press level past the top is worth the tables'
// pp-beyond.
func TestPressPPBeyond(t *testing.T) {
	text := withLines(t, "press start=1 max=17 token-at=14 pp-beyond=1", "press start=1 max=17 token-at=14 pp-beyond=3")
	s := stateWith(t, text, setup2)
	p := s.players[0]
	pp := p.pp
	s.raisePress(0, 20, true) // 16 levels to the top, then 4 beyond
	if p.press != 17 || p.pp-pp != 12 {
		t.Errorf("press %d, +%d PP; want 17, +12", p.press, p.pp-pp)
	}
}

// TestEveryLineHasASource: a line without src= is refused, as the file's
// header says (it would pass for checked against the box).
func TestEveryLineHasASource(t *testing.T) {
	text := withLines(t, "rounds 10                   src=rulebook  #", "rounds 10  #")
	_, diags := tables.Parse("mine.txt", text)
	want := "mine.txt:17:10: error: every line says where its values come from: end it with src=rulebook | research | assumed | box"
	if !diags.HasErrors() || diags[0].Error() != want {
		t.Errorf("want %s, got %v", want, diags)
	}
}
