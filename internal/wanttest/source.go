package wanttest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// SourceFiles parses the Go files of the package in the working folder
// (a package's test runs there), test files and those skip names aside:
// the engine's source, which TestEveryRuleHasFixture reads for the
// messages it can give.
func SourceFiles(t *testing.T, skip func(name string) bool) (*token.FileSet, []*ast.File) {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") || skip(name) {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return fset, files
}

// FormatIndex is the argument at which call takes a message's format: for
// a function or method of formatAt, its index there; for validate.Errorf
// (file, tok, code, format, …), 3; for any other call, -1.
func FormatIndex(call *ast.CallExpr, formatAt map[string]int) int {
	name := ""
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		name = fn.Name
	case *ast.SelectorExpr:
		if x, ok := fn.X.(*ast.Ident); ok && x.Name == "validate" {
			if fn.Sel.Name == "Errorf" {
				return 3
			}
			return -1
		}
		name = fn.Sel.Name
	}
	if i, ok := formatAt[name]; ok && i < len(call.Args) {
		return i
	}
	return -1
}

// StringLit is e's text when e is a string literal.
func StringLit(t *testing.T, e ast.Expr) (string, bool) {
	t.Helper()
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		t.Fatal(err)
	}
	return s, true
}

// SprintfFormat is the format of a call of fmt.Sprintf.
func SprintfFormat(t *testing.T, e ast.Expr) (string, bool) {
	t.Helper()
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	if fn, ok := call.Fun.(*ast.SelectorExpr); !ok || fn.Sel.Name != "Sprintf" {
		return "", false
	}
	return StringLit(t, call.Args[0])
}
