package process

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"time"

	"github.com/odtx/odtx/dimacs"
	"github.com/odtx/odtx/solver"
)

// Solver is a solver.Solver that runs a solver binary for each Solve call.
// It keeps every clause, since each call gives the solver the whole formula.
type Solver struct {
	cfg     Config
	path    string // the binary, found when the Solver was made
	formula solver.Formula
	model   []bool // model[v] is the value of variable v in the last model
}

// New returns an empty Solver running the binary of cfg. It fails, naming the
// binary and how to install it, when the binary is missing.
func New(cfg Config) (*Solver, error) {
	if cfg.Args == nil {
		return nil, fmt.Errorf("solver %s: config without Args", cfg.Name)
	}
	path, err := exec.LookPath(cfg.Path)
	switch {
	case err == nil:
		return &Solver{cfg: cfg, path: path}, nil
	case !errors.Is(err, exec.ErrNotFound):
		var e *exec.Error
		if errors.As(err, &e) {
			err = e.Err // exec's own wording would repeat the name
		}
		return nil, fmt.Errorf("%s: %w", cfg.Name, err)
	case cfg.Install == "":
		return nil, fmt.Errorf("%s not found in PATH", cfg.Path)
	}
	return nil, fmt.Errorf("%s not found in PATH (%s)", cfg.Path, cfg.Install)
}

// AddClause implements solver.ClauseAdder.
func (s *Solver) AddClause(lits []int) {
	s.formula.AddClause(lits)
}

// Solve implements solver.Solver. The assumptions go to the solver as unit
// clauses. Whatever happens, the files it writes are removed and the solver
// process and its children are gone when it returns.
func (s *Solver) Solve(ctx context.Context, assumptions []int) (solver.Result, error) {
	if err := ctx.Err(); err != nil {
		return solver.Unknown, err
	}
	s.model = s.model[:0]

	cnf, err := os.CreateTemp("", "odtx-*.cnf")
	if err != nil {
		return solver.Unknown, fmt.Errorf("%s: %w", s.cfg.Name, err)
	}
	defer os.Remove(cnf.Name())
	err = s.write(cnf, assumptions)
	if cerr := cnf.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return solver.Unknown, fmt.Errorf("%s: writing the formula: %w", s.cfg.Name, err)
	}
	out, err := os.CreateTemp("", "odtx-*.out")
	if err != nil {
		return solver.Unknown, fmt.Errorf("%s: %w", s.cfg.Name, err)
	}
	defer os.Remove(out.Name())
	defer out.Close()

	state, stderr, err := s.run(ctx, cnf.Name(), out)
	if ctx.Err() != nil {
		return solver.Unknown, ctx.Err()
	}
	// A solver given the time left stops at the deadline too, and may
	// answer before the context's timer has marked it ended: past the
	// deadline, the deadline is why it stopped.
	if d, ok := ctx.Deadline(); ok && !time.Now().Before(d) {
		return solver.Unknown, context.DeadlineExceeded
	}
	if err != nil {
		return solver.Unknown, err
	}
	a, err := s.answer(state, stderr, out.Name())
	if err != nil {
		return solver.Unknown, err
	}
	if a.Result == dimacs.Sat {
		if err := s.setModel(a.Model, s.vars(assumptions)); err != nil {
			return solver.Unknown, fmt.Errorf("%s returned a wrong model: %w", s.cfg.Name, err)
		}
		if err := s.formula.Check(s.Value, assumptions); err != nil {
			s.model = s.model[:0]
			return solver.Unknown, fmt.Errorf("%s returned a wrong model: %w", s.cfg.Name, err)
		}
	}
	return solver.Result(a.Result), nil
}

// vars is the number of variables of the formula under assumptions, which
// its header tells the solver.
func (s *Solver) vars(assumptions []int) int {
	vars := s.formula.MaxVar()
	for _, a := range assumptions {
		vars = max(vars, a, -a)
	}
	return vars
}

// write writes the formula and the assumptions, as unit clauses, to f.
func (s *Solver) write(f io.Writer, assumptions []int) error {
	w := dimacs.NewWriter(f)
	w.Header(s.vars(assumptions), s.formula.Len()+len(assumptions))
	s.formula.Write(w)
	for _, a := range assumptions {
		w.Clause([]int{a})
	}
	return w.Flush() // the Writer's errors stick: this one is the first
}

// setModel records the model lits. A literal beyond the formula's vars
// variables is an error: the model is garbage, and one of a huge variable
// would cost memory in proportion to it.
func (s *Solver) setModel(lits []int, vars int) error {
	n := 0
	for _, l := range lits {
		if l > vars || l < -vars {
			return fmt.Errorf("literal %d beyond the formula's %d variables", l, vars)
		}
		n = max(n, l, -l)
	}
	s.model = slices.Grow(s.model[:0], n+1)[:n+1]
	clear(s.model)
	for _, l := range lits {
		if l > 0 {
			s.model[l] = true
		}
	}
	return nil
}

// Value implements solver.Solver. Variables the model does not mention are
// false.
func (s *Solver) Value(v int) bool {
	return v > 0 && v < len(s.model) && s.model[v]
}

// Close implements solver.Solver. Nothing outlives a Solve call, so there is
// nothing to release.
func (s *Solver) Close() error { return nil }
