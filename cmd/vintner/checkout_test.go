package main

import (
	"os/exec"
	"strings"
	"testing"
)

// A checkout converts no line ends (.gitattributes): Git for Windows
// turns LF into CRLF by default, and then gofmt and the goldens failed.
func TestCheckoutKeepsLineEnds(t *testing.T) {
	files := []string{"main.go", "testdata/jsonl.golden", "testdata/script/named-files.txtar",
		"../../testdata/examples/bordeaux-4p.vin", "../../layouts/template.txt"}
	out, err := exec.Command("git", append([]string{"check-attr", "text", "--"}, files...)...).Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if !strings.HasSuffix(line, ": text: unset") {
			t.Errorf("%s: want text unset, as .gitattributes says", line)
		}
	}
}
