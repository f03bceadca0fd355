package grandcru

import (
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
)

// TestRecords checks every record under testdata/grand-cru: the invalid
// ones fail at their `# want` line with that message, the valid ones pass.
func TestRecords(t *testing.T) {
	n := wanttest.Run(t, engines, "../../testdata/grand-cru")
	if n < 30 {
		t.Errorf("only %d records under testdata/grand-cru", n)
	}
}
