package minerr

import "sync/atomic"

// wide is the depth-two solver's counts of a set when those of every pair
// of features would take too much memory (see newSearch): it counts the
// pairs of a band of first features at a time, against every second
// feature, and improves the splits by each band before counting the next.
// Its memory grows with the features, not with their square, and its time
// with the pairs, as the counter's does.
type wide struct {
	x    *data
	stop *atomic.Bool
	set  []int32
	c    *counter // the band's counts, and the set's diagonal
	rows int      // first features in a band
	cols columns
}

// wideCells is the most cells of a band's counts: a band small enough to
// stay in cache between its counting and its pass over pairs, and large
// enough that what each band costs apart from its pairs is little.
const wideCells = 1 << 20

// newWide returns a wide of bands of rows first features, which stops
// between bands when stop is set.
func newWide(x *data, stop *atomic.Bool, rows int) *wide {
	return &wide{x: x, stop: stop, c: newBand(x, rows), rows: rows}
}

// count makes w count set: the weight of each class where each feature
// holds now, the pairs band by band in splits.
func (w *wide) count(set []int32) {
	x, c := w.x, w.c
	w.set = append(w.set[:0], set...)
	clear(c.diag)
	for _, it := range set {
		wt, k := x.weight[it], int(x.class[it])
		for _, f := range x.ones[x.start[it]:x.start[it+1]] {
			c.diag[k*x.m+int(f)] += wt
		}
	}
}

// splits is counts.splits. When the search stops, it returns splits not
// yet improved by every pair, which still make trees, but not the best.
func (w *wide) splits(cls []int, deep bool, minLeaf int, sp []split2) []split2 {
	x, c := w.x, w.c
	sp = leaves(c.diag, cls, minLeaf, sp)
	if !deep {
		return sp
	}
	inc, pop := x.pairCost(w.set)
	if pop < inc {
		w.cols.fill(x, w.set)
	}
	for lo := 0; lo < x.m && !w.stop.Load(); lo += w.rows {
		c.band(lo, min(lo+w.rows, x.m))
		if pop < inc {
			c.countPairs(x, &w.cols, nil)
		} else {
			c.tally(x, w.set)
		}
		c.improve(sp, cls, minLeaf)
	}
	return sp
}

// both is counts.both, from the set's items: solve2 asks it of the few
// pairs of the trees it builds.
func (w *wide) both(k, i, j int) int {
	x := w.x
	if i == j {
		return int(w.c.diag[k*x.m+i])
	}
	n := 0
	for _, it := range w.set {
		if int(x.class[it]) == k && x.holds(it, i) && x.holds(it, j) {
			n += int(x.weight[it])
		}
	}
	return n
}
