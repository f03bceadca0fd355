// Package wanttest checks records whose expected diagnostics are written
// inside them, as x/tools' analysistest does: the first line ending in
// `# want "MESSAGE"` must be where the record's first error is, with exactly
// that message; every later one must be an error the report lists at its
// line (a syntax error after the replay stopped, a claim that differs),
// and the report must list no other error. A record with no `# want` must
// be valid.
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
	// Every `# want` of the record: the first is where the replay stops;
	// those after it are syntax errors, listed though the replay stopped.
	wants := map[int]string{}
	wantNum, want := 0, ""
	for i, line := range strings.Split(string(data), "\n") {
		if j := strings.Index(line, "# want "); j >= 0 {
			w := validate.ParseWant(strings.TrimSpace(line[j+1:]))
			wants[i+1] = w
			if wantNum == 0 {
				wantNum, want = i+1, w
			}
		}
	}
	// Files a fixture names (`rules FILE`, layout files) are read beside it.
	dir := filepath.Dir(file)
	opt := validate.Options{ReadFile: func(name string) ([]byte, error) {
		name = validate.FileName(name)
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
	// Each later want is an error of the report, at its line, and each
	// error of the record's lines after the first has its want.
	found := map[int]bool{}
	for _, d := range rep.Diagnostics {
		if d.Severity == validate.Warning || d.File != file || d.Line == 0 || first == nil || d.Line == first.Line {
			continue
		}
		w, ok := wants[d.Line]
		switch {
		case !ok:
			t.Errorf("%s: unexpected error after the first, with no want: %s", file, d.Error())
		case d.Message == w:
			found[d.Line] = true
		}
	}
	for n, w := range wants {
		if n != wantNum && !found[n] {
			t.Errorf("%s:%d: want error %q after the first; the report has none with that message there", file, n, w)
		}
	}
}
