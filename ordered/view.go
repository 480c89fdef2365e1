package ordered

import "slices"

// entry is an item as a column sees it, with what the sweeps over the
// column read of it, so that they read memory in order.
type entry struct {
	item  int32
	pos   int32 // the item's position in the column
	w     int32
	class int16
	// pure is set if every item at this position has the item's class, in
	// every set: a cut between two positions pure of one class is never
	// better than both cuts at the ends of their run.
	pure bool
}

// view is a set of items sorted in every column, as the sweeps need it.
type view struct {
	sorted [][]entry // per column, the items by increasing position
	cls    []int     // class weights
	w      int       // the weight of all items
	h      [2]uint64 // hash sums
	// runs holds, once a sweep has asked, the runs (see run) of each
	// column worth weighing by runs, and ran whether they are those of the
	// items in order. classW holds the class weights of each such
	// column's runs of several classes.
	runs   [][]run
	mixed  [][]int32 // per column, its runs of several classes
	classW [][]int32
	byRuns []bool // per column, whether its runs are worth weighing whole
	ran    bool
}

// run is a stretch of a column's order that a sweep weighs as a whole:
// positions pure of one class, inside which no cut beats both ends, or
// one position whose items are of several classes (class -1).
type run struct {
	lo, hi int32 // its entries in the column's order
	w      int32 // their weight
	class  int16
	at     int32 // with class -1, where the column's classW has its weights
}

// columnRuns returns whether column b is worth weighing by runs, and if so
// its runs, the indices of its runs of several classes, and the weights of
// the classes (classes of them) in each of those.
func (v *view) columnRuns(b, classes int) (ok bool, rs []run, mixed []int32, cw []int32) {
	if !v.ran {
		if len(v.runs) != len(v.sorted) {
			v.runs = make([][]run, len(v.sorted))
			v.mixed = make([][]int32, len(v.sorted))
			v.classW = make([][]int32, len(v.sorted))
		}
		v.byRuns = slices.Grow(v.byRuns[:0], len(v.sorted))[:len(v.sorted)]
		for j, o := range v.sorted {
			v.byRuns[j] = worthRuns(o, classes)
			if !v.byRuns[j] {
				continue
			}
			v.runs[j], v.classW[j] = runsOf(o, classes, v.runs[j][:0], v.classW[j][:0])
			v.mixed[j] = v.mixed[j][:0]
			for k, r := range v.runs[j] {
				if r.class < 0 {
					v.mixed[j] = append(v.mixed[j], int32(k))
				}
			}
		}
		v.ran = true
	}
	return v.byRuns[b], v.runs[b], v.mixed[b], v.classW[b]
}

// worthRuns reports whether o, a column's order, is worth weighing by runs.
// Short runs and positions of several classes cost more weighed by runs
// than item by item, whose steps have no branch on the side to mispredict,
// and so cost a fraction of a run's. It stops counting as soon as the
// runs cost too much, as they do early in a column of many values.
func worthRuns(o []entry, classes int) bool {
	work := 0 // a sweep's by runs, in item steps
	for lo := 0; lo < len(o) && 4*work < len(o); {
		hi := runEnd(o, lo)
		work++
		if !o[lo].pure {
			work += hi - lo + classes
		}
		lo = hi
	}
	return 4*work < len(o)
}

// runEnd returns the end of the run of o, a column's order, that starts at
// lo.
func runEnd(o []entry, lo int) int {
	hi := lo + 1
	if o[lo].pure {
		for hi < len(o) && o[hi].pure && o[hi].class == o[lo].class {
			hi++
		}
		return hi
	}
	for hi < len(o) && o[hi].pos == o[lo].pos {
		hi++
	}
	return hi
}

