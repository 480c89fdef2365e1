package ordered

// stump finds, for one set of items, the tree of depth one that
// misclassifies the fewest of its records, by a sweep over every column.
type stump struct {
	cls   []int // class weights of the set
	total int   // its weight
	leaf  int   // errors of its leaf
	// The column being swept: class weights and weight of the items seen,
	// the position of the last, the class of its items if they all have
	// one, else -1, whether no cut left can beat the least errors of the
	// leaf and the cuts weighed, colBest, and whether the column is passed
	// over.
	cnt     []int
	seen    int
	until   int // the weight seen after which the next cut is weighed
	last    int32
	run     int16
	done    bool
	skipped bool
	colBest int
	// The best split found: its errors, column, position, and the classes
	// and errors of its true and false leaves; col is -1 until one beats
	// the leaf.
	best         int
	col          int
	at           int32
	tc, fc       int32
	terrs, ferrs int
}

// start prepares st for a set with class weights cls.
func (st *stump) start(cls []int) {
	st.cls = cls
	st.total = 0
	most := 0
	for _, w := range cls {
		st.total += w
		most = max(most, w)
	}
	st.leaf = st.total - most
	st.best, st.col = st.leaf, -1
	if len(st.cnt) != len(cls) {
		st.cnt = make([]int, len(cls))
	}
}

// column prepares st for the sweep of a column.
func (st *stump) column() {
	clear(st.cnt)
	st.seen, st.last, st.run, st.until = 0, -1, -1, 0
	st.done = st.best == 0
	st.colBest = st.leaf
}

// cut weighs the split of the set between the items seen in column b, up
// to position st.last, and the rest.
func (st *stump) cut(b int) {
	lmost, rmost, lc, rc := -1, -1, 0, 0
	for k, c := range st.cnt {
		if c > lmost {
			lmost, lc = c, k
		}
		if r := st.cls[k] - c; r > rmost {
			rmost, rc = r, k
		}
	}
	e := st.total - lmost - rmost
	if e < st.best {
		st.best, st.col, st.at = e, b, st.last
		st.tc, st.fc = int32(lc), int32(rc)
		st.terrs, st.ferrs = st.seen-lmost, st.total-st.seen-rmost
	}
	st.colBest = min(st.colBest, e)
	st.until = st.seen + e - st.colBest
	st.done = st.best == 0 || st.total <= st.until
}

// sweep finds the best tree of depth one for each side of v's items, as
// side marks them, in one pass over every column: st[0] for the items
// marked 0, st[1] for those marked 1. The stumps must be started.
//
// Moving one record across a cut changes its errors by at most one, so a
// cut that falls short of the best of its column by k lets the sweep pass
// k records unweighed. And a cut between two positions whose items are all
// of one class is never better than both ends of their run, which are
// weighed.
//
// If lb is not nil, lb[h][b] bounds below the errors of side h's leaf and
// of its trees whose root tests column b, and the sweep, taking the
// columns in the order cols, passes over those that cannot beat the best
// so far. It raises each bound to what the sweep proves: the least errors
// of the column's trees and the leaf, or the best so far where it passed
// the column over.
func sweep(v *view, side []uint8, st *[2]stump, lb *[2][]int, cols []int) {
	for i := range v.order {
		b := i
		if cols != nil {
			b = cols[i]
		}
		st[0].column()
		st[1].column()
		if lb != nil {
			st[0].done = st[0].done || lb[0][b] >= st[0].best
			st[1].done = st[1].done || lb[1][b] >= st[1].best
		}
		st[0].skipped, st[1].skipped = st[0].done, st[1].done
		if !st[0].done || !st[1].done {
			pass(v.order[b], b, side, st)
		}
		if lb != nil {
			lb[0][b] = max(lb[0][b], st[0].bound())
			lb[1][b] = max(lb[1][b], st[1].bound())
		}
	}
}

// bound returns what the sweep of a column proves of its trees and the
// leaf: none makes fewer errors than the best of them weighed if it went
// through the column, nor than the best so far if it passed it over.
func (st *stump) bound() int {
	if st.skipped {
		return st.best
	}
	return st.colBest
}

// pass sweeps column b, whose order is o, for both stumps.
func pass(o []entry, b int, side []uint8, st *[2]stump) {
	for _, e := range o {
		sd := &st[side[e.item]&1]
		if sd.done {
			continue
		}
		if e.pos != sd.last {
			if sd.seen > sd.until && (sd.run != e.class || !e.pure) {
				sd.cut(b)
				if sd.done {
					if st[0].done && st[1].done {
						return
					}
					continue
				}
			}
			sd.last, sd.run = e.pos, e.class
		} else if sd.run != e.class {
			sd.run = -1
		}
		sd.cnt[e.class] += int(e.w)
		sd.seen += int(e.w)
	}
}
