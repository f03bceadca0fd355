// Package golden compares test output with golden files, and rewrites
// them when the tests run with -update (review the diff before committing).
package golden

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/vintner/vintner/internal/atomicfile"
)

var update = flag.Bool("update", false, "rewrite the golden files with the output the tests produce")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Check compares got with the golden file at path, or writes got there
// when the tests run with -update.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := atomicfile.Write(path, got); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it, then review it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("output differs from %s (if the change is intended, run go test -update and review the diff):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
