package floor

import (
	"fmt"
	"testing"
)

func TestRecord(t *testing.T) {
	var fields [][]byte
	rec := []byte("game bordeaux\n  players Ann\tBen \r\n\n'01 L V\nAnn: red L")
	if n := Record(rec, &fields); n != 11 {
		t.Fatalf("Record found %d fields, want 11", n)
	}
	if got := fmt.Sprintf("%q", Fields(nil, []byte(" a\tbb  c\r\n"))); got != `["a" "bb" "c"]` {
		t.Fatalf("Fields = %s", got)
	}
}
