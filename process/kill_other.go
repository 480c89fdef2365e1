//go:build !unix

package process

import "os/exec"

// killTree leaves cancelling cmd to exec's default, killing the solver
// itself: process groups are a Unix notion, and a script's children may
// outlive a cancelled call here.
func killTree(*exec.Cmd) {}
