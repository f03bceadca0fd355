package games_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"unsafe"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// TestKeepDataReadsTheRecordInPlace holds Options.KeepData to its word:
// with it, Check reports exactly what it reports without it, and reads
// the caller's bytes in place (the players' names point into them: no copy
// was made); without it, the report is Check's own, and the caller may
// overwrite its bytes.
func TestKeepDataReadsTheRecordInPlace(t *testing.T) {
	all := games.All()
	for _, g := range all {
		for players := 1; players <= 4; players++ {
			rec, err := g.Random(players, uint64(700+players), nil)
			if err != nil {
				continue // a game without a solo mode
			}
			name := g.Name() + "/" + string(rune('0'+players))
			kept := validate.Check(all, "k.vin", rec, validate.Limits{}, validate.Options{NoState: true, KeepData: true})
			in := func(s string) bool {
				p, start := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.SliceData(rec)))
				return p >= start && p < start+uintptr(len(rec))
			}
			if len(kept.Players) == 0 || !in(kept.Players[0]) {
				t.Errorf("%s: KeepData: the players' names %q are not read from the record's bytes", name, kept.Players)
			}
			keptJSON, _ := json.Marshal(kept)

			data := bytes.Clone(rec)
			copied := validate.Check(all, "k.vin", data, validate.Limits{}, validate.Options{NoState: true})
			for i := range data {
				data[i] = 'x' // the caller's bytes are its own again
			}
			copiedJSON, _ := json.Marshal(copied)
			if !bytes.Equal(keptJSON, copiedJSON) {
				t.Errorf("%s: with KeepData\n%s\nwithout, its bytes overwritten after\n%s", name, keptJSON, copiedJSON)
			}
			if kept.Result == nil {
				t.Errorf("%s: a generated record did not score: %v", name, kept.Diagnostics)
			}
		}
	}
}
