package grandcru

import (
	"go/ast"
	"go/token"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
)

// uncovered lists the diagnostics of the replay that no record can reach,
// each with the reason; TestEveryRuleHasFixture skips them. An entry no
// longer in the engine fails the test, so that the list stays true.
var uncovered = map[string]string{
	"the setup is not complete": "an action line during the setup first completes it (step calls " +
		"finishSetup, which either fails with its own message or starts year 1), so " +
		"actionAfterLoans never sees the setup phase",
	"%s's vineyard is bankrupt": "a vineyard goes bankrupt only at the interest step, after the " +
		"festival, and a bankruptcy ends the game after that year's loans step: no festival " +
		"follows (the loans step's own check has loans-bankrupt.vin)",
	"nobody bids on the %s in column %d": "every tile on the auction panel has its bidder: auction " +
		"places the tile with a bid, bid replaces the bidder, take and buy empty the column " +
		"(invariants checks that a column holds a tile exactly when it holds a bid)",
}

// composed are the messages the engine builds from parts (notYourTurn,
// passedOverText), as formats.
var composed = []string{
	"it is %s's turn in the festival, not %s's",
	"it is %s's turn in the festival, not %s's: %s has no prestige left for any open space and is passed over (a player who cannot act writes no line)",
	"it is %s's turn, not %s's (final actions of the year)",
	"the festival is over: %s had taken %s, the most a festival allows, and was passed over (a player who cannot act writes no line)",
	"the festival is over: %s had no prestige left for any open space and was passed over (a player who cannot act writes no line)",
}

// TestEveryRuleHasFixture holds the project's standard: every rules check
// has a record under testdata/grand-cru that breaks exactly that rule,
// with the exact message in its `# want` comment. It reads the engine's
// source for every message the replay can give (each bad(...) fault, each
// validate.Errorf outside the scorepad and tables readers, and the record
// that ends early) and looks for a `# want` that the message's format
// matches in full. It matches formats, not call sites: a format given at
// several places (the three `unexpected %q: the line ends here`, the two
// `auction column %d holds no tile`, …) is satisfied by one fixture, though
// each place has its own today.
func TestEveryRuleHasFixture(t *testing.T) {
	wanttest.Cover(t, "../../testdata/grand-cru", replayFormats(t), wanttest.Exceptions{Name: "uncovered", Formats: uncovered})
}

// replayFormats reads the format of every diagnostic of the replay from
// the package's source: each bad(tok, format, …) and validate.Errorf, and
// each fault's msg or diagnostic's Message built with fmt.Sprintf.
func replayFormats(t *testing.T) []wanttest.Format {
	t.Helper()
	// The scorepad (tally) and tables readers check other inputs than a
	// record replay: they are tested in tally_test.go and tables_test.go.
	fset, files := wanttest.SourceFiles(t, func(name string) bool { return name == "tally.go" || name == "tables.go" })
	var out []wanttest.Format
	add := func(pos token.Pos, format string) {
		if format != "%s" { // "%s" passes on a fault's message
			out = append(out, wanttest.Format{Pos: fset.Position(pos).String(), Format: format})
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if at := wanttest.FormatIndex(n, map[string]int{"bad": 1}); at >= 0 {
					if format, ok := wanttest.StringLit(t, n.Args[at]); ok {
						add(n.Pos(), format)
					}
				}
			case *ast.KeyValueExpr:
				// fault{msg: fmt.Sprintf(format, …)} and
				// validate.Diagnostic{Message: fmt.Sprintf(format, …)}
				if key, ok := n.Key.(*ast.Ident); ok && (key.Name == "msg" || key.Name == "Message") {
					if format, ok := wanttest.SprintfFormat(t, n.Value); ok {
						add(n.Value.Pos(), format)
					}
				}
			}
			return true
		})
	}
	// Messages the engine puts together from parts, which the source
	// holds as no one format.
	for _, format := range composed {
		out = append(out, wanttest.Format{Pos: "composed", Format: format})
	}
	if len(out) < 50 {
		t.Fatalf("only %d diagnostics found in the engine's source", len(out))
	}
	return out
}
