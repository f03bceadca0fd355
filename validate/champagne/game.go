// Package champagne replays age-of-champagne records. (Stub: the engine lands with its issue.)
package champagne

import (
	"fmt"

	"github.com/vintner/vintner/validate"
)

// Game is the age-of-champagne engine.
type Game struct{}

// New returns the engine.
func New() validate.Game { return Game{} }

// Name is the header's game name.
func (Game) Name() string { return "age-of-champagne" }

// Replay checks a record.
func (Game) Replay(rec *validate.Record, opt validate.Options) *validate.Report {
	return &validate.Report{Diagnostics: validate.NotImplemented("age-of-champagne", "replay")}
}

// Random writes a random legal game.
func (Game) Random(players int, seed uint64, variants []string) ([]byte, error) {
	return nil, fmt.Errorf("random age-of-champagne games are not built yet")
}

// Tables returns the component tables in force.
func (Game) Tables(override []byte, name string) ([]byte, validate.Diagnostics) {
	return nil, validate.NotImplemented("age-of-champagne", "tables")
}

// ScoreTally scores end-state counts.
func (Game) ScoreTally(rec *validate.Record, opt validate.Options) *validate.Report {
	return &validate.Report{Diagnostics: validate.NotImplemented("age-of-champagne", "scorepad mode")}
}
