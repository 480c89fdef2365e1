package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// signals are the signals odtx stops on, with the word it says and its
// exit code.
var signals = []struct {
	sig  syscall.Signal
	word string
	code int
}{
	{syscall.SIGINT, "interrupted", 130},
	{syscall.SIGTERM, "terminated", 143},
}

// TestCertifySignal: a signal while a proof is being made ends learn
// --certify with the signal's exit code and one line, the prover ended and
// no file of the unfinished certificate left. Before, it exited 2 saying
// the time limit ended the proof, and left the partial proof.
func TestCertifySignal(t *testing.T) {
	for _, s := range signals {
		t.Run(s.word, func(t *testing.T) {
			dir, pids := t.TempDir(), t.TempDir()
			writeFiles(t, dir, map[string]string{"mixed.csv": mixedCSV})
			cmd := exec.Command(odtx, "--engine", "dp", "learn", "--certify", "cert", "mixed.csv")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PATH="+fakeProver(t, "prover-hang"), "FAKE_SOLVER_DIR="+pids)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			prover := hangingPids(t, pids)
			cmd.Process.Signal(s.sig)
			waitExit(t, cmd)
			if code := cmd.ProcessState.ExitCode(); code != s.code || stderr.String() != "odtx: "+s.word+"\n" || stdout.Len() > 0 {
				t.Errorf("exit %d, stderr %q, %d bytes on stdout; want %d, %q and nothing", code, stderr.String(), stdout.Len(), s.code, "odtx: "+s.word+"\n")
			}
			checkGone(t, prover)
			if left, _ := filepath.Glob(filepath.Join(dir, "cert", "*")); len(left) > 0 {
				t.Errorf("left in the certificate folder: %v", left)
			}
		})
	}
}

// TestVerifySignal: a signal while verify reads ends it with the signal's
// exit code and one line. The data file is a named pipe that the test
// holds open: verify's opening it is the sign it is reading. Before, the
// read ignored the signal.
func TestVerifySignal(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"mixed.csv": mixedCSV})
	mustRun(t, dir, "", "--engine", "dp", "learn", "--certify", "cert", "mixed.csv")
	for _, s := range signals {
		t.Run(s.word, func(t *testing.T) {
			fifo := filepath.Join(t.TempDir(), "data.csv")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(odtx, "verify", filepath.Join(dir, "cert"), fifo)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w := openWriter(t, fifo)
			defer w.Close()
			cmd.Process.Signal(s.sig)
			waitExit(t, cmd)
			if code := cmd.ProcessState.ExitCode(); code != s.code || !strings.HasPrefix(stderr.String(), "odtx: "+s.word) || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want %d and one line saying %s", code, stderr.String(), s.code, s.word)
			}
		})
	}
}

// openWriter opens the named pipe path for writing, which returns once a
// reader has opened it, within a generous limit.
func openWriter(t *testing.T, path string) *os.File {
	t.Helper()
	opened := make(chan *os.File, 1)
	go func() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Error(err)
		}
		opened <- f
	}()
	select {
	case f := <-opened:
		if f == nil {
			t.FailNow()
		}
		return f
	case <-time.After(30 * time.Second):
		t.Fatalf("nothing opened %s to read", path)
	}
	return nil
}

// waitExit waits for cmd, which has been asked to stop, and kills it if it
// has not ended within a generous limit, failing t: a process that ignores
// the request would otherwise hang the test.
func waitExit(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Errorf("%s still running 30 s after it was asked to stop", cmd.Args)
	}
}
