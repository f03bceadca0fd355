package validate

import "unsafe"

// recordText is the text of a record's bytes: a copy, or, when the caller
// has handed data over for good (Options.KeepData), data itself, read in
// place. A copy of a record costs as much as a tenth of reading it (the
// allocation, the move, and the collector's work for the new memory;
// docs/performance-log.md, section 20).
func recordText(data []byte, keep bool) string {
	if !keep || len(data) == 0 {
		return string(data)
	}
	// Safe because nothing writes data any more: the caller said so.
	return unsafe.String(unsafe.SliceData(data), len(data))
}
