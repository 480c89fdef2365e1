// Package csat binds C SAT solvers in process as solver.Solvers: CaDiCaL
// through IPASIR, the SAT competition's standard API for incremental
// solvers, and MiniSat 2.2 through a small C++ shim over Minisat::Solver
// that offers the same calls.
//
// The Go glue (solver.go) is written once against a table of C functions
// (shim.h) that each solver fills in its own C or C++ file: cadical.c,
// minisat.cc. Each needs cgo and the solver's static library as Debian
// installs it (libcadical-dev; minisat, with g++), and is compiled only with
// its build tag; both at once:
//
//	go build -tags cadical,minisat ./...
//
// Without a solver's tag, or without cgo, its constructor returns an error
// saying how to rebuild, so that the rest of odtx builds anywhere with the
// pure-Go gini.
//
// The binding crosses into C as rarely as it can, since a cgo call costs far
// more than a Go call: clauses are buffered and handed over in bulk, the
// assumptions travel with the solve call, and a model is copied out whole
// once per satisfiable answer. A context that ends stops the solver from
// another goroutine, between its decisions; the solver stays usable. The
// solvers are told to be quiet, as stdout is for odtx's own output.
package csat
