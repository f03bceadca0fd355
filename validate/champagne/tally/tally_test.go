package tally

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

func scoreFile(t *testing.T, name string, data []byte, opt validate.Options) *validate.Report {
	t.Helper()
	rec, diags := validate.ParseTally(name, data, validate.Limits{}, "age-of-champagne")
	if diags.HasErrors() {
		return &validate.Report{Diagnostics: diags}
	}
	return ScoreTally(rec, opt)
}

// TestRulebookExample scores the rulebook's worked example: 81 + 26 = 107.
func TestRulebookExample(t *testing.T) {
	const file = "../../../testdata/champagne/tally/rulebook-example.vin"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rep := scoreFile(t, file, data, validate.Options{})
	for _, d := range rep.Diagnostics {
		t.Errorf("unexpected: %s", d.Error())
	}
	if rep.Result == nil {
		t.Fatal("no result")
	}
	ann := rep.Result.Player("Ann")
	if ann.Total != 107 {
		t.Errorf("Ann scores %d, the rulebook says 107 (%s)", ann.Total, rep.Result.Breakdown(ann))
	}
	// prestige, regions, major, still, cuvees, eco, protection
	if want := []int{81, 5, 8, 1, 8, 4, 0}; !reflect.DeepEqual(ann.Points, want) {
		t.Errorf("Ann's categories %v, want %v", ann.Points, want)
	}
	if ann.Rank != 1 {
		t.Errorf("Ann ranks %d, want 1", ann.Rank)
	}
	if len(rep.Claims) != 2 {
		t.Errorf("%d claims compared, want 2", len(rep.Claims))
	}
}

// TestSoloMerchant scores a solo game: the player ignores vineyards and
// winery, and loses to the Wine Merchant at medium.
func TestSoloMerchant(t *testing.T) {
	const file = "../../../testdata/champagne/tally/solo-merchant.vin"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rep := scoreFile(t, file, data, validate.Options{})
	for _, d := range rep.Diagnostics {
		t.Errorf("unexpected: %s", d.Error())
	}
	if rep.Result == nil {
		t.Fatal("no result")
	}
	ann, wm := rep.Result.Player("Ann"), rep.Result.Player("Wine Merchant")
	if ann.Total != 81 || wm.Total != 86 {
		t.Errorf("Ann %d, merchant %d; want 81 and 86", ann.Total, wm.Total)
	}
	if want := "lost to the Wine Merchant (Mathusalem, medium)"; ann.Level != want {
		t.Errorf("Ann's level %q, want %q", ann.Level, want)
	}
	if wm.Rank != 1 || ann.Rank != 2 {
		t.Errorf("ranks: merchant %d, Ann %d", wm.Rank, ann.Rank)
	}
	if wm.Seat != 0 || ann.Seat != 1 {
		t.Errorf("seats: merchant %d, Ann %d; want 0 (no seat, as in a replay) and 1", wm.Seat, ann.Seat)
	}
}

