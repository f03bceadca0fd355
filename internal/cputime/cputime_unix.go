//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time the process has used (all threads, user and
// system): on a shared, loaded machine wall time includes waiting for a
// core, CPU time is what the work itself cost.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
