package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Portfolio returns a Solver that races solvers, named by names, on the same
// query. Every clause goes to every member. Solve runs the members' Solve
// calls at once and takes the first definite answer, SAT or UNSAT without an
// error; it then cancels the others and waits for them, so that no member is
// still running when it returns. Value reads the model of the member that
// answered.
//
// A member that fails, with an error or with no answer, drops out of the
// call and the others go on. Solve fails only when every member has failed,
// with an error naming each, or when ctx ends first, with ctx's error.
//
// The losers are stopped, so the members' answers are compared only when
// another member answers before it is: a SAT and an UNSAT on one call prove
// a member wrong, and Solve then returns SAT, whose model can be checked,
// where an UNSAT cannot. Members should therefore be back ends opened
// through package backend, whose models are checked: a member's wrong SAT
// answer then becomes that member's error and the race goes on without it.
// An UNSAT that no member contradicts in time is returned unchecked.
//
// report, unless nil, hears of both kinds of fault the race survives, as a
// *MemberError: a member that fails a call another member answers, and two
// members that disagree. It is called from Solve's goroutine.
//
// Portfolio panics unless there are as many names as solvers, at least one,
// and the names are distinct, as they name the members in errors.
// The portfolio owns the members: its Close closes them.
func Portfolio(names []string, solvers []Solver, report func(*MemberError)) Solver {
	if len(solvers) == 0 || len(names) != len(solvers) {
		panic(fmt.Sprintf("solver: Portfolio of %d names and %d solvers", len(names), len(solvers)))
	}
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			panic(fmt.Sprintf("solver: Portfolio names two members %q", n))
		}
	}
	return &portfolio{
		names:   slices.Clone(names),
		members: slices.Clone(solvers),
		report:  report,
		winner:  -1,
	}
}

// MemberError is a fault of a portfolio member that the race survived: a
// call it failed while another member answered, or an answer against
// another member's.
type MemberError struct {
	Member string // the member at fault, by its name in the portfolio
	// Against names the member whose answer Member's contradicts; it is ""
	// for a failure.
	Against string
	// Err is the member's error, or for a contradiction what each answered.
	Err error
}

// Error says in one line what the member did.
func (e *MemberError) Error() string {
	if e.Against == "" {
		return fmt.Sprintf("portfolio: %s failed a call another member answered: %v", e.Member, e.Err)
	}
	return fmt.Sprintf("portfolio: %v", e.Err)
}

// Unwrap returns Err, so that errors.Is sees the member's own error.
func (e *MemberError) Unwrap() error { return e.Err }

// portfolio is the Solver that Portfolio returns.
type portfolio struct {
	names   []string
	members []Solver
	report  func(*MemberError)
	winner  int // index of the member that answered the last Solve, or -1
}

// AddClause implements ClauseAdder.
func (r *portfolio) AddClause(lits []int) {
	for _, s := range r.members {
		s.AddClause(lits)
	}
}

// answer is what one member's Solve returned.
type answer struct {
	member int
	result Result
	err    error
}

// Solve implements Solver. It returns only when every member's Solve has
// returned, so it is only as prompt as the slowest member is at stopping
// when its context is canceled.
func (r *portfolio) Solve(ctx context.Context, assumptions []int) (Result, error) {
	r.winner = -1
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	race, cancel := context.WithCancel(ctx)
	defer cancel()
	// The channel holds every answer, so that no member waits to send.
	answers := make(chan answer, len(r.members))
	for i, s := range r.members {
		go func() {
			res, err := s.Solve(race, assumptions)
			answers <- answer{i, res, err}
		}()
	}
	winner, result := -1, Unknown
	errs := make([]error, len(r.members))
	var late []answer // definite answers after the winner's
	for range r.members {
		a := <-answers
		switch {
		case a.err == nil && (a.result == Sat || a.result == Unsat):
			if winner >= 0 {
				late = append(late, a)
				break
			}
			winner, result = a.member, a.result
			cancel()
		case a.err != nil:
			errs[a.member] = a.err
		default:
			errs[a.member] = errors.New("gave no answer")
		}
	}
	if winner >= 0 {
		first, firstResult := winner, result
		for _, a := range late {
			if a.result == firstResult {
				continue
			}
			r.tell(&MemberError{Member: r.names[a.member], Against: r.names[first],
				Err: fmt.Errorf("%s answered %v and %s %v on the same call: one is wrong; the SAT answer, whose model is checked, is taken",
					r.names[a.member], a.result, r.names[first], firstResult)})
			if a.result == Sat && result == Unsat {
				winner, result = a.member, Sat
			}
		}
		for i, err := range errs {
			// A loser stopped by cancel, or by ctx, says so, which tells
			// nothing about the member.
			if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
				r.tell(&MemberError{Member: r.names[i], Err: err})
			}
		}
	}
	if winner >= 0 {
		r.winner = winner
		return result, nil
	}
	// When ctx has ended, the members' errors are mostly its own, seen
	// through race, and say nothing about the members.
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	return Unknown, &memberErrors{names: r.names, errs: errs}
}

// AnsweredBy names the member of a portfolio whose answer the last Solve
// of s returned, also where s is a Trace's wrapping of the portfolio; it is
// "" for a solver that is not a portfolio, and before a member answered.
// A search blames the member, by this name, for an answer it finds wrong.
func AnsweredBy(s Solver) string {
	switch s := s.(type) {
	case *portfolio:
		if s.winner >= 0 {
			return s.names[s.winner]
		}
	case *traced:
		return AnsweredBy(s.Solver)
	}
	return ""
}

func (r *portfolio) tell(e *MemberError) {
	if r.report != nil {
		r.report(e)
	}
}

// Value implements Solver. It is false for every variable unless the last
// Solve returned Sat.
func (r *portfolio) Value(v int) bool {
	if r.winner < 0 {
		return false
	}
	return r.members[r.winner].Value(v)
}

// Close implements Solver. It closes every member, even after one fails,
// and returns the first error, naming its member.
func (r *portfolio) Close() error {
	var first error
	for i, s := range r.members {
		if err := s.Close(); err != nil && first == nil {
			first = fmt.Errorf("portfolio: %s: %w", r.names[i], err)
		}
	}
	return first
}

// memberErrors is the error of a Solve that every member failed: each
// member's error, in the members' order, all visible to errors.Is and
// errors.As.
type memberErrors struct {
	names []string
	errs  []error
}

func (e *memberErrors) Error() string {
	var b strings.Builder
	b.WriteString("portfolio: ")
	for i, err := range e.errs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(e.names[i])
		b.WriteString(": ")
		b.WriteString(err.Error())
	}
	return b.String()
}

func (e *memberErrors) Unwrap() []error { return e.errs }
