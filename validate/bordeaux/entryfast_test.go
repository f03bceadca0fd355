package bordeaux

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/vintner/vintner/validate"
)

// TestEntryFastAsChecked replays the test records, generated games and
// those games with an action line moved elsewhere (workers busy, the
// wrong region or resource, a second Make Wine, circled wines, missing
// casks, '13's choices), with entry's own path and with every entry
// through entryChecked, and requires the same reports and states.
func TestEntryFastAsChecked(t *testing.T) {
	recs := testRecords(t)
	for i := 0; i < 40; i++ {
		var variants []string
		if i%5 == 4 {
			variants = []string{"vine-skip"}
		}
		rec, err := Generate(1+i%6, uint64(900+i), variants)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
		lines := bytes.Split(rec, []byte("\n"))
		for k := 5; k+7 < len(lines); k += 3 {
			moved := append([][]byte(nil), lines...)
			moved[k], moved[k+7] = moved[k+7], moved[k]
			recs = append(recs, bytes.Join(moved, []byte("\n")))
		}
	}
	defer func() { entryFast = true }()
	games := []validate.Game{New()}
	for i, rec := range recs {
		for _, asPlayed := range []bool{false, true} {
			var got [2]string
			for k, fast := range []bool{true, false} {
				entryFast = fast
				rep := validate.Check(games, "r.vin", rec, validate.Limits{}, validate.Options{AsPlayed: asPlayed})
				b, _ := json.Marshal(rep)
				got[k] = string(b)
				if st, ok := rep.State.(*State); ok {
					got[k] += st.Text()
				}
			}
			if got[0] != got[1] {
				t.Fatalf("record %d (as played %v):\nfast:    %s\nchecked: %s", i, asPlayed, got[0], got[1])
			}
		}
	}
}
