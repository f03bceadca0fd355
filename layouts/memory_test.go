package layouts

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSetMemorySameAsSet deals game sets of 1–12 seats, in an order that
// makes the memory grow and shrink, and bad codes in between, into one
// SetMemory and requires what Set gives every time.
func TestSetMemorySameAsSet(t *testing.T) {
	var m SetMemory
	for i := uint64(0); i < 300; i++ {
		players := 1 + int(i*7%12)
		code, err := NewSetCode(i*0x9E3779B97F4A7C15>>(i%40), players)
		if err != nil {
			t.Fatal(err)
		}
		written := code
		if i%3 == 1 {
			written = strings.ToLower(strings.ReplaceAll(code, "-", "")) // read, but not canonical
		}
		if i%5 == 4 {
			written = code + "/1" // an error, as Set gives it
		}
		want, werr := Set(written)
		got, err := m.Set(written)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Fatalf("%s: error %v, Set's %v", written, err, werr)
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		if string(a) != string(b) {
			t.Fatalf("%s: the memory's set differs from Set's:\n%s\nvs\n%s", written, a, b)
		}
	}
}

// BenchmarkSetMemory deals a different game set of 2–4 seats per
// iteration into one SetMemory, from its code, as a batch replay of
// Bordeaux records does: dealing alone, without the encoding and the
// allocation of BenchmarkLayout (internal/bench).
func BenchmarkSetMemory(b *testing.B) {
	codes := make([]string, 1024)
	for i := range codes {
		code, err := NewSetCode(uint64(1000+i), 2+i%3)
		if err != nil {
			b.Fatal(err)
		}
		codes[i] = code
	}
	var m SetMemory
	i := 0
	for b.Loop() {
		if _, err := m.Set(codes[i%len(codes)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
