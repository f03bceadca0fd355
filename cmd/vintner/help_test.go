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

// scorepad --players says each game's default number of columns; it said
// "the game's most players, 6 for Bordeaux", and Bordeaux's most is 12.
func TestScorepadPlayersHelp(t *testing.T) {
	code, out, _ := vintner(t, "scorepad", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"6 for Bordeaux", "5 for Grand Cru", "4 for AOC: Age of Champagne"} {
		if !strings.Contains(out, want) {
			t.Errorf("scorepad --help lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "most players") {
		t.Errorf("scorepad --help calls the default the game's most players:\n%s", out)
	}
}
