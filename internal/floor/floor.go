// Package floor is what the benchmarks measure the pipeline against: a
// record's lines split into blank-separated fields, and nothing else.
//
// It is a package of its own that imports only the standard library, and
// the benchmarks import it before the project's other packages: the
// linker lays packages out in the order it meets them, so the floor's
// code comes before theirs and keeps its address when they change
// (TestFloorLaidOutFirst). In the benchmark package, an unchanged floor
// ran 14–16% faster or slower from one build to the next as the engines'
// code moved it (docs/performance-log.md, section 11), and the ratio to the
// floor moved with it.
package floor

import "bytes"

// Pad holds the floor's code at the start of a 64-byte block, where its
// loop runs fastest on the machine of docs/performance-log.md (section 17):
// code of the standard library laid out before this package (4,000 bytes
// that --named-files made reachable) had moved it to 32. A function takes
// 32 bytes at least; the benchmarks keep it (floorOffset) and report the
// offset, which TestFloorAtItsFastOffset holds at 0.
//
//go:noinline
func Pad() int { return 0 }

// Fields appends the blank-separated fields of line to dst.
func Fields(dst [][]byte, line []byte) [][]byte {
	start := -1
	for i, c := range line {
		blank := c == ' ' || c == '\t' || c == '\n' || c == '\r'
		switch {
		case blank && start >= 0:
			dst = append(dst, line[start:i])
			start = -1
		case !blank && start < 0:
			start = i
		}
	}
	if start >= 0 {
		dst = append(dst, line[start:])
	}
	return dst
}

// Record splits every line of rec into fields, in *fields (reused), and
// returns how many fields it found.
func Record(rec []byte, fields *[][]byte) int {
	n := 0
	for line := range bytes.Lines(rec) {
		*fields = Fields((*fields)[:0], line)
		n += len(*fields)
	}
	return n
}
