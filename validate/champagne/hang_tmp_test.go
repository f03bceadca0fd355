package champagne

import (
	"strings"
	"testing"
	"time"

	"github.com/vintner/vintner/internal/rng"
)

func TestHangTmp(t *testing.T) {
	data, _ := generate(3, 1, nil)
	lines := strings.Split(string(data), "\n")
	r := rng.New(9)
	for it := 0; it < 20000; it++ {
		ls := append([]string(nil), lines...)
		for k := 0; k < 1+r.Intn(3); k++ {
			i := 2 + r.Intn(len(ls)-2)
			switch r.Intn(3) {
			case 0:
				ls = append(ls[:i], ls[i+1:]...)
			case 1:
				j := 2 + r.Intn(len(ls)-2)
				ls[i], ls[j] = ls[j], ls[i]
			case 2:
				ls = append(ls[:i], append([]string{ls[2+r.Intn(len(ls)-2)]}, ls[i:]...)...)
			}
		}
		b := []byte(strings.Join(ls, "\n"))
		for k := 0; k < r.Intn(4); k++ {
			b[r.Intn(len(b))] = " \n:=,0123456789TNBMPCabcdefnrsx#-+"[r.Intn(34)]
		}
		in := string(b)
		done := make(chan bool)
		go func() {
			defer func() {
				if e := recover(); e != nil {
					t.Errorf("panic %v on\n%s", e, in)
				}
				close(done)
			}()
			check(t, "m.vin", []byte(in))
		}()
		select {
		case <-done:
		case <-time.After(2 * time.Second):
			t.Fatalf("hang on\n%s", in)
		}
	}
}
