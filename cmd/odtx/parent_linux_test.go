package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestParentKilled: odtx --parent $$, started by a shell that is then
// killed with SIGKILL, which no process can catch to stop its children,
// stops as on SIGHUP: exit 129, "odtx: hung up", its solver process gone
// and no temporary file left, though its solver never answers. Before, it
// ran on, adopted by init, as the search of a killed Python estimator did.
func TestParentKilled(t *testing.T) {
	adoptOrphans(t)
	hang := fakeSolver(t, "hang")
	pids, tmp, dir := t.TempDir(), t.TempDir(), t.TempDir()
	out, errs := filepath.Join(dir, "stdout"), filepath.Join(dir, "stderr")
	sh := exec.Command("sh", "-c", `"$0" --parent $$ --solver "$1" --jobs 1 learn "$2" >"$3" 2>"$4" & echo $!; wait`, odtx, hang, appendixCSV, out, errs)
	sh.Env = append(os.Environ(), "FAKE_SOLVER_DIR="+pids, "TMPDIR="+tmp)
	pipe, err := sh.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sh.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(pipe).ReadString('\n')
	pid, perr := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || perr != nil {
		t.Fatalf("the shell said %q for odtx's process id: %v %v", line, err, perr)
	}
	started := hangingPids(t, pids)
	sh.Process.Kill()
	sh.Wait()
	if code := waitOrphan(t, pid); code != 129 {
		t.Errorf("exit %d, want 129", code)
	}
	stdout, _ := os.ReadFile(out)
	stderr, _ := os.ReadFile(errs)
	if string(stderr) != "odtx: hung up\n" || len(stdout) > 0 {
		t.Errorf("stdout %q, stderr %q; want nothing and %q", stdout, stderr, "odtx: hung up\n")
	}
	checkGone(t, started)
	for _, e := range listDir(t, tmp) {
		t.Errorf("%s left in TMPDIR", e)
	}
}

// TestParentNotParent: --parent may name a process other than odtx's
// parent, such as the caller of a wrapper script that started odtx; its
// end stops odtx too, and a process already ended stops it at once. A
// process id of 0 or less, which names no process, is refused.
func TestParentNotParent(t *testing.T) {
	hang := fakeSolver(t, "hang")
	other := exec.Command("sleep", "1000")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	for _, ended := range []bool{false, true} {
		pids := t.TempDir()
		cmd := exec.Command(odtx, "--parent", strconv.Itoa(other.Process.Pid), "--solver", hang, "--jobs", "1", "learn", appendixCSV)
		cmd.Env = append(os.Environ(), "FAKE_SOLVER_DIR="+pids)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var started []int
		if !ended {
			started = hangingPids(t, pids)
			other.Process.Kill()
			other.Wait() // reaped: a zombie still answers signal 0
		}
		waitExit(t, cmd)
		if code := cmd.ProcessState.ExitCode(); code != 129 || stderr.String() != "odtx: hung up\n" {
			t.Errorf("parent ended before odtx started %v: exit %d, stderr %q; want 129 and %q", ended, code, stderr.String(), "odtx: hung up\n")
		}
		checkGone(t, started)
	}
	r := run(t, "", "", "--parent", "0", "learn", appendixCSV)
	if r.code != 1 || !strings.Contains(r.stderr, "want a process id") {
		t.Errorf("--parent 0: exit %d, stderr %q; want 1 and an error", r.code, r.stderr)
	}
}

// adoptOrphans makes the test process the subreaper of its descendants
// while t runs: a process whose parent ends becomes its child, to be
// waited for, rather than init's.
func adoptOrphans(t *testing.T) {
	t.Helper()
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		t.Fatalf("become a subreaper: %v", err)
	}
	t.Cleanup(func() { unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0) })
}

// waitOrphan waits for pid, a process this one adopted, and returns its
// exit code; past a generous limit it kills it, fails t and returns -1.
func waitOrphan(t *testing.T, pid int) int {
	t.Helper()
	status := make(chan syscall.WaitStatus, 1)
	go func() {
		var ws syscall.WaitStatus
		for {
			_, err := syscall.Wait4(pid, &ws, 0, nil)
			if err != syscall.EINTR {
				if err != nil {
					t.Errorf("wait for odtx: %v", err)
				}
				break
			}
		}
		status <- ws
	}()
	select {
	case ws := <-status:
		return ws.ExitStatus()
	case <-time.After(30 * time.Second):
		syscall.Kill(pid, syscall.SIGKILL)
		<-status
		t.Errorf("odtx still running 30 s after its parent was killed")
		return -1
	}
}
