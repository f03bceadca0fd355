//go:build linux && amd64 && !race

package bench

import "testing"

// TestFloorAtItsFastOffset: the floor's code starts a 64-byte block, where
// its loop ran ~15% faster than at 32 on the machine of
// docs/performance-log.md (sections 11 and 17), so that every ratio is taken
// against the floor at its best. Code of the standard library laid out
// before it can move it (a function the project starts to use): then
// floor.Pad, 32 bytes before it, goes in or out to bring it back. (A race
// or another architecture's build lays code out differently.)
func TestFloorAtItsFastOffset(t *testing.T) {
	if off := floorOffset(); off != 0 {
		t.Errorf("floor.Record starts %d bytes into its 64-byte block, not at 0: add or remove floor.Pad (internal/floor)", off)
	}
}
