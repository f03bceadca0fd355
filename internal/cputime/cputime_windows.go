package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time the process has used (user and kernel), as
// cputime_unix.go's: Windows has no getrusage, GetProcessTimes says
// the same.
func Process() time.Duration {
	var c, e, k, u syscall.Filetime
	h, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0
	}
	if err := syscall.GetProcessTimes(h, &c, &e, &k, &u); err != nil {
		return 0
	}
	// A Filetime counts 100 ns; Nanoseconds would read it as a date.
	ticks := func(t syscall.Filetime) int64 { return int64(t.HighDateTime)<<32 | int64(t.LowDateTime) }
	return time.Duration((ticks(k) + ticks(u)) * 100)
}
