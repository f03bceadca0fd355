// Package cputime reads the CPU time the process has used (all threads,
// user and system) for the benchmarks: on a shared, loaded machine wall
// time includes waiting for a core; CPU time is what the work itself cost.
package cputime
