package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v3"
)

// flagOutput names the flag, -o, of every command that writes a file.
const flagOutput = "output"

// outputFlag returns the -o flag of a command that writes what to stdout
// unless told otherwise.
func outputFlag(what string) cli.Flag {
	return &cli.StringFlag{Name: flagOutput, Aliases: []string{"o"}, Usage: "write " + what + " to this file instead of stdout"}
}

// emit writes data to path, or to stdout when path is empty. A regular
// file, or a new one, is written whole or not at all: into a temporary file
// beside it, then renamed over it, keeping the mode of the file it replaces
// (else 0644), unless that file is one the shell's > could not open for
// writing either. A rename replaces whatever the path names, so a symbolic
// link is followed first, to write its target and leave the link a link,
// and a device or named pipe, which would become a regular file (/dev/null
// for root), is written through instead.
func emit(path string, data []byte) error {
	return emitWith(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// emitWith writes what write writes to path as emit does, without holding
// it all in memory first.
func emitWith(path string, write func(io.Writer) error) error {
	if path == "" {
		return write(os.Stdout)
	}
	target, fi, err := followLinks(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	switch {
	case fi != nil && !fi.Mode().IsRegular():
		err = writeThrough(target, write)
	case fi != nil:
		if err = writable(target); err == nil {
			err = replace(target, fi, write)
		}
	default:
		err = replace(target, fi, write)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// maxLinks is how many symbolic links followLinks follows, as many as
// Linux does, so that a loop is an error rather than a hang.
const maxLinks = 40

// followLinks follows the symbolic links from path to the file they lead
// to, and returns that file's path and, unless it does not exist, its
// FileInfo.
func followLinks(path string) (string, fs.FileInfo, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return path, nil, nil
		case err != nil:
			return "", nil, err
		case fi.Mode()&fs.ModeSymlink == 0:
			return path, fi, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", nil, fmt.Errorf("more than %d symbolic links", maxLinks)
}

// writeThrough writes into the file at path, which is not a regular file:
// a device or a named pipe takes it as it comes.
func writeThrough(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// sameFile reports whether paths a and b name one file: the same path, or
// two links to one existing file.
func sameFile(a, b string) bool {
	if fa, err := os.Stat(a); err == nil {
		if fb, err := os.Stat(b); err == nil {
			return os.SameFile(fa, fb)
		}
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// writable fails, as the shell's > would, for an existing file that this
// process may not open for writing (mode 0444, say): renaming over it
// needs only the folder's permission.
func writable(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return pathless(err)
	}
	return f.Close()
}

// pathless returns the cause of a failure on one path, without the path,
// for an error that names the file the user gave instead.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// replace writes to a temporary file beside path and renames it over path,
// whose FileInfo old is nil if there is no file there yet.
func replace(path string, old fs.FileInfo, write func(io.Writer) error) error {
	mode := os.FileMode(0o644)
	if old != nil {
		mode = old.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".odtx-*")
	if err != nil {
		// The temporary name means nothing to the user.
		return fmt.Errorf("cannot create a file in %s: %w", filepath.Dir(path), pathless(err))
	}
	defer os.Remove(f.Name()) // fails harmlessly once renamed
	if err := f.Chmod(mode); err != nil {
		f.Close()
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
