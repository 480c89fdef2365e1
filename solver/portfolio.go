package solver

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
)

// Portfolio returns a Solver that races solvers, named by names, on the same
// query. Every clause goes to every member. Solve runs the members' Solve
// calls at once and takes the first definite answer, SAT or UNSAT without an
// error; it then cancels the others and waits for them, so that no member is
// still running when it returns. Value reads the model of the member that
// answered. The underlying implementation is a *Race, which also tells which
// member answered.
//
// A member that fails, with an error or with no answer, drops out of the
// call and the others go on. Solve fails only when every member has failed,
// with an error naming each, or when ctx ends first, with ctx's error.
//
// Since the first answer is taken and the others are stopped, the members'
// answers are never compared. Members should therefore be back ends opened
// through package backend, which checks every model against the clauses: a
// member's wrong SAT answer then becomes that member's error and the race
// goes on without it. A wrong UNSAT answer cannot be checked that way, and
// the portfolio would return it.
//
// Portfolio panics unless there are as many names as solvers, at least one,
// and the names are distinct, as they name the members in errors and in Wins.
// The portfolio owns the members: its Close closes them.
func Portfolio(names []string, solvers []Solver) Solver {
	if len(solvers) == 0 || len(names) != len(solvers) {
		panic(fmt.Sprintf("solver: Portfolio of %d names and %d solvers", len(names), len(solvers)))
	}
	wins := make(map[string]int, len(names))
	for _, n := range names {
		if _, dup := wins[n]; dup {
			panic(fmt.Sprintf("solver: Portfolio names two members %q", n))
		}
		wins[n] = 0
	}
	return &Race{
		names:   slices.Clone(names),
		members: slices.Clone(solvers),
		winner:  -1,
		wins:    wins,
	}
}

// A Race is the Solver that Portfolio returns.
type Race struct {
	names   []string
	members []Solver

	// mu guards winner and wins, so that Winner and Wins may be called, say
	// for progress reports, while Solve runs. Value reads winner unlocked, as
	// only Solve writes it and Value may not run at the same time as Solve.
	mu     sync.Mutex
	winner int // index of the member that answered the last Solve, or -1
	wins   map[string]int
}

// AddClause implements ClauseAdder.
func (r *Race) AddClause(lits []int) {
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
func (r *Race) Solve(ctx context.Context, assumptions []int) (Result, error) {
	r.setWinner(-1)
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
	for range r.members {
		a := <-answers
		switch {
		case winner >= 0:
			// A loser: most likely stopped by cancel, whose error says
			// nothing about the member, and in any case no longer needed.
		case a.err == nil && (a.result == Sat || a.result == Unsat):
			winner, result = a.member, a.result
			cancel()
		case a.err != nil:
			errs[a.member] = a.err
		default:
			errs[a.member] = errors.New("gave no answer")
		}
	}
	if winner >= 0 {
		r.setWinner(winner)
		return result, nil
	}
	// When ctx has ended, the members' errors are mostly its own, seen
	// through race, and say nothing about the members.
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	return Unknown, &memberErrors{names: r.names, errs: errs}
}

func (r *Race) setWinner(i int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.winner = i
	if i >= 0 {
		r.wins[r.names[i]]++
	}
}

// Value implements Solver. It is false for every variable unless the last
// Solve returned Sat.
func (r *Race) Value(v int) bool {
	if r.winner < 0 {
		return false
	}
	return r.members[r.winner].Value(v)
}

// Winner returns the name of the member that answered the last Solve, or ""
// if it got no answer or is still running.
func (r *Race) Winner() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.winner < 0 {
		return ""
	}
	return r.names[r.winner]
}

// Wins returns how many Solve calls each member has answered, by name,
// with every member present. The map is the caller's.
func (r *Race) Wins() map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return maps.Clone(r.wins)
}

// Close implements Solver. It closes every member, even after one fails,
// and returns the first error, naming its member.
func (r *Race) Close() error {
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
