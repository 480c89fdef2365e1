//go:build minisat && cgo

// MiniSat 2.2's headers use INT32_MAX and PRIi64, which C++ compilers before
// C++11 hid behind these macros; Debian's headers still expect them.
#define __STDC_LIMIT_MACROS
#define __STDC_FORMAT_MACROS

#include <new>

#include <minisat/core/Solver.h>

#include "shim.h"

using namespace Minisat;

namespace {

// The core Solver, not SimpSolver: variable elimination would remove
// variables that later clauses and assumptions mention.
struct Shim : Solver {
	vec<Lit> clause, assumed;
	bool broken = false; // an exception left the solver unusable

	Lit lit(int32_t l) {
		Var v = (l > 0 ? l : -l) - 1;
		while (nVars() <= v) newVar();
		return mkLit(v, l < 0);
	}

	// MiniSat polls asynch_interrupt between decisions and conflicts and
	// documents interrupt() as callable asynchronously; the store is atomic
	// on this side so that it is not torn or reordered.
	void stop() { __atomic_store_n(&asynch_interrupt, true, __ATOMIC_RELAXED); }
};

Shim *shim(void *s) { return static_cast<Shim *>(s); }

void *init() {
	try {
		return new Shim;
	} catch (...) {
		return nullptr;
	}
}

void release(void *s) { delete shim(s); }

// MiniSat throws OutOfMemoryException when a vector cannot grow. An
// exception must not unwind into C or Go, which would abort the process, so
// the solver is marked broken and solve reports it.
void add(void *s, const int32_t *lits, int n) {
	Shim *m = shim(s);
	if (m->broken) return;
	try {
		for (int i = 0; i < n; i++) {
			if (lits[i] != 0) {
				m->clause.push(m->lit(lits[i]));
				continue;
			}
			m->addClause_(m->clause);
			m->clause.clear();
		}
	} catch (...) {
		m->broken = true;
	}
}

int solve(void *s, const int32_t *assumptions, int n) {
	Shim *m = shim(s);
	if (m->broken) return -1;
	try {
		m->assumed.clear();
		for (int i = 0; i < n; i++) m->assumed.push(m->lit(assumptions[i]));
		// solveLimited, unlike solve, tells an interrupted search from an
		// unsatisfiable one.
		lbool r = m->solveLimited(m->assumed);
		if (r == l_True) return 10;
		if (r == l_False) return 20;
		return 0;
	} catch (...) {
		m->broken = true;
		return -1;
	}
}

void model(void *s, bool *model, int32_t max_var) {
	Shim *m = shim(s);
	for (int32_t v = 1; v <= max_var; v++) {
		model[v] = v <= m->model.size() && m->model[v - 1] == l_True;
	}
}

void stop(void *s) { shim(s)->stop(); }

void resume(void *s) { shim(s)->clearInterrupt(); }

const odtx_lib lib = {
	init, release, add, solve, model, stop, resume,
};

}  // namespace

extern "C" const odtx_lib *odtx_minisat(void) { return &lib; }
