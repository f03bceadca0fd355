package champagne

import (
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tally"
)

// scoreTally delegates scorepad mode to the tables helper's tally reader.
func scoreTally(rec *validate.Record, opt validate.Options) *validate.Report {
	return tally.ScoreTally(rec, opt)
}
