// Package rng is the project's own pseudo-random generator: SplitMix64
// with its own bounded integers and Fisher–Yates shuffle. Layouts and
// generated games come from a seed and must come out the same on every Go
// release, so nothing seeded uses math/rand.
package rng

// Source is a SplitMix64 generator (Steele, Lea and Flood, 2014).
type Source struct{ state uint64 }

// New returns a generator seeded with seed.
func New(seed uint64) *Source { return &Source{state: seed} }

// Derive returns an independent stream for a (seed, stream) pair, so that
// sheet n of a game set does not depend on how much sheet n-1 consumed.
func Derive(seed, stream uint64) *Source {
	s := New(seed ^ (stream+1)*0x9E3779B97F4A7C15)
	s.Uint64()
	return s
}

// Uint64 returns the next 64 random bits.
func (s *Source) Uint64() uint64 {
	s.state += 0x9E3779B97F4A7C15
	z := s.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Intn returns a uniform integer in [0, n); n must be positive. It uses
// rejection so that no value is favoured.
func (s *Source) Intn(n int) int {
	if n <= 0 {
		panic("rng: Intn with n <= 0")
	}
	bound := uint64(n)
	for {
		// A value is accepted below ^0 - ^0%bound, which is at least
		// 2^64-bound (-bound): a value under that is accepted without
		// the division that works the limit out. The draws are the same.
		v := s.Uint64()
		if v < -bound || v < ^uint64(0)-(^uint64(0)%bound) {
			return int(v % bound)
		}
	}
}

// Chance returns true with probability num/den.
func (s *Source) Chance(num, den int) bool { return s.Intn(den) < num }

// Shuffle permutes n elements with swap, Fisher–Yates from the top.
func (s *Source) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, s.Intn(i+1))
	}
}

// Perm returns a random permutation of 0..n-1.
func (s *Source) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	s.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}
