// Package greedy grows a decision tree top-down by information gain: far
// from optimal, but found at once, so that an exact search stopped early
// still has a consistent tree to give.
package greedy

import (
	"math"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// Tree returns a tree grown top-down, each node testing the feature of
// highest information gain, until every leaf is pure. It classifies every
// example of ds unless ds contradicts itself (two examples alike in every
// feature with different classes), where such a leaf takes the majority.
func Tree(ds *dataset.Dataset) *tree.Node {
	all := make([]int, len(ds.Examples))
	for i := range all {
		all[i] = i
	}
	return grow(ds, all)
}

func grow(ds *dataset.Dataset, rows []int) *tree.Node {
	nc := len(ds.Classes)
	counts := make([]int, nc)
	// onTrue[f*nc+c] counts the rows of class c where feature f holds:
	// one pass over the rows scores every feature.
	onTrue := make([]int, len(ds.Features)*nc)
	for _, i := range rows {
		ex := &ds.Examples[i]
		counts[ex.Class]++
		for f, v := range ex.Values {
			if v {
				onTrue[f*nc+ex.Class]++
			}
		}
	}
	majority := 0
	for a, n := range counts {
		if n > counts[majority] {
			majority = a
		}
		if n == len(rows) {
			return tree.Leaf(a)
		}
	}
	bestF, bestH := -1, math.Inf(1)
	onFalse := make([]int, nc)
	for f := range ds.Features {
		t := onTrue[f*nc : (f+1)*nc]
		for c := range onFalse {
			onFalse[c] = counts[c] - t[c]
		}
		h, nt := entropy(t)
		hf, nf := entropy(onFalse)
		if nt == 0 || nf == 0 {
			continue
		}
		if h += hf; h < bestH {
			bestF, bestH = f, h
		}
	}
	if bestF < 0 {
		// Distinct examples differ somewhere; only contradictory data
		// gets here, and the majority is the best a leaf can do.
		return tree.Leaf(majority)
	}
	var no, yes []int
	for _, i := range rows {
		if ds.Examples[i].Values[bestF] {
			yes = append(yes, i)
		} else {
			no = append(no, i)
		}
	}
	return tree.Split(bestF, grow(ds, no), grow(ds, yes))
}

// entropy returns the class entropy of rows with the given counts per
// class times their number, so that sums over the sides of a split weigh
// each side by its size, and that number.
func entropy(counts []int) (float64, int) {
	total := 0
	for _, n := range counts {
		total += n
	}
	h := 0.0
	for _, n := range counts {
		if n > 0 {
			h -= float64(n) * math.Log2(float64(n)/float64(total))
		}
	}
	return h, total
}
