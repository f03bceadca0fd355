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

// gamma is SplitMix64's step.
const gamma = 0x9E3779B97F4A7C15

// Uint64 returns the next 64 random bits.
func (s *Source) Uint64() uint64 {
	s.state += gamma
	return mix(s.state)
}

// mix is SplitMix64's output function of a state.
func mix(z uint64) uint64 {
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

// Permute deals a random permutation of 0..len(perm)-1 into perm: the
// draws of Perm(len(perm)) (and Shuffle), in a caller's slice. Dealing a
// Bordeaux sheet set is mostly such permutations, so this loop is Intn
// written out, with the state in a register.
func (s *Source) Permute(perm []int32) { s.state = permute(s.state, perm) }

// permute is Permute from state x; it returns the state after.
func permute(x uint64, perm []int32) uint64 {
	for i := range perm {
		perm[i] = int32(i)
	}
	for i := len(perm) - 1; i > 0; i-- {
		bound := uint64(i + 1)
		x += gamma
		v := mix(x)
		if v >= -bound { // all but never
			v, x = redraw(v, x, bound)
		}
		j := v % bound
		perm[i], perm[j] = perm[j], perm[i]
	}
	return x
}

// redraw is Intn's rejection for Permute: v, drawn at state x, is kept if
// it is below the limit, else values are drawn until one is. It returns
// the value kept and the state it was drawn at.
func redraw(v, x, bound uint64) (uint64, uint64) {
	for v >= ^uint64(0)-(^uint64(0)%bound) {
		x += gamma
		v = mix(x)
	}
	return v, x
}

// SkipPermute moves the stream as Permute would for a list of n items,
// without dealing the permutation: for a list whose items are all alike,
// whose order does not matter.
//
// Permute draws n-1 values, and draws again only when a value is among
// the top n of 64 bits (its bound is at most n; see Intn). Few states give
// such a value (topStates): when none of them is among the next n-1
// states, the draws are exactly n-1 steps of the state, and none of their
// values needs working out. Otherwise the values are drawn as Permute
// draws them.
func (s *Source) SkipPermute(n int) {
	if n < 2 {
		return
	}
	if n <= len(topStates) {
		draws := uint64(n - 1)
		clear := true
		for _, y := range topStates[:n] {
			// y is the state of draw k = (y-state)/gamma, 1-based; the
			// division is exact modulo 2^64
			if (y-s.state)*gammaInverse-1 < draws {
				clear = false
				break
			}
		}
		if clear {
			s.state += draws * gamma
			return
		}
	}
	for i := n - 1; i > 0; i-- {
		s.Intn(i + 1)
	}
}

// topStates[v] is the state whose value (mix) is the v-th largest of 64
// bits, ^uint64(0)-v: the states SkipPermute looks out for.
var topStates = func() (states [16]uint64) {
	for v := range states {
		states[v] = unmix(^uint64(0) - uint64(v))
	}
	return states
}()

// gammaInverse is the inverse of gamma modulo 2^64.
var gammaInverse = inverse(gamma)

// unmix is the inverse of mix: each step of mix undone, in reverse order.
func unmix(z uint64) uint64 {
	z = unshift(z, 31) * inverse(0x94D049BB133111EB)
	z = unshift(z, 27) * inverse(0xBF58476D1CE4E5B9)
	return unshift(z, 30)
}

// unshift is the inverse of z ^ z>>k.
func unshift(y uint64, k uint) uint64 {
	z := y
	for range 64 / k {
		z = y ^ z>>k
	}
	return z
}

// inverse is the inverse of an odd m modulo 2^64 (Newton's iteration: each
// step doubles the bits that are right).
func inverse(m uint64) uint64 {
	x := m // right in its low 3 bits, as m·m ≡ 1 mod 8 for odd m
	for range 5 {
		x *= 2 - m*x
	}
	return x
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
