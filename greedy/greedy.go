// Package greedy grows a decision tree top-down by information gain: far
// from optimal, but found at once, so that an exact search stopped early
// still has a consistent tree to give.
package greedy

import (
	"context"
	"math"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// Tree returns a tree grown top-down, each node testing the feature of
// highest information gain, until every leaf is pure. It classifies every
// example of ds unless ds contradicts itself (two examples alike in every
// feature with different classes), where such a leaf takes the majority.
//
// Scoring every feature at every node takes a second or more on tens of
// thousands of features; once ctx has ended, the nodes still to grow test
// instead a feature that tells apart two of their examples of different
// classes, found in one pass over the features, so that a poorer tree,
// consistent all the same, comes at once.
func Tree(ctx context.Context, ds *dataset.Dataset) *tree.Node {
	all := make([]int, len(ds.Examples))
	for i := range all {
		all[i] = i
	}
	return grow(ctx, ds, all)
}

func grow(ctx context.Context, ds *dataset.Dataset, rows []int) *tree.Node {
	var f int
	if ctx.Err() != nil {
		f = tellApart(ds, rows)
	} else {
		f = bestGain(ds, rows)
	}
	if f < 0 {
		return tree.Leaf(majority(ds, rows))
	}
	var no, yes []int
	for _, i := range rows {
		if ds.Holds(&ds.Examples[i], f) {
			yes = append(yes, i)
		} else {
			no = append(no, i)
		}
	}
	return tree.Split(f, grow(ctx, ds, no), grow(ctx, ds, yes))
}

// majority returns the most frequent class of rows, the first on a tie.
func majority(ds *dataset.Dataset, rows []int) int {
	counts := make([]int, len(ds.Classes))
	for _, i := range rows {
		counts[ds.Examples[i].Class]++
	}
	best := 0
	for c, n := range counts {
		if n > counts[best] {
			best = c
		}
	}
	return best
}

// tellApart returns the first feature on which the first of rows and the
// first of another class differ, or -1 if rows are of one class or
// contradict each other.
func tellApart(ds *dataset.Dataset, rows []int) int {
	if len(rows) == 0 {
		return -1
	}
	a := &ds.Examples[rows[0]]
	for _, i := range rows[1:] {
		if b := &ds.Examples[i]; b.Class != a.Class {
			for f := range ds.Features {
				if ds.Holds(a, f) != ds.Holds(b, f) {
					return f
				}
			}
		}
	}
	return -1
}

// bestGain returns the feature of highest information gain over rows, or
// -1 if rows are of one class or contradict each other.
func bestGain(ds *dataset.Dataset, rows []int) int {
	nc := len(ds.Classes)
	counts := make([]int, nc)
	// onTrue[f*nc+c] counts the rows of class c where feature f holds:
	// one pass over the rows scores every feature.
	onTrue := make([]int, len(ds.Features)*nc)
	for _, i := range rows {
		ex := &ds.Examples[i]
		counts[ex.Class]++
		for f := range ds.Features {
			if ds.Holds(ex, f) {
				onTrue[f*nc+ex.Class]++
			}
		}
	}
	for _, n := range counts {
		if n == len(rows) {
			return -1
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
	// Distinct examples differ somewhere; only contradictory data leaves
	// bestF at -1, and the majority is the best a leaf can do.
	return bestF
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
