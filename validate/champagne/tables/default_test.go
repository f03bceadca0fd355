package tables

import (
	"os"
	"strings"
	"testing"
)

// TestDefaultParses guards the embedded file: Default panics if it breaks.
func TestDefaultParses(t *testing.T) {
	tb, diags := Parse(DefaultName, DefaultText())
	for _, d := range diags {
		t.Errorf("%s", d.Error())
	}
	if len(tb.Vineyards) != 36 {
		t.Errorf("%d vineyards, want 36", len(tb.Vineyards))
	}
	if !tb.Assumed || len(tb.AssumedItems) == 0 {
		t.Errorf("the defaults hold assumed values, Assumed is false")
	}
	if Default().Rounds != 10 {
		t.Errorf("rounds %d", Default().Rounds)
	}
}

// The Wine Merchant's levels print as the rulebook spells the bottles
// (name=, where the key typed in a record has no accent).
func TestMerchantLevelLabels(t *testing.T) {
	tb := Default()
	for key, want := range map[string]string{"easy": "Jéroboam, easy", "mathusalem": "Mathusalem, medium", "extreme": "Nabuchodonosor, extreme"} {
		m, ok := tb.MerchantLevel(key)
		if !ok {
			t.Errorf("no level %s", key)
		} else if m.Label() != want {
			t.Errorf("%s: %q, want %q", key, m.Label(), want)
		}
	}
}

// TestEveryLineSaysWhereFrom: each statement of the shipped file carries
// src=, so a reader knows which numbers are the game's and which assumed.
func TestEveryLineSaysWhereFrom(t *testing.T) {
	for i, raw := range strings.Split(string(DefaultText()), "\n") {
		s := strings.TrimSpace(raw)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if !strings.Contains(s, "src=") {
			t.Errorf("defaults.txt:%d: no src=: %s", i+1, s)
		}
	}
}

// TestVineyardCards checks the printed cards (research §3) and the
// derived totals the research cross-checked.
func TestVineyardCards(t *testing.T) {
	tb := Default()
	perGrape := map[string]int{}
	grapes := 0
	inheritance, wild := 0, 0
	for _, v := range tb.Vineyards {
		perGrape[v.Grape]++
		grapes += v.Grapes
		if v.Inheritance {
			inheritance++
			if v.Region != "marne" || v.Grape != "M" || v.Grapes != 3 {
				t.Errorf("Inheritance vineyard %s is %s %s×%d, want marne M×3", v.Key, v.Region, v.Grape, v.Grapes)
			}
		}
		if v.Wild(tb) {
			wild++
		}
	}
	if perGrape["M"] != 12 || perGrape["P"] != 12 || perGrape["C"] != 12 {
		t.Errorf("cards per grape %v, want 12 each", perGrape)
	}
	if grapes != 80 || inheritance != 4 || wild != 2 {
		t.Errorf("grapes %d (80), inheritance %d (4), wild %d (2)", grapes, inheritance, wild)
	}
	for _, q := range []struct {
		name, key, region, grape string
		n, pp, eco               int
	}{
		{"Damery", "damery", "marne", "M", 4, 0, 0},
		{"nogent-l'abesse", "nogent-l-abesse", "reims", "C", 1, 0, 0},
		{"Aÿ", "ay", "marne", "P", 2, 0, 0},
		{"LES RICEYS", "les-riceys", "bar", "P", 3, 2, 0},
		{"Vertus", "vertus", "blancs", "C", 3, 0, 1},
		{"vitry en perthois", "vitry-en-perthois", "vitryats", "C", 1, 0, 0},
	} {
		v, ok := tb.Vineyard(q.name)
		if !ok {
			t.Errorf("Vineyard(%q) not found", q.name)
			continue
		}
		if v.Key != q.key || v.Region != q.region || v.Grape != q.grape || v.Grapes != q.n || v.PP != q.pp || v.Eco != q.eco {
			t.Errorf("Vineyard(%q) = %+v", q.name, *v)
		}
	}
	if _, ok := tb.Vineyard("cramant"); ok {
		t.Errorf("cramant is not a card of the game")
	}
}

