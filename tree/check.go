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
	leaves, _, err := t.reach(tbl, false)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(leaves))
	for r, leaf := range leaves {
		out[r] = t.Classes[leaf.Class]
	}
	return out, nil
}

// reach returns the leaf each record of tbl reaches, and the steps of
// the tree it took, at each of which, with count, the records that reach
// it by the branch they take and those of them whose value is missing. A
// missing value (dataset.IsMissing) goes at a test on a column of numbers
// where the node, or else its test, says (Node.Missing); where neither
// does, it is an error.
func (t *Tree) reach(tbl *dataset.Table, count bool) ([]*Node, []step, error) {
	// Only the features the tree tests: a learned tree's Features are
	// every feature of its dataset, tens of thousands on wide data.
	decisions := make([]*decision, len(t.Features))
	var steps []step
	var walk func(n *Node) (int32, error)
	walk = func(n *Node) (int32, error) {
		i := int32(len(steps))
		steps = append(steps, step{n: n})
		if n.IsLeaf() {
			return i, nil
		}
		if decisions[n.Feature] == nil {
			f := t.Features[n.Feature]
			c, err := tbl.Column(f.Column)
			if err != nil {
				return 0, err
			}
			decisions[n.Feature] = &decision{f: f, col: c, codes: tbl.NumCodes(c)}
		}
		steps[i].d = decisions[n.Feature]
		for b, next := range []*Node{n.False, n.True} {
			j, err := walk(next)
			if err != nil {
				return 0, err
			}
			steps[i].next[b] = j
		}
		return i, nil
	}
	if _, err := walk(t.Root); err != nil {
		return nil, nil, err
	}
	out := make([]*Node, tbl.Len())
	for r := range out {
		s := &steps[0]
		for s.d != nil {
			v, err := s.d.holds(tbl, r)
			if err != nil {
				return nil, nil, fmt.Errorf("%s:%d: %w", tbl.Name, tbl.Lines[r], err)
			}
			if v == missing {
				switch s.n.side(&s.d.f) {
				case dataset.MissingTrue:
					v = holds
				case dataset.MissingFalse:
					v = fails
				default: // the feature's error: it says nothing either
					_, err := s.d.f.Holds(tbl.Value(r, s.d.col))
					return nil, nil, fmt.Errorf("%s:%d: %w", tbl.Name, tbl.Lines[r], err)
				}
				if count {
					s.missing++
				}
			}
			if count {
				s.branch[v-fails]++
			}
			s = &steps[s.next[v-fails]]
		}
		out[r] = s.n
	}
	return out, steps, nil
}

// step is a node of a tree as reach walks it: the decision of its test,
// nil at a leaf, and the steps of its branches, False then True; and, for
// reach to count, the records that reach it by branch and those of them
// whose value is missing.
type step struct {
	n       *Node
	d       *decision
	next    [2]int32
	branch  [2]int
	missing int
}

// side returns where the missing values go at s, a test on a column of
// numbers, as s's records say: where the search sent those that reach it,
// or where none does, to the branch more records take, False on a tie, as
// scikit-learn's trees send them where they met none in training.
func (s *step) side() dataset.Missing {
	switch {
	case s.missing > 0:
		return s.n.side(&s.d.f)
	case s.branch[1] > s.branch[0]:
		return dataset.MissingTrue
	}
	return dataset.MissingFalse
}

// side returns where a missing value goes at n, whose test is f: where n
// says, or else where f does; none where neither does.
func (n *Node) side(f *dataset.Feature) dataset.Missing {
	if n.Missing != 0 {
		return n.Missing
	}
	return f.Missing
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
	known []int8 // by code: 0 if not yet tested, else what holds returned
}

// What a decision gives a value: the test fails or holds, or the value is
// missing, which the node places.
const (
	fails int8 = 1 + iota
	holds
	missing
)

// holds is f.Holds of field d.col of record r of tbl, or missing for a
// missing value where f is a LessEq test.
func (d *decision) holds(tbl *dataset.Table, r int) (int8, error) {
	k := tbl.Code(r, d.col)
	if d.known == nil {
		if d.tests++; d.tests >= d.codes {
			d.known = make([]int8, d.codes)
		}
	} else if v := d.known[k]; v != 0 {
		return v, nil
	}
	raw := tbl.Value(r, d.col)
	v := missing
	if d.f.Op != dataset.LessEq || !dataset.IsMissing(raw) {
		ok, err := d.f.Holds(raw)
		if err != nil {
			return 0, err // not kept: it ends the prediction
		}
		v = fails
		if ok {
			v = holds
		}
	}
	if d.known != nil {
		d.known[k] = v
	}
	return v, nil
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
// tbl, in order, until it fails, counts the records at the leaves, and
// their weights if weights is not nil, as Score does, and sets the side
// of missing values at each test on a column of numbers (Node.Missing).
func (t *Tree) score(tbl *dataset.Table, check func(r int, label, got string) error, weights []int, scale float64) error {
	label, err := tbl.Column(t.Label)
	if err != nil {
		return err
	}
	leaves, steps, err := t.reach(tbl, true)
	if err != nil {
		return err
	}
	setSides(steps)
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

// setSides sets the side of missing values at each test on a column of
// numbers that steps, the training records' walk through the tree, passed
// (Node.Missing).
func setSides(steps []step) {
	for _, s := range steps {
		if s.d != nil && s.d.f.Op == dataset.LessEq {
			s.n.Missing = s.side()
		}
	}
}
