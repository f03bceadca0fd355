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
