package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOutputRefusals: -o refuses what the shell's > refuses: a file the
// user may not write (mode 0444), and a folder the user may not write,
// naming the file asked for rather than a temporary one. As root, the test
// runs odtx as nobody, for whom the permissions hold. Before, the 0444 file
// was replaced, and the error named ".odtx-NNN".
func TestOutputRefusals(t *testing.T) {
	dir, err := os.MkdirTemp("", "odtx-output-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	writeFiles(t, dir, map[string]string{"mixed.csv": mixedCSV, "ro.txt": "keep\n"})
	for name, mode := range map[string]os.FileMode{".": 0o777, "mixed.csv": 0o644, "ro.txt": 0o444} {
		if err := os.Chmod(filepath.Join(dir, name), mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "rodir"), 0o555); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Dir(odtx), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ out, want string }{
		{"ro.txt", "odtx: write ro.txt: permission denied\n"},
		{"rodir/out.txt", "odtx: write rodir/out.txt: cannot create a file in rodir: permission denied\n"},
	} {
		cmd := exec.Command(odtx, "-q", "learn", "-o", c.out, "mixed.csv")
		cmd.Dir = dir
		if os.Getuid() == 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != 1 || stderr.String() != c.want {
			t.Errorf("-o %s: exit %d, stderr %q; want 1 and %q", c.out, code, stderr.String(), c.want)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "ro.txt")); string(data) != "keep\n" {
		t.Errorf("ro.txt now holds %q", data)
	}
	r := run(t, dir, "", "learn", "--trace", "t.icnf", "-o", "./t.icnf", "mixed.csv")
	checkOneLine(t, []string{"--trace t.icnf -o ./t.icnf"}, r, "odtx: --trace and -o both name ./t.icnf: the tree would overwrite the trace")
}

// TestPredictCVOutput: predict and cv write with -o as learn does, and
// predict reads the tree from stdin with --tree -.
func TestPredictCVOutput(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"mixed.csv": mixedCSV})
	mustRun(t, dir, "", "-q", "learn", "--format", "json", "-o", "tree.json", "mixed.csv")
	tree, err := os.ReadFile(filepath.Join(dir, "tree.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join(mixedLabels, "\n") + "\n"
	if r := mustRun(t, dir, "", "predict", "--tree", "tree.json", "-o", "classes.txt", "mixed.csv"); r.stdout != "" {
		t.Errorf("predict -o: stdout %q", r.stdout)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "classes.txt")); string(got) != want {
		t.Errorf("predict -o wrote %q, want %q", got, want)
	}
	if r := mustRun(t, dir, string(tree), "predict", "--tree", "-", "mixed.csv"); r.stdout != want {
		t.Errorf("predict --tree -: %q, want %q", r.stdout, want)
	}
	r := run(t, dir, string(tree), "predict", "--tree", "-", "-")
	checkOneLine(t, []string{"predict --tree - -"}, r, "odtx: --tree - and the data file - both name stdin: give one of them as a file")
	if r := mustRun(t, dir, "", "-q", "cv", "--folds", "2", "-o", "cv.txt", "mixed.csv"); r.stdout != "" {
		t.Errorf("cv -o: stdout %q", r.stdout)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "cv.txt")); !strings.Contains(string(got), "%") {
		t.Errorf("cv -o wrote %q", got)
	}
}

// TestOutputNotInput: every command with -o refuses an -o that names a
// file it reads, by the same path or another one (./, absolute, a symbolic
// or a hard link), and leaves the file as it was. Before, the output
// replaced the data it was made from.
func TestOutputNotInput(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"mixed.csv": mixedCSV})
	mustRun(t, dir, "", "-q", "learn", "--format", "json", "-o", "tree.json", "mixed.csv")
	if err := os.Symlink("mixed.csv", filepath.Join(dir, "link.csv")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(dir, "mixed.csv"), filepath.Join(dir, "hard.csv")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "splits"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, filepath.Join(dir, "splits"), map[string]string{"mixed.csv.train0.csv": mixedCSV, "mixed.csv.test0.csv": mixedCSV})
	abs := filepath.Join(dir, "mixed.csv")
	before := map[string][]byte{}
	for _, name := range []string{"mixed.csv", "tree.json", "splits/mixed.csv.test0.csv"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		before[name] = data
	}
	// Each command's arguments, its input last, -o and the input named.
	for _, c := range []struct {
		args       []string
		out, named string
	}{
		{[]string{"learn", "mixed.csv"}, "mixed.csv", "mixed.csv"},
		{[]string{"learn", "mixed.csv"}, "./mixed.csv", "mixed.csv"},
		{[]string{"learn", "mixed.csv"}, abs, "mixed.csv"},
		{[]string{"learn", "mixed.csv"}, "link.csv", "mixed.csv"},
		{[]string{"learn", "mixed.csv"}, "hard.csv", "mixed.csv"},
		{[]string{"cv", "--folds", "2", "mixed.csv"}, "mixed.csv", "mixed.csv"},
		{[]string{"cv", "--folds-dir", "splits", "mixed.csv"}, "splits/mixed.csv.test0.csv", "splits/mixed.csv.test0.csv"},
		{[]string{"dump", "--depth", "1", "mixed.csv"}, "mixed.csv", "mixed.csv"},
		{[]string{"predict", "--tree", "tree.json", "mixed.csv"}, "mixed.csv", "mixed.csv"},
		{[]string{"predict", "--tree", "tree.json", "mixed.csv"}, "./tree.json", "tree.json"},
		{[]string{"draw", "tree.json"}, "tree.json", "tree.json"},
	} {
		n := len(c.args) - 1
		args := append(append(c.args[:n:n], "-o", c.out), c.args[n])
		r := run(t, dir, "", args...)
		checkOneLine(t, args, r, "odtx: -o "+c.out+" names the input "+c.named+": the output would overwrite it")
	}
	for name, data := range before {
		if now, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(now, data) {
			t.Errorf("%s changed:\n%s", name, now)
		}
	}
}
