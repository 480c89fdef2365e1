package regress

import (
	"cmp"
	"slices"
)

// pairs is the memory of the evaluation of a cut at depth two, which
// needs no recursion: one sweep of each column routes every item to the
// side of the cut it falls on, which gives the best trees of depth one of
// both sides at once.
//
// The bounds of searchColumn hold column by column: the best tree of
// depth one of a cut's true side whose test is on column b costs no less
// than that of the true side of an evaluated cut before it, or than its
// leaf, whichever is less (and likewise for the false side and a cut
// after it). So an evaluated cut's sweep passes over the columns whose
// bounds cannot beat what the cut needs.
type pairs struct {
	col   []float64 // per slot: the bounds by column of the true and false sides
	st    [2]stump
	lb    [2][]float64 // the bounds by column of the cut being evaluated
	rest  [2][]float64 // the least of those of the columns not yet swept, in the order of order
	order []int
	buf   []entry // for sides
}

// start prepares p for the cuts of a column of a set of cols columns.
func (p *pairs) start(cols int) {
	p.col = slices.Grow(p.col[:0], 2*cols)[:2*cols]
	clear(p.col)
}

// evalPair evaluates cut k of column a, of interval iv of fr, at the
// root of a tree of depth two of v: it finds the best trees of depth one of both
// sides, if together they may beat *target, and records what it proves
// of them for the cuts around.
func (s *search) evalPair(fr *frame, v *set, a, k int, iv interval, best **sol, target *float64) {
	w := &fr.pair
	cols := len(v.order)
	u := fr.cuts[k-1]
	tot := [2]stat{u.t, v.tot.sub(u.t)}
	bt, bf := fr.bounds(v, k, iv)
	floor := [2]float64{bt, bf} // bounds on the sides' least SSE
	own := [2]float64{u.own, v.own - u.own}
	fr.slot[k] = int32(len(fr.opt))
	fr.opt = append(fr.opt, [2]float64{})
	w.col = slices.Grow(w.col, 2*cols)[:len(w.col)+2*cols]
	sl := int(fr.slot[k])
	// The bounds by column: of the true side from kl, of the false side
	// from kr.
	from := [2]int{int(fr.slot[iv.kl]), int(fr.slot[iv.kr])}
	for h := range 2 {
		w.lb[h] = w.col[(sl*2+h)*cols : (sl*2+h+1)*cols]
		copy(w.lb[h], w.col[(from[h]*2+h)*cols:(from[h]*2+h+1)*cols])
		w.st[h].start(tot[h], tot[h].sse()-s.margin, s)
	}
	// The columns whose bounds are least first, for the best trees
	// found early to pass over the others.
	w.order = slices.Grow(w.order[:0], cols)[:cols]
	for b := range w.order {
		w.order[b] = b
	}
	slices.SortFunc(w.order, func(b, c int) int { return cmp.Compare(w.lb[0][b]+w.lb[1][b], w.lb[0][c]+w.lb[1][c]) })
	for h := range 2 {
		w.rest[h] = slices.Grow(w.rest[h][:0], cols+1)[:cols+1]
		w.rest[h][cols] = w.st[h].leaf
		for i := cols - 1; i >= 0; i-- {
			w.rest[h][i] = min(w.rest[h][i+1], w.lb[h][w.order[i]])
		}
	}
	n := mark(v.order[a], u.pos, s.side)
	// low returns a bound below the least SSE of depth one of side h,
	// the columns from i on not swept yet.
	low := func(h, i int) float64 { return max(floor[h], min(w.st[h].value(), w.rest[h][i])) }
	// A side's columns are swept while they may make it cost less than
	// target less what the other side costs at least at the far end of
	// the interval, far: a side that costs that much closes the cuts
	// between k and that end as well. (As the other side costs at least
	// far, a column passed over cannot make the cut itself better than
	// target either.)
	far := [2]float64{fr.opt[from[0]][0], fr.opt[from[1]][1]}
	goal := *target - s.pen // what the two sides must cost less than
	swept := cols
	for i, b := range w.order {
		lt, lf := low(0, i), low(1, i)
		if lt >= goal-far[1] && lf >= goal-far[0] {
			swept = i
			break
		}
		need := [2]bool{
			w.lb[0][b] < min(w.st[0].value(), goal-far[1]) && w.st[0].value() > own[0],
			w.lb[1][b] < min(w.st[1].value(), goal-far[0]) && w.st[1].value() > own[1],
		}
		o := v.order[b]
		for h := range 2 {
			if need[h] {
				w.st[h].column()
			}
		}
		switch {
		case b == a:
			// The column the sides are cut on holds them apart already.
			if need[0] {
				w.st[0].items(o[:n], false)
			}
			if need[1] {
				w.st[1].items(o[n:], false)
			}
		case need[0] || need[1]:
			sides(o, s.side, need, &w.st, &w.buf)
		}
		for h := range 2 {
			if need[h] {
				w.lb[h][b] = max(w.lb[h][b], w.st[h].done(b))
			}
		}
	}
	for h := range 2 {
		m := w.st[h].leaf
		for i, b := range w.order {
			if i >= swept {
				m = min(m, w.rest[h][i])
				break
			}
			m = min(m, w.lb[h][b])
		}
		fr.opt[sl][h] = max(floor[h], m)
	}
	if swept < cols {
		return
	}
	if j := s.join(a, u.pos, w.st[1].sol(), w.st[0].sol()); j.cost < *target {
		*best, *target = j, j.cost
	}
}
