package bench

import (
	"os"
	"syscall"
)

// peakMiB is the peak resident memory of an exited process, in MiB.
func peakMiB(ps *os.ProcessState) float64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return float64(ru.Maxrss) / 1024 // Linux counts KiB
	}
	return 0
}
