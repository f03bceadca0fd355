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

func TestGeneratedQuick(t *testing.T) {
	for _, n := range []int{1, 2, 4, 12} {
		for seed := uint64(1); seed <= 50; seed++ {
			b, err := Generate(n, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, rep := replayBytes(t, "gen.vin", b)
			if rep.Diagnostics.HasErrors() {
				t.Fatalf("players %d seed %d: %s\n%s", n, seed, rep.Diagnostics[0].Error(), b)
			}
		}
	}
}

func TestPrintOne(t *testing.T) {
	b, _ := Generate(4, 1, nil)
	t.Log("\n" + string(b))
	st, rep := replayBytes(t, "g", b)
	t.Log(st.Text())
	_ = rep
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
	os.WriteFile(*genOut, b, 0o644)
}
