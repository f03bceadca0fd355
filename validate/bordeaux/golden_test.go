package bordeaux

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/atomicfile"
	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/validate"
)

var update = flag.Bool("update", false, "rewrite the golden score files")

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
		golden := strings.TrimSuffix(f, ".vin") + ".golden"
		if *update {
			if err := atomicfile.Write(golden, b.Bytes()); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(want, b.Bytes()) {
			t.Errorf("%s: score differs from %s:\n%s\nwant:\n%s", f, golden, b.String(), want)
		}
	}
}
