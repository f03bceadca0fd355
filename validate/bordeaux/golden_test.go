package bordeaux

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/golden"
	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/validate"
)

// TestValidGoldens replays the valid records and compares their scoring,
// rendered as the CLI prints it, with the golden files.
func TestValidGoldens(t *testing.T) {
	dir := "../../testdata/bordeaux/valid"
	if n := wanttest.Run(t, []validate.Game{New()}, dir); n < 4 {
		t.Errorf("only %d valid records", n)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.vin"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rep := validate.Check([]validate.Game{New()}, f, data, validate.Limits{}, validate.Options{})
		if rep.Result == nil {
			t.Errorf("%s: no result", f)
			continue
		}
		var b bytes.Buffer
		if err := score.Render(&b, rep.Result, "table"); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, strings.TrimSuffix(f, ".vin")+".golden", b.Bytes())
	}
}
