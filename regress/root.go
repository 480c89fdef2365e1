package regress

import (
	"container/heap"
	"math"
)

// bestFirst searches the trees of v, the root, of depth d from two on,
// for one better than *target, as solve's loop over the columns does,
// but the interval of least bound next, whatever its column, so that the
// least bound of the intervals left, a bound below every tree not yet
// ruled out, rises as the search goes. The cut at column first and
// position at, if first is not -1, is evaluated first. It returns that
// bound where the search stops, and *target where it ends.
func (s *search) bestFirst(v *set, d, first int, at int32, best **sol, target *float64) float64 {
	frs := make([]frame, len(v.order))
	var q openIntervals
	push := func(a, from int) {
		fr := &frs[a]
		for i := from; i < len(fr.queue); i++ {
			heap.Push(&q, open{bound: fr.least(fr.queue[i]) + s.pen, col: a, i: i})
		}
	}
	for a := range v.order {
		k := int32(-1)
		if a == first {
			k = at
		}
		s.begin(&frs[a], v, d, a, k, best, target)
		if s.stop.Load() {
			return 0 // the columns not begun are not bounded
		}
		push(a, 0)
	}
	for q.Len() > 0 {
		next := heap.Pop(&q).(open)
		if next.bound >= *target {
			break // and so are all the others
		}
		fr := &frs[next.col]
		n := len(fr.queue)
		s.step(fr, v, d, next.col, fr.queue[next.i], best, target)
		if s.stop.Load() {
			return min(next.bound, q.least(), *target)
		}
		push(next.col, n)
	}
	return *target
}

// open is an interval of cuts not yet evaluated at the root: the i-th
// of the queue of column col, with a bound below the SSE of the trees of
// all of its cuts.
type open struct {
	bound  float64
	col, i int
}

// openIntervals is a heap of intervals, the least bound first.
type openIntervals []open

func (q openIntervals) Len() int           { return len(q) }
func (q openIntervals) Less(i, j int) bool { return q[i].bound < q[j].bound }
func (q openIntervals) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *openIntervals) Push(x any)        { *q = append(*q, x.(open)) }
func (q *openIntervals) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// least returns the least bound of q, +Inf if it is empty.
func (q openIntervals) least() float64 {
	if len(q) == 0 {
		return math.Inf(1)
	}
	return q[0].bound
}
