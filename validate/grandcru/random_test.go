package grandcru

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

var engines = []validate.Game{New()}

// replayWithInvariants replays a record line by line and checks the
// invariants after every line.
func replayWithInvariants(t *testing.T, name string, data []byte) *state {
	t.Helper()
	rec, diags := validate.Parse(name, data, validate.Limits{})
	if diags.HasErrors() {
		t.Fatalf("%s: %s", name, diags[0].Error())
	}
	tb, _ := tablesFor(validate.Options{})
	r, _ := readRulings(rec)
	s := newState(tb, r, rec.Players)
	var claims []*validate.Line
	for _, l := range rec.Lines {
		if f := s.step(l, &claims); f != nil {
			t.Fatalf("%s:%d: %s\n%s", name, l.Num, f.msg, s.Text())
		}
		if err := s.invariants(); err != nil {
			t.Fatalf("%s:%d: after %q: %v", name, l.Num, l.Raw, err)
		}
	}
	if s.ph == phLoans {
		s.finishLoans()
	}
	if s.ph != phOver {
		t.Fatalf("%s: the game did not end (%s)", name, s.where())
	}
	return s
}

// TestGeneratedGamesReplay replays many generated games of 2 to 5 players
// through the engine, checking invariants after every line, and checks
// that the generator reaches both game ends and uses every verb
// (TestGeneratedGamesLookReal checks that emergency loans occur).
func TestGeneratedGamesReplay(t *testing.T) {
	seeds := 500
	if testing.Short() {
		seeds = 60
	}
	bankrupt, repaid, emergency := 0, 0, 0
	verbs := map[string]int{}
	for p := 2; p <= 5; p++ {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			b, err := randomVaried(p, seed, nil)
			if err != nil {
				t.Fatalf("p=%d seed=%d: %v", p, seed, err)
			}
			name := fmt.Sprintf("random-%dp-%d.vin", p, seed)
			s := replayWithInvariants(t, name, b)
			rep := validate.Check(engines, name, b, validate.Limits{}, validate.Options{})
			if !rep.Valid() {
				t.Fatalf("%s: %s", name, rep.Diagnostics[0].Error())
			}
			if len(rep.Claims) != p {
				t.Fatalf("%s: %d claims compared, want %d", name, len(rep.Claims), p)
			}
			if s.bankruptcy {
				bankrupt++
			} else {
				repaid++
			}
			for _, pl := range s.pl {
				if pl.emergAll > 0 {
					emergency++
				}
			}
			for _, line := range strings.Split(string(b), "\n") {
				if _, act, ok := strings.Cut(line, ": "); ok {
					verbs[strings.Fields(act + " x")[0]]++
				}
			}
		}
	}
	t.Logf("ends: %d bankruptcies, %d repaid; players with emergency loans: %d; verbs %v", bankrupt, repaid, emergency, verbs)
	if bankrupt == 0 || repaid == 0 {
		t.Errorf("the generator should reach both game ends: %d bankruptcies, %d repaid", bankrupt, repaid)
	}
	for _, v := range []string{"auction", "bid", "take", "buy", "demand", "harvest", "sell", "pass", "seal", "bulk", "vintage",
		"hands", "rich", "aging", "assemblage", "advertising", "start-player", "late-vintage", "special-delivery",
		"grape-juice", "young-wine", "new-growth", "cash", "loans"} {
		if verbs[v] == 0 {
			t.Errorf("no generated game uses %s", v)
		}
	}
}

// TestRandomIsDeterministic: the same seed gives the same record (the
// varied games too).
func TestRandomIsDeterministic(t *testing.T) {
	a, _ := random(4, 42, nil)
	b, _ := random(4, 42, nil)
	c, _ := random(4, 43, nil)
	if !bytes.Equal(a, b) {
		t.Fatal("the same seed gave two records")
	}
	if bytes.Equal(a, c) {
		t.Fatal("two seeds gave the same record")
	}
	if a, b := mustVaried(t, 4, 42), mustVaried(t, 4, 42); !bytes.Equal(a, b) {
		t.Fatal("the same seed gave two varied records")
	}
	if _, err := random(6, 1, nil); err == nil {
		t.Fatal("6 players should be refused")
	}
}

// TestRandomWithRulings: generated games under each ruling replay too.
func TestRandomWithRulings(t *testing.T) {
	for name := range rulingVariants {
		for seed := uint64(1); seed <= 10; seed++ {
			b, err := randomVaried(3, seed, []string{name})
			if err != nil {
				t.Fatal(err)
			}
			rep := validate.Check(engines, name+".vin", b, validate.Limits{}, validate.Options{})
			if !rep.Valid() {
				t.Fatalf("%s seed %d: %s", name, seed, rep.Diagnostics[0].Error())
			}
			label := rep.Result.Categories[1].Label
			if (name == "tile-value-per-tile") != (label == "Tiles") {
				t.Fatalf("%s: the tile row is labelled %q", name, label)
			}
		}
	}
}

