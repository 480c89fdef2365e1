package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestQuietOnTerminal: on a terminal learn draws its progress on stderr,
// and -q leaves the terminal untouched.
func TestQuietOnTerminal(t *testing.T) {
	args := []string{"--engine", "sat", "learn", appendixCSV}
	// The terminal ends lines with \r\n, and the bar redraws its line after \r.
	got := onTerminal(t, args...)
	if lines := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(got); !strings.Contains(lines, " solver call") || !summaryLine.MatchString(lines) {
		t.Errorf("odtx %q on a terminal wrote %q, want progress and the summary line", args, got)
	}
	if got := onTerminal(t, append([]string{"-q"}, args...)...); got != "" {
		t.Errorf("odtx -q %q on a terminal wrote %q, want nothing", args, got)
	}
}

// onTerminal runs odtx with args and a pseudo-terminal for stderr, and
// returns what it wrote there.
func onTerminal(t *testing.T, args ...string) string {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer master.Close()
	var unlock int32
	var n uint32
	if err := ioctl(master, syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); err != nil {
		t.Fatalf("unlocking the pseudo-terminal: %v", err)
	}
	if err := ioctl(master, syscall.TIOCGPTN, unsafe.Pointer(&n)); err != nil {
		t.Fatalf("numbering the pseudo-terminal: %v", err)
	}
	tty, err := os.OpenFile(fmt.Sprint("/dev/pts/", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(odtx, args...)
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, tty
	err = cmd.Start()
	tty.Close() // the child's copy is the last: its exit ends the reading
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan []byte)
	go func() {
		// Once the last copy of tty is closed, reading fails with EIO.
		b, _ := io.ReadAll(master)
		out <- b
	}()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("odtx %q: %v", args, err)
	}
	return string(<-out)
}

// ioctl applies request to f with the argument at arg.
func ioctl(f *os.File, request uintptr, arg unsafe.Pointer) error {
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), request, uintptr(arg)); errno != 0 {
		return errno
	}
	return nil
}
