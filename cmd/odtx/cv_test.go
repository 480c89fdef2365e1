package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/internal/shareddata"
)

var (
	foldLine = regexp.MustCompile(`^fold (\d+): depth \d+, nodes \d+, test accuracy \d+\.\d%, \d+\.\d\d s$`)
	meanLine = regexp.MustCompile(`^mean test accuracy: (\d+\.\d)% \(depth \d+\.\d, nodes \d+\.\d, \d+\.\d\d s a fold\)$`)
	seconds  = regexp.MustCompile(`\d+\.\d\d s`)
)

// cvAccuracy checks that r is a cv run that printed the given number of
// fold lines, numbered from 0, then the mean line, and nothing on stderr;
// it returns the mean accuracy in percent.
func cvAccuracy(t *testing.T, r result, folds int) float64 {
	t.Helper()
	if r.stderr != "" {
		t.Errorf("stderr not empty: %q", r.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) != folds+1 {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), folds+1, r.stdout)
	}
	for i, line := range lines[:folds] {
		if m := foldLine.FindStringSubmatch(line); m == nil || m[1] != strconv.Itoa(i) {
			t.Errorf("line %d is %q, want fold %d's result", i+1, line, i)
		}
	}
	m := meanLine.FindStringSubmatch(lines[folds])
	if m == nil {
		t.Fatalf("last line is %q, want the mean", lines[folds])
	}
	acc, _ := strconv.ParseFloat(m[1], 64)
	return acc
}

func TestCVMouse(t *testing.T) {
	mouse := shareddata.Path(t, "mouse.csv")
	// The paper has 85.6% in depth mode and 84.0% in size mode.
	for _, mode := range []string{"depth", "size"} {
		t.Run(mode, func(t *testing.T) {
			r := mustRun(t, "", "", "cv", "--folds", "10", "--mode", mode, mouse)
			t.Logf("\n%s", r.stdout)
			if acc := cvAccuracy(t, r, 10); acc < 80 || acc > 90 {
				t.Errorf("mean test accuracy %.1f%%, want 80%% to 90%%", acc)
			}
		})
	}
}

func TestCVDeterministic(t *testing.T) {
	mouse := shareddata.Path(t, "mouse.csv")
	cv := func(args ...string) string {
		t.Helper()
		r := mustRun(t, "", "", append(args, "--mode", "depth", mouse)...)
		return seconds.ReplaceAllString(r.stdout, "_ s")
	}
	// --jobs is a global flag, so it goes before or after the command.
	serial := cv("--jobs", "1", "cv", "--seed", "3")
	if parallel := cv("cv", "--jobs", "4", "--seed", "3"); parallel != serial {
		t.Errorf("--jobs 1 printed\n%s\n--jobs 4 printed\n%s", serial, parallel)
	}
	if other := cv("cv", "--jobs", "4", "--seed", "4"); other == serial {
		t.Errorf("--seed 3 and --seed 4 both printed\n%s", serial)
	}
}

// cvSeconds matches the times in cv's lines.
var cvSeconds = regexp.MustCompile(`[0-9.]+ s\b`)

// TestCVSplits runs on given splits, and with --splits, the flag's former
// name, the same, with a note naming --folds-dir. The engine is dp: auto
// races another beside it on numeric data after a tenth of a second, and
// on a loaded machine the other's optimal tree may come first.
func TestCVSplits(t *testing.T) {
	splits := filepath.Join(shareddata.Dir(t), "splits")
	r := mustRun(t, "", "", "--jobs", "1", "--engine", "dp", "cv", "--folds-dir", splits, "iris.csv")
	t.Logf("\n%s", r.stdout)
	cvAccuracy(t, r, 5)
	old := mustRun(t, "", "", "--jobs", "1", "--engine", "dp", "cv", "--splits", splits, "iris.csv")
	// The same folds, trees and accuracies; only the seconds may differ.
	untimed := func(s string) string { return cvSeconds.ReplaceAllString(s, "") }
	if untimed(old.stdout) != untimed(r.stdout) {
		t.Errorf("--splits printed\n%s\n--folds-dir\n%s", old.stdout, r.stdout)
	}
	if !strings.Contains(old.stderr, "use --folds-dir") {
		t.Errorf("--splits: no note naming --folds-dir on stderr:\n%s", old.stderr)
	}
}

// TestCVNumericLabels: test rows whose labels write the training rows'
// numbers otherwise ("1.0" for "1") count as right when the tree gives
// that number.
func TestCVNumericLabels(t *testing.T) {
	dir := t.TempDir()
	train := "a,b,y\n1,0,0\n2,0,1\n3,1,0\n4,1,1\n5,0,0\n"
	test := strings.NewReplacer(",0\n", ",0.0\n", ",1\n", ",1.000\n").Replace(train)
	writeFiles(t, dir, map[string]string{"d.csv.train0.csv": train, "d.csv.test0.csv": test})
	r := mustRun(t, dir, "", "cv", "--folds-dir", ".", "d.csv")
	if acc := cvAccuracy(t, r, 1); acc != 100 {
		t.Errorf("mean test accuracy %.1f%%, want 100%% on the training rows written otherwise", acc)
	}
}

func TestCVSmall(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"data.csv": mixedCSV})
	cvAccuracy(t, mustRun(t, dir, "", "cv", "--folds", "5", "data.csv"), 5)
}

