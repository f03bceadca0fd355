package bordeaux

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
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []wanttest.Format
	for _, name := range files {
		// random.go writes records, it does not read them.
		if strings.HasSuffix(name, "_test.go") || name == "random.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			// The scorepad (tally) and template readers check other
			// inputs than a record replay.
			if fn, ok := decl.(*ast.FuncDecl); ok && (fn.Name.Name == "ScoreTally" || fn.Name.Name == "Tables") {
				continue
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				var call *ast.CallExpr
				at := -1
				switch n := n.(type) {
				case *ast.CallExpr:
					call = n
					switch fn := n.Fun.(type) {
					case *ast.Ident:
						if i, ok := formatAt[fn.Name]; ok {
							at = i
						}
					case *ast.SelectorExpr:
						if x, ok := fn.X.(*ast.Ident); ok && x.Name == "validate" && fn.Sel.Name == "Errorf" {
							at = 3
						} else if i, ok := formatAt[fn.Sel.Name]; ok {
							at = i
						}
					}
				case *ast.KeyValueExpr:
					// validate.Diagnostic{Message: fmt.Sprintf(format, …)} or {Message: "…"}
					key, ok := n.Key.(*ast.Ident)
					if !ok || key.Name != "Message" {
						return true
					}
					if lit, ok := n.Value.(*ast.BasicLit); ok {
						out = append(out, literalFormat(t, fset, lit))
						return true
					}
					call, _ = n.Value.(*ast.CallExpr)
					at = sprintfAt(call)
				case *ast.AssignStmt:
					// d.Message = fmt.Sprintf(format, …) or d.Message = "…"
					if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
						return true
					}
					if sel, ok := n.Lhs[0].(*ast.SelectorExpr); !ok || sel.Sel.Name != "Message" {
						return true
					}
					if lit, ok := n.Rhs[0].(*ast.BasicLit); ok {
						out = append(out, literalFormat(t, fset, lit))
						return true
					}
					call, _ = n.Rhs[0].(*ast.CallExpr)
					at = sprintfAt(call)
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
				if format != "%s" && format != "%v" { // these pass on a message made elsewhere
					out = append(out, wanttest.Format{Pos: fset.Position(call.Pos()).String(), Format: format})
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

// literalFormat is a message written as a string literal, as a format
// (one with no verb).
func literalFormat(t *testing.T, fset *token.FileSet, lit *ast.BasicLit) wanttest.Format {
	t.Helper()
	msg, err := strconv.Unquote(lit.Value)
	if err != nil {
		t.Fatal(err)
	}
	return wanttest.Format{Pos: fset.Position(lit.Pos()).String(), Format: strings.ReplaceAll(msg, "%", "%%")}
}

// sprintfAt is 0 for a call of fmt.Sprintf, else -1.
func sprintfAt(call *ast.CallExpr) int {
	if call == nil {
		return -1
	}
	if fn, ok := call.Fun.(*ast.SelectorExpr); ok && fn.Sel.Name == "Sprintf" {
		return 0
	}
	return -1
}
