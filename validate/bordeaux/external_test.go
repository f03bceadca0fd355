package bordeaux

import (
	"path/filepath"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// The fixtures are replayed by this engine alone, so the package's tests
// do not depend on the other games' engines building.

// TestInvalidFixtures: each record breaks one rule, and its first error is
// the `# want` line with exactly that message.
func TestInvalidFixtures(t *testing.T) {
	if n := wanttest.Run(t, []validate.Game{New()}, "../../testdata/bordeaux/invalid"); n < 20 {
		t.Errorf("only %d invalid fixtures", n)
	}
}

// TestBundledExamples: the example records `make run` validates.
func TestBundledExamples(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/examples/bordeaux-*.vin")
	if len(files) < 2 {
		t.Fatalf("bundled Bordeaux examples: %v", files)
	}
	for _, f := range files {
		wanttest.File(t, []validate.Game{New()}, f)
	}
}
