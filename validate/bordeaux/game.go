// Package bordeaux replays bordeaux records. (Stub: the engine lands with its issue.)
package bordeaux

import (
	"fmt"

	"github.com/vintner/vintner/validate"
)

// Game is the bordeaux engine.
type Game struct{}

// New returns the engine.
func New() validate.Game { return Game{} }

// Name is the header's game name.
func (Game) Name() string { return "bordeaux" }

// Replay checks a record.
func (Game) Replay(rec *validate.Record, opt validate.Options) *validate.Report {
	return &validate.Report{Diagnostics: validate.NotImplemented("bordeaux", "replay")}
}

// Random writes a random legal game.
func (Game) Random(players int, seed uint64, variants []string) ([]byte, error) {
	return nil, fmt.Errorf("random bordeaux games are not built yet")
}

// Tables returns the component tables in force.
func (Game) Tables(override []byte, name string) ([]byte, validate.Diagnostics) {
	return nil, validate.NotImplemented("bordeaux", "tables")
}

// ScoreTally scores end-state counts.
func (Game) ScoreTally(rec *validate.Record, opt validate.Options) *validate.Report {
	return &validate.Report{Diagnostics: validate.NotImplemented("bordeaux", "scorepad mode")}
}