// TestTallyErrors checks each tally mistake is reported at its line and
// column with the exact message.
func TestTallyErrors(t *testing.T) {
	const head = "game age-of-champagne\nplayers Ann Ben\n"
	cases := []struct{ name, body, want string }{
		{"missing eco", "tally Ann pp=3\ntally Ben pp=1 eco=0\n",
			"t.vin:3:15: error: Ann's tally needs the eco-responsibility report (eco=N)"},
		{"eco off the report", "tally Ann pp=3 eco=+20\n",
			"t.vin:3:16: error: the eco-responsibility report has no +20 (it runs from -3 to +14)"},
		{"unknown key", "tally Ann pp=3 eco=0 cellars=4\n",
			"t.vin:3:22: error: cellars= is not a tally count (pp= eco= still= cellar= oeno= grid= council= protection= marne= reims= blancs= sezanne= bar=)"},
		// The scorepad's rows, typed by their printed names.
		{"pad's prestige", "tally Ann prestige=31 eco=0\n",
			"t.vin:3:11: error: \"prestige\" is the scorepad's row \"Prestige in play\": write pp=N, the prestige on the score track"},
		{"pad's regions", "tally Ann pp=3 eco=0 diversification-of-regions=6\n",
			"t.vin:3:22: error: \"diversification-of-regions\" is the scorepad's row \"Diversification of regions\", which vintner works out from the Vineyard cards held in each region: write them (marne= reims= blancs= sezanne= bar=)"},
		{"pad's major", "tally Ann pp=3 eco=0 major=6\n",
			"t.vin:3:22: error: \"major\" is the scorepad's row \"Major vineyards\", which vintner works out from the Vineyard cards held in each region: write them, with /GRAPES where players tie (marne= reims= blancs= sezanne= bar=)"},
		{"pad's cuvees", "tally Ann pp=3 eco=0 cuvées=4\n",
			"t.vin:3:22: error: \"cuvées\" is the scorepad's row \"Cuvées in the cellar\": write the cuvées in the cellar and in the œnothèque, cellar=N oeno=N (their points are worked out)"},
		{"pad's still wines", "tally Ann pp=3 eco=0 still-wines=2\n",
			"t.vin:3:22: error: \"still-wines\" is the scorepad's row \"Still wines in the winery\": write still=N, the still wines in the winery (their points are worked out)"},
		{"pad's eco", "tally Ann pp=3 eco-report=4\n",
			"t.vin:3:16: error: \"eco-report\" is the scorepad's row \"Eco-responsibility report\": write eco=N, the value on the report"},
		{"pad's protection", "tally Ann pp=3 eco=0 unused-protection-token=1\n",
			"t.vin:3:22: error: \"unused-protection-token\" is the scorepad's row \"Unused protection token\": write protection=yes for an unused token"},
		{"pad's total", "tally Ann pp=3 eco=0 total=51\n",
			"t.vin:3:22: error: \"total\" is the scorepad's row \"Total\", which vintner adds up from the counts: write the table's total as a claim line, `claim Ann 51`, to have it compared"},
		{"pad's total, merchant", "merchant pp=3 eco=4 total=x\n",
			"t.vin:3:21: error: \"total\" is the scorepad's row \"Total\", which vintner adds up from the counts: write the table's total as a claim line, `merchant claim POINTS`, to have it compared"},
		{"vitryats", "tally Ann pp=3 eco=0 vitryats=1\n",
			"t.vin:3:22: error: count a Coteaux Vitryats card among the cards of the region it was placed in (marne= reims= blancs= sezanne= bar=CARDS)"},
		{"cellar too full", "tally Ann pp=3 eco=0 cellar=11\n",
			"t.vin:3:22: error: the cellar holds at most 10 cuvées, not 11"},
		{"bad cuvee letter", "tally Ann pp=3 eco=0 cellar=TX\n",
			"t.vin:3:22: error: cellar= counts the cuvées in Ann's cellar: a number from 0 to 999 or their letters (TTNB), not \"TX\""},
		// A number past the bound is still a number: the message says the bound.
		{"huge still", "tally Ann pp=3 eco=0 still=1000000\n",
			"t.vin:3:22: error: still= counts the still wines in Ann's winery: a number from 0 to 999 or their letters (MMPC), not \"1000000\""},
		{"huge grapes", "tally Ann pp=3 eco=0 marne=1/1000\n",
			"t.vin:3:22: error: marne=1/1000: the grapes produced in Vallée de la Marne are a count from 0 to 999 (marne=1/5)"},
		{"missing player", "tally Ann pp=3 eco=0\n",
			"t.vin:2:13: error: the tally has no line for Ben: write `tally Ben pp=… eco=…`"},
		{"twice", "tally Ann pp=3 eco=0\ntally Ann pp=3 eco=0\n",
			"t.vin:4:7: error: Ann's tally is already on line 3"},
		{"majority tie needs grapes", "tally Ann pp=3 eco=0 reims=2\ntally Ben pp=3 eco=0 reims=2/5\n",
			"t.vin:3:22: error: Ann and Ben hold 2 Vineyard cards each in Montagne de Reims: write the grapes Ann produces there (reims=2/GRAPES) to settle the Major vineyard"},
		{"majority tie on one card", "tally Ann pp=3 eco=0 reims=1\ntally Ben pp=3 eco=0 reims=1/5\n",
			"t.vin:3:22: error: Ann and Ben hold 1 Vineyard card each in Montagne de Reims: write the grapes Ann produces there (reims=1/GRAPES) to settle the Major vineyard"},
		{"tie needs council", "tally Ann pp=3 eco=0\ntally Ben pp=3 eco=0 council=2\n",
			"t.vin:3:21: error: Ann and Ben are tied on 3 points and on the eco-responsibility report: the Council decides, write council=POSITION for Ann"},
		{"council clash", "tally Ann pp=3 eco=0 council=1\ntally Ben pp=3 eco=0 council=1\n",
			"t.vin:4:22: error: Ann and Ben cannot both be at position 1 of the Council"},
		{"too many cards", "tally Ann pp=3 eco=0 blancs=4\ntally Ben pp=3 eco=1 blancs=3\n",
			"t.vin:4:22: error: the players hold 7 Vineyard cards in Côte des Blancs, more than the 6 the box can put there"},
		{"two protection tokens", "tally Ann pp=3 eco=0 protection=yes\ntally Ben pp=3 eco=1 protection=yes\n",
			"t.vin:4:22: error: the box holds 1 Protection against the cold token, and 2 players hold one"},
		{"merchant vineyards", "tally Ann pp=3 eco=0\ntally Ben pp=3 eco=1\nmerchant pp=1 eco=14 marne=1\n",
			"t.vin:5:22: error: the Wine Merchant owns no vineyards"},
		{"solo without merchant", "tally Ann pp=3 eco=0\n",
			"t.vin:3:9: error: a solo game is scored against the Wine Merchant: add his `merchant pp=… eco=…` line"},
		{"solo of two players", "tally Ann pp=3 eco=0\ntally Ben pp=3 eco=1\nmerchant pp=1 eco=14\n",
			"t.vin:3:9: error: variant solo is the game of one player, and the tally has 2: the Wine Merchant joins more players with variant merchant=LEVEL"},
		{"four and the merchant", "tally A pp=1 eco=0\ntally B pp=2 eco=0\ntally C pp=3 eco=0\ntally D pp=4 eco=0\nmerchant pp=1 eco=14\n",
			"t.vin:7:1: error: the Wine Merchant counts as a player: 4 players and the Merchant are more than the game's 4"},
		{"not a tally line", "score Ann 3\n",
			"t.vin:3:1: error: a tally line is `tally NAME pp=N … eco=N` (or `merchant …`, `claim NAME N`), not \"score\""},
		{"huge prestige", "tally Ann pp=9223372036854775807 eco=0\n",
			"t.vin:3:11: error: pp= is Ann's prestige on the score track, a whole number from -9999 to 9999, not \"9223372036854775807\""},
		{"huge count", "tally Ann pp=3 eco=0 marne=1000\n",
			"t.vin:3:22: error: marne=1000: the Vineyard cards held in Vallée de la Marne are a count from 0 to 999, then /GRAPES if a tie needs them (marne=2/5)"},
		{"one player without the merchant", "tally Ann pp=3 eco=0\n",
			"t.vin:2:9: error: one player plays the solo game, against the Wine Merchant: add his `merchant pp=… eco=…` line"},
		{"five players", "tally A pp=1 eco=0\n",
			"t.vin:2:9: error: Age of Champagne is played by 1 to 4 players, not 5"},
		{"unknown variant", "variant first-game bogus\ntally Ann pp=3 eco=0 council=1\ntally Ben pp=2 eco=0 council=2\n",
			"t.vin:3:20: error: unknown variant \"bogus\": solo | merchant=easy|medium|hard|extreme (first-game, trade-partnership and high-tension change no score)"},
		{"option as a variant", "variant major-split=ceil\ntally Ann pp=3 eco=0 council=1\ntally Ben pp=2 eco=0 council=2\n",
			"t.vin:3:9: error: unknown variant \"major-split=ceil\": solo | merchant=easy|medium|hard|extreme (first-game, trade-partnership and high-tension change no score)"},
		{"claim differs", "tally Ann pp=3 eco=0 council=1\ntally Ben pp=2 eco=0 council=2\nclaim Ann 4\n",
			"t.vin:5:11: error: Ann claimed 4 points, the rules give 3 (Prestige in play 3, Regions 0, Major vineyards 0, Still wines 0, Cuvées 0, Eco report 0, Protection 0)"},
	}
	// A variant's error points at its word, on whichever variant line it
	// is (it pointed at the first variant line's first word).
	heads := map[string]string{
		"level on a later variant line": "game age-of-champagne\nplayers Ann\nvariant first-game\nvariant merchant=bogus\n",
		"level after another variant":   "game age-of-champagne\nplayers Ann\nvariant first-game merchant=bogus\n",
		"solo on a later variant line":  "game age-of-champagne\nplayers Ann\nvariant first-game\nvariant solo\n",
		"merchant variant, no line":     "game age-of-champagne\nplayers Ann Ben\nvariant first-game high-tension merchant=hard\n",
		"wine-merchant, no line":        "game age-of-champagne\nplayers Ann Ben\nvariant wine-merchant=hard\n",
		"both names of the level":       "game age-of-champagne\nplayers Ann\nvariant merchant=hard\nvariant first-game wine-merchant=easy\n",
		"one level by both names":       "game age-of-champagne\nplayers Ann\nvariant merchant=easy\nvariant wine-merchant=jeroboam\n",
		"three tied on a majority":      "game age-of-champagne\nplayers Ann Ben Cal\n",
	}
	cases = append(cases, []struct{ name, body, want string }{
		{"level on a later variant line", "tally Ann pp=3 eco=0\nmerchant pp=1 eco=14\n",
			"t.vin:4:9: error: the Wine Merchant's difficulty is easy | medium | hard | extreme, not \"bogus\""},
		{"level after another variant", "tally Ann pp=3 eco=0\nmerchant pp=1 eco=14\n",
			"t.vin:3:20: error: the Wine Merchant's difficulty is easy | medium | hard | extreme, not \"bogus\""},
		{"solo on a later variant line", "tally Ann pp=3 eco=0\n",
			"t.vin:4:9: error: a solo game is scored against the Wine Merchant: add his `merchant pp=… eco=…` line"},
		{"merchant variant, no line", "tally Ann pp=3 eco=0\ntally Ben pp=3 eco=1\n",
			"t.vin:3:33: error: the Wine Merchant plays (variant merchant): add his `merchant pp=… eco=…` line"},
		// The replay's other name of the variant: the Merchant plays.
		{"wine-merchant, no line", "tally Ann pp=3 eco=0\ntally Ben pp=3 eco=1\n",
			"t.vin:3:9: error: the Wine Merchant plays (variant merchant): add his `merchant pp=… eco=…` line"},
		{"both names of the level", "tally Ann pp=3 eco=0\nmerchant pp=1 eco=14\n",
			"t.vin:4:20: error: variant wine-merchant=easy contradicts merchant=hard, given before: a variant has one value"},
		{"one level by both names", "tally Ann pp=3 eco=0\nmerchant pp=1 eco=14\n",
			"t.vin:4:9: error: variant wine-merchant=jeroboam is given twice (merchant=easy before)"},
		// Three names are listed as names are elsewhere, not "Ann and Ben and Cal".
		{"three tied on a majority", "tally Ann pp=3 eco=0 marne=2\ntally Ben pp=3 eco=0 marne=2\ntally Cal pp=3 eco=0 marne=2\n",
			"t.vin:3:22: error: Ann, Ben and Cal hold 2 Vineyard cards each in Vallée de la Marne: write the grapes Ann produces there (marne=2/GRAPES) to settle the Major vineyard"},
	}...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := head
			if hh, ok := heads[c.name]; ok {
				h = hh
			}
			if strings.HasPrefix(c.name, "four") {
				h = "game age-of-champagne\nplayers A B C D\n"
			}
			if c.name == "one player without the merchant" {
				h = "game age-of-champagne\nplayers Ann\n"
			}
			if c.name == "five players" {
				h = "game age-of-champagne\nplayers A B C D E\n"
			}
			if c.name == "solo without merchant" {
				h = "game age-of-champagne\nplayers Ann\nvariant solo\n"
			}
			if c.name == "solo of two players" {
				h = "game age-of-champagne\nplayers Ann Ben\nvariant solo\n"
			}
			rep := scoreFile(t, "t.vin", []byte(h+c.body), validate.Options{})
			if len(rep.Diagnostics) == 0 {
				t.Fatalf("accepted; want %s", c.want)
			}
			if got := rep.Diagnostics[0].Error(); got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
			if hint := rep.Diagnostics[0].Hint; c.name == "option as a variant" && !strings.HasPrefix(hint, "major-split is a house ruling of the component tables, not a variant: write `option major-split ceil src=box`") {
				t.Errorf("hint %q", hint)
			}
		})
	}
}

