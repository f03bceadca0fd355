package champagne

import (
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// TestLazyChecks: a batch (Options.NoState) reads the usual check line
// lazily (validate/lazy.go, checkText); its report must be the full
// reading's (wanttest.LazySuite).
func TestLazyChecks(t *testing.T) {
	gen := func(players int, seed uint64) ([]byte, error) { return generate(players, seed, nil) }
	wanttest.LazySuite(t, games(), gen, []int{1, 2, 3, 4}, 3, func(h func(*validate.Line, bool)) { checkTextHook = h })
}
