//go:build cadical && cgo

#include <stdlib.h>

#include "shim.h"

// The IPASIR prototypes, as in the SAT competition's ipasir.h, which Debian
// does not install.
void *ipasir_init(void);
void ipasir_release(void *solver);
void ipasir_add(void *solver, int32_t lit_or_zero);
void ipasir_assume(void *solver, int32_t lit);
int ipasir_solve(void *solver);
int32_t ipasir_val(void *solver, int32_t lit);
void ipasir_set_terminate(void *solver, void *data, int (*terminate)(void *data));

// CaDiCaL's IPASIR functions only forward to its C API, so an IPASIR solver
// is also a CCaDiCaL, which can be given options.
void ccadical_set_option(void *solver, const char *name, int val);

typedef struct {
	void *solver;
	int32_t stop; // raised by another thread, polled by the solver
} cadical;

static int terminate(void *stop) {
	return __atomic_load_n((int32_t *)stop, __ATOMIC_RELAXED);
}

static void *init(void) {
	cadical *c = calloc(1, sizeof *c);
	if (c == NULL) return NULL;
	void *s = c->solver = ipasir_init();
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
	ipasir_set_terminate(s, &c->stop, terminate);
	return c;
}

static void release(void *s) {
	cadical *c = s;
	ipasir_release(c->solver);
	free(c);
}

static void add(void *s, const int32_t *lits, int n) {
	void *solver = ((cadical *)s)->solver;
	for (int i = 0; i < n; i++) ipasir_add(solver, lits[i]);
}

static int solve(void *s, const int32_t *assumptions, int n) {
	void *solver = ((cadical *)s)->solver;
	for (int i = 0; i < n; i++) ipasir_assume(solver, assumptions[i]);
	return ipasir_solve(solver);
}

static void model(void *s, bool *model, int32_t max_var) {
	void *solver = ((cadical *)s)->solver;
	for (int32_t v = 1; v <= max_var; v++) model[v] = ipasir_val(solver, v) > 0;
}

static void stop(void *s) {
	__atomic_store_n(&((cadical *)s)->stop, 1, __ATOMIC_RELAXED);
}

static void resume(void *s) {
	__atomic_store_n(&((cadical *)s)->stop, 0, __ATOMIC_RELAXED);
}

static const odtx_lib lib = {
	.init = init,
	.release = release,
	.add = add,
	.solve = solve,
	.model = model,
	.stop = stop,
	.resume = resume,
};

const odtx_lib *odtx_cadical(void) { return &lib; }
