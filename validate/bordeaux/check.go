package bordeaux

import (
	"sort"
	"strconv"
	"strings"

	"github.com/vintner/vintner/validate"
)

// CheckKeys are the `check` keys, each a quantity the sheet shows.
var CheckKeys = []string{"casks", "used", "vines", "trellis", "circled", "wines", "paths", "longest", "leader"}

// check compares a `check` line with the sheet.
func (r *replayer) check(l *validate.Line) error {
	p := r.st.Players[r.rec.Seat(l.Player)]
	for _, kv := range l.Pairs {
		// Lists may be written with commas, as the notation page shows,
		// or with slashes.
		written := kv.Value
		kv.Value = strings.ReplaceAll(kv.Value, ",", "/")
		got := ""
		var what string
		switch kv.Key {
		case "casks":
			got, what = strconv.Itoa(p.CasksAvailable()), "casks available"
		case "used":
			got, what = strconv.Itoa(p.CasksUsed), "casks used"
		case "vines":
			got, what = strconv.Itoa(p.VinesFilled), "vines filled"
		case "trellis":
			var s []string
			for _, n := range p.Trellis {
				s = append(s, strconv.Itoa(n))
			}
			got, what = strings.Join(s, "/"), "trellises per row"
		case "circled":
			got, what = strings.Join(p.CircledNames(), "/"), "circled wines"
			if got == "" {
				got = "-"
			}
			if sameSet(kv.Value, got) {
				continue
			}
		case "wines":
			got, what = strconv.Itoa(len(p.Circled)), "circled wines"
		case "paths":
			got, what = strconv.Itoa(len(p.Filled)), "filled paths"
		case "longest":
			got, what = strconv.Itoa(p.Longest(r.st.Rules.SimplePath)), "segments in the longest tour"
		case "leader":
			got, what = strconv.Itoa(len(p.LeaderYears)), "leader years"
		default:
			d := validate.Errorf(l, kv.Tok, validate.CodeSyntax, "unknown check key %q: %s", kv.Key, strings.Join(CheckKeys, ", "))
			d.Hint = validate.DidYouMean(kv.Key, CheckKeys)
			return r.fail(d)
		}
		if got != kv.Value && kv.Key == "circled" {
			return r.errorf(l, kv.Tok, validate.CodeCheck, "%s's circled wines are %s; the check says %s", p.Name, got, written)
		}
		if got != kv.Value {
			return r.errorf(l, kv.Tok, validate.CodeCheck, "%s has %s %s; the check says %s", p.Name, got, what, written)
		}
	}
	return nil
}

// sameSet compares two /-separated lists of wine names in any order.
func sameSet(written, got string) bool {
	norm := func(s string) string {
		if s == "-" || s == "" {
			return ""
		}
		parts := strings.Split(s, "/")
		for i, x := range parts {
			if isWineName(x) {
				parts[i] = canonWine(x)
			}
		}
		sort.Strings(parts)
		return strings.Join(parts, "/")
	}
	return norm(written) == norm(got)
}
