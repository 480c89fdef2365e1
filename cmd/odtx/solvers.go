package main

import (
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/odtx/odtx/backend"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/dimacs"
	"github.com/odtx/odtx/orchestrate"
	"github.com/odtx/odtx/solver"
	"github.com/urfave/cli/v3"
)

// solverNames returns the back ends --portfolio names, or else --solver,
// or nil when neither is given.
func solverNames(cmd *cli.Command) []string {
	if p := cmd.String(flagPortfolio); p != "" {
		return strings.Split(p, ",")
	}
	if s := cmd.String(flagSolver); s != "" {
		return []string{s}
	}
	return nil
}

// searchSolvers returns the back ends of a search in mode on engine e:
// those named, else Default for the DP engine, which runs none, else the
// one backend.Preferred picks for the shape of the data that shape returns,
// which is called only then.
func searchSolvers(cmd *cli.Command, e orchestrate.Engine, mode orchestrate.Mode, shape func() (*dataset.Dataset, error)) ([]string, error) {
	if names := solverNames(cmd); names != nil {
		return names, nil
	}
	if e == orchestrate.DP {
		return []string{backend.Default}, nil
	}
	ds, err := shape()
	if err != nil {
		return nil, err
	}
	return []string{backend.Preferred(len(ds.Features), len(ds.Examples), mode == orchestrate.Depth)}, nil
}

// solverFactory returns the constructor of the named back end (or of a
// race of several), recorded to the --trace file if one is named, and the
// function that closes that file.
func solverFactory(cmd *cli.Command, names []string) (func() (solver.Solver, error), func() error, error) {
	open, err := backend.LookupPortfolio(names, memberWarnings())
	if err != nil {
		return nil, nil, err
	}
	path := cmd.String(flagTrace)
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

// warningPrefix starts the lines of odtx's warnings on stderr, which a
// bench sweep picks out of its job processes' stderr.
const warningPrefix = "odtx: warning: "

// memberWarnings returns the report function for the --portfolio races: a
// line on stderr for a member's first failure and for its first
// disagreement with another. One of each is enough to distrust it, and a
// member that fails once mostly fails on every call, of which a search
// makes thousands. The races of parallel probes share it.
func memberWarnings() func(*solver.MemberError) {
	type kind struct {
		member   string
		disagree bool
	}
	var (
		mu   sync.Mutex
		seen = map[kind]bool{}
	)
	return func(e *solver.MemberError) {
		k := kind{e.Member, e.Against != ""}
		mu.Lock()
		defer mu.Unlock()
		if !seen[k] {
			seen[k] = true
			fmt.Fprintln(os.Stderr, warningPrefix+e.Error())
		}
	}
}
