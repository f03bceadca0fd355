package bordeaux

import (
	"flag"
	"os"
	"testing"

	"github.com/vintner/vintner/validate"
)

func replayBytes(t testing.TB, name string, data []byte) (*State, *validate.Report) {
	t.Helper()
	rec, diags := validate.Parse(name, data, validate.Limits{})
	if diags.HasErrors() {
		return nil, &validate.Report{Diagnostics: diags}
	}
	return ReplayState(rec, validate.Options{})
}

var genOut = flag.String("gen", "", "write Generate(players, seed) to this file: -gen FILE -players N -seed S")
var genPlayers = flag.Int("players", 2, "")
var genSeed = flag.Uint64("seed", 1, "")

func TestWriteGenerated(t *testing.T) {
	if *genOut == "" {
		t.Skip()
	}
	b, err := Generate(*genPlayers, *genSeed, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*genOut, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
