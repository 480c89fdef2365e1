//go:build cadical && cgo

package ipasir

/*
#cgo LDFLAGS: -lcadical -lstdc++ -lm
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

// The IPASIR prototypes, as in the SAT competition's ipasir.h, which Debian
// does not install.
const char *ipasir_signature(void);
void *ipasir_init(void);
void ipasir_release(void *solver);
void ipasir_add(void *solver, int32_t lit_or_zero);
void ipasir_assume(void *solver, int32_t lit);
int ipasir_solve(void *solver);
int32_t ipasir_val(void *solver, int32_t lit);
int ipasir_failed(void *solver, int32_t lit);
void ipasir_set_terminate(void *solver, void *data, int (*terminate)(void *data));

// CaDiCaL's IPASIR functions only forward to its C API, so an IPASIR solver
// is also a CCaDiCaL, which can be given options.
void ccadical_set_option(void *solver, const char *name, int val);

// The solver polls this during search; Go sets the flag from another thread.
static int odtx_terminate(void *flag) {
	return __atomic_load_n((int32_t *)flag, __ATOMIC_RELAXED);
}

static void *odtx_init(int32_t *flag) {
	void *s = ipasir_init();
	// Not silent by default: CaDiCaL 1.5 prints "c found falsified original
	// clause" to stdout when a clause is added that the units already refute.
	ccadical_set_option(s, "quiet", 1);
	// MiniSat's way suits the search's many incremental calls, each of which
	// starts next to the last model: phases start false and are kept (no
	// rephasing), search stays in stable mode (VSIDS, reluctant doubling),
	// and no inprocessing between calls. Measured against the defaults in
	// one run: monk2 size 13.2 s -> 5.8 s, monk3 5.6 -> 3.4, wine 11.3 -> 4.4.
	ccadical_set_option(s, "phase", 0);
	ccadical_set_option(s, "rephase", 0);
	ccadical_set_option(s, "stabilizeonly", 1);
	ccadical_set_option(s, "inprocessing", 0);
	ipasir_set_terminate(s, flag, odtx_terminate);
	return s;
}

static void odtx_add(void *s, const int32_t *lits, int n) {
	for (int i = 0; i < n; i++) ipasir_add(s, lits[i]);
}

static int odtx_solve(void *s, const int32_t *assumptions, int n) {
	for (int i = 0; i < n; i++) ipasir_assume(s, assumptions[i]);
	return ipasir_solve(s);
}

// odtx_model sets model[v] for the variables 1 to max_var.
static void odtx_model(void *s, bool *model, int32_t max_var) {
	for (int32_t v = 1; v <= max_var; v++) model[v] = ipasir_val(s, v) > 0;
}

// odtx_failed moves the failed ones of the n assumptions to the front and
// returns how many there are.
static int odtx_failed(void *s, int32_t *assumptions, int n) {
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (ipasir_failed(s, assumptions[i])) assumptions[k++] = assumptions[i];
	}
	return k;
}
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/odtx/odtx/solver"
)

// flushAt is the number of buffered literals that makes AddClause hand them
// to the solver: large enough that the cgo call costs nothing per literal,
// small enough that the buffer is not a second copy of a large formula.
const flushAt = 1 << 16

// Solver is an incremental CaDiCaL instance. It is not safe for concurrent
// use, and must be closed to free its C memory.
type Solver struct {
	ptr  unsafe.Pointer // the IPASIR solver; nil once closed
	stop *C.int32_t     // in C memory, so that C may keep the pointer

	pending     []C.int32_t // clauses not yet given to the solver, each ended by 0
	maxVar      int
	assumptions []C.int32_t
	model       []bool      // model[v] in the last SAT answer
	failed      []C.int32_t // failed assumptions of the last UNSAT answer
}

var (
	_ solver.Solver = (*Solver)(nil)
	_ solver.Failer = (*Solver)(nil)
)

var errClosed = errors.New("ipasir: Solve on a closed solver")

// New returns an empty CaDiCaL solver. The error is always nil in this
// build; it reports a build without CaDiCaL.
func New() (*Solver, error) {
	stop := (*C.int32_t)(C.malloc(C.sizeof_int32_t))
	*stop = 0
	return &Solver{ptr: C.odtx_init(stop), stop: stop}, nil
}

// Signature names the solver library and its version.
func (s *Solver) Signature() string {
	return C.GoString(C.ipasir_signature())
}

// AddClause implements solver.ClauseAdder. It panics on a literal that is 0
// or beyond 32 bits, which CaDiCaL would misread or abort the process on.
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
		panic(fmt.Sprintf("ipasir: literal %d out of range", l))
	}
	s.maxVar = max(s.maxVar, v)
	return C.int32_t(l)
}

func (s *Solver) flush() {
	if len(s.pending) > 0 {
		C.odtx_add(s.ptr, &s.pending[0], C.int(len(s.pending)))
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
	// failed shares the assumptions' array, so drop it before refilling.
	s.failed = nil
	s.assumptions = s.assumptions[:0]
	for _, a := range assumptions {
		s.assumptions = append(s.assumptions, s.lit(a))
	}
	s.flush()
	switch r := solver.Result(s.run(ctx)); r {
	case solver.Sat:
		n := s.maxVar + 1
		if cap(s.model) < n {
			s.model = make([]bool, n)
		}
		s.model = s.model[:n]
		C.odtx_model(s.ptr, (*C.bool)(unsafe.Pointer(&s.model[0])), C.int32_t(s.maxVar))
		return r, nil
	case solver.Unsat:
		if len(s.assumptions) > 0 {
			k := C.odtx_failed(s.ptr, &s.assumptions[0], C.int(len(s.assumptions)))
			s.failed = s.assumptions[:k]
		}
		return r, nil
	}
	return solver.Unknown, ctx.Err()
}

// run calls the solver, with a watcher that raises the stop flag if ctx ends
// first. The watcher has exited by the time run returns, so that a late stop
// cannot leak into the next call.
func (s *Solver) run(ctx context.Context) C.int {
	var first *C.int32_t
	if len(s.assumptions) > 0 {
		first = &s.assumptions[0]
	}
	n := C.int(len(s.assumptions))
	stop := (*int32)(unsafe.Pointer(s.stop))
	atomic.StoreInt32(stop, 0)
	if ctx.Done() == nil {
		return C.odtx_solve(s.ptr, first, n)
	}
	done, exited := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(exited)
		select {
		case <-ctx.Done():
			atomic.StoreInt32(stop, 1)
		case <-done:
		}
	}()
	r := C.odtx_solve(s.ptr, first, n)
	close(done)
	<-exited
	return r
}

// Value implements solver.Solver. Variables that the solver never saw are
// false.
func (s *Solver) Value(v int) bool {
	return v > 0 && v < len(s.model) && s.model[v]
}

// Failed implements solver.Failer: it reports whether assumption lit was
// needed to prove the last Unsat answer. The failed assumptions are fetched
// once per Unsat answer, since CaDiCaL aborts the process if asked after
// anything has changed its state.
func (s *Solver) Failed(lit int) bool {
	return lit == int(int32(lit)) && slices.Contains(s.failed, C.int32_t(lit))
}

// Close implements solver.Solver. Clauses still buffered are dropped
// unsent, since the solver is released anyway. Closing twice is harmless.
func (s *Solver) Close() error {
	if s.ptr != nil {
		C.ipasir_release(s.ptr)
		C.free(unsafe.Pointer(s.stop))
		*s = Solver{}
	}
	return nil
}
