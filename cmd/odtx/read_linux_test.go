package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// TestInterruptReading: Ctrl-C or SIGTERM while a command waits for more
// input on stdin ends it at once, with exit code 130, saying interrupted,
// rather than when the input ends.
func TestInterruptReading(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree.json")
	writeFiles(t, dir, map[string]string{"tree.json": `{"label":"b","classes":["x"],"root":{"class":"x"}}`})
	tests := []struct {
		args []string
		sig  syscall.Signal
	}{
		{[]string{"learn", "-"}, syscall.SIGINT},
		{[]string{"learn", "-"}, syscall.SIGTERM},
		{[]string{"predict", "--tree", tree, "-"}, syscall.SIGINT},
		{[]string{"cv", "-"}, syscall.SIGINT},
		{[]string{"dump", "--depth", "1", "-"}, syscall.SIGINT},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[:1], " ")+" "+tt.sig.String(), func(t *testing.T) {
			cmd, w, stdout, stderr := startPiped(t, tt.args...)
			defer w.Close()
			if _, err := w.WriteString("a,b\n1,x\n2,y\n"); err != nil {
				t.Fatal(err)
			}
			// Once odtx has taken every byte from the pipe it is reading
			// the table, and so has long set up its signal handling.
			for unread(t, w) > 0 {
				time.Sleep(time.Millisecond)
			}
			cmd.Process.Signal(tt.sig)
			exited := make(chan error)
			go func() { exited <- cmd.Wait() }()
			select {
			case <-exited:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				<-exited
				t.Fatalf("still reading 10 s after %v", tt.sig)
			}
			code, msg := 130, "odtx: interrupted\n"
			if tt.sig == syscall.SIGTERM {
				code, msg = 143, "odtx: terminated\n"
			}
			if got := cmd.ProcessState.ExitCode(); got != code {
				t.Errorf("exit code %d, want %d", got, code)
			}
			if stdout.Len() > 0 || stderr.String() != msg {
				t.Errorf("stdout %q, stderr %q; want nothing and %q", stdout.String(), stderr.String(), msg)
			}
		})
	}
}

// unread returns the number of bytes in the pipe that w writes to.
func unread(t *testing.T, w *os.File) int {
	t.Helper()
	var n int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, w.Fd(), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n))); errno != 0 {
		t.Fatalf("FIONREAD on a pipe: %v", errno)
	}
	return int(n)
}

// TestReadEndless: input that is not a table and never ends, such as
// /dev/zero, is a one-line error once its first line passes the limit.
// The test feeds zeros through a pipe, so that a reader that does not stop
// gets an end after 64 MiB rather than all of memory.
func TestReadEndless(t *testing.T) {
	cmd, w, stdout, stderr := startPiped(t, "learn", "-")
	zeros := make([]byte, 64<<10)
	for range 1024 {
		if _, err := w.Write(zeros); err != nil {
			break // odtx stopped reading
		}
	}
	w.Close()
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 1 || stdout.Len() > 0 || stderr.String() != "odtx: stdin:1: line longer than 1 MiB\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1 and the line limit", code, stdout.String(), stderr.String())
	}
}
