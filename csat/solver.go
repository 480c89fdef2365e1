//go:build (cadical || minisat) && cgo

package csat

/*
#include "shim.h"

// cgo calls C functions by name only, so each call through a solver's table
// goes through one of these.
static void *odtx_init(const odtx_lib *l) { return l->init(); }
static void odtx_release(const odtx_lib *l, void *s) { l->release(s); }
static void odtx_add(const odtx_lib *l, void *s, const int32_t *lits, int n) { l->add(s, lits, n); }
static int odtx_solve(const odtx_lib *l, void *s, const int32_t *assumptions, int n) {
	return l->solve(s, assumptions, n);
}
static void odtx_model(const odtx_lib *l, void *s, bool *model, int32_t max_var) { l->model(s, model, max_var); }
static void odtx_stop(const odtx_lib *l, void *s) { l->stop(s); }
static void odtx_resume(const odtx_lib *l, void *s) { l->resume(s); }
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"unsafe"

	"github.com/odtx/odtx/solver"
)

// flushAt is the number of buffered literals that makes AddClause hand them
// to the solver: large enough that the cgo call costs nothing per literal,
// small enough that the buffer is not a second copy of a large formula.
const flushAt = 1 << 16

// Solver is an incremental C solver in process. It is not safe for
// concurrent use, and must be closed to free its C memory.
type Solver struct {
	lib  *C.odtx_lib
	name string         // for errors
	ptr  unsafe.Pointer // the C solver; nil once closed

	pending     []C.int32_t // clauses not yet given to the solver, each ended by 0
	maxVar      int
	assumptions []C.int32_t
	model       []bool // model[v] in the last SAT answer
}

var _ solver.Solver = (*Solver)(nil)

var errClosed = errors.New("csat: Solve on a closed solver")

// open starts an empty solver of the library lib, whose name the errors give.
func open(lib *C.odtx_lib, name string) (*Solver, error) {
	ptr := C.odtx_init(lib)
	if ptr == nil {
		return nil, fmt.Errorf("csat: %s: out of memory starting a solver", name)
	}
	return &Solver{lib: lib, name: name, ptr: ptr}, nil
}

// AddClause implements solver.ClauseAdder. It panics on a literal that is 0
// or beyond 32 bits, which the solver would misread or abort the process on.
func (s *Solver) AddClause(lits []int) {
	for _, l := range lits {
		s.pending = append(s.pending, s.lit(l))
	}
	s.pending = append(s.pending, 0)
	if len(s.pending) >= flushAt {
		s.flush()
	}
}

func (s *Solver) lit(l int) C.int32_t {
	v := max(l, -l)
	if v <= 0 || v > math.MaxInt32 {
		panic(fmt.Sprintf("csat: literal %d out of range", l))
	}
	s.maxVar = max(s.maxVar, v)
	return C.int32_t(l)
}

func (s *Solver) flush() {
	if len(s.pending) > 0 {
		C.odtx_add(s.lib, s.ptr, &s.pending[0], C.int(len(s.pending)))
		s.pending = s.pending[:0]
	}
}

// Solve implements solver.Solver. It panics on an assumption that AddClause
// would panic on.
func (s *Solver) Solve(ctx context.Context, assumptions []int) (solver.Result, error) {
	if s.ptr == nil {
		return solver.Unknown, errClosed
	}
	if err := ctx.Err(); err != nil {
		return solver.Unknown, err
	}
	s.assumptions = s.assumptions[:0]
	for _, a := range assumptions {
		s.assumptions = append(s.assumptions, s.lit(a))
	}
	s.flush()
	r := s.run(ctx)
	switch solver.Result(r) {
	case solver.Sat:
		n := s.maxVar + 1
		if cap(s.model) < n {
			s.model = make([]bool, n)
		}
		s.model = s.model[:n]
		C.odtx_model(s.lib, s.ptr, (*C.bool)(unsafe.Pointer(&s.model[0])), C.int32_t(s.maxVar))
		return solver.Sat, nil
	case solver.Unsat:
		return solver.Unsat, nil
	}
	if err := ctx.Err(); err != nil && r == 0 {
		return solver.Unknown, err
	}
	return solver.Unknown, fmt.Errorf("csat: %s gave no answer (code %d): out of memory?", s.name, int(r))
}

// run calls the solver, with a watcher that stops it if ctx ends first. The
// watcher has exited, and a stop it made is undone, by the time run
// returns, so that it cannot leak into the next call; the undoing waits for
// the solver to return because a stop may come just before the solver starts
// and must not be lost.
func (s *Solver) run(ctx context.Context) C.int {
	var first *C.int32_t
	if len(s.assumptions) > 0 {
		first = &s.assumptions[0]
	}
	n := C.int(len(s.assumptions))
	if ctx.Done() == nil {
		return C.odtx_solve(s.lib, s.ptr, first, n)
	}
	done, exited := make(chan struct{}), make(chan struct{})
	stopped := false
	go func() {
		defer close(exited)
		select {
		case <-ctx.Done():
			C.odtx_stop(s.lib, s.ptr)
			stopped = true
		case <-done:
		}
	}()
	if testHookStart != nil {
		testHookStart(exited)
	}
	r := C.odtx_solve(s.lib, s.ptr, first, n)
	close(done)
	<-exited
	if stopped {
		C.odtx_resume(s.lib, s.ptr)
	}
	return r
}

// testHookStart, when a test sets it, runs after the watcher starts and
// before the solver does, with the channel the watcher closes as it exits,
// so that a test can stop the solver before it starts.
var testHookStart func(watcherExited <-chan struct{})

// Value implements solver.Solver. Variables that the solver never saw are
// false.
func (s *Solver) Value(v int) bool {
	return v > 0 && v < len(s.model) && s.model[v]
}

// Close implements solver.Solver. Clauses still buffered are dropped
// unsent, since the solver is released anyway. Closing twice is harmless.
func (s *Solver) Close() error {
	if s.ptr != nil {
		C.odtx_release(s.lib, s.ptr)
		*s = Solver{}
	}
	return nil
}
