package bordeaux

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
	"%s's sheet cannot be played: %v": "usable repeats bounds that layouts.Check holds every sheet " +
		"to (wines and paths, ages and casks, '00 durations, trellis rows, outlined casks): a layout " +
		"file passes FromJSON's Check first, and a code's sheet is generated to it",
}

// notByFixture lists the diagnostics a fixture cannot give, each with the
// test that asserts its exact message.
var notByFixture = map[string]string{
	"cannot read the layout file %s: a record read from standard input has no folder to find it in (save the record beside the file and name the record)": "a fixture is read from a file: " +
		"TestLayoutFileFromStandardInput",
	"a Bordeaux replay takes its sheets from their codes or from `sheet NAME layout=FILE`; the tables file is not used": "a warning, " +
		"which a `# want` does not list: TestTablesFileNotUsed",
}

// composed are the messages the engine builds from parts (differenceText,
// one a check key), as formats: %s also stands for a plural's s.
var composed = []string{
	"%s has %s cask%s available; the check says %s",
	"%s has %s cask%s used; the check says %s",
	"%s has %s vine%s filled; the check says %s",
	"%s has %s circled wine%s; the check says %s",
	"%s has %s filled path%s; the check says %s",
	"%s has %s segment%s in the longest tour; the check says %s",
	"%s has %s leader year%s; the check says %s",
	"%s has %s trellises per row; the check says %s",
	"%s's circled wines are %s; the check says %s",
}

// TestEveryRuleHasFixture holds the project's standard: every rules check
// has a record under testdata/bordeaux that breaks exactly that rule, with
// the exact message in its `# want` comment. It reads the engine's source
// for every message the replay can give (each errorf, illegal,
// illegalNoted, illegalAgain and grammarError, each validate.Errorf and
// each message built with fmt.Sprintf) and looks for a `# want` that the
// message's format matches in full. It matches formats, not call sites.
func TestEveryRuleHasFixture(t *testing.T) {
	wanttest.Cover(t, "../../testdata/bordeaux", replayFormats(t), wanttest.Exceptions{Name: "uncovered", Formats: uncovered}, wanttest.Exceptions{Name: "notByFixture", Formats: notByFixture})
}

// formatAt is where each diagnostic-building function takes its format.
var formatAt = map[string]int{
	"errorf":       3, // r.errorf(l, tok, code, format, …)
	"illegal":      2, // r.illegal(l, tok, format, …)
	"illegalNoted": 3, // r.illegalNoted(note, l, tok, format, …)
	"illegalAgain": 4, // r.illegalAgain(l, tok, p, y, format, …)
	"grammarError": 2, // grammarError(l, tok, format, …)
}

// replayFormats reads the format of every diagnostic of the replay from
// the package's source.
func replayFormats(t *testing.T) []wanttest.Format {
	t.Helper()
	// random.go writes records, it does not read them.
	fset, files := wanttest.SourceFiles(t, func(name string) bool { return name == "random.go" })
	var out []wanttest.Format
	add := func(pos token.Pos, format string) {
		if format != "%s" && format != "%v" { // these pass on a message made elsewhere
			out = append(out, wanttest.Format{Pos: fset.Position(pos).String(), Format: format})
		}
	}
	// message adds a Message's value: fmt.Sprintf(format, …), or "…" (a
	// format with no verb).
	message := func(e ast.Expr) {
		if msg, ok := wanttest.StringLit(t, e); ok {
			add(e.Pos(), strings.ReplaceAll(msg, "%", "%%"))
		} else if format, ok := wanttest.SprintfFormat(t, e); ok {
			add(e.Pos(), format)
		}
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			// The scorepad (tally) and template readers check other
			// inputs than a record replay.
			if fn, ok := decl.(*ast.FuncDecl); ok && (fn.Name.Name == "ScoreTally" || fn.Name.Name == "Tables") {
				continue
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if at := wanttest.FormatIndex(n, formatAt); at >= 0 {
						if format, ok := wanttest.StringLit(t, n.Args[at]); ok {
							add(n.Pos(), format)
						}
					}
				case *ast.KeyValueExpr:
					// validate.Diagnostic{Message: …}
					if key, ok := n.Key.(*ast.Ident); ok && key.Name == "Message" {
						message(n.Value)
					}
				case *ast.AssignStmt:
					// d.Message = …
					if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
						if sel, ok := n.Lhs[0].(*ast.SelectorExpr); ok && sel.Sel.Name == "Message" {
							message(n.Rhs[0])
						}
					}
				}
				return true
			})
		}
	}
	for _, format := range composed {
		out = append(out, wanttest.Format{Pos: "composed", Format: format})
	}
	if len(out) < 50 {
		t.Fatalf("only %d diagnostics found in the engine's source", len(out))
	}
	return out
}
