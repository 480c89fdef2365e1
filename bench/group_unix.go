//go:build unix

package bench

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the child cmd in a process group of its own, out of
// reach of a signal to the sweep's group, as Ctrl-C sends: the sweep alone
// gets it and passes it on. Had the child stopped on its own, the sweep
// could see it end before seeing the signal, and take the stopped job for
// a failed one and the sweep for done.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