// TestLandTokenIgnoredInTally: under land-token ignored a tally's land=
// is not to be counted among the region's cards, which the message for the
// default ruling asks for.
func TestLandTokenIgnoredInTally(t *testing.T) {
	data := "game age-of-champagne\nplayers Ann Ben\n" +
		"tally Ann pp=3 eco=0 council=1 land=1\n" +
		"tally Ben pp=2 eco=0 council=2\n"
	rep := scoreFile(t, "t.vin", []byte(data), validate.Options{})
	const dflt = "t.vin:3:32: error: count a land token among the cards of the region it was placed in (marne= reims= blancs= sezanne= bar=CARDS)"
	if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Error() != dflt {
		t.Errorf("default ruling: %v\nwant %s", rep.Diagnostics, dflt)
	}
	tb := strings.Replace(string(defaultTables(t)), "option land-token         card-no-grapes", "option land-token         ignored", 1)
	rep = scoreFile(t, "t.vin", []byte(data), validate.Options{Tables: []byte(tb), TablesName: "mine.txt"})
	const ignored = "t.vin:3:32: error: a land token scores nothing under the house ruling land-token ignored: leave it out of the region's cards (marne= reims= blancs= sezanne= bar=CARDS)"
	if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Error() != ignored {
		t.Errorf("land-token ignored: %v\nwant %s", rep.Diagnostics, ignored)
	}
}

