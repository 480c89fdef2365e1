package main

import (
	"fmt"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/orchestrate"
)

// progress keeps a status line on stderr while a search runs.
type progress struct {
	line *status // nil when stderr is not a terminal
	mode orchestrate.Mode
	ds   *dataset.Dataset // searched, whose weights the errors have
}

// progressReporter returns a reporter of a search of ds in mode that draws
// on stderr only when it is a terminal: pipes and logs get the result
// alone.
func progressReporter(mode orchestrate.Mode, ds *dataset.Dataset) *progress {
	return &progress{line: newStatus(), mode: mode, ds: ds}
}

// report shows the state after a solver call or a DP round.
func (p *progress) report(s orchestrate.Progress) {
	if p.line == nil {
		return
	}
	if p.mode == orchestrate.Errors && p.ds.Weights != nil {
		p.line.update(fmt.Sprintf("%v: depth <= %d, best tree of errors of weight %.6g, proven >= %.6g", s.Engine, s.Depth, weighed(p.ds, float64(s.Errors)), weighed(p.ds, float64(s.MinErrors))))
		return
	}
	if p.mode == orchestrate.Errors {
		p.line.update(fmt.Sprintf("%v: depth <= %d, best tree %s, proven >= %d", s.Engine, s.Depth, plural.Count(s.Errors, "training error"), s.MinErrors))
		return
	}
	bound := ""
	if s.MaxLeaves > 0 {
		bound = fmt.Sprintf(", nodes <= %d", 2*s.MaxLeaves-1)
	}
	calls := "solver call"
	switch s.Engine {
	case orchestrate.DP:
		calls = "DP round"
	case orchestrate.MinErr, orchestrate.Ordered:
		calls = "search"
	}
	p.line.update(fmt.Sprintf("%v: depth %d%s, %s, %s", s.Engine, s.Depth, bound, plural.Count(s.Examples, "example"), plural.Count(s.Calls, calls)))
}

// done clears the status line.
func (p *progress) done() {
	if p.line != nil {
		p.line.finish()
	}
}
