// Command vintner replays, scores and prints for three wine board games:
// Bordeaux, Grand Cru and AOC: Age of Champagne.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/vintner/vintner/internal/atomicfile"
)

func main() {
	// A replay makes many small short-lived objects over a small live heap,
	// so with the default GOGC the collector took 30–45% of a batch's CPU.
	// 400 measured a third less CPU for 15–20 MB more peak memory, still
	// flat over any folder (docs/performance.md). A GOGC the user sets wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// vintner writes no heap profile: the runtime need not sample
	// allocations (a stack walk every 512 KB, ~2% of a batch's
	// instructions; docs/performance-log.md, section 11).
	runtime.MemProfileRate = 0
	stop := profile(os.Getenv("VINTNER_CPUPROFILE"))
	removeTempFilesOnInterrupt()
	code := Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// removeTempFilesOnInterrupt makes an interrupted command (Ctrl-C, a
// kill, a closed terminal) leave no half-written temporary file behind,
// then ends by the same signal, so that a calling shell sees it (a loop
// stops on Ctrl-C). A signal ignored when vintner started (nohup, a
// script's background job, a trap that ignores it) stays ignored:
// handled, it would end a command its caller meant to keep running.
func removeTempFilesOnInterrupt() {
	var handled []os.Signal
	for _, s := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(s) {
			handled = append(handled, s)
		}
	}
	if len(handled) == 0 {
		return
	}
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, handled...)
	go func() {
		s := <-signals
		atomicfile.RemovePending()
		signal.Stop(signals) // the signal's own action again
		if p, err := os.FindProcess(os.Getpid()); err == nil && p.Signal(s) == nil {
			time.Sleep(time.Second) // the signal ends the process
		}
		// Where a process cannot signal itself: 128 + the signal's number.
		os.Exit(128 + int(s.(syscall.Signal)))
	}()
}

// profile writes a CPU profile of the whole command to file, when set:
// how docs/performance.md profiles the command as users run it.
func profile(file string) (stop func()) {
	if file == "" {
		return func() {}
	}
	f, err := os.Create(file)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "vintner: VINTNER_CPUPROFILE: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "vintner: VINTNER_CPUPROFILE: %v\n", err)
		}
	}
}
