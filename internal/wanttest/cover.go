package wanttest

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

// Format is a message format an engine's source builds, and where.
type Format struct {
	Pos, Format string
	// Anywhere marks a helper's words, the start or the reason of a
	// message: matched anywhere in a `# want`, not as the whole of one.
	Anywhere bool
}

// Exceptions is a list of formats a test does not look for in the
// fixtures, each with the reason (no record reaches it, a Go test asserts
// it, …), under the name the test gives the list.
type Exceptions struct {
	Name    string
	Formats map[string]string
}

// Cover holds the project's standard that every rules check has a record
// that breaks exactly that rule, with the exact message in its `# want`:
// it fails t for each format that no `# want` below dir matches in full
// (a helper's, anywhere), unless an exception list names it, and for each
// exception that names a format the engine no longer gives, so that the
// lists stay true. It matches formats, not call sites.
func Cover(t *testing.T, dir string, formats []Format, exceptions ...Exceptions) {
	t.Helper()
	wants := FixtureWants(t, dir)
	seen := map[string]bool{}
	excepted := func(format string) bool {
		for _, e := range exceptions {
			if _, ok := e.Formats[format]; ok {
				return true
			}
		}
		return false
	}
	for _, f := range formats {
		seen[f.Format] = true
		if excepted(f.Format) {
			continue
		}
		re := FormatRegexp(f.Format, f.Anywhere)
		if !slices.ContainsFunc(wants, re.MatchString) {
			t.Errorf("%s: no fixture under %s wants %q", f.Pos, dir, f.Format)
		}
	}
	for _, e := range exceptions {
		for format := range e.Formats {
			if !seen[format] {
				t.Errorf("%s lists %q, which the engine no longer gives", e.Name, format)
			}
		}
	}
}

// FormatRegexp matches the messages a format gives: the whole message,
// or anywhere in one. A verb stands for any text, none included (a
// plural's s may be none).
func FormatRegexp(format string, anywhere bool) *regexp.Regexp {
	var b strings.Builder
	if !anywhere {
		b.WriteString("^")
	}
	for i := 0; i < len(format); i++ {
		if format[i] == '%' && i+1 < len(format) {
			i++
			if format[i] == '%' {
				b.WriteString("%")
				continue
			}
			if format[i] == '+' && i+1 < len(format) { // %+d
				i++
			}
			b.WriteString("(.*)")
			continue
		}
		b.WriteString(regexp.QuoteMeta(format[i : i+1]))
	}
	if !anywhere {
		b.WriteString("$")
	}
	return regexp.MustCompile(b.String())
}

// FixtureWants gives the `# want` messages of every record below dir
// (every one of a line: a record lists its syntax errors after the stop).
func FixtureWants(t *testing.T, dir string) []string {
	t.Helper()
	var wants []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".vin" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(data), "\n") {
			if j := strings.Index(line, "# want "); j >= 0 {
				wants = append(wants, validate.ParseWant(strings.TrimSpace(line[j+1:])))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(wants)
	return wants
}