// TestGeneratedGamesLookReal plays 300 generated games (2 to 5 players)
// and counts what happens in them: most end because a vintner repaid every
// loan, yet bankruptcies, emergency loans, both Year End triggers, every
// festival action, a full vineyard's discard (ruling S17), New Growth of a
// vine with a cube (S19) and the notation's both ways of naming a column
// still occur, each at least a few times.
func TestGeneratedGamesLookReal(t *testing.T) {
	const seeds = 300
	counts := map[string]int{}
	for seed := uint64(1); seed <= seeds; seed++ {
		players := 2 + int(seed%4)
		b, err := randomVaried(players, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec, diags := validate.Parse("g.vin", b, validate.Limits{})
		if diags.HasErrors() {
			t.Fatal(diags[0].Error())
		}
		tb, _ := tablesFor(validate.Options{})
		s := newState(tb, rulings{}, rec.Players)
		var claims []*validate.Line
		for _, l := range rec.Lines {
			wasTriggered, ph := s.triggered, s.ph
			stock := s.stock
			if f := s.step(l, &claims); f != nil {
				t.Fatalf("seed %d line %d: %s", seed, l.Num, f.msg)
			}
			if l.Kind == validate.KindEvent && l.Verb == "round" {
				counts["round line"]++
			}
			if l.Kind != validate.KindAction {
				continue
			}
			if ph == phActions && l.Verb != "auction" && isWord(l, len(l.Tokens)-2, "discard") {
				counts["a full vineyard discards"]++
			}
			if ph == phFestival && l.Verb == "new-growth" && s.stock != stock {
				counts["new growth of a vine with a cube"]++
			}
			if ph == phActions && len(l.Tokens) > 1 {
				switch {
				case l.Verb == "auction" && isWord(l, 2, "col"):
					counts["auction to a named column"]++
				case (l.Verb == "take" || l.Verb == "bid") && !isWord(l, 1, "col"):
					counts[l.Verb+" by the tile's name"]++
				}
			}
			switch {
			case ph == phActions && !wasTriggered && (s.triggered || s.ph == phDisplay):
				switch l.Verb {
				case "harvest", "hands", "harvest-hands", "rich", "rich-harvest":
					counts["year end: last vine harvested"]++
				default:
					counts["year end: all but one passed"]++
				}
			case ph == phFestival:
				counts["festival "+l.Verb]++
				if len(l.Tokens) == 1 && l.Verb != "pass" && l.Verb != "start-player" {
					counts["festival null action"]++
				}
			}
		}
		if s.ph == phLoans {
			s.finishLoans()
		}
		if s.ph != phOver {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		if s.bankruptcy {
			counts["end: bankruptcy"]++
		} else {
			counts["end: loans repaid"]++
		}
		for _, p := range s.pl {
			if p.emergAll > 0 {
				counts["emergency loans"]++
				break
			}
		}
		counts["years"] += s.year
	}
	t.Logf("over %d games: %v", seeds, counts)
	if counts["end: loans repaid"] < seeds*3/4 {
		t.Errorf("most games should end with every loan of someone repaid: %d of %d", counts["end: loans repaid"], seeds)
	}
	for _, what := range []string{"end: bankruptcy", "emergency loans", "year end: last vine harvested", "year end: all but one passed",
		"festival start-player", "festival late-vintage", "festival special-delivery", "festival grape-juice",
		"festival young-wine", "festival new-growth", "festival demand", "festival cash", "festival pass",
		"a full vineyard discards", "new growth of a vine with a cube", "auction to a named column",
		"take by the tile's name", "bid by the tile's name", "round line", "festival null action"} {
		if counts[what] < 3 {
			t.Errorf("%s: %d times in %d games, want at least 3", what, counts[what], seeds)
		}
	}
	if avg := counts["years"] / seeds; avg < 4 || avg > 15 {
		t.Errorf("games last %d years on average, want 4 to 15", avg)
	}
}

func mustVaried(t *testing.T, players int, seed uint64) []byte {
	t.Helper()
	b, err := randomVaried(players, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRandomRefusals: the generator refuses what the replay refuses, in
// the replay's words.
func TestRandomRefusals(t *testing.T) {
	for _, c := range []struct {
		players  int
		variants []string
		want     string
	}{
		{6, nil, "Grand Cru is played by 2 to 5 players, not 6"},
		{1, nil, "Grand Cru is played by 2 to 5 players, not 1"},
		{3, []string{"sale-all"}, `unknown Grand Cru variant "sale-all" (see docs/rulings/grand-cru.md)`},
	} {
		_, err := random(c.players, 1, c.variants)
		if err == nil || err.Error() != c.want {
			t.Errorf("%d players, %v: got %v, want %s", c.players, c.variants, err, c.want)
		}
	}
}
