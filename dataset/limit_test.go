package dataset

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// endless reads as a file that never ends: the bytes of unit, over and
// over, as /dev/zero gives zeros. So that a reader that does not stop fails
// the test rather than fill the memory, it gives up after 64 MiB with
// errReadOn.
type endless struct {
	unit string
	off  int
}

var errReadOn = errors.New("read on and on")

func (e *endless) Read(p []byte) (int, error) {
	if e.off >= 64<<20 {
		return 0, errReadOn
	}
	for i := range p {
		p[i] = e.unit[e.off%len(e.unit)]
		e.off++
	}
	return len(p), nil
}

// TestReadTableLimit: a line, or a record whose quoted field spans lines,
// beyond 1 MiB is a one-line error naming where it starts, found without
// reading much further, even in input that never ends.
func TestReadTableLimit(t *testing.T) {
	full := strings.Repeat("x", maxLine)
	half := strings.Repeat("x", maxLine/2)
	tests := []struct {
		name string
		in   io.Reader
		want string
	}{
		{"zeros without end", &endless{unit: "\x00"}, "t.csv:1: line longer than 1 MiB"},
		{"endless line after the header", io.MultiReader(strings.NewReader("A,X\n1,0\n"), &endless{unit: "1"}),
			"t.csv:3: line longer than 1 MiB"},
		{"a byte too many", strings.NewReader("A,X\n1,0\n" + full[2:] + ",01\r\n"), "t.csv:3: line longer than 1 MiB"},
		{"a byte too many after a quote", strings.NewReader("A,X\n\"1\",0\n\n" + full[2:] + ",01\n"), "t.csv:4: line longer than 1 MiB"},
		{"quoted field over the limit", strings.NewReader("A,X\n1,0\n\"" + half + "\n" + half + "\",1\n"), "t.csv:3: record longer than 1 MiB"},
		{"quoted field without end", io.MultiReader(strings.NewReader("A,X\n1,0\n\n\"a"), &endless{unit: "bc\n"}),
			"t.csv:4: record longer than 1 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadTable(tt.in, "t.csv")
			checkError(t, err, tt.want)
		})
	}

	// Up to the limit, lines and records are read as usual.
	within := []struct{ name, in, field string }{
		{"line at the limit", "A,X\n1,0\n" + full[2:] + ",1\r\n", full[2:]},
		{"line at the limit after a quote", "A,X\n\"1\",0\n" + full[2:] + ",1\n", full[2:]},
		{"quoted field at the limit", "A,X\n\"1\",0\n\"" + half[5:] + "\n" + half + "\",1\n", half[5:] + "\n" + half},
	}
	for _, tt := range within {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := ReadTable(strings.NewReader(tt.in), "t.csv")
			if err != nil {
				t.Fatal(err)
			}
			if tab.Len() != 2 || tab.Value(1, 0) != tt.field {
				t.Errorf("%d records, want 2 with the long field second", tab.Len())
			}
		})
	}
}

// blocking gives its data, then blocks in Read, as a terminal or a pipe
// with nothing to read does, until release is closed. It closes reading
// when it starts to block.
type blocking struct {
	data             io.Reader
	reading, release chan struct{}
}

func (b *blocking) Read(p []byte) (int, error) {
	if n, err := b.data.Read(p); err != io.EOF {
		return n, err
	}
	close(b.reading)
	<-b.release
	return 0, io.EOF
}

// TestReadTableContext: a read that blocks ends as soon as the context is
// cancelled, with an error that says so, on the plain path and on the
// encoding/csv path alike; and a cancelled context stops reading input
// that never ends.
func TestReadTableContext(t *testing.T) {
	for _, in := range []string{"A,X\n1,0\n", "A,X\n\"1\",0\n"} {
		b := &blocking{data: strings.NewReader(in), reading: make(chan struct{}), release: make(chan struct{})}
		defer close(b.release) // lets the abandoned read end
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error)
		go func() {
			_, err := ReadTableContext(ctx, b, "t.csv")
			done <- err
		}()
		<-b.reading
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) || err.Error() != "read t.csv: context canceled" {
			t.Errorf("input %q: got %v, want context.Canceled", in, err)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ReadTableContext(ctx, &endless{unit: "a,"}, "t.csv")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before reading: got %v, want context.Canceled", err)
	}
}

// TestReadTableFileContext: reading a file stops for a cancelled context
// too.
func TestReadTableFileContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadTableFileContext(ctx, writeTemp(t, "A,X\n1,0\n")); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}
