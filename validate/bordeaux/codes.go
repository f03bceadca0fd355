package bordeaux

import "github.com/vintner/vintner/layouts"

// The layouts package's codes; kept in one place so the engine's
// dependence on them is plain.
var (
	loadSet    = layouts.SetCached // shared, read-only layouts: the engine never writes to a Layout
	loadSheet  = layouts.SheetCached
	loadJSON   = layouts.FromJSON
	newSetCode = layouts.NewSetCode
)
