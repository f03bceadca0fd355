// Package games lists the rules engines vintner knows.
package games

import (
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/bordeaux"
	"github.com/vintner/vintner/validate/champagne"
	"github.com/vintner/vintner/validate/grandcru"
)

// All returns every engine, in the order the help lists them.
func All() []validate.Game {
	return []validate.Game{bordeaux.New(), grandcru.New(), champagne.New()}
}

// Names lists the game names.
func Names() []string {
	var n []string
	for _, g := range All() {
		n = append(n, g.Name())
	}
	return n
}

// Lookup finds a game by its name (bordeaux, grand-cru, age-of-champagne).
func Lookup(name string) (validate.Game, error) {
	// In any case and with the short forms, as a record's `game` line is read.
	return validate.Lookup(All(), validate.CanonicalGame(name))
}
