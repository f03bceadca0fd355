// Package prose joins words as the tool's messages list them: "Ann, Ben
// and Cal", "t1, t2 or t3". One place, so that every engine's lists read
// alike (three engines had each written their own, and two had a list of
// three as "Ann and Ben and Cal").
package prose

import "strings"

// And lists items as "a", "a and b", "a, b and c"; "" for none.
func And(items []string) string { return join(items, " and ") }

// Or lists items as "a", "a or b", "a, b or c"; "" for none.
func Or(items []string) string { return join(items, " or ") }

func join(items []string, last string) string {
	switch n := len(items); n {
	case 0:
		return ""
	case 1:
		return items[0]
	default:
		return strings.Join(items[:n-1], ", ") + last + items[n-1]
	}
}
