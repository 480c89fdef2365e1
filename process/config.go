// Package process runs SAT solver binaries, one process per call, behind the
// solver.Solver interface: each Solve writes the whole formula to a DIMACS
// file, runs the solver on it, and reads and checks its answer.
//
// A process keeps nothing between calls, so every call pays for starting the
// solver and for solving from scratch: this back end suits few calls on large
// formulas, or trying a solver that has no library.
package process

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Config says how to run a solver binary.
type Config struct {
	// Name names the solver in errors.
	Name string
	// Path is the binary: a name looked up in PATH, or a path.
	Path string
	// Args returns the arguments that make the solver solve the DIMACS
	// file cnf. The solver may write its answer to the file out. timeout
	// is the time limit in whole seconds, or 0 for none.
	Args func(cnf, out string, timeout time.Duration) []string
	// ResultFile is set for solvers that write their answer to the file
	// out in MiniSat's form, rather than to stdout in the SAT
	// competition's.
	ResultFile bool
	// Install tells how to get the binary, for the error when it is
	// missing.
	Install string
}

// known are the solvers Lookup knows by name. Each gets the quiet option,
// since the answer is all that is read, and its time-limit option, so that a
// solver out of time stops on its own before the context's deadline kills it.
var known = map[string]Config{
	"minisat": {
		Path: "minisat", ResultFile: true, Install: "install it: apt-get install minisat",
		Args: args([]string{"-verb=0"}, func(s string) []string { return []string{"-cpu-lim=" + s} }, true),
	},
	"cadical": {
		Path: "cadical", Install: "install it: apt-get install cadical",
		Args: args([]string{"-q"}, func(s string) []string { return []string{"-t", s} }, false),
	},
	"kissat": {
		Path: "kissat", Install: "build it from https://github.com/arminbiere/kissat",
		Args: args([]string{"-q"}, func(s string) []string { return []string{"--time=" + s} }, false),
	},
	"picosat": {
		Path: "picosat", Install: "install it: apt-get install picosat",
		Args: args(nil, nil, false),
	},
	"cryptominisat": {
		Path: "cryptominisat5", Install: "install it: apt-get install cryptominisat",
		Args: args([]string{"--verb", "0"}, func(s string) []string { return []string{"--maxtime", s} }, false),
	},
}

// args returns a Config.Args giving the options opts, then the time-limit
// options that limit makes of the seconds (none if limit is nil), then the
// CNF file, then the result file if withOut is set.
func args(opts []string, limit func(secs string) []string, withOut bool) func(string, string, time.Duration) []string {
	return func(cnf, out string, timeout time.Duration) []string {
		a := slices.Clone(opts)
		if timeout > 0 && limit != nil {
			a = append(a, limit(strconv.Itoa(int(timeout/time.Second)))...)
		}
		a = append(a, cnf)
		if withOut {
			a = append(a, out)
		}
		return a
	}
}

// Names lists, sorted, the solvers that Lookup knows by name.
func Names() []string {
	return slices.Sorted(maps.Keys(known))
}

// Lookup returns the Config of a solver Lookup knows by name (see Names), or
// for "exec:PATH" the Config of the binary PATH, run as "PATH file.cnf" and
// answering on stdout in the SAT competition's format.
func Lookup(name string) (Config, error) {
	if path, ok := strings.CutPrefix(name, "exec:"); ok && path != "" {
		return Config{Name: path, Path: path, Args: args(nil, nil, false)}, nil
	}
	cfg, ok := known[name]
	if !ok {
		return Config{}, fmt.Errorf("unknown solver %q (known: %s, exec:PATH)", name, strings.Join(Names(), ", "))
	}
	cfg.Name = name
	return cfg, nil
}
