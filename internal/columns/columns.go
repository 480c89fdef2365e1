// Package columns groups the features of a dataset into columns of nested
// tests, as the engines that sweep cuts (packages ordered and regress)
// search them: the LessEq tests of a dataset column, sorted by threshold,
// hold on nested sets of examples, the test numbered k on the examples at
// positions 0 to k, so that an example's position in the column says
// which of its tests hold: those numbered from its position on. Any other
// test is a column of its own, its examples at position 0 where it holds
// and 1 where not.
package columns

import (
	"cmp"
	"slices"

	"github.com/odtx/odtx/dataset"
)

// Column is a sequence of tests that hold on nested sets of examples.
type Column struct {
	Feature []int   // the dataset's feature of each test
	Pos     []int32 // the position of each example, as Of was given them
}

// Groups groups the features of ds: the LessEq tests of each dataset
// column and side of its missing values by code, which orders them by
// threshold, and every other test alone.
func Groups(ds *dataset.Dataset) [][]int {
	// The groups share one array, each at its size, counted first: a
	// numeric column gives as many tests as it has values. A dataset
	// column with missing values gives two groups, one for each side they
	// take: run numbers them.
	cols := 0
	for _, ft := range ds.Features {
		cols = max(cols, int(ft.Col)+1)
	}
	run := func(ft *dataset.Feature) int { return 3*int(ft.Col) + int(ft.Missing) }
	size := make([]int, 3*cols) // by run: its LessEq tests
	for _, ft := range ds.Features {
		if ft.Op == dataset.LessEq {
			size[run(&ft)]++
		}
	}
	all := make([]int, 0, len(ds.Features))
	var groups [][]int
	at := make([]int, 3*cols) // by run: 1 + the group of its LessEq tests
	for f, ft := range ds.Features {
		if ft.Op != dataset.LessEq {
			n := len(all)
			all = append(all, f)
			groups = append(groups, all[n:n+1:n+1])
			continue
		}
		r := run(&ft)
		if at[r] == 0 {
			n := len(all)
			groups = append(groups, all[n:n:n+size[r]])
			at[r] = len(groups)
			all = all[:n+size[r]]
		}
		g := at[r] - 1
		groups[g] = append(groups[g], f)
	}
	byCode := func(a, b int) int { return cmp.Compare(ds.Features[a].Code, ds.Features[b].Code) }
	for _, g := range groups {
		// Binarize lists a column's tests in order already.
		if !slices.IsSortedFunc(g, byCode) {
			slices.SortStableFunc(g, byCode)
		}
	}
	return groups
}

// Make returns the column of the tests group, one of Groups, in order,
// for the examples src lists (indices into ds.Examples, repeated where a
// caller's items repeat them). A test alone is one, its examples at position 0
// where it holds and 1 where not. The LessEq tests of a dataset column
// hold on nested sets, each for the codes up to its own: an example's
// position is the number of tests whose code is below the example's.
// Binarize numbers a column's tests by code from 0, which makes an
// example's code its position. A missing value's code is past every
// value's, and so past the end of a group of tests that missing values
// fail; in a group of tests that they satisfy, its position is 0.
func Make(ds *dataset.Dataset, src []int, group []int) Column {
	col := Column{Feature: group, Pos: make([]int32, len(src))}
	first := &ds.Features[group[0]]
	if first.Op != dataset.LessEq {
		for i, e := range src {
			if !ds.Holds(&ds.Examples[e], group[0]) {
				col.Pos[i] = 1
			}
		}
		return col
	}
	dense := true
	for k, f := range group {
		dense = dense && ds.Features[f].Code == int32(k)
	}
	m := int32(len(group))
	if dense {
		for i, e := range src {
			col.Pos[i] = min(ds.Examples[e].Codes[first.Col], m)
		}
	} else {
		codes := make([]int32, len(group))
		for k, f := range group {
			codes[k] = ds.Features[f].Code
		}
		for i, e := range src {
			p, _ := slices.BinarySearch(codes, ds.Examples[e].Codes[first.Col])
			col.Pos[i] = int32(p)
		}
	}
	if miss := first.MissingCode; miss != 0 {
		for i, e := range src {
			if ds.Examples[e].Codes[first.Col] == miss {
				col.Pos[i] = 0
			}
		}
	}
	return col
}
