package validate

import (
	"strconv"
	"strings"

	"github.com/vintner/vintner/score"
)

// PadTotal is the scorepad's Total row, as PadRow returns it.
var PadTotal = score.Category{Key: "total", Label: "Total"}

// PadRow finds the scorepad row that a word which is no tally key copies
// from a filled pad: the Total, or a category written by its key or its
// printed name, in any case, with or without blanks, hyphens or
// underscores ("total", "most-casks", "TileTypes", "trellis_row_1"). A
// secretary types the pad's words; the message then says which key holds
// that row, or that vintner works it out.
func PadRow(word string, cats []score.Category) (score.Category, bool) {
	w := squashKey(word)
	if w == "" {
		return score.Category{}, false
	}
	if w == PadTotal.Key {
		return PadTotal, true
	}
	for _, c := range cats {
		if w == squashKey(c.Key) || w == squashKey(c.Label) || (c.Long != "" && w == squashKey(c.Long)) {
			return c, true
		}
	}
	return score.Category{}, false
}

// PadTotalAdvice is what a tally says of a total typed as a count
// (total=26 on NAME's line): the claim that compares it.
func PadTotalAdvice(name, value string) string {
	if _, err := strconv.Atoi(value); err != nil {
		value = "POINTS"
	}
	return "which vintner adds up from the counts: write the table's total as a claim line, `claim " + QuoteName(name) + " " + value + "`, to have it compared"
}

func squashKey(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(s))
}