func TestCVBadInput(t *testing.T) {
	const twoRows = "a,b\n1,x\n2,y\n"
	tests := []struct {
		name string
		args []string
		want string // a substring of the one stderr line
	}{
		{"one fold", []string{"cv", "--folds", "1", "data.csv"}, "cannot make 1 fold of 2 rows"},
		{"more folds than rows", []string{"cv", "--folds", "3", "data.csv"}, "cannot make 3 folds of 2 rows"},
		{"no jobs", []string{"cv", "--jobs", "0", "data.csv"}, `invalid value "0" for flag -jobs: want at least 1`},
		{"unknown mode", []string{"cv", "--mode", "nosuch", "data.csv"}, `unknown mode "nosuch"`},
		{"unknown split", []string{"cv", "--split", "nosuch", "data.csv"}, `unknown split "nosuch"`},
		{"trace", []string{"cv", "--trace", "t.icnf", "data.csv"}, "-trace"},
		{"no argument", []string{"cv"}, "wants one data file, got 0 arguments"},
		{"missing file", []string{"cv", "missing.csv"}, "missing.csv"},
		{"splits and folds", []string{"cv", "--folds-dir", ".", "--folds", "2", "data.csv"}, "--folds and --seed do not apply"},
		{"splits of stdin", []string{"cv", "--folds-dir", ".", "-"}, "not - (stdin)"},
		{"no splits", []string{"cv", "--folds-dir", ".", "data.csv"}, "data.csv.train0.csv"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"data.csv": twoRows})
			r := run(t, dir, "", tt.args...)
			if r.code != 1 {
				t.Errorf("exit code %d, want 1", r.code)
			}
			if r.stdout != "" {
				t.Errorf("stdout not empty:\n%s", r.stdout)
			}
			line, ok := strings.CutSuffix(r.stderr, "\n")
			if !ok || strings.Contains(line, "\n") || !strings.HasPrefix(line, "odtx: ") || !strings.Contains(line, tt.want) {
				t.Errorf("stderr %q, want one line starting \"odtx: \" and containing %q", r.stderr, tt.want)
			}
		})
	}
}

// TestCVTimeout: at the time limit, cv prints the lines of the folds that
// finished, none if none did, and no mean; then says on stderr, in one
// line, how many folds it did, and exits 2. The splits make fold 0 take
// milliseconds and fold 1 far more than the limit (no engine finishes
// 500_Person in a minute), and --jobs 1 runs them in that order.
func TestCVTimeout(t *testing.T) {
	wide := shareddata.Path(t, "500_Person_Gender_Height_Weight_Index.csv")
	dir := t.TempDir()
	small := "a,b,y\n1,0,0\n2,0,1\n3,1,0\n4,1,1\n"
	writeFiles(t, dir, map[string]string{"d.csv.train0.csv": small, "d.csv.test0.csv": small, "d.csv": small})
	for _, name := range []string{"d.csv.train1.csv", "d.csv.test1.csv"} {
		if err := os.Symlink(wide, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		args   []string
		folds  int    // lines printed
		stderr string // the line, but for the odtx: prefix
	}{
		{"one fold of two", []string{"--jobs", "1", "--timeout", "2s", "cv", "--folds-dir", ".", "d.csv"}, 1,
			"time limit 2s reached with 1 of 2 folds done: the others' trees were not proven optimal"},
		{"no fold", []string{"--timeout", "1ns", "cv", "--folds", "2", "d.csv"}, 0,
			"time limit 1ns reached with 0 of 2 folds done: the others' trees were not proven optimal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, dir, "", tt.args...)
			if r.code != 2 || r.stderr != "odtx: "+tt.stderr+"\n" {
				t.Errorf("exit %d, stderr %q; want 2 and %q", r.code, r.stderr, tt.stderr)
			}
			lines := strings.Split(r.stdout, "\n")
			if len(lines) != tt.folds+1 || lines[tt.folds] != "" {
				t.Fatalf("stdout %q, want %d fold lines", r.stdout, tt.folds)
			}
			for i, line := range lines[:tt.folds] {
				if m := foldLine.FindStringSubmatch(line); m == nil || m[1] != strconv.Itoa(i) {
					t.Errorf("line %d is %q, want fold %d's result", i+1, line, i)
				}
			}
		})
	}
}

// TestCVFoldsDirErrors: an error in a file of --folds-dir names its path
// once: a training file whose rows contradict each other, and one that
// is a directory.
func TestCVFoldsDirErrors(t *testing.T) {
	for _, engine := range []string{"auto", "sat"} {
		dir := t.TempDir()
		if err := os.Mkdir(filepath.Join(dir, "f"), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFiles(t, dir, map[string]string{
			"d.csv":              "b,c\nx,1\ny,2\n",
			"f/d.csv.train0.csv": "b,c\nx,1\nx,2\n",
			"f/d.csv.test0.csv":  "b,c\nx,1\n",
		})
		r := run(t, dir, "", "--engine", engine, "cv", "--folds-dir", "f", "d.csv")
		if r.code != 1 || strings.Count(r.stderr, "d.csv.train0.csv") != 1 || !strings.Contains(r.stderr, "same features") {
			t.Errorf("--engine %s, contradictory rows: exit code %d, stderr %q; want 1 and the path named once", engine, r.code, r.stderr)
		}
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"d.csv": "b,c\nx,1\ny,2\n"})
	if err := os.MkdirAll(filepath.Join(dir, "f", "d.csv.train0.csv"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := run(t, dir, "", "cv", "--folds-dir", "f", "d.csv")
	if r.code != 1 || strings.Count(r.stderr, "d.csv.train0.csv") != 1 || !strings.Contains(r.stderr, "is a directory") {
		t.Errorf("a directory: exit code %d, stderr %q; want 1 and the path named once", r.code, r.stderr)
	}
}