// runsOf appends the runs of o, a column's order, to rs, and the class
// weights of those of several classes to cw.
func runsOf(o []entry, classes int, rs []run, cw []int32) ([]run, []int32) {
	for lo := 0; lo < len(o); {
		hi := runEnd(o, lo)
		r := run{lo: int32(lo), hi: int32(hi), class: o[lo].class}
		if !o[lo].pure {
			r.class, r.at = -1, int32(len(cw))
			cw = append(cw, make([]int32, classes)...)
		}
		for _, e := range o[lo:hi] {
			r.w += e.w
			if r.class < 0 {
				cw[int(r.at)+int(e.class)] += e.w
			}
		}
		rs = append(rs, r)
		lo = hi
	}
	return rs, cw
}

// root returns the view of every item.
func (x *data) root() *view {
	v := &view{sorted: make([][]entry, len(x.cols)), cls: make([]int, x.classes)}
	for i := range x.n {
		v.cls[x.class[i]] += int(x.weight[i])
		v.h[0] += x.hash1[i]
		v.h[1] += x.hash2[i]
	}
	v.w = x.records
	var start []int32 // one column's at a time
	for j, col := range x.cols {
		// A counting sort by position.
		start = slices.Grow(start[:0], len(col.feature)+2)[:len(col.feature)+2]
		clear(start)
		for _, p := range col.pos {
			start[p+1]++
		}
		for p := 1; p < len(start); p++ {
			start[p] += start[p-1]
		}
		o := make([]entry, x.n)
		for i, p := range col.pos {
			o[start[p]] = entry{item: int32(i), pos: p, class: int16(x.class[i]), w: x.weight[i]}
			start[p]++
		}
		for lo := 0; lo < len(o); {
			hi := lo + 1
			pure := true
			for ; hi < len(o) && o[hi].pos == o[lo].pos; hi++ {
				pure = pure && o[hi].class == o[lo].class
			}
			for i := lo; i < hi; i++ {
				o[i].pure = pure
			}
			lo = hi
		}
		v.sorted[j] = o
	}
	return v
}

// size returns the number of items of v.
func (v *view) size() int {
	if len(v.sorted) == 0 {
		return 0
	}
	return len(v.sorted[0])
}

// split fills t and f with the items of v on the true and false sides of
// the test of column a that holds up to position p, and marks each item's
// side in side: 0 true, 1 false. It reuses the memory of t and f.
func (v *view) split(x *data, a int, p int32, side []uint8, t, f *view) {
	t.reset(v)
	f.reset(v)
	mark(v.sorted[a], p, side)
	for j, o := range v.sorted {
		to, fo := t.sorted[j][:0], f.sorted[j][:0]
		for _, e := range o {
			if side[e.item] != 0 {
				fo = append(fo, e)
			} else {
				to = append(to, e)
			}
		}
		t.sorted[j], f.sorted[j] = to, fo
	}
	t.tally(x)
	f.tally(x)
}

// mark marks in side the items of o, a column's order, that are beyond
// position p: 1 for those, 0 for the rest.
func mark(o []entry, p int32, side []uint8) {
	for _, e := range o {
		if e.pos > p {
			side[e.item] = 1
		} else {
			side[e.item] = 0
		}
	}
}

// reset makes v an empty view with room for the items of like.
func (v *view) reset(like *view) {
	if len(v.sorted) != len(like.sorted) {
		v.sorted = make([][]entry, len(like.sorted))
	}
	n := like.size()
	for j := range v.sorted {
		v.sorted[j] = room(v.sorted[j], n)
	}
	if len(v.cls) != len(like.cls) {
		v.cls = make([]int, len(like.cls))
	}
	v.ran = false
}

// tally fills v's class weights and hash sums from its items.
func (v *view) tally(x *data) {
	clear(v.cls)
	v.w, v.h = 0, [2]uint64{}
	if len(v.sorted) == 0 {
		return
	}
	for _, e := range v.sorted[0] {
		v.cls[e.class] += int(e.w)
		v.w += int(e.w)
		v.h[0] += x.hash1[e.item]
		v.h[1] += x.hash2[e.item]
	}
}

// room returns s emptied, with room for n elements. Unlike slices.Grow, it
// leaves new memory untouched: the system maps a page only as it is first
// written, and each side of a cut fills only its share of the room.
func room[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}
