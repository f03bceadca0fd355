package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// ansiConsole turns on the Windows console's reading of the escape
// sequence the progress bar erases its line with (ESC [K): a Windows 10
// console reads it only once asked (Windows Terminal always does), and
// printed it as text ("←[K") after every redraw. A console that cannot
// read it gets no bar.
func ansiConsole(f *os.File) bool {
	h := windows.Handle(f.Fd())
	var mode uint32
	if err := windows.GetConsoleMode(h, &mode); err != nil {
		return false
	}
	if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
		return true
	}
	return windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING) == nil
}
