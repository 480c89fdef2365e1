package orchestrate

import (
	"math"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// Greedy returns a consistent tree grown top-down, each node testing the
// feature of highest information gain, until every leaf is pure: far from
// optimal, but found at once, so a search stopped early has a tree to give.
// ds must not contradict itself.
func Greedy(ds *dataset.Dataset) *tree.Node {
	all := make([]int, len(ds.Examples))
	for i := range all {
		all[i] = i
	}
	return greedy(ds, all)
}

func greedy(ds *dataset.Dataset, rows []int) *tree.Node {
	counts := make([]int, len(ds.Classes))
	for _, i := range rows {
		counts[ds.Examples[i].Class]++
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
	for f := range ds.Features {
		onFalse, onTrue := split(ds, rows, f)
		if len(onTrue) == 0 || len(onFalse) == 0 {
			continue
		}
		if h := entropy(ds, onTrue) + entropy(ds, onFalse); h < bestH {
			bestF, bestH = f, h
		}
	}
	if bestF < 0 {
		// Distinct examples differ somewhere; only contradictory data
		// gets here, and the majority is the best a leaf can do.
		return tree.Leaf(majority)
	}
	onFalse, onTrue := split(ds, rows, bestF)
	return tree.Split(bestF, greedy(ds, onFalse), greedy(ds, onTrue))
}

// split divides rows by their value of feature f.
func split(ds *dataset.Dataset, rows []int, f int) (onFalse, onTrue []int) {
	for _, i := range rows {
		if ds.Examples[i].Values[f] {
			onTrue = append(onTrue, i)
		} else {
			onFalse = append(onFalse, i)
		}
	}
	return onFalse, onTrue
}

// entropy is the class entropy of rows times their number, so that sums
// over the sides of a split weigh each side by its size.
func entropy(ds *dataset.Dataset, rows []int) float64 {
	counts := make(map[int]int)
	for _, i := range rows {
		counts[ds.Examples[i].Class]++
	}
	h := 0.0
	for _, n := range counts {
		p := float64(n) / float64(len(rows))
		h -= float64(n) * math.Log2(p)
	}
	return h
}
