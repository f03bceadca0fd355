// Command vintner replays, scores and prints for three wine board games:
// Bordeaux, Grand Cru and AOC: Age of Champagne.
package main

import "os"

func main() {
	os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
