package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/vintner/vintner/validate/games"
)

// TestMain makes the test binary double as the vintner command, so that
// scripts run `exec vintner …` against the code under test, in-process
// built, without a separate go build.
func TestMain(m *testing.M) {
	if os.Getenv("VINTNER_TEST_MAIN") == "1" {
		main() // the command itself, with its signal handling (signal_unix_test.go)
	}
	testscript.Main(m, map[string]func(){
		"vintner": func() { os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs every testdata/script/*.txtar: the CLI's behaviour as
// a user sees it (exit status, stdout, stderr, files written).
// `go test ./cmd/vintner -run TestScripts -update` rewrites the cmp golden
// sections of the scripts from the actual output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       updateGolden(),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status": cmdStatus,
		},
		Condition: engineCondition,
		Setup: func(env *testscript.Env) error {
			// Never a terminal inside a script: no progress bar, no colour.
			env.Setenv("NO_COLOR", "1")
			return nil
		},
	})
}

// cmdStatus is `status N PROGRAM ARGS…`: run the program like exec and
// require exit status N exactly (exec only tells zero from non-zero, and
// vintner's 1 and 2 mean different things).
func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: %q is not an exit status", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("status: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// engineCondition answers [engine:GAME]: true once GAME's engine can
// generate a game, so scripts that need valid records wait for it.
func engineCondition(cond string) (bool, error) {
	name, ok := strings.CutPrefix(cond, "engine:")
	if !ok {
		return false, fmt.Errorf("unknown condition %q", cond)
	}
	g, err := games.Lookup(name)
	if err != nil {
		return false, err
	}
	_, err = g.Random(2, 1, nil)
	return err == nil, nil
}
