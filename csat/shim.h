// What each in-process C solver gives the Go glue in solver.go: one table of
// functions, so that the glue is written once and a solver is a small C or
// C++ file that fills the table.
#ifndef ODTX_SHIM_H
#define ODTX_SHIM_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// Literals are DIMACS integers, as in IPASIR. solve answers as IPASIR does
// (10 SAT, 20 UNSAT, 0 stopped), or -1 when the solver failed (out of
// memory) and is no longer usable.
typedef struct odtx_lib {
	void *(*init)(void);
	void (*release)(void *s);
	// add takes n literals, clauses each ended by 0.
	void (*add)(void *s, const int32_t *lits, int n);
	int (*solve)(void *s, const int32_t *assumptions, int n);
	// model sets model[v] for the variables 1 to max_var after SAT.
	void (*model)(void *s, bool *model, int32_t max_var);
	// stop is called from another thread, while solve runs or just before
	// it starts, and makes it return 0 soon; resume, called once solve has
	// returned, undoes it.
	void (*stop)(void *s);
	void (*resume)(void *s);
} odtx_lib;

const odtx_lib *odtx_cadical(void);
const odtx_lib *odtx_minisat(void);

#ifdef __cplusplus
}
#endif

#endif
