package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/odtx/odtx/solver"
)

// backEnds maps each --solver name to a constructor.
var backEnds = map[string]func() (solver.Solver, error){
	"gini": func() (solver.Solver, error) { return solver.NewGini(), nil },
}

func solverNames() string {
	names := make([]string, 0, len(backEnds))
	for n := range backEnds {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

func newSolverFunc(name string) (func() (solver.Solver, error), error) {
	f, ok := backEnds[name]
	if !ok {
		return nil, fmt.Errorf("unknown solver %q (known: %s)", name, solverNames())
	}
	return f, nil
}
