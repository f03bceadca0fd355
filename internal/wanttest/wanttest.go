// Package wanttest checks records whose expected diagnostics are written
// inside them, as x/tools' analysistest does: a line ending in
// `# want "MESSAGE"` must be where the record's first error is, with exactly
// that message. A record with no `# want` must be valid.
package wanttest

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

// Run checks every .vin file below dir.
func Run(t *testing.T, games []validate.Game, dir string) int {
	t.Helper()
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".vin" {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatalf("no .vin records below %s", dir)
	}
	for _, f := range files {
		f := f
		t.Run(filepath.Base(f), func(t *testing.T) { File(t, games, f) })
	}
	return len(files)
}

// File checks one record against its `# want` comment.
func File(t *testing.T, games []validate.Game, file string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	wantNum, want := 0, ""
	for i, line := range strings.Split(string(data), "\n") {
		if j := strings.Index(line, "# want "); j >= 0 {
			wantNum, want = i+1, validate.ParseWant(strings.TrimSpace(line[j+1:]))
			break
		}
	}
	// Files a fixture names (`rules FILE`, layout files) are read beside it.
	dir := filepath.Dir(file)
	opt := validate.Options{ReadFile: func(name string) ([]byte, error) {
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		b, err := os.ReadFile(name)
		if pe, ok := err.(*os.PathError); ok {
			err = pe.Err // the file's name is already in the message
		}
		return b, err
	}}
	rep := validate.Check(games, file, data, validate.Limits{}, opt)
	if msg := LazySame(games, file, data, opt, rep); msg != "" {
		t.Error(msg)
	}
	var first *validate.Diagnostic
	for i := range rep.Diagnostics {
		if rep.Diagnostics[i].Severity != validate.Warning {
			first = &rep.Diagnostics[i]
			break
		}
	}
	switch {
	case wantNum == 0 && first != nil:
		t.Errorf("%s: want a valid record, got %s", file, first.Error())
	case wantNum == 0:
	case first == nil:
		t.Errorf("%s:%d: want error %q, the record was accepted", file, wantNum, want)
	case first.Line != wantNum || first.Message != want:
		t.Errorf("%s:%d: want error %q\n got %s", file, wantNum, want, first.Error())
	}
}
