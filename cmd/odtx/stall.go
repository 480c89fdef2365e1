package main

import (
	"context"
	"errors"
	"io"
	"os"
	"time"

	"github.com/odtx/odtx/dataset"
)

// stallGrace is how long learn waits, once its time limit has passed, for
// the next bytes of data that come through a pipe: long enough for a
// writer that is still sending, such as a program handing its table over,
// short enough that one that holds its pipe open without sending ends
// learn soon after the limit.
const stallGrace = time.Second

// errStalled says that the data stopped coming past the time limit.
var errStalled = errors.New("the data stopped coming past the time limit")

// readData reads the table at path ("-" for stdin) until ctx ends and
// binarizes it as opt says. A regular file is read whole. Stdin or a pipe,
// which may stay open as long as its writer likes, is read past deadline
// (unless zero) only while it keeps sending: a read still waiting
// stallGrace after deadline fails with errStalled. So even a limit that
// passes while the data is read leaves the search the whole data and a
// tree to give, at worst its first one.
func readData(ctx context.Context, path string, opt dataset.Options, deadline time.Time) (*dataset.Dataset, *dataset.Table, error) {
	f, name := os.Stdin, "stdin"
	if path != "-" {
		var err error
		if f, err = os.Open(path); err != nil {
			return nil, nil, err // it names the path
		}
		defer f.Close()
		name = path
	}
	var in io.Reader = f
	ctx, stall := context.WithCancelCause(ctx)
	defer stall(nil)
	if fi, err := f.Stat(); !deadline.IsZero() && (err != nil || !fi.Mode().IsRegular()) {
		in = &stallReader{r: f, deadline: deadline, stall: stall}
	}
	tbl, err := dataset.ReadTableContext(ctx, in, name)
	if err != nil {
		if errors.Is(context.Cause(ctx), errStalled) {
			return nil, nil, errStalled
		}
		return nil, nil, err
	}
	ds, err := tbl.Binarize(opt)
	if err != nil {
		return nil, nil, err
	}
	return ds, tbl, nil
}

// stallReader is r that calls stall with errStalled when a read waits
// until stallGrace past deadline, or past its own start if that is later.
type stallReader struct {
	r        io.Reader
	deadline time.Time
	stall    context.CancelCauseFunc
}

func (s *stallReader) Read(p []byte) (int, error) {
	t := time.AfterFunc(max(time.Until(s.deadline), 0)+stallGrace, func() { s.stall(errStalled) })
	defer t.Stop()
	return s.r.Read(p)
}
