package grandcru

import (
	"os"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

// TestDocumentedGame replays the complete game of the notation page and
// checks that it is the bundled example.
func TestDocumentedGame(t *testing.T) {
	doc, err := os.ReadFile("../../docs/notation/grand-cru.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(doc), "## A complete game")
	if !ok {
		t.Fatal("the notation page has no complete game")
	}
	_, block, ok := strings.Cut(after, "```vin\n")
	if !ok {
		t.Fatal("no ```vin block")
	}
	block, _, _ = strings.Cut(block, "```")
	rep := validate.Check(engines, "grand-cru.md", []byte(block), validate.Limits{}, validate.Options{})
	if !rep.Valid() {
		t.Fatal(rep.Diagnostics[0].Error())
	}
	if rep.Result == nil || len(rep.Claims) != 3 || rep.Result.Players[0].Name != "Ann" {
		t.Fatalf("the documented game ends with Ann first and three claims: %+v", rep.Result)
	}
	example, err := os.ReadFile("../../testdata/examples/grand-cru-3p.vin")
	if err != nil {
		t.Fatal(err)
	}
	if string(example) != block {
		t.Error("docs/notation/grand-cru.md and testdata/examples/grand-cru-3p.vin differ")
	}
}
