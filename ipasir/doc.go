// Package ipasir binds CaDiCaL through the IPASIR C interface, the SAT
// competition's standard API for incremental solvers, as a solver.Solver.
//
// The binding needs cgo and CaDiCaL's static library as Debian's
// libcadical-dev installs it, and is compiled only with the build tag
// cadical:
//
//	go build -tags cadical ./...
//
// Without the tag, or without cgo, New returns an error saying how to
// rebuild, so that the rest of odtx builds anywhere with the pure-Go gini.
//
// The binding crosses into C as rarely as it can, since a cgo call costs far
// more than a Go call: clauses are buffered and handed over in bulk, the
// assumptions travel with the solve call, and a model is copied out whole
// once per satisfiable answer. The solver is told to be quiet, as stdout is
// for odtx's own output.
package ipasir
