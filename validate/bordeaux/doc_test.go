package bordeaux

import (
	"os"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

// TestNotationDocGame replays every complete game in the notation page.
func TestNotationDocGame(t *testing.T) {
	b, err := os.ReadFile("../../docs/notation/bordeaux.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := 0
	for _, part := range strings.Split(string(b), "```vin\n")[1:] {
		game, _, ok := strings.Cut(part, "```")
		if !ok || !strings.HasPrefix(game, "game bordeaux") {
			continue
		}
		blocks++
		rep := validate.Check([]validate.Game{New()}, "bordeaux.md", []byte(game), validate.Limits{}, validate.Options{})
		if len(rep.Diagnostics) > 0 {
			t.Errorf("the notation page's game: %s", rep.Diagnostics[0].Error())
		}
		if rep.Result == nil || len(rep.Claims) != len(rep.Players) {
			t.Errorf("the notation page's game is not scored with its claims")
		}
	}
	if blocks == 0 {
		t.Fatal("no ```vin game in the notation page")
	}
}
