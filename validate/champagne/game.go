// Package champagne replays AOC: Age of Champagne records: the setup and
// the inheritance draft, ten rounds of events, placements and resolutions,
// the harvest and the end of season, the Wine Merchant, and the final
// scoring (score/champagne). The component numbers come from the tables
// package (validate/champagne/tables).
package champagne

import (
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
)

// Game is the age-of-champagne engine.
type Game struct{}

// New returns the engine.
func New() validate.Game { return Game{} }

// Name is the header's game name.
func (Game) Name() string { return "age-of-champagne" }

// Keywords are the words an AOC table line starts with: no player can be
// called so. One slice serves every record (validate only reads it): a
// new one was an allocation per record.
func (Game) Keywords() []string { return keywords }

var keywords = []string{"round", "deal", "offers", "market", "reveal", "merchant"}

// Replay checks a record line by line and scores the end.
func (g Game) Replay(rec *validate.Record, opt validate.Options) *validate.Report {
	rep, s := g.replay(rec, opt)
	if opt.NoState && s != nil {
		// No caller keeps the state: the next record reuses it.
		rep.State = nil
		putState(s)
	}
	return rep
}

// LazyChecks says the replay reads lazy check lines (validate.LazyChecker):
// it confirms the usual one from its text (checkText).
func (Game) LazyChecks() bool { return true }

// Random writes a random legal game.
func (g Game) Random(players int, seed uint64, variants []string) ([]byte, error) {
	return generate(players, seed, variants)
}

// Tables returns the component tables in force.
func (Game) Tables(override []byte, name string) ([]byte, validate.Diagnostics) {
	return tables.InForce(override, name)
}

// ScoreTally scores end-state counts (scorepad mode).
func (Game) ScoreTally(rec *validate.Record, opt validate.Options) *validate.Report {
	return scoreTally(rec, opt)
}
