package grandcru

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
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
// the package's source.
func replayFormats(t *testing.T) []wanttest.Format {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []wanttest.Format
	for _, name := range files {
		// The scorepad (tally) and tables readers check other inputs than
		// a record replay: they are tested in tally_test.go and
		// tables_test.go.
		if strings.HasSuffix(name, "_test.go") || name == "tally.go" || name == "tables.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var call *ast.CallExpr
			at := -1
			switch n := n.(type) {
			case *ast.CallExpr:
				// bad(tok, format, …) and validate.Errorf(line, tok, code, format, …)
				call = n
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					if fn.Name == "bad" {
						at = 1
					}
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok && x.Name == "validate" && fn.Sel.Name == "Errorf" {
						at = 3
					}
				}
			case *ast.KeyValueExpr:
				// fault{msg: fmt.Sprintf(format, …)} and
				// validate.Diagnostic{Message: fmt.Sprintf(format, …)}
				key, ok := n.Key.(*ast.Ident)
				if !ok || key.Name != "msg" && key.Name != "Message" {
					return true
				}
				call, _ = n.Value.(*ast.CallExpr)
				if call == nil {
					return true
				}
				if fn, ok := call.Fun.(*ast.SelectorExpr); ok && fn.Sel.Name == "Sprintf" {
					at = 0
				}
			}
			if at < 0 || len(call.Args) <= at {
				return true
			}
			lit, ok := call.Args[at].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			if format != "%s" { // "%s" passes on a fault's message
				out = append(out, wanttest.Format{Pos: fset.Position(call.Pos()).String(), Format: format})
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
