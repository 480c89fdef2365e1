package solver

import (
	"fmt"
	"iter"

	"github.com/odtx/odtx/dimacs"
)

// Formula stores clauses compactly: what a back end was given, kept so that
// its models can be checked, or the formula written out again for a solver
// that reads files.
type Formula struct {
	// Every clause, each ended by 0, in chunks that are never copied to
	// grow: a formula of a million clauses then costs its size once,
	// rather than up to three times while a single slice doubles.
	chunks  [][]int32
	maxVar  int
	clauses int
}

// chunkLen is the capacity of a chunk, in literals.
const chunkLen = 1 << 20

// AddClause implements ClauseAdder.
func (f *Formula) AddClause(lits []int) {
	last := len(f.chunks) - 1
	if last < 0 || len(f.chunks[last])+len(lits)+1 > cap(f.chunks[last]) {
		f.chunks = append(f.chunks, make([]int32, 0, max(chunkLen, len(lits)+1)))
		last++
	}
	c := f.chunks[last]
	for _, l := range lits {
		c = append(c, int32(l))
		f.maxVar = max(f.maxVar, l, -l)
	}
	f.chunks[last] = append(c, 0)
	f.clauses++
}

// MaxVar is the largest variable in a clause.
func (f *Formula) MaxVar() int { return f.maxVar }

// Len is the number of clauses.
func (f *Formula) Len() int { return f.clauses }

// all yields each clause, numbered from 1, without its ending 0. The slice
// is only valid during the yield.
func (f *Formula) all() iter.Seq2[int, []int32] {
	return func(yield func(int, []int32) bool) {
		n := 1
		for _, c := range f.chunks {
			start := 0
			for i, l := range c {
				if l != 0 {
					continue
				}
				if !yield(n, c[start:i]) {
					return
				}
				n++
				start = i + 1
			}
		}
	}
}

// Check returns an error naming the first clause, or assumption, that the
// model falsifies, where value reports a variable's value.
func (f *Formula) Check(value func(v int) bool, assumptions []int) error {
	n := f.maxVar
	for _, a := range assumptions {
		n = max(n, a, -a)
	}
	model := make([]bool, n+1)
	for v := range model {
		model[v] = value(v)
	}
	holds := func(l int) bool {
		if l > 0 {
			return l < len(model) && model[l]
		}
		return -l >= len(model) || !model[-l]
	}
	for _, a := range assumptions {
		if !holds(a) {
			return fmt.Errorf("assumption %d is false", a)
		}
	}
	for n, c := range f.all() {
		satisfied := false
		for _, l := range c {
			if holds(int(l)) {
				satisfied = true
				break
			}
		}
		if !satisfied {
			return fmt.Errorf("clause %d (%s) is false", n, clauseString(c))
		}
	}
	return nil
}

// Write writes the clauses to w, without a header.
func (f *Formula) Write(w *dimacs.Writer) error {
	for clause := range f.ints() {
		if err := w.Clause(clause); err != nil {
			return err
		}
	}
	return nil
}

// ints yields each clause as ints, in a slice reused from one to the next.
func (f *Formula) ints() iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		var clause []int
		for _, c := range f.all() {
			clause = clause[:0]
			for _, l := range c {
				clause = append(clause, int(l))
			}
			if !yield(clause) {
				return
			}
		}
	}
}

func clauseString(c []int32) string {
	b := make([]byte, 0, 8*len(c)+1)
	for _, l := range c {
		b = fmt.Appendf(b, "%d ", l)
	}
	return string(append(b, '0'))
}
