package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// outputCommands are the commands that write with -o, each with the
// arguments that make it print the same bytes every time.
var outputCommands = map[string][]string{
	"learn": {"--jobs", "1", "learn", "data.csv"},
	"dump":  {"dump", "--depth", "2", "data.csv"},
	"gen":   {"gen", "--depth", "2", "--features", "3", "--rows", "6"},
}

// withOutput returns args with -o path after the command's name.
func withOutput(args []string, path string) []string {
	i := slices.IndexFunc(args, func(a string) bool { _, ok := outputCommands[a]; return ok }) + 1
	return slices.Concat(args[:i], []string{"-o", path}, args[i:])
}

// TestOutputThroughSymlink: -o on a symbolic link writes the file it leads
// to, keeping that file's mode, and leaves the link a link; a link to no
// file yet creates it. A rename would replace the link by the file.
func TestOutputThroughSymlink(t *testing.T) {
	for name, args := range outputCommands {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"data.csv": mixedCSV, "target.txt": "old\n"})
			want := mustRun(t, dir, "", args...).stdout
			if err := os.Chmod(filepath.Join(dir, "target.txt"), 0o600); err != nil {
				t.Fatal(err)
			}
			for link, to := range map[string]string{"link": "target.txt", "dangling": "new.txt", "chain": "link"} {
				if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
					t.Fatal(err)
				}
			}
			for _, c := range []struct{ link, file string }{{"link", "target.txt"}, {"dangling", "new.txt"}, {"chain", "target.txt"}} {
				if err := os.WriteFile(filepath.Join(dir, "target.txt"), []byte("old\n"), 0o600); err != nil {
					t.Fatal(err)
				}
				if r := mustRun(t, dir, "", withOutput(args, c.link)...); r.stdout != "" || withoutSummary(r.stderr) != "" {
					t.Errorf("-o %s: stdout %q, stderr %q, want both empty", c.link, r.stdout, r.stderr)
				}
				if fi, err := os.Lstat(filepath.Join(dir, c.link)); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
					t.Errorf("-o %s: the link is now %v (%v), want a symbolic link", c.link, fi.Mode(), err)
				}
				if got, err := os.ReadFile(filepath.Join(dir, c.file)); err != nil || string(got) != want {
					t.Errorf("-o %s: %s holds %d bytes (%v), not the %d printed without -o", c.link, c.file, len(got), err, len(want))
				}
			}
			if fi, err := os.Stat(filepath.Join(dir, "target.txt")); err != nil || fi.Mode().Perm() != 0o600 {
				t.Errorf("target.txt: mode %v (%v), want 0600 kept", fi.Mode(), err)
			}
			if got, want := listDir(t, dir), []string{"chain", "dangling", "data.csv", "link", "new.txt", "target.txt"}; !slices.Equal(got, want) {
				t.Errorf("files in dir: %q, want %q", got, want)
			}
		})
	}
}

// TestOutputFIFO: -o on a named pipe writes into the pipe, which stays a
// pipe: a rename would replace it with a regular file, and a reader
// waiting on the pipe would get nothing.
func TestOutputFIFO(t *testing.T) {
	for name, args := range outputCommands {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"data.csv": mixedCSV})
			want := mustRun(t, dir, "", args...).stdout
			if len(want) >= 64<<10 {
				// odtx would wait for a reader of the rest, which comes
				// only once it has exited.
				t.Fatalf("%d bytes to write: more than a pipe holds", len(want))
			}
			fifo := filepath.Join(dir, "fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			// Opened without blocking, the reading end lets odtx open the
			// pipe at once, and reads end, rather than wait, if it never
			// writes there.
			rd, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer rd.Close()
			mustRun(t, dir, "", withOutput(args, "fifo")...)
			got, err := io.ReadAll(rd)
			if err != nil || string(got) != want {
				t.Errorf("read %d bytes (%v) from the pipe, not the %d printed without -o", len(got), err, len(want))
			}
			if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
				t.Errorf("fifo is now %v (%v), want a named pipe", fi.Mode(), err)
			}
		})
	}
}

// TestOutputDevice: -o on a device writes to the device, which stays one.
// It is tested on a null device of its own, made where the test can (as
// root), not on /dev/null, which a wrong odtx would replace.
func TestOutputDevice(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"data.csv": mixedCSV})
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil { // /dev/null's numbers, 1 and 3
		t.Skipf("cannot make a device node here: %v", err)
	}
	if f, err := os.OpenFile(null, os.O_WRONLY, 0); err != nil {
		t.Skipf("cannot write to a device node here (a nodev mount?): %v", err)
	} else {
		f.Close()
	}
	for name, args := range outputCommands {
		if r := mustRun(t, dir, "", withOutput(args, "null")...); r.stdout != "" || withoutSummary(r.stderr) != "" {
			t.Errorf("%s -o null: stdout %q, stderr %q, want both empty", name, r.stdout, r.stderr)
		}
		if fi, err := os.Lstat(null); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
			t.Fatalf("%s -o null: null is now %v (%v), want a character device", name, fi.Mode(), err)
		}
	}
	if got, want := listDir(t, dir), []string{"data.csv", "null"}; !slices.Equal(got, want) {
		t.Errorf("files in dir: %q, want %q", got, want)
	}
}
