package grandcru

import (
	"os"
	"testing"

	"github.com/vintner/vintner/validate"
)

// TestHints checks the hints that go with a misspelt word or a line read
// in another step than meant; the `# want` fixtures check only the message.
func TestHints(t *testing.T) {
	for _, c := range []struct{ file, hint string }{
		{"check-key-typo.vin", "did you mean money?"},
		{"check-vineyard-typo.vin", "did you mean gamay?"},
		// The rulebook lets a player pass in the loans step; the record
		// has no such pass, so a pass there closes the step.
		{"loans-step-pass-out-of-turn.vin", "the loans step has no pass: a player who leaves their loans as they are writes no line; this pass closed the loans step and was read as year 2's"},
		{"loans-step-pass-then-loans.vin", "line 12, Ann: pass, closed the loans step and began year 2 (the loans step has no pass: a player who leaves their loans as they are writes no line)"},
		{"loans-step-pass-then-year.vin", "line 12, Ann: pass, closed the loans step and began year 2 (the loans step has no pass: a player who leaves their loans as they are writes no line)"},
		{"loans-in-phase-one.vin", ""},
		// The names printed on the tiles, in words.
		{"tile-name-in-words.vin", "a tile's name is one word, hyphenated: good-vintage"},
		{"variety-name-in-words.vin", "a tile's name is one word, hyphenated: harvest-hands"},
		{"tile-unknown.vin", "did you mean gamay?"},
		// Claims after the festival: the game was thought over.
		{"claim-before-end.vin", "the claim closed year 1's loans step, which left every vineyard with loans: the game ends once a player has repaid every loan (NAME: loans -N)"},
		// The tables name the festival spaces cash-3, demand-2 …
		{"festival-space-tables-name.vin", "the prestige paid follows the verb: cash 3"},
		{"festival-space-tables-name-out-of-turn.vin", "the varieties raised follow the verb, one per space: demand VARIETY VARIETY"},
		{"loans-after-year-line.vin", "line 26, year 2, closed the loans step: the loans lines come before it"},
		{"loans-step-unknown-verb.vin", "the loans step is written NAME: loans +N (take N loans) or NAME: loans -N (repay N)"},
		{"unknown-verb-out-of-turn.vin", "did you mean bid or buy?"},
		// "A bid of 6 cannot be outbid …; however, such tile may still be
		// purchased directly."
		{"bid-over-six.vin", "a bid of 6 cannot be outbid; the tile may still be bought directly for 7 Francs (buy)"},
		{"bid-on-six.vin", "a bid of 6 cannot be outbid; the tile may still be bought directly for 7 Francs (buy)"},
		{"bid-not-higher.vin", ""},
	} {
		data, err := os.ReadFile("../../testdata/grand-cru/invalid/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		// As played, an error applied as written keeps its hint: it says
		// why the line broke the rule as much as a refusal's does.
		for _, asPlayed := range []bool{false, true} {
			rep := validate.Check(engines, c.file, data, validate.Limits{}, validate.Options{AsPlayed: asPlayed})
			if len(rep.Diagnostics) == 0 {
				t.Fatalf("%s: no error", c.file)
			}
			if got := rep.Diagnostics[0].Hint; got != c.hint {
				t.Errorf("%s (as played %v): hint %q, want %q", c.file, asPlayed, got, c.hint)
			}
		}
	}
}

// A check key's shape is read without the game's state after the replay
// stopped: any barrel and column number is then a key, since the tables
// and the players decide how many there are; the replay holds them to
// the game's (3 barrels, 2 columns here).
func TestCheckKeyFaultWithAndWithoutTheGamesBounds(t *testing.T) {
	for _, c := range []struct {
		key                   string
		inGame, withoutBounds string // the fault's message, "" for none
	}{
		{"money", "", ""},
		{"festival.Syrah", "", ""},
		{"barrel3", "", ""},
		{"barrel4", "check key barrel4: barrels are numbered 1 to 3", ""},
		{"bid.2", "", ""},
		{"bid.3", "check key bid.3: auction columns are numbered 1 to 2", ""},
		{"bid.0", `unknown check key "bid.0": ` + checkKeys, `unknown check key "bid.0": ` + checkKeys},
		{"stock.shiraz", `unknown variety "shiraz" in check key stock.shiraz`, `unknown variety "shiraz" in check key stock.shiraz`},
		{"monye", `unknown check key "monye": ` + checkKeys, `unknown check key "monye": ` + checkKeys},
	} {
		for _, b := range []struct {
			barrels, columns int
			want             string
		}{{3, 2, c.inGame}, {-1, -1, c.withoutBounds}} {
			got := ""
			if f := checkKeyFault(c.key, b.barrels, b.columns); f != nil {
				got = f.msg
				if f.code != validate.CodeSyntax {
					t.Errorf("%s: code %s, want syntax", c.key, f.code)
				}
			}
			if got != b.want {
				t.Errorf("checkKeyFault(%q, %d, %d) = %q, want %q", c.key, b.barrels, b.columns, got, b.want)
			}
		}
	}
}
