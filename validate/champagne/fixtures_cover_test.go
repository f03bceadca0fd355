package champagne

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
)

// uncovered lists the diagnostics of the replay that no record can reach,
// each with the reason; TestEveryRuleHasFixture skips them. An entry no
// longer in the engine fails the test, so that the list stays true.
var uncovered = map[string]string{
	"%s cannot come up: the stacks are empty": "vineUnseen counts exactly the stacks' cards that have " +
		"not come up (sawVine), and an offers line names a card once ('offered twice' first): a card " +
		"that has not come up leaves the count at 1 or more when it is named",
	"the event card gives the Wine Merchant cuvées: merchant shipping 2 cuvees TN": "cubeError's form is " +
		"the message only when lineCubes fails and badLetterAt finds no wrong letter: every word that " +
		"cubeCountsOf rejects holds a byte that is no cuvée letter in either case, and no other rune " +
		"upper-cases to T, N or B or folds to \"none\", so badLetterAt names it and the form is the hint",
	"unexpected line": "applyLine's fall-through (tableLine has none: each of its cases returns), for a line " +
		"that is no check, table or action line: the reader keeps in Record.Lines only those and claims " +
		"(a header line is not kept), play takes the claims before applyLine, and the one line whose kind " +
		"changes after reading, a lazy check line Expand refuses (reset to the zero Kind, KindHeader), goes " +
		"no further: applyLine returns errLazySyntax for it and play stops, or play skips it as the last " +
		"line; lazy lines come only with NoState, when stateBefore's second play does not run",
	"the Wine Merchant has no collaborator left to place": "his event placement is each round's first " +
		"(startRound zeroes placed and pushes wMerchantEvent above the placements), and he places besides " +
		"only on a marketing n spot after it (merchantMarketing, while available > 0): the n spots he " +
		"holds into the next round are at most merchant-collaborators - 1 - those he held in this one, " +
		"promoted or not, so at every event available = merchant-collaborators - held is 1 or more " +
		"(the tables refuse merchant-collaborators below 1)",
}

// notByFixture lists the diagnostics that a Go test asserts in full instead
// of a fixture (a house ruling or tables the default file does not give),
// each with that test.
var notByFixture = map[string]string{
	"%s cannot exchange now: still wines are exchanged only by the player whose step it is (house ruling exchange-timing own-actions): next, %s": "TestExchangeOwnActions",
	"%s's œnothèque holds %s, not %s":    "TestGridTransferWritten",
	"the tables print %s as %s %s %d %s": "TestDeclaredContentsAgainstTheBox",
	"no inheritance card of the tables has these contents (the tables print the box's cards: %s)": "TestDeclaredContentsAgainstTheBox",
	"%s, the partner, has no %s %s to provide":                                                    "TestPartnerShipsFromTheOenotheque",
}

// noFixtureYet lists the diagnostics a record can reach that have no
// fixture yet, each with what its record needs: a gap to close, kept
// visible here rather than passed over. An entry no longer in the engine
// fails the test, as the other lists do.
var noFixtureYet = map[string]string{}

// passThrough are formats that only carry a message made elsewhere (a
// helper's, below), with or without what comes next.
var passThrough = map[string]bool{"%s": true, "%s (next, %s)": true}

// helpers are the functions whose returned strings are messages, or the
// start or the reason of one (noneLeft's "Ann has no collaborator left …"
// is followed by "(next, …)" or by discTooLate's words; shippable's reason
// follows "F07 cannot be validated: "): their formats are matched anywhere
// in a `# want`.
var helpers = map[string]bool{"notLetter": true, "noneLeft": true, "discTooLate": true, "merchantNot": true, "shippable": true}

// TestEveryRuleHasFixture holds the project's standard: every rules check
// has a record under testdata/champagne that breaks exactly that rule,
// with the exact message in its `# want` comment. It reads the engine's
// source for every message the replay can give (each fail, syntax and
// cubeError, each validate.Errorf, each ruleError's msg built with
// fmt.Sprintf, and the strings the message helpers return) and looks for
// a `# want` that the message's format matches in full (a helper's
// anywhere in it). It matches formats, not call sites.
func TestEveryRuleHasFixture(t *testing.T) {
	wanttest.Cover(t, "../../testdata/champagne", replayFormats(t), wanttest.Exceptions{Name: "uncovered", Formats: uncovered}, wanttest.Exceptions{Name: "notByFixture", Formats: notByFixture}, wanttest.Exceptions{Name: "noFixtureYet", Formats: noFixtureYet})
}

