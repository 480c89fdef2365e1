package main

import (
	"fmt"
	"os"
	"time"

	"github.com/odtx/odtx/orchestrate"
)

// progressReporter returns a callback that keeps one status line on stderr
// up to date, or nil when stderr is not a terminal: pipes and logs get only
// the result.
func progressReporter() func(orchestrate.Progress) {
	if fi, err := os.Stderr.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var last time.Time
	return func(p orchestrate.Progress) {
		if time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		bound := ""
		if p.MaxLeaves > 0 {
			bound = fmt.Sprintf(" nodes<=%d", 2*p.MaxLeaves-1)
		}
		fmt.Fprintf(os.Stderr, "\r\x1b[Kdepth %d%s, %d examples, %d solver calls, %.1fs",
			p.Depth, bound, p.Examples, p.Calls, p.Elapsed.Seconds())
	}
}
