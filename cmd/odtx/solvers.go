package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/odtx/odtx/backend"
	"github.com/odtx/odtx/dimacs"
	"github.com/odtx/odtx/solver"
	"github.com/urfave/cli/v3"
)

// solverNames returns the back ends --portfolio names, or else --solver.
func solverNames(cmd *cli.Command) []string {
	if p := cmd.String("portfolio"); p != "" {
		return strings.Split(p, ",")
	}
	return []string{cmd.String("solver")}
}

// solverFactory returns the constructor of the --solver back end (or of
// the --portfolio race), recorded to the --trace file if one is named, and
// the function that closes that file.
func solverFactory(cmd *cli.Command) (func() (solver.Solver, error), func() error, error) {
	open, err := backend.LookupPortfolio(solverNames(cmd))
	if err != nil {
		return nil, nil, err
	}
	path := cmd.String("trace")
	if path == "" {
		return open, func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, fmt.Errorf("trace: %w", err)
	}
	trace := solver.NewTrace(dimacs.NewWriter(f))
	traced := func() (solver.Solver, error) {
		s, err := open()
		if err != nil {
			return nil, err
		}
		return trace.Wrap(s), nil
	}
	closeTrace := func() error {
		err := trace.Close()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("trace %s: %w", path, err)
		}
		return nil
	}
	return traced, closeTrace, nil
}
