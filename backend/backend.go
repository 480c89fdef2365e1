// Package backend names the SAT back ends odtx can run: gini in process
// (package ginisat), CaDiCaL and MiniSat in process through cgo (package
// csat), and solver binaries run one call at a time (package process). It
// is where the back ends meet; the search never sees which it has, and
// what it should do differently on one (Batch) is said here.
//
// # Adding a back end
//
// A solver binary that reads DIMACS and answers in the SAT competition's
// format needs no code: name it in package process's table of known
// solvers. A library is a package beside ginisat and csat whose type
// implements solver.Solver, with a Solve that returns soon after its
// context ends; name its constructor in inProcess below, and say in Batch
// if the search should run differently on it. The command line, odtx bench
// and this package's agreement tests then run it by name.
package backend

import (
	"fmt"
	"slices"
	"strings"

	"github.com/odtx/odtx/csat"
	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/process"
	"github.com/odtx/odtx/solver"
)

// Default is the pure-Go back end: it needs no install, and a build
// without cgo has no other in process.
const Default = "gini"

// Preferred's thresholds: from wide features a depth search runs on gini,
// from many rows any search on CaDiCaL.
const (
	wide = 500
	many = 500
)

// Preferred names the back end the SAT engine runs on when the user names
// none, for data of the given shape (binary features, rows) searched in
// depth mode or in size mode: gini for the depth search of wide data;
// else, in a build with the C solvers, CaDiCaL on many rows and MiniSat on
// few; gini in a build without them. The rule follows the measurements
// in bench/results.
func Preferred(features, rows int, depthMode bool) string {
	switch {
	case depthMode && features >= wide:
		return Default
	case rows >= many:
		return builtIn("cadical-ipasir")
	}
	return builtIn("minisat-ipasir")
}

// PreferredRule says in a line what Preferred picks, with the back ends
// of this build, for help text.
func PreferredRule() string {
	return fmt.Sprintf("by the data's shape, among those built in: %s for the depth search of %d binary features or more, else %s on %d rows or more, %s on fewer",
		Default, wide, builtIn("cadical-ipasir"), many, builtIn("minisat-ipasir"))
}

// builtIn returns name if this build can run it, else Default.
func builtIn(name string) string {
	if _, err := Lookup(name); err != nil {
		return Default
	}
	return name
}

// Open returns a new, empty solver.
type Open func() (solver.Solver, error)

// inProcess back ends are linked in. Nothing checks their models clause by
// clause, a pass over the whole formula a call: package sat checks what a
// model means instead, the tree it decodes against the leaf bound and every
// example, and calls a model that misclassifies an encoded example the
// solver's error. The process driver also checks each model it reads
// against the formula, which it keeps anyway to write.
var inProcess = map[string]Open{
	"gini":           func() (solver.Solver, error) { return ginisat.New(), nil },
	"cadical-ipasir": func() (solver.Solver, error) { return csat.NewCaDiCaL() },
	"minisat-ipasir": func() (solver.Solver, error) { return csat.NewMiniSat() },
}

// Names lists the back ends by name, in-process ones first; exec:PATH runs
// any solver binary that reads DIMACS and answers in the competition format.
func Names() []string {
	var names []string
	for n := range inProcess {
		names = append(names, n)
	}
	slices.Sort(names)
	return append(names, append(process.Names(), "exec:PATH")...)
}

// oneShotBatch is how many counterexamples the search adds per call to a
// solver binary, which starts afresh each call and so pays a process start
// and a read of the whole formula for each.
const oneShotBatch = 8

// Batch is how many misclassified examples the search should add after each
// call to the named back ends (a portfolio if several): more than one when
// they all start afresh on every call, as solver binaries do, since each
// call then pays for a process start and for reading the whole formula
// again; one when any keeps its state between calls.
func Batch(names ...string) int {
	for _, name := range names {
		if _, inProc := inProcess[name]; inProc {
			return 1
		}
	}
	return oneShotBatch
}

// LookupPortfolio returns the constructor of a portfolio that races the
// named back ends on every call (see solver.Portfolio), or of the one back
// end when there is one name. Every portfolio it makes tells report (unless
// nil) of the faults of its members that it survives.
func LookupPortfolio(names []string, report func(*solver.MemberError)) (Open, error) {
	if len(names) == 1 {
		return Lookup(names[0])
	}
	opens := make([]Open, len(names))
	for i, name := range names {
		if slices.Contains(names[:i], name) {
			return nil, fmt.Errorf("portfolio: %s named twice", name)
		}
		open, err := Lookup(name)
		if err != nil {
			return nil, err
		}
		opens[i] = open
	}
	return func() (solver.Solver, error) {
		members := make([]solver.Solver, 0, len(opens))
		for _, open := range opens {
			s, err := open()
			if err != nil {
				for _, m := range members {
					m.Close()
				}
				return nil, err
			}
			members = append(members, s)
		}
		return solver.Portfolio(names, members, report), nil
	}, nil
}

// Lookup returns the constructor of the named back end. It fails at once,
// naming the problem, when the back end cannot run here: a solver binary not
// installed, or odtx built without the C solver named. A solver binary's
// models are checked against the clauses it was given; an in-process back
// end's are not, as the search checks what every model means.
func Lookup(name string) (Open, error) {
	if open, ok := inProcess[name]; ok {
		s, err := open() // try it now rather than deep in a search
		if err != nil {
			return nil, err
		}
		s.Close()
		return open, nil
	}
	cfg, err := process.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("unknown solver %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	if _, err := process.New(cfg); err != nil {
		return nil, err
	}
	return func() (solver.Solver, error) { return process.New(cfg) }, nil
}
