package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionOfCheckout: odtx built from a git checkout says which commit
// it is, as the pseudo-version Go gives the module (a release installed
// with go install says its tag alike), with +dirty for uncommitted
// changes. The checkout is a copy of this module's files, committed in a
// repository of the test's; a git worktree, like a build with
// -buildvcs=false, records no commit, and odtx then says (devel).
func TestVersionOfCheckout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds odtx in a new checkout")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skipf("git: %v", err)
	}
	repo := t.TempDir()
	copyModule(t, filepath.Join("..", ".."), repo)
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=odtx test", "-c", "user.email=test@odtx.invalid"}, args...)...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "a checkout")
	rev := git("rev-parse", "HEAD")
	version := func() string {
		t.Helper()
		bin := filepath.Join(t.TempDir(), "odtx")
		build := exec.Command("go", "build", "-o", bin, "./cmd/odtx")
		build.Dir = repo
		build.Env = append(os.Environ(), "GOFLAGS=-buildvcs=true")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		out, err := exec.Command(bin, "--version").Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	if got := version(); !strings.HasPrefix(got, "odtx version v0.0.0-") || !strings.HasSuffix(got, "-"+rev[:12]+"\n") {
		t.Errorf("--version says %q, want the pseudo-version of commit %s", got, rev[:12])
	}
	if err := os.WriteFile(filepath.Join(repo, "NOTES"), []byte("uncommitted\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := version(); !strings.HasSuffix(got, "-"+rev[:12]+"+dirty\n") {
		t.Errorf("with an uncommitted change, --version says %q, want the commit's pseudo-version and +dirty", got)
	}
}

// copyModule copies the files of the module at root into dir, leaving out
// its git metadata.
func copyModule(t *testing.T, root, dir string) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		switch {
		case d.Name() == ".git":
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.IsDir():
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}
