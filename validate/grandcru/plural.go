package grandcru

import "fmt"

// plural writes a count with the noun that agrees with it: "1 loan",
// "3 loans".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// francs writes an amount of money: "1 Franc", "7 Francs".
func francs(n int) string { return plural(n, "Franc", "Francs") }

// pileTiles writes the tiles the draw pile still held: "all its 2 gamay tiles",
// "its one gamay tile".
func pileTiles(n int, kind string) string {
	if n == 1 {
		return "its one " + kind + " tile"
	}
	return fmt.Sprintf("all its %d %s tiles", n, kind)
}

// onlyTiles writes how few tiles of a kind a pile holds: "only 2 aging
// tiles", "only 1 aging tile", and "no aging tile" (not "only 0").
func onlyTiles(n int, kind string) string {
	if n == 0 {
		return "no " + kind + " tile"
	}
	return "only " + plural(n, kind+" tile", kind+" tiles")
}
