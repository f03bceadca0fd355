package rng

import "testing"

// The stream is part of the file format: a layout code and a generated
// game's seed must give the same output forever. These values pin it.
func TestGoldenStream(t *testing.T) {
	s := New(42)
	want := []uint64{0xbdd732262feb6e95, 0x28efe333b266f103, 0x47526757130f9f52}
	for i, w := range want {
		if got := s.Uint64(); got != w {
			t.Fatalf("value %d = %#x, want %#x", i, got, w)
		}
	}
}

func TestIntnBounds(t *testing.T) {
	s := New(7)
	seen := make([]int, 6)
	for i := 0; i < 6000; i++ {
		v := s.Intn(6)
		if v < 0 || v >= 6 {
			t.Fatalf("Intn(6) = %d", v)
		}
		seen[v]++
	}
	for v, n := range seen {
		if n < 800 || n > 1200 {
			t.Errorf("value %d came %d times of 6000: not uniform", v, n)
		}
	}
}

func TestDeriveStreamsDiffer(t *testing.T) {
	a, b := Derive(1, 0), Derive(1, 1)
	if a.Uint64() == b.Uint64() {
		t.Fatal("streams 0 and 1 of one seed start alike")
	}
}

func TestPermIsPermutation(t *testing.T) {
	p := New(3).Perm(10)
	seen := map[int]bool{}
	for _, v := range p {
		seen[v] = true
	}
	if len(seen) != 10 {
		t.Fatalf("Perm(10) = %v", p)
	}
}

// intnByRejection is Intn as first written: the limit worked out for every
// draw. Intn must draw exactly as it does.
func intnByRejection(s *Source, n int) int {
	bound := uint64(n)
	limit := ^uint64(0) - (^uint64(0) % bound)
	for {
		v := s.Uint64()
		if v < limit {
			return int(v % bound)
		}
	}
}

func TestIntnSameDraws(t *testing.T) {
	// small bounds, and large ones where many values are rejected
	bounds := []int{1, 2, 3, 7, 12, 31, 1000, 1<<62 + 1, 1<<63 - 1, 3 << 61, 6148914691236517206}
	for _, n := range bounds {
		a, b := New(uint64(n)), New(uint64(n))
		for i := 0; i < 2000; i++ {
			if got, want := a.Intn(n), intnByRejection(b, n); got != want {
				t.Fatalf("Intn(%d) draw %d = %d, want %d", n, i, got, want)
			}
		}
		if a.state != b.state {
			t.Fatalf("Intn(%d): the streams moved apart", n)
		}
	}
}

// permuteDraws is what Permute draws, the classic way.
func permuteDraws(s *Source, n int) {
	for i := n - 1; i > 0; i-- {
		s.Intn(i + 1)
	}
}

func TestPermuteSameDrawsAsShuffle(t *testing.T) {
	a, b := New(11), New(11)
	for n := 0; n <= 40; n++ {
		for range 200 {
			got := make([]int32, n)
			a.Permute(got)
			want := b.Perm(n)
			for i := range want {
				if int(got[i]) != want[i] {
					t.Fatalf("Permute(%d) = %v, Perm %v", n, got, want)
				}
			}
			if a.state != b.state {
				t.Fatalf("Permute(%d): the streams moved apart", n)
			}
		}
	}
}

func TestUnmix(t *testing.T) {
	s := New(5)
	for range 10000 {
		v := s.Uint64()
		if got := mix(unmix(v)); got != v {
			t.Fatalf("mix(unmix(%#x)) = %#x", v, got)
		}
	}
	if gamma*gammaInverse != 1 {
		t.Fatal("gammaInverse is not gamma's inverse")
	}
}

// TestSkipPermuteSameState checks that SkipPermute leaves the stream where
// Permute does: from ordinary states, and from states a few steps before
// one whose value is redrawn (where Permute draws more than n-1 values).
func TestSkipPermuteSameState(t *testing.T) {
	seeds := New(99)
	var starts []uint64
	for range 2000 {
		starts = append(starts, seeds.Uint64())
	}
	for v := range topStates {
		for k := uint64(0); k <= 20; k++ {
			starts = append(starts, topStates[v]-k*gamma)
		}
	}
	redrawn := 0
	for _, x := range starts {
		for n := 0; n <= 20; n++ {
			a, b := &Source{x}, &Source{x}
			a.SkipPermute(n)
			permuteDraws(b, n)
			if a.state != b.state {
				t.Fatalf("SkipPermute(%d) from %#x: state %#x, Permute's %#x", n, x, a.state, b.state)
			}
			if b.state != x+uint64(max(n-1, 0))*gamma {
				redrawn++
			}
		}
	}
	if redrawn == 0 {
		t.Fatal("no start made Permute draw again: the test misses that case")
	}
}
