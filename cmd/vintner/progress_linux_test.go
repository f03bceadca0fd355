package main

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// openTerminal opens a pseudo-terminal and returns its terminal side.
func openTerminal(t *testing.T) *os.File {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	if err := unix.IoctlSetPointerInt(int(master.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("cannot unlock the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(int(master.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("no pseudo-terminal number: %v", err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("cannot open the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}

// The bar is erased before a verdict line or a table is printed when
// stdout is the same terminal: runCheck asks isTerminal about the stdout
// Main gives the commands, which is wrapped to keep its write errors.
// Before, the wrapper was never taken for a terminal, and on a terminal
// each verdict line was printed after the bar, on its line.
func TestStdoutOnATerminalIsSeenThroughItsWrapper(t *testing.T) {
	tty := openTerminal(t)
	if !isTerminal(tty) {
		t.Fatal("a pseudo-terminal is not taken for a terminal")
	}
	if !isTerminal(&firstWriteError{w: tty}) {
		t.Error("Main's stdout on a terminal is not taken for a terminal: the progress bar is not erased before stdout's lines")
	}
	if isTerminal(&firstWriteError{w: os.Stdin}) != isTerminal(os.Stdin) {
		t.Error("the wrapper changes what a file is taken for")
	}
}