// TestTallyWithTables scores under a replaced tables file: ceil rounding
// of a shared majority.
func TestTallyWithTables(t *testing.T) {
	data := "game age-of-champagne\nplayers Ann Ben Cal\n" +
		"tally Ann pp=0 eco=-3 reims=1/2 council=1\n" +
		"tally Ben pp=0 eco=-3 reims=1/2 council=2\n" +
		"tally Cal pp=0 eco=-3 reims=1/2 council=3\n"
	rep := scoreFile(t, "t.vin", []byte(data), validate.Options{})
	if rep.Result == nil {
		t.Fatalf("no result: %v", rep.Diagnostics)
	}
	if got := rep.Result.Player("Ann").Points[2]; got != 1 {
		t.Errorf("a 3-way split of 4 PP rounds down to 1, got %d", got)
	}
	if len(rep.Result.Notes) == 0 || !strings.Contains(rep.Result.Notes[0], "1 each (rounded down)") {
		t.Errorf("notes %q", rep.Result.Notes)
	}
	tb := strings.Replace(string(defaultTables(t)), "option major-split        floor", "option major-split        ceil", 1)
	rep = scoreFile(t, "t.vin", []byte(data), validate.Options{Tables: []byte(tb), TablesName: "mine.txt"})
	if rep.Result == nil {
		t.Fatalf("no result: %v", rep.Diagnostics)
	}
	if got := rep.Result.Player("Ann").Points[2]; got != 2 {
		t.Errorf("major-split=ceil: a 3-way split of 4 PP rounds up to 2, got %d", got)
	}
	bad := strings.Replace(tb, "option major-split        ceil", "option major-split        half", 1)
	rep = scoreFile(t, "t.vin", []byte(data), validate.Options{Tables: []byte(bad), TablesName: "mine.txt"})
	if len(rep.Diagnostics) == 0 || !strings.HasPrefix(rep.Diagnostics[0].Error(), "mine.txt:") ||
		!strings.Contains(rep.Diagnostics[0].Message, `option major-split is floor | ceil, not "half"`) {
		t.Errorf("a bad tables file: %v", rep.Diagnostics)
	}
}

