package main

import (
	"errors"
	"fmt"

	"golang.org/x/sys/windows"
)

// parentWaiter returns a function that returns once the process pid has
// ended: Windows signals a process's handle when it ends, and an open
// handle keeps its id from being reused meanwhile. A process that is not
// there ends the wait at once.
func parentWaiter(pid int) (func(), error) {
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(pid))
	if errors.Is(err, windows.ERROR_INVALID_PARAMETER) {
		return func() {}, nil // no such process: it has ended
	}
	if err != nil {
		return nil, fmt.Errorf("open process: %w", err)
	}
	return func() {
		windows.WaitForSingleObject(h, windows.INFINITE)
		windows.CloseHandle(h)
	}, nil
}
