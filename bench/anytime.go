package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/odtx/odtx/cart"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/orchestrate"
)

// anytimeSuite measures the errors mode as a user with a time limit meets
// it: not only the time to the proof, but the tree held and the bound
// proven at each moment before it, beside CART's tree of the same depth
// and the peers' times to their proofs.
var anytimeSuite = Suite{
	Name: "anytime",
	About: "the tree of fewest errors held and the bound proven against time, at depth bounds 4 and 5 unless --max-depth says, " +
		"on a generated table of 200,000 rows (" + anytimeData + ") or the --files given (a file may be a gen --numeric command line), " +
		"beside CART's errors and the times to proof of STreeD and ConTree when their binaries are named: " +
		"the errors and bound at 1, 10 and 60 s, the gap (errors - bound) / errors, " +
		"and Berthold's primal integral over the --timeout T, the integral from 0 to T of 1 before the first tree and of (best - ref) / max(best, ref) after, " +
		"ref the fewest errors any tool reached; a chart of errors against time for each file and depth",
	Jobs: func(cfg Config) []Job {
		return errorsJobs("anytime", cfg, []string{anytimeData}, []int{4, 5})
	},
	Table: anytimeTable,
	Files: anytimeFiles,
	Check: func(r Record) error {
		if r.Mode != errorsMode {
			return fmt.Errorf("anytime record of mode %q, want %s", r.Mode, errorsMode)
		}
		return nil
	},
}

// anytimeData is the suite's default dataset: numbers at the scale of
// the data users bring, which no tool proves at depth 4 in a minute.
const anytimeData = "gen --numeric --depth 5 --features 10 --rows 200000 --noise 0.1 --decimals 4 --seed 1"

// checkpoints are the times, in seconds since a job began, at which the
// table shows the tree held: a glance, a wait, and the time limit of the
// targets.
var checkpoints = []float64{1, 10, 60}

// Anytime is how odtx's search of a job of the anytime suite went.
type Anytime struct {
	// CART is the training errors of CART's tree of the job's depth
	// bound, the tree a user already has.
	CART int `json:"cart_errors"`
	// Limit is the job's time limit in seconds, 0 for none.
	Limit float64 `json:"limit_seconds,omitempty"`
	// Trajectory has a step for each time the tree held or the bound
	// proven improved, and last the search's result.
	Trajectory []Step `json:"trajectory"`
}

// A Step is the state of a search at a moment: the training errors of
// the best tree held and the fewest errors proven possible, Seconds after
// the job began, reading the data included. It is written as the JSON
// array [seconds, errors, bound], as a trajectory has many.
type Step struct {
	Seconds       float64
	Errors, Bound int
}

// MarshalJSON writes s as [seconds, errors, bound].
func (s Step) MarshalJSON() ([]byte, error) {
	return json.Marshal([]float64{s.Seconds, float64(s.Errors), float64(s.Bound)})
}

// UnmarshalJSON reads s from [seconds, errors, bound].
func (s *Step) UnmarshalJSON(data []byte) error {
	var v []float64
	if err := json.Unmarshal(data, &v); err != nil || len(v) != 3 {
		return fmt.Errorf("a step of a trajectory is [seconds, errors, bound], not %s", data)
	}
	*s = Step{Seconds: v[0], Errors: int(v[1]), Bound: int(v[2])}
	return nil
}

// proven reports whether s's tree is proven to have the fewest errors.
func (s Step) proven() bool { return s.Bound >= s.Errors }

// A tracer records the trajectory of a search from its Progress.
type tracer struct {
	start time.Time
	run   Anytime
}

// newTracer starts the trajectory of a job begun at start with the time
// limit given.
func newTracer(start time.Time, limit time.Duration) *tracer {
	return &tracer{start: start, run: Anytime{Limit: limit.Seconds()}}
}

// progress is orchestrate.Options.Progress: it adds the state p reports,
// unless only the tree's nodes improved, which leaves the step as it was.
func (t *tracer) progress(p orchestrate.Progress) {
	s := Step{Seconds: t.now(), Errors: p.Errors, Bound: p.MinErrors}
	if n := len(t.run.Trajectory); n > 0 && t.run.Trajectory[n-1].Errors == s.Errors && t.run.Trajectory[n-1].Bound == s.Bound {
		return
	}
	t.run.Trajectory = append(t.run.Trajectory, s)
}

// now is the time since the job began, in seconds to the microsecond: a
// trajectory of thousands of steps is a line of a JSONL file.
func (t *tracer) now() float64 {
	return time.Since(t.start).Round(time.Microsecond).Seconds()
}

// finish ends the trajectory with res, the search's result if it has one,
// and adds CART's errors on ds at depth, grown after the search so that
// its time is not the search's.
func (t *tracer) finish(ctx context.Context, res *orchestrate.Result, ds *dataset.Dataset, depth int) (*Anytime, error) {
	if res != nil {
		t.run.Trajectory = append(t.run.Trajectory, Step{Seconds: t.now(), Errors: res.Errors, Bound: res.MinErrors})
	}
	// The job's time limit has passed, or its search ended: CART's tree
	// comes after either.
	_, errs, err := cart.Tree(context.WithoutCancel(ctx), ds, depth, 0)
	if err != nil {
		return &t.run, fmt.Errorf("CART's tree: %w", err)
	}
	t.run.CART = errs
	return &t.run, nil
}

