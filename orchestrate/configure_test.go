package orchestrate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/odtx/odtx/backend"
	"github.com/odtx/odtx/dataset"
)

// TestConfigure: named back ends are taken as named, a race of several
// under one name; with none named the data's shape picks one, and only an
// engine that runs SAT solvers asks for the shape, or gets one.
func TestConfigure(t *testing.T) {
	ds, _, err := dataset.Load(context.Background(), "../testdata/appendix.csv", dataset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	shape := func() (*dataset.Dataset, error) { asked++; return ds, nil }

	opt, err := Configure(SAT, []string{"gini"}, Size, shape, nil)
	if err != nil || opt.Solver != "gini" || opt.Engine != SAT || opt.Mode != Size || opt.Stagger != stagger || opt.Batch != backend.Batch("gini") || asked != 0 {
		t.Errorf("gini: %+v, %v, shape asked %d times", opt, err, asked)
	}
	for _, c := range []struct {
		e Engine
		m Mode
	}{{DP, Depth}, {Auto, Errors}} {
		opt, err = Configure(c.e, nil, c.m, shape, nil)
		if err != nil || opt.NewSolver != nil || opt.Solver != "" || opt.Engine != c.e || opt.Mode != c.m || asked != 0 {
			t.Errorf("%v, %v: solver %q, %v, shape asked %d times; want none", c.e, c.m, opt.Solver, err, asked)
		}
	}
	opt, err = Configure(Auto, nil, Depth, shape, nil)
	want := backend.Preferred(len(ds.Features), len(ds.Examples), true)
	if err != nil || opt.Solver != want || asked != 1 {
		t.Errorf("auto: solver %q, %v, shape asked %d times; want %s, once", opt.Solver, err, asked, want)
	}
	if _, err := Configure(SAT, nil, Depth, func() (*dataset.Dataset, error) { return nil, errors.New("unreadable") }, nil); err == nil || err.Error() != "unreadable" {
		t.Errorf("shape's error: got %v", err)
	}
	if _, err := Configure(SAT, []string{"no-such-solver"}, Depth, shape, nil); err == nil || !strings.Contains(err.Error(), "no-such-solver") {
		t.Errorf("unknown back end: got %v", err)
	}
	if _, err := Configure(SAT, []string{"gini", "gini"}, Depth, shape, nil); err == nil {
		t.Error("a race of gini against itself: no error")
	}

	// A Go caller who names no back end runs on the one Configure picks.
	res, err := Learn(context.Background(), ds, Options{Mode: Size, Engine: SAT})
	if err != nil || res.Solver != backend.Preferred(len(ds.Features), len(ds.Examples), false) {
		t.Errorf("Learn without NewSolver: solver %q, %v", res.Solver, err)
	}
}
