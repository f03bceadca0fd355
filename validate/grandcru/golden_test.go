package grandcru

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/golden"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/validate"
)

// TestGoldenReplays replays the complete valid games (2 to 5 players) and
// compares their scoring and final state with the golden files.
func TestGoldenReplays(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/grand-cru/valid/*.vin")
	players := map[int]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rep := validate.Check(engines, filepath.Base(f), data, validate.Limits{}, validate.Options{})
		if !rep.Valid() {
			t.Fatalf("%s: %s", f, rep.Diagnostics[0].Error())
		}
		if rep.Result == nil {
			t.Fatalf("%s: no result", f)
		}
		players[len(rep.Players)] = true
		var b bytes.Buffer
		if err := score.Render(&b, rep.Result, "table"); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n")
		b.WriteString(rep.State.Text())
		golden.Check(t, strings.TrimSuffix(f, ".vin")+".golden", b.Bytes())
	}
	for p := 2; p <= 5; p++ {
		if !players[p] {
			t.Errorf("no golden game for %d players", p)
		}
	}
}
