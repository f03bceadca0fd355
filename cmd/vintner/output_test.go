package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fullDisk is an output that cannot be written, as /dev/full.
type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// Every command that prints exits 2 when its output cannot be written:
// a lost output is never a success.
func TestAnUnwritableOutputIsExitTwo(t *testing.T) {
	for _, args := range [][]string{
		{"replay", "../../testdata/examples/grand-cru-3p.vin"},
		{"layout", "--new", "--pad", "3"},
		{"layout", "--new", "--players", "3"},
		{"validate", "../../testdata/examples/grand-cru-3p.vin"},
		{"score", "../../testdata/examples/grand-cru-3p.vin"},
		{"random", "grand-cru", "--players", "3", "--seed", "1"},
		{"tables", "grand-cru"},
		{"layout", "--new", "--players", "3", "--format", "json"},
		{"version"},
		// cobra's own printers, which drop their write errors
		{"help"},
		{"--help"},
		{"validate", "--help"},
		{"completion", "bash"},
	} {
		var stderr strings.Builder
		code := Main(args, strings.NewReader(""), fullDisk{}, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("%s: exit %d, stderr %q; want 2 and the write error", strings.Join(args, " "), code, stderr.String())
		}
	}
}

// A score whose table has no notes below it (a solo tally at a level of
// victory) still reports a lost output: the table's own write error.
func TestAnUnwritableScoreTableIsExitTwo(t *testing.T) {
	tally := filepath.Join(t.TempDir(), "solo.vin")
	if err := os.WriteFile(tally, []byte("players You\ntally You paths=9 longest=7 casks=4 rows=5/5/0 leader=7\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"table", "markdown"} {
		var stderr strings.Builder
		code := Main([]string{"score", "--game", "bordeaux", "--tally", tally, "--format", format}, strings.NewReader(""), fullDisk{}, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("--format %s: exit %d, stderr %q; want 2 and the write error", format, code, stderr.String())
		}
	}
}

// A score of several records none of which scored prints only its
// "not scored" headings and the summary: their lost output is exit 2 too,
// not the 1 of the rejections (a league's `score season > standings.txt`
// on a full disk).
func TestAnUnwritableScoreOfRejectedRecordsIsExitTwo(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.vin", "b.vin"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("game chess\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, format := range []string{"table", "markdown"} {
		var stderr strings.Builder
		code := Main([]string{"score", dir, "--format", format}, strings.NewReader(""), fullDisk{}, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "vintner: cannot write the output: no space left on device") {
			t.Errorf("--format %s: exit %d, stderr %q; want 2 and the write error", format, code, stderr.String())
		}
	}
}