func TestBlends(t *testing.T) {
	tb := Default()
	for _, c := range []struct {
		wines string
		want  string
	}{
		{"CCC", "B"}, {"PMP", "N"}, {"cpm", "T"}, {"MMM", ""}, {"PPC", ""}, {"MMP", "N"}, {"MC", ""},
	} {
		if got := strings.Join(tb.BlendsInto(c.wines), ""); got != c.want {
			t.Errorf("BlendsInto(%s) = %q, want %q", c.wines, got, c.want)
		}
	}
	if !tb.CanBlend("t", "CMC") || tb.CanBlend("B", "CCM") {
		t.Errorf("CanBlend disagrees with the blend lines")
	}
	lenient := strings.Replace(string(DefaultText()), "option blends             table", "option blends             lenient", 1)
	tl, diags := Parse("lenient.txt", []byte(lenient))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if !tl.CanBlend("T", "MMM") || !tl.CanBlend("N", "PPP") || tl.CanBlend("N", "PPC") || tl.CanBlend("B", "CCM") {
		t.Errorf("lenient blends: T MMM %v, N PPC %v", tl.CanBlend("T", "MMM"), tl.CanBlend("N", "PPC"))
	}
}

func TestNumbers(t *testing.T) {
	tb := Default()
	if pos, ok := tb.Eco.Position(4); !ok || pos != 7 {
		t.Errorf("eco +4 is at position %d, want 7 (the rulebook's level 7)", pos)
	}
	if tb.Eco.Start != 0 || tb.Eco.Value(tb.Eco.MerchantStart) != 14 || tb.Eco.MerchantStart != tb.Eco.Top() {
		t.Errorf("eco start %d merchant %d", tb.Eco.Start, tb.Eco.MerchantStart)
	}
	if tb.Press.CapacityAt(5) != 5 || tb.Press.CapacityAt(40) != 17 || tb.Winery.CapacityOf(2) != 6 {
		t.Errorf("press/winery capacities")
	}
	if tb.Marketing.BonusFor(0) != 0 || tb.Marketing.BonusFor(4) != 3 || tb.Marketing.BonusFor(9) != 3 {
		t.Errorf("marketing bonus")
	}
	if tb.ShippingEco("france", "truck") != 1 || tb.ShippingEco("europe", "plane") != -2 {
		t.Errorf("shipping eco")
	}
	if m, ok := tb.Market("f07"); !ok || m.Cuvees != "TTT" || m.Value != 6 {
		t.Errorf("market F07 %+v", m)
	}
	if s, ok := tb.Spot("standard", "winery", "4"); !ok || s.Eco != -1 {
		t.Errorf("winery 4 %+v", s)
	}
	if s, ok := tb.Spot("standard", "shipping", "1"); !ok || !s.First || s.Row != "top" {
		t.Errorf("shipping 1 %+v", s)
	}
	if m, ok := tb.MerchantLevel("medium"); !ok || m.Key != "mathusalem" || m.Cuvees != 1 {
		t.Errorf("merchant medium %+v", m)
	}
	if tb.Option("major-split") != "floor" || tb.EventPP("falling-sales") != -2 {
		t.Errorf("options/events")
	}
	if len(tb.HighTension) != 3 || tb.InheritanceKeep != 3 {
		t.Errorf("high tension %v keep %d", tb.HighTension, tb.InheritanceKeep)
	}
	r := tb.ScoreRules()
	if r.DiversificationPP != 5 || r.MajorPP != 4 || r.StillBatch != 6 || r.CuveeBatch != 3 || r.CuveePP != 4 || r.ProtectionPP != 1 || len(r.Regions) != 5 {
		t.Errorf("score rules %+v", r)
	}
}

