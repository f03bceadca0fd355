package champagne

import "strconv"

// plural writes a count with the noun that agrees with it: "1 market
// card", "2 market cards".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
