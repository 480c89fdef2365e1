package main

import (
	"fmt"
	"os"

	"github.com/odtx/odtx/orchestrate"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress keeps a status line on stderr while a search runs.
type progress struct {
	bar *progressbar.ProgressBar // nil when stderr is not a terminal
}

// progressReporter returns a reporter that draws on stderr only when it is
// a terminal: pipes and logs get the result alone.
func progressReporter() *progress {
	if !term.IsTerminal(int(os.Stderr.Fd())) {
		return &progress{}
	}
	return &progress{bar: progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSpinnerType(14),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish(),
	)}
}

// report shows the state after a solver call or a DP round.
func (p *progress) report(s orchestrate.Progress) {
	if p.bar == nil {
		return
	}
	bound := ""
	if s.MaxLeaves > 0 {
		bound = fmt.Sprintf(", nodes <= %d", 2*s.MaxLeaves-1)
	}
	calls := "solver calls"
	if s.Engine == orchestrate.DP {
		calls = "DP rounds"
	}
	p.bar.Describe(fmt.Sprintf("%v: depth %d%s, %d examples, %d %s", s.Engine, s.Depth, bound, s.Examples, s.Calls, calls))
	p.bar.Add(1)
}

// done clears the status line.
func (p *progress) done() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
