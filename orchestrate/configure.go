package orchestrate

import (
	"strings"
	"time"

	"github.com/odtx/odtx/backend"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/solver"
)

// stagger is how long a search probes its shallowest depth alone before
// deeper ones join it (Options.Stagger): the small datasets are done
// within it, on one solver.
const stagger = 100 * time.Millisecond

// Configure returns the options of a search in mode on engine e, on the
// named SAT back ends (a race of them if several: see
// backend.LookupPortfolio, which tells report, if not nil, of the faults of
// its members). With none named, the back end is the one
// backend.Preferred picks for the shape of the data shape returns, which is
// called only then, and only for an engine that runs SAT solvers: the DP
// engine and the Errors mode get none. It fails
// if a back end cannot run here. Learn, cross-validation, the benchmarks
// and odtx's commands all make their options so; the caller sets Jobs and
// Progress.
func Configure(e Engine, names []string, mode Mode, shape func() (*dataset.Dataset, error), report func(*solver.MemberError)) (Options, error) {
	if len(names) == 0 {
		if e == DP || e.searchesErrors() || mode == Errors {
			// No SAT solver runs, so none is opened to be tried.
			return Options{Mode: mode, Engine: e, Stagger: stagger}, nil
		}
		ds, err := shape()
		if err != nil {
			return Options{}, err
		}
		names = []string{backend.Preferred(len(ds.Features), len(ds.Examples), mode == Depth)}
	}
	open, err := backend.LookupPortfolio(names, report)
	if err != nil {
		return Options{}, err
	}
	opt := Options{Mode: mode, Engine: e, NewSolver: open, Solver: names[0], Batch: backend.Batch(names...), Stagger: stagger}
	if len(names) > 1 {
		opt.Solver = "portfolio " + strings.Join(names, ",")
	}
	return opt, nil
}
