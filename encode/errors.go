package encode

import "fmt"

// penalty is an input of the error counter: the records of weight that are
// errors unless literal y, a Y variable, holds.
type penalty struct{ y, weight int }

// AddSoftExample adds an example that a tree may misclassify: counts[a]
// records of class a have the feature values values. Each class a with
// records gets a variable Y, "the example's leaf has class a", and the
// example's clauses of AddExample hold for a under it; the records of the
// other classes, or all of them if no Y holds, are the example's errors,
// which ErrorBound counts. A leaf has one class at most, so one Y at most
// holds, and a model's errors are no fewer than its decoded tree makes.
//
// Soft examples must all be added before ErrorBound's first call, which
// counts them; adding one later panics. AddSoftExample keeps values.
func (e *Encoder) AddSoftExample(values []bool, counts []int) {
	if e.errors != nil {
		panic("encode: soft example added after ErrorBound")
	}
	i := e.examples
	e.examples++
	e.xBase = append(e.xBase, e.alloc(e.depth, KindX, i))
	e.values = append(e.values, values)
	var labels []label
	for a, n := range counts {
		if n > 0 {
			labels = append(labels, label{class: a})
		}
	}
	if len(labels) > 0 {
		y := e.alloc(len(labels), KindY, i)
		for k := range labels {
			labels[k].guard = y + k
			e.penalties = append(e.penalties, penalty{y: y + k, weight: counts[labels[k].class]})
		}
	}
	e.labels = append(e.labels, labels)
	e.route(i, e.active)
	if e.reach != 0 {
		e.reachClauses(i)
	}
	e.path = e.path[:0]
	e.classConstraints(i, 0, 0)
}

// ErrorBound returns a literal that, assumed, allows the soft examples at
// most max errors in all: the sum, over each soft example's classes, of
// its records of the class when its Y of the class is false. Since one Y of
// an example holds at most, that is its records of the classes other than
// its leaf's.
//
// The sum is a totalizer over the Y variables, each entered as its
// weight's count of one literal, and each node counts up to max+1 only,
// which keeps it to about 2·max variables per Y. The first call writes the
// counter, sized for that max; later calls must ask for no more.
func (e *Encoder) ErrorBound(max int) (int, error) {
	if max < 0 {
		return 0, fmt.Errorf("error bound %d is negative", max)
	}
	if e.errors == nil {
		e.errors = e.errorCounter(1, e.penalties, max+1, true)
	}
	if max+1 > len(e.errors) {
		return 0, fmt.Errorf("error bound %d exceeds the counter's %d", max, len(e.errors)-1)
	}
	return -e.errors[max], nil
}

// errorCounter writes the totalizer's node q over ps and returns its
// counts, up to width; the root's has every count up to width, so that
// every bound up to width-1 has its literal.
func (e *Encoder) errorCounter(q int, ps []penalty, width int, root bool) []int {
	if len(ps) == 1 && !root {
		ones := make([]int, min(ps[0].weight, width))
		for j := range ones {
			ones[j] = -ps[0].y
		}
		return ones
	}
	var below, other []int
	switch len(ps) {
	case 0:
	case 1:
		below = e.errorCounter(2*q, ps, width, false)
	default:
		below = e.errorCounter(2*q, ps[:len(ps)/2], width, false)
		other = e.errorCounter(2*q+1, ps[len(ps)/2:], width, false)
	}
	size := width
	if !root {
		size = min(width, len(below)+len(other))
	}
	sum := make([]int, size)
	first := e.alloc(size, KindE, q)
	for j := range sum {
		sum[j] = first + j
	}
	e.addSum(below, other, sum)
	return sum
}