// last is the last step of a's trajectory, which has one.
func (a *Anytime) last() Step { return a.Trajectory[len(a.Trajectory)-1] }

// time is when the i-th step came, up to the time limit: a search stopped
// by it ends a little later, and what it ends with is what a user with
// that limit gets.
func (a *Anytime) time(i int) float64 {
	s := a.Trajectory[i].Seconds
	if a.Limit > 0 {
		s = min(s, a.Limit)
	}
	return s
}

// at returns the step that held t seconds in, if the job says: there was
// a tree by then, and either the search was still running or it had
// proven its tree optimal.
func (a *Anytime) at(t float64) (Step, bool) {
	n := 0
	for n < len(a.Trajectory) && a.time(n) <= t {
		n++
	}
	switch {
	case n == 0:
		return Step{}, false
	case n < len(a.Trajectory):
		return a.Trajectory[n-1], true
	}
	last := a.last()
	return last, last.proven() || t <= a.Limit
}

// primalIntegral is Berthold's primal integral of the trajectory against
// ref, the fewest errors known: the integral over the time limit (or to
// the end of the search, without one) of the primal gap, 1 before the
// first tree and primalGap of the tree held after.
func (a *Anytime) primalIntegral(ref int) float64 {
	n := len(a.Trajectory)
	if n == 0 {
		return math.NaN()
	}
	end := a.time(n - 1)
	if a.Limit > 0 {
		end = a.Limit
	}
	sum := a.time(0)
	for i, s := range a.Trajectory {
		next := end
		if i+1 < n {
			next = a.time(i + 1)
		}
		sum += (next - a.time(i)) * primalGap(s.Errors, ref)
	}
	return sum
}

// primalGap is Berthold's primal gap of a tree of best errors against the
// fewest known, ref: |best - ref| / max(best, ref), 0 where both are 0.
func primalGap(best, ref int) float64 {
	if best == ref {
		return 0
	}
	return math.Abs(float64(best-ref)) / float64(max(best, ref))
}

// traced returns the trajectory of an odtx record that ran to its end or
// its time limit, nil for any other.
func traced(r Record) *Anytime {
	if r.Program != "" || r.Anytime == nil || len(r.Anytime.Trajectory) == 0 || !(r.OK() || r.Status == "timeout") {
		return nil
	}
	return r.Anytime
}

// answer is the training errors of the last tree of a record, and
// whether they are proven the fewest: odtx's last step, or the tree of a
// peer that finished, which proves it; NaN for a record of neither.
func answer(r Record) (float64, bool) {
	if a := traced(r); a != nil {
		last := a.last()
		return float64(last.Errors), last.proven()
	}
	if r.Program != "" && r.OK() {
		return errorCount(r), true
	}
	return math.NaN(), false
}

// fewestAnswered is the fewest errors of the answers of records, of those
// proven only if proven says; NaN where there are none.
func fewestAnswered(records []Record, proven bool) float64 {
	fewest := math.NaN()
	for _, r := range records {
		errs, p := answer(r)
		if !math.IsNaN(errs) && (p || !proven) && !(errs >= fewest) { // fewest NaN: errs is the first
			fewest = errs
		}
	}
	return fewest
}

// anytimeFigure returns f of a record's trajectory, NaN for a record
// without one.
func anytimeFigure(f func(*Anytime) float64) func(Record) float64 {
	return func(r Record) float64 {
		if a := traced(r); a != nil {
			return f(a)
		}
		return math.NaN()
	}
}

// heldAt returns f of the step held t seconds in, NaN where the record
// does not say.
func heldAt(t float64, f func(Step) float64) func(Record) float64 {
	return anytimeFigure(func(a *Anytime) float64 {
		if s, ok := a.at(t); ok {
			return f(s)
		}
		return math.NaN()
	})
}

func stepErrors(s Step) float64 { return float64(s.Errors) }
func stepBound(s Step) float64  { return float64(s.Bound) }

// stepGap is the gap of s in percent: (errors - bound) / errors.
func stepGap(s Step) float64 {
	if s.Errors == 0 {
		return 0
	}
	return 100 * float64(s.Errors-s.Bound) / float64(s.Errors)
}

// proofSeconds is when the search proved its tree optimal, NaN if it did
// not: the job's time to its result, not the CART tree grown after it.
func proofSeconds(a *Anytime) float64 {
	if last := a.last(); last.proven() {
		return last.Seconds
	}
	return math.NaN()
}

func cartErrors(a *Anytime) float64 { return float64(a.CART) }

// integralAgainst is a record's primal integral against ref, the fewest
// errors known on its file and depth, NaN where none are.
func integralAgainst(ref float64) func(Record) float64 {
	return anytimeFigure(func(a *Anytime) float64 {
		if math.IsNaN(ref) {
			return math.NaN()
		}
		return a.primalIntegral(int(ref))
	})
}
