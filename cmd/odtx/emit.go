package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// emit writes data to path, or to stdout when path is empty. A regular
// file, or a new one, is written whole or not at all: into a temporary file
// beside it, then renamed over it, keeping the mode of the file it replaces
// (else 0644). A rename replaces whatever the path names, so a symbolic
// link is followed first, to write its target and leave the link a link,
// and a device or named pipe, which would become a regular file (/dev/null
// for root), is written through instead.
func emit(path string, data []byte) error {
	if path == "" {
		_, err := os.Stdout.Write(data)
		return err
	}
	target, fi, err := followLinks(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if fi != nil && !fi.Mode().IsRegular() {
		err = writeThrough(target, data)
	} else {
		err = replace(target, fi, data)
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

// writeThrough writes data into the file at path, which is not a regular
// file: a device or a named pipe takes it as it comes.
func writeThrough(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// replace writes data to a temporary file beside path and renames it over
// path, whose FileInfo old is nil if there is no file there yet.
func replace(path string, old fs.FileInfo, data []byte) error {
	mode := os.FileMode(0o644)
	if old != nil {
		mode = old.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".odtx-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // fails harmlessly once renamed
	if err := f.Chmod(mode); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
