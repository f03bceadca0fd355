package prose

import "testing"

func TestLists(t *testing.T) {
	for _, c := range []struct {
		items   []string
		and, or string
	}{
		{nil, "", ""},
		{[]string{"Ann"}, "Ann", "Ann"},
		{[]string{"Ann", "Ben"}, "Ann and Ben", "Ann or Ben"},
		{[]string{"Ann", "Ben", "Cal"}, "Ann, Ben and Cal", "Ann, Ben or Cal"},
		{[]string{"t1", "t2", "t3", "t4"}, "t1, t2, t3 and t4", "t1, t2, t3 or t4"},
	} {
		if got := And(c.items); got != c.and {
			t.Errorf("And(%q) = %q, want %q", c.items, got, c.and)
		}
		if got := Or(c.items); got != c.or {
			t.Errorf("Or(%q) = %q, want %q", c.items, got, c.or)
		}
	}
}