// TestAssumedNote: a place decided on the (assumed) eco-track says so; a
// result that only uses the rulebook's scoring numbers does not.
func TestAssumedNote(t *testing.T) {
	tied := "game age-of-champagne\nplayers Ann Ben\ntally Ann pp=5 eco=+1\ntally Ben pp=6 eco=0\n"
	rep := scoreFile(t, "t.vin", []byte(tied), validate.Options{})
	if rep.Result == nil || len(rep.Result.Notes) != 1 || !strings.Contains(rep.Result.Notes[0], "assumed eco-track") {
		t.Errorf("tied on points, decided on eco: notes %v %v", rep.Result, rep.Diagnostics)
	}
	apart := "game age-of-champagne\nplayers Ann Ben\ntally Ann pp=5 eco=+1\ntally Ben pp=9 eco=0\n"
	rep = scoreFile(t, "t.vin", []byte(apart), validate.Options{})
	if rep.Result == nil || len(rep.Result.Notes) != 0 {
		t.Errorf("apart on points: notes %v", rep.Result.Notes)
	}
	// eco-tiebreak value compares the values written, not positions on
	// the assumed track: no note.
	tb := strings.Replace(string(defaultTables(t)), "option eco-tiebreak       position", "option eco-tiebreak       value", 1)
	rep = scoreFile(t, "t.vin", []byte(tied), validate.Options{Tables: []byte(tb), TablesName: "mine.txt"})
	if rep.Result == nil || rep.Result.Player("Ann").Rank != 1 || len(rep.Result.Notes) != 0 {
		t.Errorf("eco-tiebreak value: notes %v %v", rep.Result, rep.Diagnostics)
	}
}