// TestBrokenFiles: a bad value is an error at its line and column.
func TestBrokenFiles(t *testing.T) {
	def := string(DefaultText())
	lineOf := func(s string) int {
		for i, l := range strings.Split(def, "\n") {
			if strings.HasPrefix(l, s) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", s)
		return 0
	}
	cases := []struct{ name, old, new, want string }{
		{"cuvee value", "cuvee N blanc-de-noirs  cube=P value=3", "cuvee N blanc-de-noirs  cube=P value=three",
			`%d:32: error: value= takes a whole number from -999 to 999, not "three"`},
		// No number is larger than a component could print: an engine
		// counts by them.
		{"huge value", "cuvee N blanc-de-noirs  cube=P value=3", "cuvee N blanc-de-noirs  cube=P value=1000",
			`%d:32: error: value= takes a whole number from -999 to 999, not "1000"`},
		{"huge effect", "spot winery 1 eco+1 ", "spot winery 1 eco+100000000000 ",
			`%d:15: error: "eco+100000000000" is not a placement effect: pp+N pp-N eco+N eco-N first partial link=X step=n|n+1 row=top|lower`},
		{"marketing spot missing", "spot marketing n1  step=n", "# spot marketing n1  step=n",
			"%d:1: error: the standard side's marketing zone has 1 step=n spot: it has two, n1 and n2, or none"},
		{"unknown region", `vineyard damery                "Damery"               marne`, `vineyard damery                "Damery"               marnes`,
			`%d:55: error: marnes is not a region of the tables (marne reims blancs sezanne bar, or vitryats for a Coteaux Vitryats card)`},
		{"grape letter", "blend T MPC MMC MCC", "blend T MPC MMX MCC",
			`%d:13: error: X is not a grape of the tables (M P C)`},
		{"unknown statement", "rounds 10", "round 10",
			`%d:1: error: unknown tables statement "round"`},
		{"src", "collaborators 3             src=rulebook", "collaborators 3             src=rulbook",
			`%d:29: error: src= says where a value comes from: rulebook | research | assumed | box, not "rulbook"`},
		{"box count", "vineyard sezanne ", "# vineyard sezanne ",
			`%d:20: error: the box holds 36 Vineyard cards, but the tables list 35`},
		{"box winery", "box winery-modules 32", "box winery-modules 30",
			`%d:20: error: the box holds 30 winery modules, fewer than the 32 that 4 full wineries (winery max=, max-players) take`},
		{"box collaborators", "box collaborators 3 ", "box collaborators 2 ",
			`%d:19: error: the box holds 2 collaborators of a colour (collaborators), but the tables list 3`},
		{"press levels", "press-capacity 1 2 3", "press-capacity 2 3",
			`%d:1: error: press-capacity lists 16 levels, but the press has 17`},
		{"unknown option", "option subsidies ", "option subsidy ",
			`%d:8: error: unknown option "subsidy" (see docs/rulings/age-of-champagne.md)`},
		{"eco order", "eco-track -3 -2 -1 0 1 2 3 4 5", "eco-track -3 -2 -4 0 1 2 3 4 5",
			`%d:17: error: the report's values rise from its bottom: -4 comes after -2`},
		{"open quote", `region marne   "Vallée de la Marne"`, `region marne   "Vallée de la Marne`,
			`%d:16: error: the quote opened here is never closed`},
		{"stray key", "cellar max=10", "cellar max=10 min=2",
			`%d:15: error: ` + "`cellar` takes no min="},
		{"inheritance vineyard", "inheritance V1 vineyard stars=3 vineyard=charly-sur-marne", "inheritance V1 vineyard stars=3 vineyard=damery",
			`%d:33: error: Damery is not marked ` + "`inheritance`" + ` among the Vineyard cards`},
		{"duplicate", "market france F02 TN", "market france F01 TN",
			`%d:15: error: Market card F01 is given twice`},
		// The engine plays the game's grapes, cuvées, sectors and zones:
		// others crashed it (a fourth sector, a grape X) or were ignored.
		{"grape not the game's", "grape M meunier    blue", "grape X meunier    blue",
			`%d:7: error: the game's grapes are M, P and C (meunier, pinot noir, chardonnay): a grape's letter is one of them, not X`},
		{"fourth grape", "# grape LETTER KEY colour", "grape G gris grey src=box",
			`%d:7: error: the game's grapes are M, P and C (meunier, pinot noir, chardonnay): a grape's letter is one of them, not G`},
		{"fourth cuvee", "# blend CUVEE WINES...:", "cuvee R rose cube=P value=5 src=box #",
			`%d:7: error: the game's cuvées are T, N and B (tradition brut, blanc de noirs, blanc de blancs): a cuvée's letter is one of them, not R`},
		{"fourth sector", "sector-eco europe        0    src=assumed", `sector asia "Asia" cards=1 tokens=0 src=box`,
			`%d:8: error: the Market board has 3 sectors: asia would be one more`},
		{"unknown zone", "zone marketing 4 ", "zone promo     4 ",
			`%d:6: error: the board's zones are vineyard, press, winery, marketing, shipping, draw, harvest, council, not "promo"`},
		{"zone number", "zone press     2 ", "zone press     5 ",
			`%d:16: error: the press zone is zone 2 of the board, not 5`},
		{"harvest auto", "zone harvest   7 auto", "zone harvest   7     ",
			"%d:6: error: the harvest zone, and no other, is resolved by everyone each round: write `auto` on the harvest line only"},
		{"zone missing", "zone council   8 ", "# zone council   8 ",
			"%d:1: error: the tables have no `zone council` line (a tables file replaces the defaults entirely: start from `vintner tables age-of-champagne`)"},
		// Each item once: a second line replaced or joined the first unseen.
		{"sector-eco twice", "sector-eco europe        0", "sector-eco france        0",
			`%d:12: error: sector-eco france is given twice`},
		{"event-effect twice", "event-effect sales-increase pp=+2", "event-effect falling-sales pp=+2",
			`%d:14: error: event-effect falling-sales is given twice`},
		{"high-tension twice", "high-tension draw 2", "high-tension press 2",
			`%d:14: error: the press zone already has its High Tension disc`},
		{"merchant alias twice", "merchant-level mathusalem     medium", "merchant-level mathusalem     easy  ",
			`%d:31: error: easy already names the Wine Merchant level jeroboam`},
		{"unknown box component", "box discs 3 ", "box disks 3 ",
			`%d:5: error: unknown box component "disks": vineyard-cards, market-cards, inheritance-cards, event-cards, bonus-tokens, winery-modules, cubes-per-colour, collaborators, discs`},
		{"no cubes", "box cubes-per-colour 60", "box cubes-per-colour 0 ",
			`%d:22: error: the cubes of a colour must be at least 1, not 0`},
		{"cubes missing", "box cubes-per-colour 60", "# box cubes-per-colour 60",
			"%d:1: error: the tables have no `box cubes-per-colour` line (a tables file replaces the defaults entirely: start from `vintner tables age-of-champagne`)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := lineOf(c.old)
			if n == 0 {
				t.Fatalf("the defaults have no line %q to break", c.old)
			}
			data := strings.Replace(def, c.old, c.new, 1)
			_, diags := Parse("my.txt", []byte(data))
			if len(diags) == 0 {
				t.Fatalf("accepted")
			}
			want := "my.txt:" + strings.Replace(c.want, "%d", itoa(n), 1)
			if c.name == "box count" {
				want = "my.txt:" + strings.Replace(c.want, "%d", itoa(lineOf("box vineyard-cards")), 1)
			}
			if strings.HasSuffix(c.name, "missing") { // reported after the last line
				want = "my.txt:" + strings.Replace(c.want, "%d", itoa(strings.Count(strings.TrimRight(def, "\n"), "\n")+2), 1)
			}
			if got := diags[0].Error(); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
		})
	}
}

