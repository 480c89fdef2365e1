package tree

import (
	"fmt"
	"slices"

	"github.com/odtx/odtx/dataset"
)

// Predict returns the class name the tree gives each record of tbl. It reads
// the raw values, not a binarization, so a tree read back from JSON predicts
// on any table that has its columns.
func (t *Tree) Predict(tbl *dataset.Table) ([]string, error) {
	leaves, err := t.reach(tbl)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(leaves))
	for r, leaf := range leaves {
		out[r] = t.Classes[leaf.Class]
	}
	return out, nil
}

// reach returns the leaf each record of tbl reaches.
func (t *Tree) reach(tbl *dataset.Table) ([]*Node, error) {
	// Only the features the tree tests: a learned tree's Features are
	// every feature of its dataset, tens of thousands on wide data.
	decisions := make([]*decision, len(t.Features))
	var use func(n *Node) error
	use = func(n *Node) error {
		if n.IsLeaf() {
			return nil
		}
		if decisions[n.Feature] == nil {
			f := t.Features[n.Feature]
			c, err := tbl.Column(f.Column)
			if err != nil {
				return err
			}
			decisions[n.Feature] = &decision{f: f, col: c, codes: tbl.NumCodes(c)}
		}
		if err := use(n.False); err != nil {
			return err
		}
		return use(n.True)
	}
	if err := use(t.Root); err != nil {
		return nil, err
	}
	out := make([]*Node, tbl.Len())
	for r := range out {
		var err error
		leaf := t.Root.Reach(func(f int) bool {
			ok, e := decisions[f].holds(tbl, r)
			if e != nil && err == nil {
				err = e
			}
			return ok
		})
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", tbl.Name, tbl.Lines[r], err)
		}
		out[r] = leaf
	}
	return out, nil
}

// decision is a feature that keeps what it gives for each value of its
// column, by the value's code, so that a value of a large table is parsed
// once rather than at every node and record.
//
// It keeps them only once it has tested as many records as its column has
// codes: what it keeps then costs no more than the tests it made. A
// decision at a node that few records reach, of which a large tree has
// many, or on a column whose values rarely repeat, would otherwise keep a
// byte per code that it never reads.
type decision struct {
	f     dataset.Feature
	col   int    // of f.Column in the table
	codes int    // the column's
	tests int    // made before known
	known []int8 // by code: 0 if not yet tested, 1 false, 2 true
}

// holds is f.Holds of field d.col of record r of tbl.
func (d *decision) holds(tbl *dataset.Table, r int) (bool, error) {
	k := tbl.Code(r, d.col)
	if d.known == nil {
		if d.tests++; d.tests >= d.codes {
			d.known = make([]int8, d.codes)
		}
	} else if v := d.known[k]; v != 0 {
		return v == 2, nil
	}
	ok, err := d.f.Holds(tbl.Value(r, d.col))
	if err != nil || d.known == nil {
		return ok, err // an error is not kept: it ends the prediction
	}
	d.known[k] = 1
	if ok {
		d.known[k] = 2
	}
	return ok, nil
}

// Verify checks that the tree gives every record of tbl the class in its
// label column, numbers by value as Correct matches them, or for a record
// relabelled (dataset.Dataset.Relabelled) the class it was given, and
// names the first record it gets wrong. Like Score, it counts at every
// leaf the records of each class that reach it, by their own labels.
func (t *Tree) Verify(tbl *dataset.Table, relabelled []dataset.Relabel) error {
	given := make(map[int]string, len(relabelled)) // by line
	for _, r := range relabelled {
		given[r.Line] = t.Classes[r.Class]
	}
	return t.score(tbl, func(r int, label, got string) error {
		want, ok := given[tbl.Lines[r]]
		if !ok {
			want = label
		}
		if !dataset.SameValue(want, got) {
			return fmt.Errorf("%s:%d: tree predicts %q, label is %q", tbl.Name, tbl.Lines[r], got, want)
		}
		return nil
	}, nil, 0)
}

// Score returns how many records of tbl the tree misclassifies, matching
// labels as Correct does, and their weight by weights (by record; nil
// weighs each 1). It sets the Counts of every leaf to the records of each
// class that reach it and, with weights, its Weights to their weight as
// given: weights over scale, the units of weights in one of the weights.
func (t *Tree) Score(tbl *dataset.Table, weights []int, scale float64) (wrong, loss int, err error) {
	err = t.score(tbl, func(r int, label, got string) error {
		if !dataset.SameValue(label, got) {
			wrong++
			w := 1
			if weights != nil {
				w = weights[r]
			}
			loss += w
		}
		return nil
	}, weights, scale)
	return wrong, loss, err
}

// score calls check with the label and the prediction of every record of
// tbl, in order, until it fails, and counts the records at the leaves,
// and their weights if weights is not nil, as Score does.
func (t *Tree) score(tbl *dataset.Table, check func(r int, label, got string) error, weights []int, scale float64) error {
	label, err := tbl.Column(t.Label)
	if err != nil {
		return err
	}
	leaves, err := t.reach(tbl)
	if err != nil {
		return err
	}
	t.Root.clearCounts(len(t.Classes), weights != nil)
	// The class of each label, by its code, as labels repeat: 0 until
	// looked up, else 2 + the class, or 1 for a label of no class.
	classOf := make([]int, tbl.NumCodes(label))
	for r, leaf := range leaves {
		value := tbl.Value(r, label)
		if err := check(r, value, t.Classes[leaf.Class]); err != nil {
			return err
		}
		k := tbl.Code(r, label)
		if classOf[k] == 0 {
			classOf[k] = 2 + slices.IndexFunc(t.Classes, func(class string) bool { return dataset.SameValue(value, class) })
		}
		if c := classOf[k] - 2; c >= 0 {
			leaf.Counts[c]++
			if weights != nil {
				leaf.Weights[c] += float64(weights[r]) / scale
			}
		}
	}
	return nil
}

// clearCounts gives every leaf under n a zero count of each of k classes,
// and a zero weight if weighed.
func (n *Node) clearCounts(k int, weighed bool) {
	if n.IsLeaf() {
		n.Counts = make([]int, k)
		n.Weights = nil
		if weighed {
			n.Weights = make([]float64, k)
		}
		return
	}
	n.False.clearCounts(k, weighed)
	n.True.clearCounts(k, weighed)
}

// Correct counts the records of tbl whose label column holds the class
// predicted for them, as Predict returns them. Labels that are numbers
// match by value: "2.000" is class "2.0".
func (t *Tree) Correct(tbl *dataset.Table, predicted []string) (int, error) {
	label, err := tbl.Column(t.Label)
	if err != nil {
		return 0, err
	}
	right := 0
	for r := range tbl.Len() {
		if dataset.SameValue(tbl.Value(r, label), predicted[r]) {
			right++
		}
	}
	return right, nil
}
