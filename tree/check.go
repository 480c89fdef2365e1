package tree

import (
	"fmt"

	"github.com/odtx/odtx/dataset"
)

// Predict returns the class name the tree gives each record of tbl. It reads
// the raw values, not a binarization, so a tree read back from JSON predicts
// on any table that has its columns.
func (t *Tree) Predict(tbl *dataset.Table) ([]string, error) {
	cols := make([]int, len(t.Features))
	for i, f := range t.Features {
		c, err := tbl.Column(f.Column)
		if err != nil {
			return nil, err
		}
		cols[i] = c
	}
	out := make([]string, len(tbl.Records))
	for r, rec := range tbl.Records {
		var err error
		class := t.Root.Classify(func(f int) bool {
			ok, e := t.Features[f].Holds(rec[cols[f]])
			if e != nil && err == nil {
				err = e
			}
			return ok
		})
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", tbl.Name, tbl.Lines[r], err)
		}
		out[r] = t.Classes[class]
	}
	return out, nil
}

// Verify checks that the tree gives every record of tbl the class in its
// label column, and names the first record it gets wrong.
func (t *Tree) Verify(tbl *dataset.Table) error {
	label, err := tbl.Column(t.Label)
	if err != nil {
		return err
	}
	got, err := t.Predict(tbl)
	if err != nil {
		return err
	}
	for r, rec := range tbl.Records {
		if got[r] != rec[label] {
			return fmt.Errorf("%s:%d: tree predicts %q, label is %q", tbl.Name, tbl.Lines[r], got[r], rec[label])
		}
	}
	return nil
}

// Correct counts the records of tbl whose label column holds the class
// predicted for them, as Predict returns them.
func (t *Tree) Correct(tbl *dataset.Table, predicted []string) (int, error) {
	label, err := tbl.Column(t.Label)
	if err != nil {
		return 0, err
	}
	right := 0
	for r, rec := range tbl.Records {
		if rec[label] == predicted[r] {
			right++
		}
	}
	return right, nil
}
