package dimacs

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestWriterRoundTrip(t *testing.T) {
	want := [][]int{{1, -2, 3}, {}, {-3}, {2, 1000000, -999999}}
	var b strings.Builder
	w := NewWriter(&b)
	check(t, w.Comment("generated\nby a test"))
	check(t, w.Header(1000000, len(want)))
	for _, c := range want {
		check(t, w.Clause(c))
	}
	check(t, w.Flush())
	vars, got, err := readCNF(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("readCNF of\n%s: %v", b.String(), err)
	}
	if vars != 1000000 || !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("read back %d variables, %v; want 1000000, %v", vars, got, want)
	}
}

func TestWriterFormat(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b)
	check(t, w.IncHeader())
	check(t, w.Comment("one\n\nthree\n"))
	check(t, w.Clause([]int{1, -2}))
	check(t, w.Assume([]int{-1}))
	check(t, w.Assume(nil))
	check(t, w.Flush())
	want := "p inccnf\nc one\nc\nc three\n1 -2 0\na -1 0\na 0\n"
	if b.String() != want {
		t.Errorf("wrote\n%q\nwant\n%q", b.String(), want)
	}
}

func TestWriterErrors(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b)
	check(t, w.Clause([]int{1}))
	if err := w.Clause([]int{1, 0, 2}); err == nil {
		t.Error("Clause with literal 0: no error")
	}
	// The error sticks, and nothing after it is written.
	if err := w.Clause([]int{2}); err == nil {
		t.Error("Clause after an error: no error")
	}
	if err := w.Flush(); err == nil {
		t.Error("Flush after an error: no error")
	}
	if b.String() != "1 0\n" {
		t.Errorf("wrote %q, want only the clause before the error", b.String())
	}

	if err := NewWriter(&b).Header(-1, 3); err == nil {
		t.Error("Header with -1 variables: no error")
	}

	broken := errors.New("disk full")
	w = NewWriter(failingWriter{broken})
	check(t, w.Clause([]int{1})) // buffered, not yet failed
	if err := w.Flush(); !errors.Is(err, broken) {
		t.Errorf("Flush = %v, want %v", err, broken)
	}
}

type failingWriter struct{ err error }

func (f failingWriter) Write([]byte) (int, error) { return 0, f.err }

func check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func BenchmarkWriter(b *testing.B) {
	const clauses = 1_000_000
	var n countingWriter
	lits := []int{0, 0, 0}
	for b.Loop() {
		w := NewWriter(&n)
		if err := w.Header(clauses, clauses); err != nil {
			b.Fatal(err)
		}
		for i := 1; i <= clauses; i++ {
			lits[0], lits[1], lits[2] = i, -(i%1000 + 1), i/2+1
			if err := w.Clause(lits); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(n) / int64(b.N))
}

// countingWriter counts the bytes written, for the benchmark's MB/s.
type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}
