package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

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

// searchOptions returns the options of a search in mode on engine e, made
// by orchestrate.Configure from the back ends --portfolio or --solver
// names, else from the shape of the data shape returns; the solvers are
// recorded to the --trace file if one is named. It also returns the
// function that closes that file.
//
// A back end named for a search that runs no SAT solver, on an engine
// other than sat and auto or in the errors mode, is an error rather than ignored, and so is a trace
// in the errors mode (engine rejects one for the dp engine), before the
// trace file is made.
func searchOptions(cmd *cli.Command, e orchestrate.Engine, mode orchestrate.Mode, shape func() (*dataset.Dataset, error)) (orchestrate.Options, func() error, error) {
	if cmd.String(flagTrace) != "" && mode == orchestrate.Errors {
		return orchestrate.Options{}, nil, usage(cmd, errors.New("--trace records SAT solver calls, but the fewest errors (--max-depth) are searched by minerr or ordered, which make none"))
	}
	if names := solverNames(cmd); names != nil && (e != orchestrate.Auto && e != orchestrate.SAT || mode == orchestrate.Errors) {
		flag := flagSolver
		if cmd.IsSet(flagPortfolio) {
			flag = flagPortfolio
		}
		why := fmt.Sprintf("the %v engine runs no SAT solver: drop it, or give --engine auto or sat", e)
		if mode == orchestrate.Errors {
			why = "the fewest errors (--max-depth) are searched by minerr or ordered, which run no SAT solver: drop it"
		}
		return orchestrate.Options{}, nil, usage(cmd, fmt.Errorf("--%s %s names a SAT back end, but %s", flag, strings.Join(names, ","), why))
	}
	opt, err := orchestrate.Configure(e, solverNames(cmd), mode, shape, memberWarnings())
	if err != nil {
		return orchestrate.Options{}, nil, err
	}
	path := cmd.String(flagTrace)
	if path == "" {
		return opt, func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return orchestrate.Options{}, nil, fmt.Errorf("trace: %w", err)
	}
	trace := solver.NewTrace(dimacs.NewWriter(f))
	open := opt.NewSolver
	opt.NewSolver = func() (solver.Solver, error) {
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
	return opt, closeTrace, nil
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
