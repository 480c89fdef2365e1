package main

import (
	"context"
	"errors"
	"fmt"
	"syscall"

	"github.com/urfave/cli/v3"
)

// flagParent names the process whose end stops odtx: the program that
// started it, such as the Python estimator, so that a search with no time
// limit does not run on once the program that wanted it is gone, killed
// or crashed, whatever the signal.
const flagParent = "parent"

// parentFlag declares --parent, a global flag.
func parentFlag() cli.Flag {
	return &cli.IntFlag{
		Name:        flagParent,
		HideDefault: true,
		Usage:       "stop as on SIGHUP (exit 129, temporary files removed) when process `PID` ends, such as the program that started odtx",
		Validator: func(pid int) error {
			if pid < 1 {
				return errors.New("want a process id, 1 or more")
			}
			return nil
		},
	}
}

// watchParent returns ctx, ended as a hang-up ends it once the process
// pid has ended: the cause that stopped reads, so that every command stops
// the way it does on SIGHUP. A process already gone ends it at once.
func watchParent(ctx context.Context, pid int) (context.Context, error) {
	wait, err := parentWaiter(pid)
	if err != nil {
		return ctx, fmt.Errorf("--parent %d: %w", pid, err)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	go func() {
		wait()
		cancel(signalError{syscall.SIGHUP})
	}()
	return ctx, nil
}
