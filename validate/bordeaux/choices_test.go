package bordeaux

import "testing"

// TestUsualChoiceAsSwitch checks readChoices's look-up of the usual
// choices against their definition, for every two-byte word: tN (t or T,
// a digit) is a trellis in row N, @R (a region's letter in either case)
// a grape's wine in region R (upper case); no other word is usual.
func TestUsualChoiceAsSwitch(t *testing.T) {
	for b0 := range 256 {
		for b1 := range 256 {
			w := string([]byte{byte(b0), byte(b1)})
			var want atom
			usual := true
			switch {
			case (b0 == 't' || b0 == 'T') && '0' <= b1 && b1 <= '9':
				want = atom{trellis: true, row: int8(b1 - '0'), tok: 7}
			case b0 == '@' && (b1 == 'L' || b1 == 'R' || b1 == 'E' || b1 == 'l' || b1 == 'r' || b1 == 'e'):
				want = atom{region: byte(b1) &^ 0x20, tok: 7}
			default:
				usual = false
			}
			got, ok := usualChoice(w, 7)
			if ok != usual || ok && got != want {
				t.Fatalf("usualChoice(%q) = %+v, %v; want %+v, %v", w, got, ok, want, usual)
			}
		}
	}
	for _, w := range []string{"", "t", "@", "t12", "@Lp2"} {
		if _, ok := usualChoice(w, 0); ok {
			t.Fatalf("usualChoice(%q) is usual", w)
		}
	}
}
