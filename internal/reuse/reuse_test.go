package reuse

import "testing"

func TestZeroedReusesAndClears(t *testing.T) {
	s := []int{1, 2, 3, 4}
	z := Zeroed(s, 3)
	if len(z) != 3 || &z[0] != &s[0] || z[0] != 0 || z[2] != 0 || s[3] != 4 {
		t.Fatalf("Zeroed(s, 3) = %v (s %v): want s's array, three zeros", z, s)
	}
	g := Zeroed(s, 5)
	if len(g) != 5 || &g[0] == &s[0] {
		t.Fatalf("Zeroed(s, 5) = %v: want a new array of five", g)
	}
}

func TestSizedReusesWithoutClearing(t *testing.T) {
	s := []int{1, 2, 3, 4}
	z := Sized(s[:1], 3)
	if len(z) != 3 || &z[0] != &s[0] || z[0] != 1 || z[2] != 3 {
		t.Fatalf("Sized(s[:1], 3) = %v: want s's array, its items kept", z)
	}
	g := Sized(s, 5)
	if len(g) != 5 || &g[0] == &s[0] || g[0] != 0 {
		t.Fatalf("Sized(s, 5) = %v: want a new array of five zeros", g)
	}
}