// formatAt is where each diagnostic-building function takes its format.
var formatAt = map[string]int{
	"fail":      1, // fail(tok, format, …)
	"syntax":    1, // syntax(tok, format, …)
	"cubeError": 3, // cubeError(l, from, letters, form)
}

// replayFormats reads the format of every diagnostic of the replay from
// the package's source.
func replayFormats(t *testing.T) []wanttest.Format {
	t.Helper()
	// generate.go and generate_moves.go write records, they do not read
	// them.
	fset, files := wanttest.SourceFiles(t, func(name string) bool { return strings.HasPrefix(name, "generate") })
	var out []wanttest.Format
	add := func(pos token.Pos, format string, helper bool) {
		if !passThrough[format] {
			out = append(out, wanttest.Format{Pos: fset.Position(pos).String(), Format: format, Anywhere: helper})
		}
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			consts := localConsts(t, fn)
			if helpers[fn.Name.Name] {
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
						if format, ok := stringFormat(t, r.Results[0], true); ok {
							add(r.Pos(), format, true)
						}
					}
					return true
				})
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					at := wanttest.FormatIndex(n, formatAt)
					if at < 0 {
						return true
					}
					arg := n.Args[at]
					if id, ok := arg.(*ast.Ident); ok {
						if c, ok := consts[id.Name]; ok {
							add(n.Pos(), c, false)
						}
						return true
					}
					if format, ok := wanttest.StringLit(t, arg); ok {
						add(n.Pos(), format, false)
						return true
					}
					if format, ok := wanttest.SprintfFormat(t, arg); ok { // cubeError's form
						add(n.Pos(), format, false)
					}
				case *ast.KeyValueExpr:
					// &ruleError{msg: fmt.Sprintf(format, …)}
					if key, ok := n.Key.(*ast.Ident); ok && key.Name == "msg" {
						if format, ok := wanttest.SprintfFormat(t, n.Value); ok {
							add(n.Pos(), format, false)
						}
					}
				case *ast.AssignStmt:
					// msg := fmt.Sprintf(format, …), a ruleError's msg
					if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
						if id, ok := n.Lhs[0].(*ast.Ident); ok && id.Name == "msg" {
							if format, ok := wanttest.SprintfFormat(t, n.Rhs[0]); ok {
								add(n.Pos(), format, false)
							}
						}
					}
				}
				return true
			})
		}
	}
	if len(out) < 150 {
		t.Fatalf("only %d diagnostics found in the engine's source", len(out))
	}
	return out
}

// localConsts are a function's string constants (const form = "…"),
// which a fail or syntax may take as its format.
func localConsts(t *testing.T, fn *ast.FuncDecl) map[string]string {
	consts := map[string]string{}
	if fn.Body == nil {
		return consts
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		g, ok := n.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			return true
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i < len(vs.Values) {
					if s, ok := wanttest.StringLit(t, vs.Values[i]); ok {
						consts[name.Name] = s
					}
				}
			}
		}
		return true
	})
	return consts
}

// stringFormat is the format of a string a helper returns: a literal, a
// fmt.Sprintf, or their sum, any other part standing as %s. A result with
// no literal in it (a variable returned as it is) is none.
func stringFormat(t *testing.T, e ast.Expr, top bool) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		s, ok := wanttest.StringLit(t, e)
		return strings.ReplaceAll(s, "%", "%%"), ok && s != ""
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, okA := stringFormat(t, e.X, false)
		b, okB := stringFormat(t, e.Y, false)
		if !okA {
			a = "%s"
		}
		if !okB {
			b = "%s"
		}
		return a + b, okA || okB
	}
	if s, ok := wanttest.SprintfFormat(t, e); ok {
		return s, true
	}
	return "%s", false
}
