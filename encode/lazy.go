package encode

import "github.com/odtx/odtx/solver"

// NewLazy returns an encoder like New's, but whose nodes can test no
// feature until Activate adds some: a search can then encode one of each
// group of features that split the examples so far alike, and activate
// another when an example splits a group.
//
// Its formula holds only under the literals Assumptions returns. An
// incremental solver cannot drop a clause, yet a node's at-least-one
// clause must grow with every feature activated; so the clause is a chain
// whose open end only the assumption of the current call closes. At depth
// 1, where the root, node 1, is the only node, and with o and d fresh
// variables:
//
//	Activate(0, 1)  the root tests at most one of features 0 and 1, and
//	                every example added so far is routed on them
//	Assumptions     writes F(1,0) ∨ F(1,1) ∨ o1 and ¬o1 ∨ d1, returns ¬d1:
//	                assumed, o1 is false and the root tests feature 0 or 1
//	Activate(2)     the same for feature 2, at most one of 0, 1 and 2
//	Assumptions     writes ¬o1 ∨ F(1,2) ∨ o2 and ¬o2 ∨ d2, returns ¬d2:
//	                assumed, o2 is false, so o1 implies F(1,2), and the root
//	                tests feature 0, 1 or 2
//
// An UNSAT answer under ¬d1 thus says only that no tree tests features 0
// and 1 alone, and the solver goes on to the next call with all it has
// learned. ExampleNewLazy does this on the paper's Appendix example.
func NewLazy(out solver.ClauseAdder, depth, features, classes int) *Encoder {
	e := newEncoder(out, depth, features, classes)
	e.addClasses()
	e.open = make([]int, e.innerNodes())
	return e
}

// Activate lets the nodes test features fs, which must not be active yet,
// and writes their clauses for the examples added so far.
func (e *Encoder) Activate(fs ...int) {
	for _, f := range fs {
		if e.fBase[f] != 0 {
			panic("encode: feature activated twice")
		}
		e.fBase[f] = e.alloc(e.innerNodes(), KindF, f)
		for q := 1; q <= e.innerNodes(); q++ {
			e.addAtMostOne(&e.tests[q-1], e.F(q, f))
		}
		e.active = append(e.active, f)
	}
	for i := range e.examples {
		e.route(i, fs)
	}
}

// Assumptions appends to dst the literals a solver must assume for the
// formula to mean what it says: with NewLazy, that every node tests one of
// the active features. Features activated since the last call get their
// at-least-one clauses here, deferring to those of features to come.
func (e *Encoder) Assumptions(dst []int) []int {
	if e.open == nil {
		return dst
	}
	if e.covered < len(e.active) || e.deferred == 0 {
		fresh := e.active[e.covered:]
		e.deferred = e.alloc(1+e.innerNodes(), KindAux, 0)
		for q := 1; q <= e.innerNodes(); q++ {
			e.clause = e.clause[:0]
			if prev := e.open[q-1]; prev != 0 {
				e.clause = append(e.clause, -prev)
			}
			for _, f := range fresh {
				e.clause = append(e.clause, e.F(q, f))
			}
			e.open[q-1] = e.deferred + q
			e.add(append(e.clause, e.open[q-1])...)
			e.add(-e.open[q-1], e.deferred)
		}
		e.covered = len(e.active)
	}
	return append(dst, -e.deferred)
}