func itoa(n int) string {
	var b []byte
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

func TestMissingStatement(t *testing.T) {
	_, diags := Parse("short.txt", []byte("rounds 10 src=box\n"))
	if !diags.HasErrors() {
		t.Fatal("a file with only rounds was accepted")
	}
	if len(diags) != 1 || !strings.HasPrefix(diags[0].Error(), "short.txt:2:1: error: the tables have no `events-drawn`, `collaborators`, ") {
		t.Errorf("got %v", diags)
	}
}

func TestInForce(t *testing.T) {
	b, diags := InForce(nil, "")
	if diags.HasErrors() || string(b) != string(DefaultText()) {
		t.Errorf("InForce(nil) is not the defaults")
	}
	b, diags = InForce([]byte("rounds ten\n"), "x.txt")
	if b != nil || !diags.HasErrors() || diags[0].Line != 1 {
		t.Errorf("InForce(bad) = %q, %v", b, diags)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"Nogent-l'Abesse": "nogent-l-abesse", "Aÿ": "ay", " Épernay ": "epernay", "Œnothèque": "oenotheque", "Le Mesnil-sur-Oger": "le-mesnil-sur-oger"} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzParse: no input makes Parse panic, and every error has a position
// inside the file.
func FuzzParse(f *testing.F) {
	f.Add(DefaultText())
	f.Add([]byte("rounds 10 src=rulebook\nblend T MPC\n"))
	f.Add([]byte("vineyard \"x\ncuvee T t cube=Q value=-\n"))
	f.Add([]byte("eco-track 1 0\neco start=9 merchant=x top-pp=1 bottom-pp=1\n"))
	f.Add([]byte("spot press 1 pp+1 link= step=n+2\nmarket x y z 1 q\n\xff\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, diags := Parse("f.txt", data)
		lines := strings.Count(string(data), "\n") + 2
		for _, d := range diags {
			if d.Line < 0 || d.Line > lines || d.Message == "" {
				t.Fatalf("diagnostic out of the file: %+v", d)
			}
		}
	})
}

// TestRulingsDocumented: every option of the tables is a named ruling in
// docs/rulings/age-of-champagne.md, with its default.
func TestRulingsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/rulings/age-of-champagne.md")
	if err != nil {
		t.Fatal(err)
	}
	tb := Default()
	for _, o := range KnownOptions {
		row := "| `" + o.Name + "` | `" + o.Values[0] + "` |"
		if !strings.Contains(string(doc), row) {
			t.Errorf("the rulings do not list option %s with default %s", o.Name, o.Values[0])
		}
		if tb.Option(o.Name) != o.Values[0] {
			t.Errorf("defaults.txt sets %s to %s, not its default %s", o.Name, tb.Option(o.Name), o.Values[0])
		}
	}
}