// TestEcoTieBreakNote: a place decided on the eco report says the values
// written on the tally lines (eco=+1 and eco=0), not their positions on the
// report.
func TestEcoTieBreakNote(t *testing.T) {
	tied := "game age-of-champagne\nplayers Ann Ben\ntally Ann pp=5 eco=+1\ntally Ben pp=6 eco=0\n"
	rep := scoreFile(t, "t.vin", []byte(tied), validate.Options{})
	if rep.Result == nil {
		t.Fatalf("no result: %v", rep.Diagnostics)
	}
	if got, want := rep.Result.Player("Ann").Decided, "ahead of Ben on tie-break 1/2, better eco-responsibility report (1 vs 0)"; got != want {
		t.Errorf("Ann decided %q, want %q", got, want)
	}
}

// FuzzScoreTally: no tally makes the reader panic; a result comes only
// without errors.
func FuzzScoreTally(f *testing.F) {
	f.Add([]byte("players Ann Ben\ntally Ann pp=3 eco=0 reims=2/4\ntally Ben pp=3 eco=1 reims=2\nclaim Ann 3\n"))
	f.Add([]byte("players Ann\nvariant merchant=hard\ntally Ann pp=1 eco=+14 cellar=TTB oeno=N still=MMP\nmerchant pp=2 eco=3 council=1\n"))
	f.Add([]byte("players A B\ntally A pp=x eco=-9 bar=1/ , council=0\nmerchant marne=1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rep := scoreFile(t, "f.vin", data, validate.Options{})
		if rep.Result != nil && rep.Diagnostics.HasErrors() {
			for _, d := range rep.Diagnostics {
				if d.Code != validate.CodeClaim {
					t.Fatalf("a result with errors: %v", rep.Diagnostics)
				}
			}
		}
	})
}

