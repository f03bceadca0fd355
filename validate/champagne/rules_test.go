package champagne

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
)

const setup2 = `game age-of-champagne
players Ann Ben
offers urville essomes-sur-marne
market france F10 NNN 9 truck
market france F01 TT 4 truck
market europe E06 NNB 11 truck
market europe E16 NNNB 15 plane
market international I05 TNBB 16 boat
market international I15 TNNNB 19 plane
Ann: inherit V2 P3 V3
Ben: inherit W1 P2 P1
`

// started replays a record's lines and returns the state (failing on error).
func started(t *testing.T, text string) *state {
	t.Helper()
	rec, diags := validate.Parse("t.vin", []byte(text), validate.Limits{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	s, e := newState(defaultRules(), rec)
	if e != nil {
		t.Fatal(e.msg)
	}
	for _, l := range rec.Lines {
		if e := s.apply(l); e != nil {
			t.Fatalf("line %d: %s", l.Num, e.msg)
		}
	}
	s.advance()
	return s
}

func TestSetupInheritanceAndCouncil(t *testing.T) {
	s := started(t, setup2)
	ann, ben := s.players[0], s.players[1]
	// V2 (2 stars, Mareuil-le-Port) + P3 (1 star, press +4) + V3 (1 star, Trélou, eco +1).
	if ann.stars != 4 || ann.press != 5 || len(ann.vines) != 2 || s.r.ecoValue(ann.eco) != -2 {
		t.Errorf("Ann: stars %d press %d vines %d eco %d", ann.stars, ann.press, len(ann.vines), s.r.ecoValue(ann.eco))
	}
	// W1 (3) + P2 (1, press +3, cellar T) + P1 (2, press +3): 6 stars.
	if ben.stars != 6 || ben.press != 7 || ben.modules != 2 || cubes(ben.cellar, cuveeLetters) != "T" {
		t.Errorf("Ben: stars %d press %d modules %d cellar %s", ben.stars, ben.press, ben.modules, cubes(ben.cellar, cuveeLetters))
	}
	if s.order[0] != 1 || s.next().kind != wEvent {
		t.Errorf("Ben has more stars and plays first; order %v, next %v", s.order, s.next().kind)
	}
}

func TestEcoSpillsAtBothEnds(t *testing.T) {
	s := started(t, setup2)
	p := s.players[0]
	p.eco, p.pp = 0, 5
	s.gainEco(p, -2)
	if p.eco != 0 || p.pp != 3 {
		t.Errorf("at the bottom each loss is -1 PP: eco %d pp %d", p.eco, p.pp)
	}
	top := len(s.r.EcoValues) - 1
	p.eco = top - 1
	s.gainEco(p, 3)
	if p.eco != top || p.pp != 5 {
		t.Errorf("at the top each gain is +1 PP: eco %d pp %d", p.eco, p.pp)
	}
}

// TestEcoSpillAtSetup: players who start on the top of the report gain a
// point for V3's eco+1 at setup by default, and none under eco-spill
// ignored-at-setup; in play the step is a point under both.
func TestEcoSpillAtSetup(t *testing.T) {
	for _, ignored := range []bool{false, true} {
		text := strings.Replace(string(tables.DefaultText()), "eco start=-3 ", "eco start=14 ", 1)
		if ignored {
			text = strings.Replace(text, "option eco-spill          immediate", "option eco-spill ignored-at-setup", 1)
		}
		tb, diags := tables.Parse("opt", []byte(text))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		rec, diags := validate.Parse("t.vin", []byte(setup2), validate.Limits{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		s, e := newState(fromTables(tb), rec)
		if e != nil {
			t.Fatal(e.msg)
		}
		for _, l := range rec.Lines {
			if e := s.apply(l); e != nil {
				t.Fatalf("line %d: %s", l.Num, e.msg)
			}
		}
		s.advance()
		ann := s.players[0]
		want := 1 // V3's eco+1, past the top
		if ignored {
			want = 0
		}
		if ann.pp != want {
			t.Errorf("eco-spill ignored-at-setup %v: Ann has %d PP after the setup, want %d", ignored, ann.pp, want)
		}
		s.round = 1
		s.gainEco(ann, 1)
		if ann.pp != want+1 {
			t.Errorf("eco-spill ignored-at-setup %v: a step past the top in play gives %d PP, want 1", ignored, ann.pp-want)
		}
	}
}

func TestPressTokenAndBeyondTheTop(t *testing.T) {
	s := started(t, setup2)
	p := s.players[0]
	p.press, p.pp = s.r.PressTokenAt-1, 0
	if !s.raisePress(0, 1, true) {
		t.Error("reaching level 14 draws a token")
	}
	if s.raisePress(0, 1, true) {
		t.Error("the level-14 token is drawn once")
	}
	p.press = s.r.PressMax
	s.raisePress(0, 2, true)
	if p.press != s.r.PressMax || p.pp != 2 {
		t.Errorf("past the top: press %d pp %d, want %d and 2", p.press, p.pp, s.r.PressMax)
	}
}

func TestAgeTwoModulesRaiseEco(t *testing.T) {
	s := started(t, setup2)
	p := s.players[1]
	eco := p.eco
	for p.modules < s.r.ModulesRow {
		s.addModule(p)
	}
	if p.eco != eco {
		t.Error("Age I modules give no eco")
	}
	s.addModule(p)
	if p.eco != eco+s.r.Age2Eco {
		t.Error("an Age II module raises the eco report")
	}
	for range 10 {
		s.addModule(p)
	}
	if p.modules != s.r.ModulesMax {
		t.Errorf("%d modules, the board holds %d", p.modules, s.r.ModulesMax)
	}
}

// TestShippingPoints: card value, event, marketing bonus, partial delivery
// and transport eco.
func TestShippingPoints(t *testing.T) {
	text := setup2 + `reveal sales-increase europe
Ben: shipping 3
Ann: press 1
Ben: council 1
Ann: press 2
Ben: council 2
Ann: press 3
`
	s := started(t, text)
	ben := s.players[1]
	ben.cellar = [3]int{0, 2, 0}
	ben.grid = [3]int{0, 2, 0} // two Blanc de noirs on the grid: +1 each shipped
	pp, eco := ben.pp, ben.eco
	// Press resolves first: three `token` lines are not due (no linked pair
	// for Ann on 1-2-3 but 3 and 4 are linked: none). Ship E06 NNB short B.
	s.advance()
	for s.next().kind != wShip {
		t.Fatalf("expected Ben's shipping, next is %v", s.expectText())
	}
	rec, _ := validate.Parse("t.vin", []byte("game age-of-champagne\nplayers Ann Ben\nBen: ship E06 short B keep eco\n"), validate.Limits{})
	if e := s.apply(rec.Lines[0]); e != nil {
		t.Fatal(e.msg)
	}
	// 11 + 2 (sales increase) - 4 (Blanc de blancs not shipped) + 2×1 (grid bonus) = 11,
	// the partial delivery spot has no effect; the eco token +2, truck to europe 0.
	if got := ben.pp - pp; got != 11 {
		t.Errorf("Ben gained %d PP, want 11", got)
	}
	if got := ben.eco - eco; got != 2 {
		t.Errorf("Ben's eco moved %d, want 2 (the eco token)", got)
	}
	if s.sectors[1].active.ID != "E16" || s.next().kind != wMarket {
		t.Errorf("E16 comes down and a refill is due; active %s next %s", s.sectors[1].active.ID, s.expectText())
	}
}

// TestMerchantChoice: most points, then eco, then a token, then the
// destination.
func TestMerchantChoice(t *testing.T) {
	text := strings.Replace(setup2, "players Ann Ben\n", "players Ann Ben\nvariant merchant=extreme\n", 1)
	text = strings.Replace(text, "offers urville essomes-sur-marne\n", "offers urville essomes-sur-marne damery\n", 1)
	s := started(t, text+"reveal perfect-climate\nmerchant shipping 1 cuvees T\n")
	m := s.merchant
	// Top row, extreme cellar (3 of each, plus T): every card is possible.
	best := s.merchantBest(0, nil, m.cellar)
	if len(best) != 1 || best[0].ID != "I15" {
		t.Fatalf("the Merchant takes the card worth the most (I15, 19), got %v", ids(best))
	}
	// Equal value: F10 NNN 9 truck (eco +1) against a europe card of 9 by truck (eco 0).
	s.sectors[1].active = &marketCard{ID: "E03", Sector: 1, Cuvees: [3]int{1, 2, 0}, PP: 9, Transport: "truck"}
	s.sectors[2].active, s.sectors[2].prov = nil, nil
	s.sectors[1].prov, s.sectors[0].prov = nil, nil
	best = s.merchantBest(2, nil, m.cellar)
	if len(best) != 1 || best[0].ID != "F10" {
		t.Errorf("on equal points the better eco report wins (F10), got %v", ids(best))
	}
}

// TestMerchantCuveesInWords: the event card's cuvées may be written in
// several words (T N B), as every list of cubes is; the line was refused.
func TestMerchantCuveesInWords(t *testing.T) {
	text := strings.Replace(setup2, "players Ann Ben\n", "players Ann Ben\nvariant merchant=easy\n", 1)
	text = strings.Replace(text, "offers urville essomes-sur-marne\n", "offers urville essomes-sur-marne damery\n", 1)
	s := started(t, text+"reveal perfect-climate\nmerchant shipping 1 cuvees T N B\n")
	if got := cubes(s.merchant.cellar, cuveeLetters); got != "TNB" {
		t.Errorf("the Merchant's cellar holds %s, want TNB", got)
	}
}

func ids(cs []*marketCard) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// TestHarvestCappedByPressAndWinery: the harvest asks for a choice only
// when the press or the winery binds, and takes exactly what fits.
func TestHarvestCappedByPressAndWinery(t *testing.T) {
	s := started(t, setup2)
	ann := s.players[0]
	ann.still = [3]int{}
	ann.press = 2
	if got := s.capacity(ann); got != s.r.pressCap(2) {
		t.Errorf("capacity %d, want the press's %d", got, s.r.pressCap(2))
	}
	ann.press = 17
	ann.modules = 1
	if got := s.capacity(ann); got != s.r.wineryCap(1) {
		t.Errorf("capacity %d, want the winery's %d", got, s.r.wineryCap(1))
	}
}

// inlineInheritance writes a table card by its contents.
func inlineInheritance(c inheritCard) string {
	var f []string
	switch c.Kind {
	case "vineyard":
		f = append(f, "vineyard:"+c.Vine)
	case "press":
		f = append(f, fmt.Sprintf("press+%d", c.Press))
	case "winery":
		f = append(f, fmt.Sprintf("winery+%d", c.Modules))
	}
	f = append(f, fmt.Sprintf("stars=%d", c.Stars))
	if c.Eco > 0 {
		f = append(f, fmt.Sprintf("eco+%d", c.Eco))
	}
	if sum3(&c.Cellar) > 0 {
		f = append(f, "cellar="+cubes(c.Cellar, cuveeLetters))
	}
	if sum3(&c.Still) > 0 {
		f = append(f, "still="+cubes(c.Still, grapeLetters))
	}
	return strings.Join(f, " ")
}

// TestInheritanceDeclaredInline: a game whose inherit lines give the cards'
// contents instead of their ids replays to the same result, the draft
// included (the contents name the tables' cards).
func TestInheritanceDeclaredInline(t *testing.T) {
	for _, players := range []int{1, 2, 3, 4} {
		data, err := generate(players, 11, nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		rewritten := 0
		for _, l := range strings.Split(string(data), "\n") {
			name, rest, ok := strings.Cut(l, ": inherit ")
			if ok {
				var cards []string
				for _, id := range strings.Fields(rest) {
					cards = append(cards, inlineInheritance(*defaultRules().inheritance(id)))
				}
				l = name + ": inherit " + strings.Join(cards, " , ")
				rewritten++
			}
			out = append(out, l)
		}
		if rewritten != players {
			t.Fatalf("%d players: %d inherit lines rewritten", players, rewritten)
		}
		a, b := check(t, "ids.vin", data), check(t, "inline.vin", []byte(strings.Join(out, "\n")))
		if !b.Valid() || b.Result == nil {
			t.Fatalf("%d players: the inline form is rejected: %v", players, b.Diagnostics)
		}
		for i := range a.Result.Players {
			if a.Result.Players[i].Total != b.Result.Players[i].Total {
				t.Errorf("%d players: %s scores %d with ids, %d inline", players, a.Result.Players[i].Name, a.Result.Players[i].Total, b.Result.Players[i].Total)
			}
		}
	}
}

// TestInheritanceDeclaredContents: a card the tables do not know is played
// with the contents written (the spec's example: Verneuil with 2 stars).
func TestInheritanceDeclaredContents(t *testing.T) {
	s := started(t, strings.Replace(setup2, "Ann: inherit V2 P3 V3",
		"Ann: inherit vineyard:verneuil stars=2 eco+1 , press+2 stars=0 , winery+1 still=MM stars=4", 1))
	ann := s.players[0]
	if ann.stars != 6 || ann.vineStar != 2 || ann.press != 3 || ann.modules != 2 || cubes(ann.still, grapeLetters) != "MM" || s.r.ecoValue(ann.eco) != -2 {
		t.Errorf("Ann: stars %d (vineyard %d) press %d modules %d still %s eco %d", ann.stars, ann.vineStar, ann.press, ann.modules,
			cubes(ann.still, grapeLetters), s.r.ecoValue(ann.eco))
	}
	if len(ann.vines) != 1 || ann.vines[0].card.ID != "verneuil" {
		t.Errorf("Ann's vineyards: %v", ann.vines)
	}
	// Ann has 6 stars to Ben's 6; Ann's Vineyard inheritance card has 2, Ben has none.
	if s.order[0] != 0 {
		t.Errorf("Ann wins the star tie with her Vineyard inheritance card; order %v", s.order)
	}
}

// TestMerchantCorksFromTheOenotheque: under corks-defect
// cellar-then-oenotheque the Wine Merchant, his cellar empty, discards his
// least valuable cuvée from the œnothèque; by default he discards nothing.
func TestMerchantCorksFromTheOenotheque(t *testing.T) {
	for _, value := range []string{"cellar", "cellar-then-oenotheque"} {
		tb, diags := tables.Parse("opt", withOption(t, "corks-defect", value))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		s := &state{r: fromTables(tb), merchant: &player{merchant: true}}
		s.merchant.oeno = [3]int{0, 1, 1}
		s.merchantCorks()
		want := map[string]string{"cellar": "NB", "cellar-then-oenotheque": "B"}[value]
		if got := cubes(s.merchant.oeno, cuveeLetters); got != want {
			t.Errorf("corks-defect %s: the Merchant's œnothèque holds %s, want %s", value, got, want)
		}
	}
}

// TestCorksStepNamesTheOenotheque: under corks-defect
// cellar-then-oenotheque a player whose cellar is empty is asked for a
// cuvée of his œnothèque, not of his cellar.
func TestCorksStepNamesTheOenotheque(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{"cellar", "Ann discards a cuvée of the cellar for the corks defect: Ann: discard CUVEE"},
		{"cellar-then-oenotheque", "Ann discards a cuvée of the œnothèque for the corks defect: Ann: discard CUVEE"},
	} {
		tb, diags := tables.Parse("opt", withOption(t, "corks-defect", c.value))
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		s := &state{r: fromTables(tb), players: []*player{{name: "Ann", oeno: [3]int{0, 1, 0}}}}
		s.push(want{kind: wCorks})
		if got := s.expectText(); got != c.want {
			t.Errorf("corks-defect %s: %q, want %q", c.value, got, c.want)
		}
	}
}

// TestSubsidiesInTurnOrder: the subsidies' tokens come in council order,
// whatever the order of the spots.
func TestSubsidiesInTurnOrder(t *testing.T) {
	s := &state{order: []int{1, 0}, subsidies: []int{0, 1, 0}}
	s.paySubsidies()
	var got []int
	for len(s.pending) > 0 {
		got = append(got, int(s.next().who))
		s.pop()
	}
	if fmt.Sprint(got) != "[1 0 0]" {
		t.Errorf("tokens drawn by %v, want [1 0 0]", got)
	}
}

// TestDeclaredContentsAgainstTheBox: when the tables print the box's cards
// (no src=assumed), a market card or an inheritance card declared with
// other contents is refused; with the assumed defaults it is played as
// written.
func TestDeclaredContentsAgainstTheBox(t *testing.T) {
	var box []string
	for _, l := range strings.Split(string(tables.DefaultText()), "\n") {
		if strings.HasPrefix(l, "market ") || strings.HasPrefix(l, "inheritance ") {
			l = strings.Replace(l, "src=assumed", "src=box", 1)
		}
		box = append(box, l)
	}
	boxText := []byte(strings.Join(box, "\n"))
	cases := []struct{ from, to, want string }{
		{"market france F10 NNN 9 truck", "market france F10 NN 9 truck", "the tables print F10 as france NNN 9 truck"},
		{"Ann: inherit V2 P3 V3", "Ann: inherit V2 , P3 , vineyard:verneuil stars=2 eco+1",
			"no inheritance card of the tables has these contents (the tables print the box's cards: V1 V2 V3 V4 P1 P2 P3 P4 W1 W2 W3 W4)"},
	}
	for _, c := range cases {
		text := strings.Replace(setup2, c.from, c.to, 1) + "round 1\n"
		rep := validate.Check(games(), "box.vin", []byte(text), validate.Limits{}, validate.Options{Tables: boxText, TablesName: "box"})
		if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Message != c.want {
			t.Errorf("%s with the box's tables: want %q, got %v", c.to, c.want, rep.Diagnostics)
		}
		if rep := check(t, "assumed.vin", []byte(text)); len(rep.Diagnostics) != 1 || !strings.Contains(rep.Diagnostics[0].Message, "record ends") {
			t.Errorf("%s with the assumed tables: want it played as written, got %v", c.to, rep.Diagnostics)
		}
	}
}

// TestOnlyHarvest: the harvest is derived when it leaves no choice, and
// asked for otherwise.
func TestOnlyHarvest(t *testing.T) {
	cases := []struct {
		prod [3]int
		capa int
		take [3]int
		only bool
	}{
		{[3]int{2, 1, 0}, 5, [3]int{2, 1, 0}, true}, // everything fits
		{[3]int{4, 2, 1}, 0, [3]int{}, true},        // a full winery: nothing is pressed
		{[3]int{9, 0, 0}, 6, [3]int{6, 0, 0}, true}, // one kind of grape
		{[3]int{0, 0, 0}, 0, [3]int{}, true},        // nothing produced
		{[3]int{4, 2, 0}, 5, [3]int{}, false},       // a choice: MMMMP or MMMPP
	}
	for _, c := range cases {
		take, only := onlyHarvest(c.prod, c.capa)
		if only != c.only || (only && take != c.take) {
			t.Errorf("onlyHarvest(%v, %d) = %v, %v; want %v, %v", c.prod, c.capa, take, only, c.take, c.only)
		}
	}
}

// isDecimal agrees with strconv.Itoa: a check's number is compared
// without formatting it.
func TestIsDecimal(t *testing.T) {
	words := []string{"", "-", "+1", "01", "-01", "00", "-0", "1a", " 1", "1 ", "99999999999999999999"}
	for n := -120; n <= 120; n++ {
		words = append(words, strconv.Itoa(n))
	}
	for n := -120; n <= 120; n++ {
		for _, w := range words {
			if got, want := isDecimal(w, n), w == strconv.Itoa(n); got != want {
				t.Errorf("isDecimal(%q, %d) = %v, want %v", w, n, got, want)
			}
		}
	}
}

// isWord agrees with strings.ToLower, non-ASCII words included.
func TestIsWord(t *testing.T) {
	for _, target := range []string{"short", "none", "ship", "k"} {
		for _, w := range []string{"", "short", "SHORT", "Short", "shorT", "shor", "shorts", "none", "NONE", "ship", "SHIP", "shİp",
			"\u212a", "K", "k", "ſhip", "sho\u212at", "é", "shiP", "sHip"} {
			if got, want := isWord(w, target), strings.ToLower(w) == target; got != want {
				t.Errorf("isWord(%q, %q) = %v, want %v", w, target, got, want)
			}
		}
	}
}

// cubeCounts (byte lanes summed in a register) agrees with parseCubes on
// one word: letters of either case, other bytes, "-", "none", and words
// longer than a lane holds.
func TestCubeCounts(t *testing.T) {
	words := []string{"", "-", "none", "NONE", "NoNe", "nonE", "--", "M", "mpc", "MMPPCC", "TNB", "tnbT", "MX", "x", "M-",
		"MMx", "xMM", "MPCq", "TNBTn", // odd lengths: the last byte read on its own
		"é", "\u212a", "MMMMMMMMMMMM", strings.Repeat("M", 255), strings.Repeat("M", 256), strings.Repeat("mP", 300),
		strings.Repeat("C", 600) + "q", strings.Repeat("T", 700),
		// a piece of a long word is letters only: "-" and "none" are a whole word's
		strings.Repeat("B", 255) + "-", strings.Repeat("N", 255) + "none", strings.Repeat("M", 510) + "NONE"}
	for _, letters := range []string{grapeLetters, cuveeLetters} {
		for _, w := range words {
			got, ok := cubeCounts(w, letters)
			want, wantOK := parseCubes([]string{w}, letters)
			if !wantOK {
				want = [3]int{}
			}
			if got != want || ok != wantOK {
				t.Errorf("cubeCounts(%.20q, %s) = %v, %v; want %v, %v", w, letters, got, ok, want, wantOK)
			}
		}
	}
}

// TestLowerUpperAsStrings checks lower and upper's table of case marks
// against strings.ToLower and ToUpper: every byte alone, and words.
func TestLowerUpperAsStrings(t *testing.T) {
	words := []string{"", "epernay", "Epernay", "EPERNAY", "essomes-sur-marne", "F12", "f12", "œnothèque", "Œnothèque", "V1", "a-Z", "İ", "\xff"}
	for b := 0; b < 256; b++ {
		words = append(words, string([]byte{byte(b)}), "x"+string([]byte{byte(b)}))
	}
	for _, w := range words {
		if got := lower(w); got != strings.ToLower(w) {
			t.Errorf("lower(%q) = %q, want %q", w, got, strings.ToLower(w))
		}
		if got := upper(w); got != strings.ToUpper(w) {
			t.Errorf("upper(%q) = %q, want %q", w, got, strings.ToUpper(w))
		}
		if got, want := asciiLower(w), strings.ToLower(w) == w && isASCII(w); got != want {
			t.Errorf("asciiLower(%q) = %v, want %v", w, got, want)
		}
	}
}

// A player cannot take the Wine Merchant's name: the results would hold
// two rows of it. Refused at the name, as a tally refuses it.
func TestAPlayerCalledTheWineMerchantIsRefused(t *testing.T) {
	rep := validate.Check(games(), "w.vin", []byte("game age-of-champagne\nplayers Ann \"wine merchant\"\n"), validate.Limits{}, validate.Options{})
	want := `w.vin:2:13: error: "wine merchant" is the Wine Merchant's name in the results: a player is called otherwise`
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != want {
		t.Errorf("%v\nwant %s", rep.Diagnostics, want)
	}
}

// A player may be called Merchant: chosen-by= with his name names him,
// not the Wine Merchant (as partner NAME does); merchant in another case
// still names the Wine Merchant.
func TestChosenByAPlayerCalledMerchant(t *testing.T) {
	data, err := generate(2, 10, []string{"merchant=medium"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "chosen-by=Ann") {
		t.Fatal("seed 10 no longer has Ann choose a key: pick a seed that does")
	}
	text := regexp.MustCompile(`\bAnn\b`).ReplaceAllString(string(data), "Merchant")
	rep := validate.Check(games(), "m.vin", []byte(text), validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) != 0 {
		t.Errorf("a player called Merchant chooses the key: %v", rep.Diagnostics)
	}
	text = strings.Replace(text, "chosen-by=Merchant", "chosen-by=merchant", 1)
	rep = validate.Check(games(), "m.vin", []byte(text), validate.Limits{}, validate.Options{})
	want := "not the Wine Merchant"
	if len(rep.Diagnostics) == 0 || !strings.Contains(rep.Diagnostics[0].Error(), want) {
		t.Errorf("chosen-by=merchant names the Wine Merchant: %v, want %q", rep.Diagnostics, want)
	}
}

// A generated game's comment is the command that prints it again: with
// the variants asked for, which the seed does not pick then.
func TestGeneratedByPrintsTheGameAgain(t *testing.T) {
	for _, c := range []struct {
		players  int
		seed     uint64
		variants []string
	}{{2, 4, nil}, {2, 4, []string{"standard"}}, {1, 3, []string{"merchant=medium"}}, {3, 9, []string{"high-tension", "first-game"}}} {
		data, err := generate(c.players, c.seed, c.variants)
		if err != nil {
			t.Fatal(err)
		}
		var comment string
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "# generated by vintner random age-of-champagne ") {
				comment = l
				break
			}
		}
		f := strings.Fields(comment)
		var players int
		var seed uint64
		var variants []string
		for i := 0; i+1 < len(f); i++ {
			switch f[i] {
			case "--players":
				players, _ = strconv.Atoi(f[i+1])
			case "--seed":
				seed, _ = strconv.ParseUint(f[i+1], 10, 64)
			case "--variant":
				variants = strings.Split(f[i+1], ",")
			}
		}
		again, err := generate(players, seed, variants)
		if err != nil || string(again) != string(data) {
			t.Errorf("%q does not print the game of %+v again (%v)", comment, c, err)
		}
	}
}

// The grammar read after the replay stops knows the check keys the replay
// knows, and reads their lists of cubes and their counts as the replay
// does.
func TestCheckGrammarKnowsTheReplaysKeys(t *testing.T) {
	s := started(t, setup2)
	for _, key := range append(checkKeys, "bogus", "prestige") {
		q, known := s.checkQuantity(0, s.players[0], key)
		value := "-" // none, for a list or the council before its first order
		if q.isNum {
			value = "0"
		}
		rec, diags := validate.Parse("t.vin", []byte("game age-of-champagne\nplayers Ann Ben\ncheck Ann "+key+"="+value+"\n"), validate.Limits{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		e := checkGrammar(rec.Lines[0])
		if (e == nil) != known {
			t.Errorf("%s: the replay knows it %v, the grammar's error is %v", key, known, e)
		}
	}
	// A count that is no number is the replay's error; a negative one and
	// the council's - are read.
	nums, _ := validate.Parse("t.vin", []byte("game age-of-champagne\nplayers Ann Ben\ncheck Ann eco=-2 council=- pp=3x\n"), validate.Limits{})
	if e := checkGrammar(nums.Lines[0]); e == nil || e.msg != `pp is checked as a whole number: write pp=3, not "3x"` || e.tok != nums.Lines[0].Pairs()[2].Tok {
		t.Errorf("pp=3x: %v", e)
	}
	rec, _ := validate.Parse("t.vin", []byte("game age-of-champagne\nplayers Ann Ben\ncheck Ann grid=TNX\n"), validate.Limits{})
	if e := checkGrammar(rec.Lines[0]); e == nil || e.msg != `"X" is not a cuvée: the cuvées are T (Tradition Brut), N (Blanc de noirs) and B (Blanc de blancs)` {
		t.Errorf("grid=TNX: %v", e)
	}
}

// TestDiscOnMarketingIsNoCollaborator: the disc of an additional-action
// token moved on to a marketing n+1 spot is no collaborator (the player
// still places his 3), but it is his disc on the board: no other disc that
// round.
func TestDiscOnMarketingIsNoCollaborator(t *testing.T) {
	s := started(t, setup2)
	s.holdN1, s.holdDisc = [2]int{0, 1}, [2]bool{true, false}
	s.startRound()
	ann, ben := s.players[0], s.players[1]
	if got := s.available(0); got != s.r.Collaborators {
		t.Errorf("Ann's disc waits on n1+: she places %d collaborators, want %d", got, s.r.Collaborators)
	}
	if !ann.discUsed {
		t.Error("Ann's disc is on the board: she has no other disc this round")
	}
	if got := s.available(1); got != s.r.Collaborators-1 || ben.discUsed {
		t.Errorf("Ben's collaborator waits on n2+: he places %d, want %d (disc used %v)", got, s.r.Collaborators-1, ben.discUsed)
	}
}

// A Council move puts the pawn at the spot's turn position, the others
// closing up or making room (ruling E29).
func TestCouncilMove(t *testing.T) {
	for _, c := range []struct {
		order  []int
		who, k int
		want   []int
	}{
		{[]int{0, 1, 2, 3}, 0, 2, []int{1, 2, 0, 3}}, // A B C D, A to spot 3: B C A D
		{[]int{0, 1, 2, 3}, 3, 0, []int{3, 0, 1, 2}}, // D to spot 1: D A B C
		{[]int{0, 1, 2, 3}, 1, 1, []int{0, 1, 2, 3}}, // B stays
		{[]int{1, 0}, 1, 5, []int{0, 1}},             // past the end: the last space
	} {
		got := councilMove(slices.Clone(c.order), c.who, c.k)
		if !slices.Equal(got, c.want) {
			t.Errorf("%v, %d to %d: %v, want %v", c.order, c.who, c.k, got, c.want)
		}
	}
}

// TestEveryCheckKeyHasWords: a check that differs names the count in the
// rulebook's words next to the key written.
func TestEveryCheckKeyHasWords(t *testing.T) {
	for _, key := range append(append([]string{}, checkKeys...), merchantCheckKeys...) {
		if checkKeyWords[key] == "" {
			t.Errorf("check key %s has no words in checkKeyWords", key)
		}
	}
}

// TestPartnerShipsFromTheOenotheque: under oenotheque-shipping yes a
// trade partner provides his cuvée from the œnothèque when his cellar has
// none, as the active player ships; by default only from the cellar.
func TestPartnerShipsFromTheOenotheque(t *testing.T) {
	text, err := os.ReadFile("../../testdata/champagne/valid/3p-trade-partnership.vin")
	if err != nil {
		t.Fatal(err)
	}
	rec, diags := validate.Parse("t.vin", text, validate.Limits{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	const shipLine = 142 // Ann: ship F10 partner Cal N …
	for _, fromOeno := range []bool{false, true} {
		r := defaultRules()
		r.on.OenothequeShippingYes = fromOeno
		s, e := newState(r, rec)
		if e != nil {
			t.Fatal(e.msg)
		}
		var ship *validate.Line
		for _, l := range rec.Lines {
			if l.Num == shipLine {
				ship = l
				break
			}
			if e := s.apply(l); e != nil {
				t.Fatalf("line %d: %s", l.Num, e.msg)
			}
		}
		cal := s.players[2]
		// Cal's Blanc de noirs wait in his œnothèque instead.
		cal.oeno[1] += cal.cellar[1]
		cal.cellar[1] = 0
		oeno := cal.oeno[1]
		e = s.apply(ship)
		switch {
		case !fromOeno && (e == nil || e.msg != "Cal, the partner, has no N in the cellar to provide"):
			t.Errorf("by default: %v", e)
		case fromOeno && e != nil:
			t.Errorf("under oenotheque-shipping yes: %s", e.msg)
		case fromOeno && cal.oeno[1] != oeno-1:
			t.Errorf("under oenotheque-shipping yes Cal's œnothèque holds %d N, want %d", cal.oeno[1], oeno-1)
		}
	}
}

// TestMerchantKeepsLandWithoutRegion: the Wine Merchant discards a land
// ownership token unplaced, so his record names no region (keep land);
// keep land-REGION is still read.
func TestMerchantKeepsLandWithoutRegion(t *testing.T) {
	text := strings.Replace(setup2, "players Ann Ben\n", "players Ann Ben\nvariant merchant=extreme\n", 1)
	text = strings.Replace(text, "offers urville essomes-sur-marne\n", "offers urville essomes-sur-marne damery\n", 1)
	for _, keep := range []string{"land", "land-marne"} {
		s := started(t, text+"reveal perfect-climate\nmerchant shipping 3 cuvees T\n"+
			"Ben: press 1\nAnn: press 2\nBen: press 3\nAnn: press 4\nBen: winery 1\nAnn: winery 2\n"+
			"merchant ship I05 keep "+keep+" , E06 keep prestige-2\n")
		m := s.merchant
		if s.tokensOut[s.r.tk.land] != 1 || len(m.land) != 0 || m.pp != 16+11+2 {
			t.Errorf("keep %s: land tokens out %d, the Merchant's land %v, pp %d (want 1, none, 29)", keep, s.tokensOut[s.r.tk.land], m.land, m.pp)
		}
	}
}

// TestMerchantClaim: `merchant claim N` is compared with his final score
// as a player's claim is, once, and only after the game's end.
func TestMerchantClaim(t *testing.T) {
	game, err := os.ReadFile("../../testdata/champagne/valid/solo-medium.vin")
	if err != nil {
		t.Fatal(err)
	}
	claim := func(text string) *validate.Report {
		return validate.Check(games(), "s.vin", []byte(text), validate.Limits{}, validate.Options{})
	}
	rep := claim(string(game))
	if !rep.Valid() || rep.Result.Player("Wine Merchant") == nil {
		t.Fatalf("the solo record: %v", rep.Diagnostics)
	}
	total := rep.Result.Player("Wine Merchant").Total
	rep = claim(fmt.Sprintf("%smerchant claim %d\n", game, total))
	if n := len(rep.Claims); !rep.Valid() || n == 0 || rep.Claims[n-1].Player != "Wine Merchant" || rep.Claims[n-1].Claimed != total || rep.Claims[n-1].Computed != total {
		t.Errorf("his claim as the rules give it: %v, claims %v", rep.Diagnostics, rep.Claims)
	}
	rep = claim(fmt.Sprintf("%smerchant claim %d\n", game, total-1))
	if want := fmt.Sprintf("Wine Merchant claimed %d points, the rules give %d (", total-1, total); len(rep.Diagnostics) != 1 || !strings.HasPrefix(rep.Diagnostics[0].Message, want) {
		t.Errorf("a claim that differs: want %q…, got %v", want, rep.Diagnostics)
	}
	rep = claim(fmt.Sprintf("%smerchant claim %d\nmerchant claim %d\n", game, total, total))
	if len(rep.Diagnostics) != 1 || !strings.HasPrefix(rep.Diagnostics[0].Message, "Wine Merchant's claim is written twice (first at line ") {
		t.Errorf("a claim written twice: %v", rep.Diagnostics)
	}
	early := strings.Replace(string(game), "\nreveal global-pandemic\n", "\nmerchant claim 5\nreveal global-pandemic\n", 1)
	if early == string(game) {
		t.Fatal("the record has no global pandemic in round 2")
	}
	rep = claim(early)
	if len(rep.Diagnostics) == 0 || !strings.HasPrefix(rep.Diagnostics[0].Message, "the Wine Merchant's claim comes before the game ends (round 2): next, round 2's event card is revealed") {
		t.Errorf("a claim before the end: %v", rep.Diagnostics)
	}
}

// sameValue answers the usual check keys without checkQuantity: its
// answers are checkQuantity's, for every key and values of every shape.
func TestSameValueAsCheckQuantity(t *testing.T) {
	s := started(t, setup2)
	p := s.players[0]
	p.pp, p.press, p.modules = 3, 5, 2
	p.still, p.cellar, p.oeno, p.grid = [3]int{2, 1, 0}, [3]int{0, 1, 2}, [3]int{1, 0, 0}, [3]int{0, 0, 3}
	values := []string{"0", "1", "2", "3", "5", "-1", "03", "-", "none", "None", "x", "",
		"MMP", "MMMP", "PMM", "NTT", "TNN", "T", "BBB", "MPM", "C", "M"}
	for _, key := range append(checkKeys, "bogus", "Pp", "") {
		for _, v := range values {
			q, known := s.checkQuantity(0, p, key)
			want := false
			switch {
			case !known:
			case q.isNum:
				want = isDecimal(v, q.num)
			case q.cubes != nil:
				want = sameCubes(v, q.letters, q.cubes)
			}
			if got := s.sameValue(0, p, key, v); got != want {
				t.Errorf("%s=%s: sameValue says %v, checkQuantity %v", key, v, got, want)
			}
		}
	}
}

// TestUsualCheckPrintsWhatSameValueAccepts holds the line checkText
// compares a check line with to the pair-by-pair reading: for values of
// every sign and size (the eco report's too), each of its pairs is one
// sameValue accepts, and it reads as the generator wrote it before
// (fmt, cubes).
func TestUsualCheckPrintsWhatSameValueAccepts(t *testing.T) {
	s := started(t, setup2)
	p := s.players[0]
	src := rng.New(3)
	for range 2000 {
		p.pp, p.press, p.modules = src.Intn(61)-20, src.Intn(12), src.Intn(12)
		p.eco = src.Intn(len(s.r.EcoValues))
		for _, c := range []*[3]int{&p.still, &p.cellar, &p.oeno, &p.grid} {
			*c = [3]int{src.Intn(4), src.Intn(4), src.Intn(4)}
		}
		got := string(s.appendUsualCheck(nil, p))
		want := fmt.Sprintf("pp=%d eco=%d press=%d modules=%d still=%s cellar=%s oeno=%s grid=%s",
			p.pp, s.r.ecoValue(p.eco), p.press, p.modules, cubes(p.still, grapeLetters),
			cubes(p.cellar, cuveeLetters), cubes(p.oeno, cuveeLetters), cubes(p.grid, cuveeLetters))
		if got != want {
			t.Fatalf("printed %q, want %q", got, want)
		}
		for _, pair := range strings.Fields(got) {
			key, v, _ := strings.Cut(pair, "=")
			if !s.sameValue(0, p, key, v) {
				t.Fatalf("%q: sameValue refuses %s", got, pair)
			}
		}
		p.pp++ // a line of other values is not the printed one
		if string(s.appendUsualCheck(nil, p)) == got {
			t.Fatalf("%q printed again for other points", got)
		}
	}
}

// TestAppendCubesAsByOne holds appendCubes's runs written 16 bytes at a
// time to the loop over each cube, for every count up to 20 (over 16
// takes the loop) and buffers with and without the room it writes in:
// checkText would only miss a confirmation if the two differed, which
// no report would show.
func TestAppendCubesAsByOne(t *testing.T) {
	for _, room := range []int{0, 47, 48, 64, 192} {
		for k0 := range 21 {
			for k1 := range 21 {
				for k2 := range 21 {
					c := [3]int{k0, k1, k2}
					b := append(make([]byte, 0, 3+room), "pp="...)
					got := string(appendCubes(b, &c, grapeLetters))
					want := string(appendCubesByOne([]byte("pp="), &c, grapeLetters))
					if got != want {
						t.Fatalf("counts %v, room %d: %q, want %q", c, room, got, want)
					}
				}
			}
		}
	}
}

// TestCanBlendAsBlendList holds the table canBlend reads to the blends
// as the tables list them, for every count of each still wine, the
// impossible ones included.
func TestCanBlendAsBlendList(t *testing.T) {
	r := defaultRules()
	for cu := range 3 {
		for m := -1; m <= 4; m++ {
			for p := -1; p <= 4; p++ {
				for c := -1; c <= 4; c++ {
					want := slices.Contains(r.Blends[cu], [3]int{m, p, c})
					if got := r.canBlend(cu, m, p, c); got != want {
						t.Errorf("cuvée %c, M%d P%d C%d: canBlend %v, the blends %v", cuveeLetters[cu], m, p, c, got, r.Blends[cu])
					}
				}
			}
		}
	}
}
