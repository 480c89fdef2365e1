//go:build unix

package main

import (
	"os"
	"syscall"
	"time"
)

// parentPoll is how often a Unix odtx looks for its parent: Unix tells a
// process of its parent's end by no event that a child can wait on.
const parentPoll = 150 * time.Millisecond

// parentWaiter returns a function that returns once the process pid has
// ended. Where pid is odtx's parent, its end shows as odtx's adoption by
// another process (init, or a subreaper), whose id Getppid then reports;
// that no reuse of the id can fake. Any other process, such as the caller
// of a wrapper script that started odtx, is looked for by signal 0, which
// fails once it has ended and been reaped.
func parentWaiter(pid int) (func(), error) {
	if os.Getppid() == pid {
		return func() {
			for os.Getppid() == pid {
				time.Sleep(parentPoll)
			}
		}, nil
	}
	return func() {
		for syscall.Kill(pid, 0) != syscall.ESRCH {
			time.Sleep(parentPoll)
		}
	}, nil
}
