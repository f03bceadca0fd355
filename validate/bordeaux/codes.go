package bordeaux

import "github.com/vintner/vintner/layouts"

// The layouts package's codes; kept in one place so the engine's
// dependence on them is plain.
var (
	loadSet    = layouts.Set
	loadSheet  = layouts.Sheet
	loadJSON   = layouts.FromJSON
	newSetCode = layouts.NewSetCode
)