// The verdict names the Wine Merchant's level as a replay would: without
// a level he is Jéroboam, easy (ruling E3); variant wine-merchant=LEVEL,
// the replay's other name of merchant=LEVEL, names it (the tally took him
// for Jéroboam); so does the bottle as verdicts print it, accent and all.
func TestTheMerchantsLevelInTheVerdict(t *testing.T) {
	for _, c := range []struct{ variant, want string }{
		{"", "lost to the Wine Merchant (Jéroboam, easy)"},
		{"variant wine-merchant=hard\n", "lost to the Wine Merchant (Balthazar, hard)"},
		{"variant merchant=Jéroboam\n", "lost to the Wine Merchant (Jéroboam, easy)"},
		{"variant merchant=JÉROBOAM\n", "lost to the Wine Merchant (Jéroboam, easy)"},
	} {
		rep := scoreFile(t, "m.vin", []byte("game age-of-champagne\nplayers Ann\n"+c.variant+"tally Ann pp=1 eco=+1\nmerchant pp=5 eco=+1\n"), validate.Options{})
		if rep.Result == nil {
			t.Fatalf("%q: %v", c.variant, rep.Diagnostics)
		}
		if got := rep.Result.Player("Ann").Level; got != c.want {
			t.Errorf("%q: level %q, want %q", c.variant, got, c.want)
		}
	}
}

// A player cannot take the Wine Merchant's name: the results would hold
// two rows of it. A replay refuses it the same way (validate/champagne's test).
func TestAPlayerCalledTheWineMerchantIsRefused(t *testing.T) {
	rep := scoreFile(t, "w.vin", []byte("game age-of-champagne\nplayers Ann \"wine merchant\"\ntally Ann pp=1 eco=+1\n"), validate.Options{})
	want := `w.vin:2:13: error: "wine merchant" is the Wine Merchant's name in the results: a player is called otherwise`
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != want {
		t.Errorf("%v\nwant %s", rep.Diagnostics, want)
	}
}

// TestMerchantClaim: a tally claims the Wine Merchant's score with the
// replay's `merchant claim N`, compared as a player's claim is.
func TestMerchantClaim(t *testing.T) {
	const head = "game age-of-champagne\nplayers Ann Ben\nvariant merchant=hard\ntally Ann pp=3 eco=0 council=1\ntally Ben pp=2 eco=0 council=2\nmerchant pp=20 eco=14 council=3\n"
	rep := scoreFile(t, "t.vin", []byte(head+"merchant claim 34\n"), validate.Options{})
	if !rep.Valid() || len(rep.Claims) != 1 || rep.Claims[0].Player != "Wine Merchant" || rep.Claims[0].Computed != 34 {
		t.Fatalf("his claim as the rules give it (20 + 14 for the report): %v, claims %v", rep.Diagnostics, rep.Claims)
	}
	rep = scoreFile(t, "t.vin", []byte(head+"merchant claim 30\n"), validate.Options{})
	if want := "t.vin:7:16: error: Wine Merchant claimed 30 points, the rules give 34 ("; len(rep.Diagnostics) != 1 || !strings.HasPrefix(rep.Diagnostics[0].Error(), want) {
		t.Errorf("want %s…, got %v", want, rep.Diagnostics)
	}
	rep = scoreFile(t, "t.vin", []byte(head+"merchant claim lots\n"), validate.Options{})
	if want := "t.vin:7:16: error: the Wine Merchant's claim is `merchant claim POINTS`"; len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != want {
		t.Errorf("want %s, got %v", want, rep.Diagnostics)
	}
	// Without the Merchant his claim is refused, as a replay refuses it:
	// it was compared with no one and the tally scored valid.
	const noMerchant = "game age-of-champagne\nplayers Ann Ben\ntally Ann pp=3 eco=0 council=1\nmerchant claim 34\ntally Ben pp=2 eco=0 council=2\n"
	rep = scoreFile(t, "t.vin", []byte(noMerchant), validate.Options{})
	if want := "t.vin:4:1: error: there is no Wine Merchant in this game: his claim goes with his `merchant pp=… eco=…` line"; len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != want {
		t.Errorf("want %s, got %v", want, rep.Diagnostics)
	}
}

// A tie with the Wine Merchant names him as a sentence does.
func TestATieWithTheMerchantNamesHim(t *testing.T) {
	rep := scoreFile(t, "t.vin", []byte("game age-of-champagne\nplayers Ann\ntally Ann pp=5 eco=0\nmerchant pp=5 eco=0\n"), validate.Options{})
	want := "t.vin:3:21: error: Ann and the Wine Merchant are tied on 5 points and on the eco-responsibility report: the Council decides, write council=POSITION for Ann"
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != want {
		t.Errorf("%v\nwant %s", rep.Diagnostics, want)
	}
}
