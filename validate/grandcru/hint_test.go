package grandcru

import (
	"os"
	"testing"

	"github.com/vintner/vintner/validate"
)

// TestHints checks the did-you-mean hints that go with a misspelt word;
// the `# want` fixtures check only the message.
func TestHints(t *testing.T) {
	for _, c := range []struct{ file, hint string }{
		{"check-key-typo.vin", "did you mean money?"},
		{"check-vineyard-typo.vin", "did you mean gamay?"},
	} {
		data, err := os.ReadFile("../../testdata/grand-cru/invalid/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		rep := validate.Check(engines, c.file, data, validate.Limits{}, validate.Options{})
		if len(rep.Diagnostics) == 0 {
			t.Fatalf("%s: no error", c.file)
		}
		if got := rep.Diagnostics[0].Hint; got != c.hint {
			t.Errorf("%s: hint %q, want %q", c.file, got, c.hint)
		}
	}
}
