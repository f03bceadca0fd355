//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// command is vintner's main, signal handling and all, in a process of its
// own: the test binary run again (TestMain).
func command(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "VINTNER_TEST_MAIN=1")
	return cmd
}

// A signal ignored when vintner starts stays ignored: nohup ignores
// SIGHUP, and a script's background job SIGINT. Handled to remove the
// temporary files, SIGINT ended the command all the same (after a second).
func TestAnIgnoredSignalStaysIgnored(t *testing.T) {
	record, err := os.ReadFile("../../testdata/examples/grand-cru-3p.vin")
	if err != nil {
		t.Fatal(err)
	}
	// Ignored by a shell, as nohup does, rather than by this process:
	// the test's own signals stay as they are.
	cmd := command("validate", "-")
	cmd.Args = append([]string{"sh", "-c", `trap '' INT HUP; exec "$0" "$@"`, cmd.Path}, cmd.Args[1:]...)
	if cmd.Path, err = exec.LookPath("sh"); err != nil {
		t.Skip(err)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // the command waits for its input
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Process.Signal(syscall.SIGHUP)
	time.Sleep(1500 * time.Millisecond) // handled, SIGINT ended the command after 1s
	stdin.Write(record)
	stdin.Close()
	if err := cmd.Wait(); err != nil || !strings.HasPrefix(stdout.String(), "<stdin>: valid grand-cru record") {
		t.Errorf("SIGINT and SIGHUP ignored: %v, stdout %q, stderr %q; want the command to go on", err, stdout.String(), stderr.String())
	}
}

// A hangup (a closed terminal, a dropped ssh session) while a PDF is being
// written leaves no temporary file behind, as Ctrl-C does: the PDF is
// whole or not there.
func TestAHangupLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	cmd := command("sheets", "--pad", "500", "--seed", "1", "-o", filepath.Join(dir, "pad.pdf"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for seen := false; !seen; {
		select {
		case err := <-exited:
			t.Skipf("the write was over before the test saw its temporary file (%v)", err)
		case <-time.After(time.Millisecond):
		}
		ents, _ := os.ReadDir(dir)
		seen = len(ents) > 0 && strings.HasSuffix(ents[0].Name(), ".tmp")
	}
	cmd.Process.Signal(syscall.SIGHUP)
	err := <-exited
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("the command ended with %v and left %s behind", err, e.Name())
		}
	}
}
