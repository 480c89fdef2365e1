package ordered

import (
	"sort"

	"github.com/odtx/odtx/objective"
)

// bandsPer is how many bands of about equal weight a search cuts an
// interval of a column's cuts into before it evaluates a cut of it.
const bandsPer = 8

// bands bound the cuts of an interval by what the bands of its items cost.
// Errors add up over a partition of a set: the best tree of a set,
// restricted to a part, is a tree of the part within the same depth and
// budget, so the set makes no fewer errors than its parts' optima
// together. A band is the items between two cuts of the column; every
// band wholly on the true side of a cut k is part of that side, as is the
// true side of any cut before them. So between cuts kl <= k, k's true side
// makes no fewer errors than kl's and the bands between them, and its
// false side likewise. Where the bounds of two evaluated cuts lose an
// error for each record between them, the bands give most of it back, at
// the cost of solving the bands, sets a fraction of the interval's size.
//
// The bound holds of errors alone, not of a cost per branch, which each
// part would pay again, nor with a minimum leaf size, which a tree
// restricted to a part may break: bands are then off.
type bands struct {
	from, to []int // the cuts that each band lies between, in order
	sum      []int // sum[i]: the least errors of the bands before the i-th
}

// between returns the least errors of the bands that lie wholly between
// cuts x and y.
func (b *bands) between(x, y int) int {
	lo := sort.SearchInts(b.from, x)
	hi := sort.SearchInts(b.to, y+1)
	if hi <= lo {
		return 0
	}
	return b.sum[hi] - b.sum[lo]
}

// within returns the bands of b that lie wholly between cuts x and y, or
// nil if none do.
func (b *bands) within(x, y int) *bands {
	lo := sort.SearchInts(b.from, x)
	hi := sort.SearchInts(b.to, y+1)
	if hi <= lo {
		return nil
	}
	w := &bands{from: b.from[lo:hi], to: b.to[lo:hi], sum: make([]int, 0, hi-lo+1)}
	for i := lo; i <= hi; i++ {
		w.sum = append(w.sum, b.sum[i]-b.sum[lo])
	}
	return w
}

// within returns the bands of levels that lie wholly within interval iv.
func within(levels []*bands, iv interval) []*bands {
	var in []*bands
	for _, b := range levels {
		if w := b.within(iv.kl, iv.kr); w != nil {
			in = append(in, w)
		}
	}
	return in
}

// bandFirst cuts p's interval, iv as narrowed, of column a into bands,
// sets fr's levels to p's, and returns the least bound of its cuts. Bands
// cost a fraction of a cut, and may close the interval without one. If
// they close less than half the gap between its bound and ub, p is
// fruitless: its parts are not cut into bands, as where the records are
// few or have little noise.
func (s *search) bandFirst(fr *frame, v *view, a, d int, p *pending, iv interval, ub score) score {
	p.banded, p.iv = true, iv
	fr.levels = p.levels
	before := fr.pending(s, iv, ub)
	b := s.band(fr, v, a, d, iv)
	if b == nil {
		p.fruitless = true
		return before
	}
	p.levels = append(p.levels[:len(p.levels):len(p.levels)], b)
	fr.levels = p.levels
	after := fr.pending(s, iv, ub)
	u, lo, hi := s.order.Value(ub), s.order.Value(before), s.order.Value(after)
	p.fruitless = 2*(u-hi) > u-lo
	return after
}

// banded reports whether bands bound the cuts of the search: see bands.
// Bands of depth three or more only: a tree of depth one fits a band
// nearly as well as the sides it lies in, and bounds little.
func (s *search) banded() bool {
	return !s.off.Bands && s.monotone() && s.order.Cost == 0
}

// band cuts the items of v between the ends of interval iv of column a,
// whose cuts fr holds, into bands of about equal weight, and returns them
// with the least errors of the trees of depth d-1 of each; nil if the
// interval is too narrow to be worth it, or the search stops first.
func (s *search) band(fr *frame, v *view, a, d int, iv interval) *bands {
	wl, wr := fr.weight(iv.kl), fr.weight(iv.kr)
	b := &bands{}
	from := iv.kl
	for i := 1; i <= bandsPer; i++ {
		to := iv.kr
		if i < bandsPer {
			to = 1 + sort.SearchInts(fr.w, wl+(wr-wl)*i/bandsPer)
		}
		if to > from+1 && to <= iv.kr {
			b.from, b.to = append(b.from, from), append(b.to, to)
			from = to
		}
	}
	if len(b.from) < 2 {
		return nil
	}
	parts := v.bands(s.x, a, fr, b, s.marks)
	b.sum = append(b.sum, 0)
	for _, p := range parts {
		t := s.solve(p, d-1, objective.MaxBranches(d-1), objective.None, score{})
		if s.stop.Load() {
			return nil
		}
		b.sum = append(b.sum, b.sum[len(b.sum)-1]+t.S.E)
	}
	return b
}

// bands returns the views of the items of v in the bands b of column a,
// whose cuts fr holds, marking in side each item's band, from 1, or 0.
func (v *view) bands(x *data, a int, fr *frame, b *bands, side []uint8) []*view {
	parts := make([]*view, len(b.from))
	l := 0
	for _, e := range v.sorted[a] {
		for l < len(parts) && b.to[l] <= fr.c && e.pos > fr.pos[b.to[l]-1] {
			l++
		}
		side[e.item] = 0
		if l < len(parts) && (b.from[l] == 0 || e.pos > fr.pos[b.from[l]-1]) {
			side[e.item] = uint8(l + 1)
		}
	}
	for l := range parts {
		parts[l] = &view{sorted: make([][]entry, len(v.sorted)), cls: make([]int, len(v.cls))}
	}
	for j, o := range v.sorted {
		for _, e := range o {
			if l := side[e.item]; l > 0 {
				p := parts[l-1]
				p.sorted[j] = append(p.sorted[j], e)
			}
		}
	}
	for _, p := range parts {
		p.tally(x)
	}
	return parts
}
