// Package dimacs speaks the text formats of SAT solvers: it writes DIMACS
// CNF formulas and their incremental iCNF variant, and reads the answers
// solvers print, in the SAT competition's form or in MiniSat's result file.
//
// Literals are DIMACS integers: variable v is the literal v, its negation
// -v, and variables are numbered from 1.
package dimacs

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Writer writes a formula in DIMACS CNF, or in iCNF, the format of
// incremental solver traces. Output is buffered: call Flush when done.
//
// The first error sticks: later calls add nothing and return it, so that a
// loop writing millions of clauses may check only the error of Flush.
type Writer struct {
	w   *bufio.Writer
	buf []byte // one line, reused so that writing a clause does not allocate
	err error
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 64<<10)}
}

// Header writes the problem line "p cnf vars clauses" that starts a CNF
// formula.
func (w *Writer) Header(vars, clauses int) error {
	if vars < 0 || clauses < 0 {
		return w.fail(fmt.Errorf("dimacs: negative count in header p cnf %d %d", vars, clauses))
	}
	w.buf = append(w.buf[:0], "p cnf "...)
	w.buf = append(strconv.AppendInt(w.buf, int64(vars), 10), ' ')
	w.buf = append(strconv.AppendInt(w.buf, int64(clauses), 10), '\n')
	return w.write()
}

// IncHeader writes the problem line "p inccnf" that starts an iCNF trace,
// which has no counts since clauses and assumptions keep coming.
func (w *Writer) IncHeader() error {
	w.buf = append(w.buf[:0], "p inccnf\n"...)
	return w.write()
}

// Comment writes text as comment lines, one "c" line per line of text.
func (w *Writer) Comment(text string) error {
	for line := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
		w.buf = append(w.buf[:0], 'c')
		if line != "" {
			w.buf = append(append(w.buf, ' '), line...)
		}
		w.buf = append(w.buf, '\n')
		if err := w.write(); err != nil {
			return err
		}
	}
	return nil
}

// Clause writes the clause lits, ended by 0.
func (w *Writer) Clause(lits []int) error {
	return w.lits("", lits)
}

// Assume writes the iCNF line "a lits 0": the next incremental call solves
// the clauses so far under the assumptions lits.
func (w *Writer) Assume(lits []int) error {
	return w.lits("a ", lits)
}

var errZero = errors.New("dimacs: literal 0 inside a clause")

func (w *Writer) lits(prefix string, lits []int) error {
	w.buf = append(w.buf[:0], prefix...)
	for _, l := range lits {
		if l == 0 {
			// Written out, it would end the clause early and shift
			// every later one.
			return w.fail(errZero)
		}
		w.buf = append(strconv.AppendInt(w.buf, int64(l), 10), ' ')
	}
	w.buf = append(w.buf, '0', '\n')
	return w.write()
}

// write writes the line in w.buf.
func (w *Writer) write() error {
	if w.err != nil {
		return w.err
	}
	_, err := w.w.Write(w.buf)
	return w.fail(err)
}

// fail records err, unless an earlier error is recorded already, and returns
// the recorded error.
func (w *Writer) fail(err error) error {
	if w.err == nil {
		w.err = err
	}
	return w.err
}

// Flush writes any buffered data to the underlying io.Writer, and returns the
// first error of any call so far.
func (w *Writer) Flush() error {
	return w.fail(w.w.Flush())
}
