package process

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/odtx/odtx/dimacs"
	"github.com/odtx/odtx/solver"
)

// run runs the solver on the file cnf, its stdout going to out, and returns
// how it ended and the last line of its stderr.
func (s *Solver) run(ctx context.Context, cnf string, out *os.File) (*os.ProcessState, string, error) {
	cmd := exec.CommandContext(ctx, s.path, s.cfg.Args(cnf, out.Name(), timeLeft(ctx))...)
	if !s.cfg.ResultFile {
		cmd.Stdout = out
	}
	var stderr tail
	cmd.Stderr = &stderr
	killTree(cmd)
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, "", fmt.Errorf("%s: %w", s.cfg.Name, err)
	}
	return cmd.ProcessState, stderr.lastLine(), nil
}

// timeLeft returns the time left until ctx's deadline, or 0 if it has none.
// It rounds up to whole seconds, since solvers take their limits in seconds
// and the context, not the solver, should decide when time is up.
func timeLeft(ctx context.Context) time.Duration {
	d, ok := ctx.Deadline()
	if !ok {
		return 0
	}
	secs := (time.Until(d) + time.Second - 1) / time.Second
	return max(secs, 1) * time.Second
}

// answer reads the answer of a solver that ended as state, from the file out,
// and checks it against the exit code.
func (s *Solver) answer(state *os.ProcessState, stderr, out string) (dimacs.Answer, error) {
	code := state.ExitCode()
	a, err := s.parse(out)
	if !state.Exited() || (err != nil && code != 0 && code != dimacs.Sat && code != dimacs.Unsat) {
		msg := fmt.Sprintf("%s crashed: %s", s.cfg.Name, state)
		if stderr != "" {
			msg += ": " + stderr
		}
		return dimacs.Answer{}, errors.New(msg)
	}
	switch {
	case err != nil:
		return dimacs.Answer{}, fmt.Errorf("%s: unreadable answer: %w", s.cfg.Name, err)
	case dimacs.ResultFromExit(code) != dimacs.Unknown && code != a.Result:
		return dimacs.Answer{}, fmt.Errorf("%s: exit status %d says %v but the answer says %v",
			s.cfg.Name, code, solver.Result(code), solver.Result(a.Result))
	case a.Result == dimacs.Unknown:
		return dimacs.Answer{}, fmt.Errorf("%s gave up (UNKNOWN)", s.cfg.Name)
	}
	return a, nil
}

func (s *Solver) parse(out string) (dimacs.Answer, error) {
	f, err := os.Open(out)
	if err != nil {
		return dimacs.Answer{}, err
	}
	defer f.Close()
	if s.cfg.ResultFile {
		return dimacs.ParseMiniSatResult(f)
	}
	return dimacs.ParseAnswer(f)
}

// tail keeps the end of what is written to it: enough for the last line of a
// solver's complaint, however much it wrote before.
type tail struct{ b []byte }

const tailSize = 4 << 10

func (t *tail) Write(p []byte) (int, error) {
	n := len(p)
	t.b = append(t.b, p[max(0, n-tailSize):]...)
	if over := len(t.b) - tailSize; over > 0 {
		t.b = append(t.b[:0], t.b[over:]...)
	}
	return n, nil
}

func (t *tail) lastLine() string {
	s := strings.TrimSpace(string(t.b))
	return strings.TrimSpace(s[strings.LastIndexByte(s, '\n')+1:])
}
