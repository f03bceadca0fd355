package games_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// Every invalid fixture of every game, replayed as played, reports the
// same first error as without the flag, applied or not: --as-played
// changes what happens after an error, never which error a line breaks.
func TestAsPlayedReportsTheSameFirstError(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*/invalid/*.vin")
	if len(files) < 100 {
		t.Fatalf("%d fixtures", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		opt := validate.Options{ReadFile: func(name string) ([]byte, error) {
			return os.ReadFile(filepath.Join(filepath.Dir(f), validate.FileName(name)))
		}}
		strict := validate.Check(games.All(), f, data, validate.Limits{}, opt)
		opt.AsPlayed = true
		ap := validate.Check(games.All(), f, data, validate.Limits{}, opt)
		if len(strict.Diagnostics) == 0 || len(ap.Diagnostics) == 0 {
			t.Errorf("%s: no error: %v, as played %v", f, strict.Diagnostics, ap.Diagnostics)
			continue
		}
		first := ap.Diagnostics[0]
		first.Applied, first.Note = false, "" // what was done is said as played only
		if first != strict.Diagnostics[0] {
			t.Errorf("%s:\n  first error %v\n  as played   %v", f, strict.Diagnostics[0], ap.Diagnostics[0])
		}
	}
}
