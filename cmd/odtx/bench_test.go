package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/odtx/odtx/bench"
	"github.com/odtx/odtx/internal/shareddata"
)

// benchRow returns the cells of the Markdown row that starts with keys.
func benchRow(t *testing.T, md string, keys ...string) []string {
	t.Helper()
	prefix := "| " + strings.Join(keys, " | ") + " |"
	for line := range strings.Lines(md) {
		if strings.HasPrefix(line, prefix) {
			cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), " | ")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			return cells
		}
	}
	t.Fatalf("no row %q in\n%s", prefix, md)
	return nil
}

// checkMouseTable checks the rows of the mouse table: the optimum in size
// mode, 15 nodes at depth 4 as in the paper, and every job done.
func checkMouseTable(t *testing.T, md string) {
	t.Helper()
	size := benchRow(t, md, "gini", "size")
	if !strings.HasPrefix(size[5], "4 (4,") || !strings.HasPrefix(size[6], "15 (15,") {
		t.Errorf("size row has k %q and nodes %q, want 4 and 15 as in the paper", size[5], size[6])
	}
	for _, mode := range []string{"size", "depth"} {
		// One learning run and ten folds.
		if row := benchRow(t, md, "gini", mode); row[len(row)-1] != "11 ok" {
			t.Errorf("%s row status %q, want 11 ok", mode, row[len(row)-1])
		}
	}
}

