package process

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/odtx/odtx/solver"
)

// fake returns a Solver whose binary is the shell script body, and the
// directory holding the script. It points TMPDIR to an empty directory of its
// own, returned too, so that a file a call leaves behind shows.
func fake(t *testing.T, body string) (s *Solver, dir, tmp string) {
	t.Helper()
	tmp = t.TempDir()
	t.Setenv("TMPDIR", tmp)
	// The script is written here rather than kept in testdata, where git
	// could lose its executable bit.
	dir = t.TempDir()
	path := filepath.Join(dir, "fake")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg, err := Lookup("exec:" + path)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Name = "fake"
	if s, err = New(cfg); err != nil {
		t.Fatal(err)
	}
	return s, dir, tmp
}

// checkClean fails t if the directory tmp is not empty.
func checkClean(t *testing.T, tmp string) {
	t.Helper()
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("%s left behind", e.Name())
	}
}

func TestFaults(t *testing.T) {
	for _, tc := range []struct {
		name        string
		script      string
		clauses     [][]int
		assumptions []int
		err         string
	}{{
		name:   "signal",
		script: "ulimit -c 0\nkill -SEGV $$\n",
		err:    "fake crashed: signal: segmentation fault",
	}, {
		name:   "exit code",
		script: "echo 'c solving' \necho first >&2\necho 'Assertion failed' >&2\nexit 3\n",
		err:    "fake crashed: exit status 3: Assertion failed",
	}, {
		name:   "garbage",
		script: "echo xyz\n",
		err:    `fake: unreadable answer: line 1: unexpected "xyz"`,
	}, {
		name:   "silence",
		script: "exit 10\n",
		err:    "fake: unreadable answer: no s line",
	}, {
		name:    "wrong model",
		script:  "echo 's SATISFIABLE'\necho 'v 1 2 0'\nexit 10\n",
		clauses: [][]int{{1, 2}, {-1}},
		err:     "fake returned a wrong model: clause 2 (-1 0) is false",
	}, {
		// A model must not take memory in proportion to its variables.
		name:    "model beyond the formula",
		script:  "echo 's SATISFIABLE'\necho 'v 1 -4611686018427387904 0'\nexit 10\n",
		clauses: [][]int{{1, 2}},
		err:     "fake returned a wrong model: literal -4611686018427387904 beyond the formula's 2 variables",
	}, {
		name:        "model against an assumption",
		script:      "echo 's SATISFIABLE'\necho 'v 1 2 0'\nexit 10\n",
		clauses:     [][]int{{1, 2}},
		assumptions: []int{-1},
		err:         "fake returned a wrong model: assumption -1 is false",
	}, {
		name:   "exit code against answer",
		script: "echo 's UNSATISFIABLE'\nexit 10\n",
		err:    "fake: exit status 10 says SAT but the answer says UNSAT",
	}, {
		name:   "gave up",
		script: "echo 's UNKNOWN'\n",
		err:    "fake gave up (UNKNOWN)",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, tmp := fake(t, tc.script)
			for _, c := range tc.clauses {
				s.AddClause(c)
			}
			r, err := s.Solve(context.Background(), tc.assumptions)
			if r != solver.Unknown || err == nil || err.Error() != tc.err {
				t.Errorf("Solve = %v, %v; want UNKNOWN, %s", r, err, tc.err)
			}
			checkClean(t, tmp)
		})
	}
}

func TestFakeAnswers(t *testing.T) {
	// A solver answering on time, with exit code 0 as some do, is believed.
	s, _, tmp := fake(t, "echo 'c fine'\necho 's SATISFIABLE'\necho 'v -1'\necho 'v 2 0'\n")
	s.AddClause([]int{-1, 2})
	r, err := s.Solve(context.Background(), []int{2})
	if r != solver.Sat || err != nil || s.Value(1) || !s.Value(2) || s.Value(3) {
		t.Errorf("Solve = %v, %v, model %v %v %v; want SAT, nil, false true false", r, err, s.Value(1), s.Value(2), s.Value(3))
	}
	checkClean(t, tmp)
}

func TestHang(t *testing.T) {
	s, dir, tmp := fake(t, `d=$(dirname "$0")
echo $$ > "$d/sh.pid"
sleep 1000 &
echo $! > "$d/sleep.pid"
wait
`)
	solvePastDeadline(t, s)
	for _, name := range []string{"sh.pid", "sleep.pid"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		if !dies(pid) {
			t.Errorf("%s: process %d outlived the call", name, pid)
		}
	}
	checkClean(t, tmp)
}

// dies reports whether process pid is gone, or a zombie waiting for a parent
// to reap it, within a second: SIGKILL is not instant.
func dies(pid int) bool {
	for range 100 {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return true
		}
		// The state follows the command name, which is in parentheses.
		i := strings.LastIndexByte(string(stat), ')')
		if f := strings.Fields(string(stat[i+1:])); len(f) > 0 && f[0] == "Z" {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// TestCancelled: a call whose context has ended starts no solver.
func TestCancelled(t *testing.T) {
	s, dir, tmp := fake(t, "touch \"$0.ran\"\necho 's UNSATISFIABLE'\nexit 20\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, err := s.Solve(ctx, nil); r != solver.Unknown || !errors.Is(err, context.Canceled) {
		t.Errorf("Solve = %v, %v; want UNKNOWN, %v", r, err, context.Canceled)
	}
	if _, err := os.Stat(filepath.Join(dir, "fake.ran")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the solver ran on a cancelled call (%v)", err)
	}
	checkClean(t, tmp)
}

func TestTimeLeft(t *testing.T) {
	if got := timeLeft(context.Background()); got != 0 {
		t.Errorf("no deadline: %v, want 0", got)
	}
	for left, want := range map[time.Duration]time.Duration{
		1500 * time.Millisecond: 2 * time.Second,
		10 * time.Millisecond:   time.Second,
		-time.Second:            time.Second,
	} {
		ctx, cancel := context.WithTimeout(context.Background(), left)
		if got := timeLeft(ctx); got != want {
			t.Errorf("%v left: %v, want %v", left, got, want)
		}
		cancel()
	}
}

func TestTail(t *testing.T) {
	var tl tail
	tl.Write([]byte(strings.Repeat("x", 10000) + "\nfirst\n"))
	tl.Write([]byte("last line \r\n\n"))
	if got := tl.lastLine(); got != "last line" {
		t.Errorf("lastLine = %q, want %q", got, "last line")
	}
	if len(tl.b) > tailSize {
		t.Errorf("tail holds %d bytes, more than %d", len(tl.b), tailSize)
	}
}

// solvePastDeadline checks that a Solve with a 1 s deadline returns
// Unknown with the deadline's error, and within 3 s.
func solvePastDeadline(t *testing.T, s *Solver) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	start := time.Now()
	r, err := s.Solve(ctx, nil)
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("Solve took %v after a 1 s timeout", took)
	}
	if r != solver.Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Solve = %v, %v; want UNKNOWN, %v", r, err, context.DeadlineExceeded)
	}
}
