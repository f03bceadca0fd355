package champagne

import (
	"strings"
	"unicode/utf8"
)

// nameIndex finds a name among a set fixed when the tables are read
// (vineyard cards, market and inheritance ids, regions, events, tokens):
// an open-addressing table hashed on the length and a few bytes of the
// name. The runtime's string maps hashed every byte and compared the
// long vineyard names again, and showed in the profiles.
type nameIndex struct {
	slots []nameSlot // a power of two, at least twice the names
	shift uint32     // 32 - log2(len(slots))
}

type nameSlot struct {
	name string
	i    int32 // the name's index + 1; 0: an empty slot
}

// newNameIndex has room for n names.
func newNameIndex(n int) nameIndex {
	bits := uint32(3)
	for 1<<bits < 2*n {
		bits++
	}
	return nameIndex{slots: make([]nameSlot, 1<<bits), shift: 32 - bits}
}

// nameHash mixes the length and four bytes of a name: enough to spread
// the names of a table, and cheap to compute for every lookup. Names
// that hash alike only cost a further probe.
func nameHash(s string) uint32 {
	h := uint32(len(s))
	if n := len(s); n > 0 {
		h |= uint32(s[0])<<8 | uint32(s[n-1])<<16 | uint32(s[n/2])<<24
		h ^= uint32(s[n/3]) << 4
	}
	return h * 0x9E3779B1
}

// put maps name to i; a later put of a name replaces the earlier one, as
// a map does.
func (x *nameIndex) put(name string, i int) {
	mask := uint32(len(x.slots) - 1)
	for k := nameHash(name) >> x.shift; ; k = (k + 1) & mask {
		sl := &x.slots[k]
		if sl.i == 0 || sl.name == name {
			sl.name, sl.i = name, int32(i)+1
			return
		}
	}
}

// get is the index put for name.
func (x *nameIndex) get(name string) (int, bool) {
	if len(x.slots) == 0 {
		return 0, false
	}
	mask := uint32(len(x.slots) - 1)
	for k := nameHash(name) >> x.shift; ; k = (k + 1) & mask {
		sl := &x.slots[k]
		if sl.i == 0 {
			return 0, false
		}
		if sl.name == name {
			return int(sl.i) - 1, true
		}
	}
}

// asciiLower reports whether s is ASCII without an upper-case letter:
// strings.ToLower would return it as it is. It ORs each byte's marks
// instead of branching on each byte: the words are short and nearly all
// lower case.
func asciiLower(s string) bool { return caseMarksOf(s)&foldsLower == 0 }

// caseMarksOf ORs the caseMarks of s's bytes.
func caseMarksOf(s string) uint8 {
	var m uint8
	for i := 0; i < len(s); i++ {
		m |= caseMarks[s[i]]
	}
	return m
}

// upper is strings.ToUpper(s), without its call when s is ASCII with no
// lower-case letter (market and inheritance ids are written upper-case).
func upper(s string) string {
	if caseMarksOf(s)&foldsUpper != 0 {
		return strings.ToUpper(s)
	}
	return s
}

// lower is strings.ToLower(s), without its call when s is ASCII with no
// upper-case letter (records write their keywords in lower case).
func lower(s string) string {
	if asciiLower(s) {
		return s
	}
	return strings.ToLower(s)
}

// caseMarks marks the bytes strings.ToLower (foldsLower) or
// strings.ToUpper (foldsUpper) may change: the letters of the other case,
// and every non-ASCII byte.
var caseMarks = func() (t [256]uint8) {
	for b := range t {
		switch {
		case b >= utf8.RuneSelf:
			t[b] = foldsLower | foldsUpper
		case 'A' <= b && b <= 'Z':
			t[b] = foldsLower
		case 'a' <= b && b <= 'z':
			t[b] = foldsUpper
		}
	}
	return t
}()

const (
	foldsLower = 1 << iota
	foldsUpper
)
