package bordeaux

import (
	"strconv"
	"strings"
	"testing"

	"github.com/vintner/vintner/layouts"
)

// TestTablesErrorsAtLine: a sheet template given with --tables is refused
// at FILE:LINE:COL, the item's word, as the other games' tables are (the
// message was "FILE: error: FILE:25: region: …", with no column or line
// shown); a whole template's error comes after its last line.
func TestTablesErrorsAtLine(t *testing.T) {
	def := string(layouts.DefaultTemplateText())
	lineOf := func(prefix string) int {
		for i, l := range strings.Split(def, "\n") {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", prefix)
		return 0
	}
	last := strings.Count(strings.TrimRight(def, "\n"), "\n") + 1
	for _, c := range []struct {
		old, new string
		line     int
		want     string
	}{
		{"region L Left Bank", "  region Q Left Bank", lineOf("region L Left Bank"),
			`:3: error: region: "Q" is not a region letter (L, R, E)`},
		{"casks 1 0 0 0 0 0 0 0", "casks 1 0 0 0 0 0 0", last + 1,
			`:1: error: casks 1 lists 6 costs but the tables have 7 wines of age 1`},
	} {
		_, diags := Game{}.Tables([]byte(strings.Replace(def, c.old, c.new, 1)), "my.txt")
		want := "my.txt:" + strconv.Itoa(c.line) + c.want
		if len(diags) != 1 || diags[0].Error() != want {
			t.Errorf("%s: got %v, want %s", c.new, diags, want)
			continue
		}
		if c.line != last+1 && diags[0].Source != c.new {
			t.Errorf("%s: the line shown is %q", c.new, diags[0].Source)
		}
	}
}
