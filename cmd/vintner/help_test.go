package main

import (
	"strings"
	"testing"
)

// Every command's help has examples, as the README says: cobra's own
// help and completion commands included.
func TestEveryCommandHasExamples(t *testing.T) {
	names := []string{}
	root := newRoot()
	runnableCompletion(root)
	root.InitDefaultHelpCmd() // as cobra does when it runs
	for _, c := range root.Commands() {
		names = append(names, c.Name())
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("vintner %s --help has no example", c.Name())
		}
	}
	for _, want := range []string{"validate", "score", "replay", "help", "completion"} {
		if !strings.Contains(" "+strings.Join(names, " ")+" ", " "+want+" ") {
			t.Errorf("no %s command among %v", want, names)
		}
	}
}