func TestBenchMouse(t *testing.T) {
	data := shareddata.Dir(t)
	out := t.TempDir()
	r := mustRun(t, "", "", "bench", "mouse", "--runs", "1", "--compare", "gini", "--data", data, "--out", out)
	t.Logf("\n%s", r.stdout)
	if r.stderr != "" {
		t.Errorf("stderr not empty: %q", r.stderr)
	}
	checkMouseTable(t, r.stdout)
	md, err := os.ReadFile(filepath.Join(out, "results.md"))
	if err != nil || string(md) != r.stdout {
		t.Errorf("results.md (error %v) differs from stdout:\n%s", err, md)
	}
	jsonl, err := os.ReadFile(filepath.Join(out, "results.jsonl"))
	if n := strings.Count(string(jsonl), "\n"); err != nil || n != 22 {
		t.Errorf("results.jsonl: %d lines (error %v), want 22: 2 modes × (learning + 10 folds)", n, err)
	}
	// Each job ran in a process of its own, whose peak memory it records,
	// and which the sweep describes.
	records, err := bench.ReadRecordFiles(filepath.Join(out, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range records {
		if runtime.GOOS == "linux" && (r.PeakMB < 1 || r.PeakMB > 1000) {
			t.Errorf("%v: peak memory %.1f MiB", r.Job, r.PeakMB)
		}
		if r.Machine.CPUs != runtime.NumCPU() || r.Machine.Go != runtime.Version() {
			t.Errorf("%v: machine %+v, not this one", r.Job, r.Machine)
		}
	}
}

// TestBenchShardMerge runs the mouse suite in two shards into one
// directory, as a job array would, and merges them.
func TestBenchShardMerge(t *testing.T) {
	data := shareddata.Dir(t)
	out := t.TempDir()
	for _, shard := range []string{"1/2", "2/2"} {
		mustRun(t, "", "", "--jobs", "1", "bench", "--shard", shard, "--data", data, "--out", out, "mouse")
	}
	if _, err := os.Stat(filepath.Join(out, "results.md")); err == nil {
		t.Error("a shard wrote results.md, which only covers its share")
	}
	shards, _ := filepath.Glob(filepath.Join(out, "results-*of2.jsonl"))
	if len(shards) != 2 {
		t.Fatalf("shard files %q, want 2", shards)
	}
	r := mustRun(t, "", "", "bench", "merge", "--out", out, shards[0], shards[1])
	t.Logf("\n%s", r.stdout)
	checkMouseTable(t, r.stdout)
	if md, err := os.ReadFile(filepath.Join(out, "results.md")); err != nil || string(md) != r.stdout {
		t.Errorf("results.md (error %v) differs from stdout", err)
	}
}

// TestBenchAnytime: the anytime suite runs on a table it generates, with
// no data directory, each job in a process of its own whose record
// carries the trajectory of its search, and charts each depth bound.
func TestBenchAnytime(t *testing.T) {
	out := t.TempDir()
	spec := "gen --numeric --depth 3 --features 3 --rows 300 --noise 0.1 --decimals 2"
	r := mustRun(t, "", "", "-q", "--timeout", "60s", "bench", "--files", spec, "--max-depth", "2-3",
		"--data", filepath.Join(out, "none"), "--out", out, "anytime")
	if row := benchRow(t, r.stdout, spec, "3"); row[len(row)-1] != "1 ok" {
		t.Errorf("depth 3 row %q, want 1 ok", row)
	}
	records, err := bench.ReadRecordFiles(filepath.Join(out, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range records {
		if rec.Anytime == nil || len(rec.Anytime.Trajectory) == 0 || rec.Anytime.Trajectory[len(rec.Anytime.Trajectory)-1].Errors != *rec.Errors {
			t.Errorf("record of %v: %+v, without a trajectory that ends at its errors", rec.Job, rec.Anytime)
		}
	}
	for _, d := range []string{"2", "3"} {
		name := "anytime-gen-numeric-depth-3-features-3-rows-300-noise-0.1-decimals-2-d" + d + ".svg"
		if svg, err := os.ReadFile(filepath.Join(out, name)); err != nil || !bytes.Contains(svg, []byte("odtx: best tree")) {
			t.Errorf("%s: %v, %.80q", name, err, svg)
		}
	}
}

func TestBenchErrors(t *testing.T) {
	out := t.TempDir()
	bad := filepath.Join(out, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(`{"suite":"mouse","mode":"size","status":"ok"}`+"\n{\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench"}, "bench wants one suite"},
		{[]string{"bench", "zoo"}, `unknown suite "zoo"`},
		{[]string{"bench", "--format", "xml", "mouse"}, `unknown format "xml"`},
		{[]string{"bench", "--shard", "3/2", "mouse"}, `shard "3/2"`},
		{[]string{"bench", "--runs", "0", "mouse"}, "0 runs"},
		{[]string{"bench", "--compare", "gini,nosuch", "mouse"}, `unknown solver "nosuch"`},
		{[]string{"bench", "--data", filepath.Join(out, "none"), "mouse"}, "datasets:"},
		{[]string{"bench", "merge"}, "bench merge wants the JSONL files"},
		{[]string{"bench", "merge", bad}, "bad.jsonl:2:"},
	} {
		r := run(t, "", "", append(tc.args, "--out", out)...)
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("odtx %q: exit %d, stdout %q, stderr %q; want exit 1 and one line with %q", tc.args, r.code, r.stdout, r.stderr, tc.want)
		}
	}
	// --solvers, --compare's former name, still says what to compare,
	// with a note naming --compare.
	r := run(t, "", "", "bench", "--solvers", "gini,nosuch", "--out", out, "mouse")
	if r.code != 1 || !strings.Contains(r.stderr, `unknown solver "nosuch"`) || !strings.Contains(r.stderr, "use --compare") {
		t.Errorf("odtx bench --solvers gini,nosuch: exit %d, stderr %q; want exit 1, the unknown solver and a note naming --compare", r.code, r.stderr)
	}
}

// TestBenchInterrupt: a signal while a bench job's solver runs, whether to
// odtx alone or, as Ctrl-C sends it, to its whole process group, reaches
// the job's process, which stops its solver and removes its files before
// odtx exits with the signal's code: no solver lives on under init, no
// .cnf or .out file stays. The job's process is in a group of its own,
// which only odtx signals: had the group's signal reached it too, it could
// end before odtx saw the signal, and odtx took the job for failed and the
// sweep for done, exit 0 (once in a while, as the two raced).
func TestBenchInterrupt(t *testing.T) {
	hang := fakeSolver(t, "hang")
	for _, c := range []struct {
		name  string
		sig   syscall.Signal
		group bool
		code  int
	}{
		{"SIGINT", syscall.SIGINT, false, 130},
		{"SIGINT to the group", syscall.SIGINT, true, 130},
		{"SIGTERM", syscall.SIGTERM, false, 143},
		{"SIGHUP to the group", syscall.SIGHUP, true, 129},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp, pids, out := t.TempDir(), t.TempDir(), t.TempDir()
			// One small generated job: no datasets needed.
			cmd := exec.Command(odtx, "--solver", hang, "bench", "--out", out, "--shard", "1/1000", "scaling")
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "FAKE_SOLVER_DIR="+pids)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			started := hangingPids(t, pids)
			for _, job := range children(t, cmd.Process.Pid) {
				if g, err := syscall.Getpgid(job); err != nil || g == cmd.Process.Pid {
					t.Errorf("the job's process %d is in odtx's process group (%v)", job, err)
				}
			}
			target := cmd.Process.Pid
			if c.group {
				target = -target
			}
			if err := syscall.Kill(target, c.sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != c.code {
				t.Errorf("exit %d (%v), want %d; stderr %q", code, err, c.code, stderr.String())
			}
			checkGone(t, started)
			for _, e := range listDir(t, tmp) {
				t.Errorf("%s left in TMPDIR", e)
			}
		})
	}
}

// children returns the processes whose parent is pid, as pgrep tells; the
// test is skipped where pgrep is missing.
func children(t *testing.T, pid int) []int {
	t.Helper()
	out, err := exec.Command("pgrep", "-P", strconv.Itoa(pid)).Output()
	if _, missing := errors.AsType[*exec.Error](err); missing {
		t.Skipf("pgrep: %v", err)
	}
	var pids []int
	for f := range strings.FieldsSeq(string(out)) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("pgrep -P %d: %q", pid, out)
		}
		pids = append(pids, n)
	}
	if len(pids) == 0 {
		t.Fatalf("pgrep -P %d found no job process (%v)", pid, err)
	}
	return pids
}
