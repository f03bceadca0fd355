//go:build unix

package champagne

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (all threads, user and
// system): on a shared, loaded machine wall time includes waiting for a
// core, CPU time is what the work itself cost.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
