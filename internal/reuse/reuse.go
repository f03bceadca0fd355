// Package reuse holds the helpers that let a replay reuse the memory of
// the record before it.
package reuse

// Zeroed returns s resized to n zero items, reusing its array when it is
// large enough.
func Zeroed[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// Sized is Zeroed for a caller that writes every item: s resized to n
// items, reusing its array when it is large enough, the old items left
// in place.
func Sized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
