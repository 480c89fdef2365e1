//go:build unix

package process

import (
	"os/exec"
	"syscall"
)

// killTree makes cancelling cmd kill every process it started: the solver
// may be a script running the real one, so it gets a process group of its
// own and the group is killed, so that no child outlives a cancelled call.
func killTree(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
