package tree

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
)

// Fit is what the training targets that reach a leaf of a regression
// tree give: their number, their mean, which the leaf predicts and its
// class names, and their sum of squared errors about it; where the rows
// are weighed, their weight, and the mean and squared errors weighed.
type Fit struct {
	Count  int
	Weight *float64 // nil unweighed
	Mean   float64
	SSE    float64
}

// String describes f as a leaf's text shows it.
func (f *Fit) String() string {
	rows := plural.Count(f.Count, "row")
	if f.Weight != nil {
		rows += fmt.Sprintf(" of weight %.6g", *f.Weight)
	}
	return fmt.Sprintf("%s, SSE %.6g", rows, f.SSE)
}

// fitOf returns the Fit a leaf of JSON holds: its class is the mean.
func fitOf(j *jsonNode) (*Fit, error) {
	if j.Count == nil || j.SSE == nil {
		return nil, fmt.Errorf("leaf of class %q has a count or an SSE, not both", *j.Class)
	}
	mean, err := strconv.ParseFloat(*j.Class, 64)
	if err != nil {
		return nil, fmt.Errorf("leaf of class %q has an SSE: its class must be a number, the mean", *j.Class)
	}
	return &Fit{Count: *j.Count, Weight: j.Weight, Mean: mean, SSE: *j.SSE}, nil
}

// FitLeaves makes t, whose leaves' classes mean nothing yet, a regression
// tree of the targets in the label column of tbl: each leaf predicts the
// mean of the records that reach it, which names its class, and its Fit
// holds what they give; each test on a column of numbers gets the side of
// missing values, as Score gives it. With weights (by record, as Score
// takes them, scale their units in one of the weights), the mean and the
// squared errors are weighed. It returns the tree's sum of squared errors,
// computed exactly from the targets as float64 reads them, each the
// decimal it prints as (the number as written, to 15 digits), and fails on a target
// that is not a number or a leaf that no record (of some weight)
// reaches, which has no mean.
func (t *Tree) FitLeaves(tbl *dataset.Table, weights []int, scale float64) (*big.Rat, error) {
	label, err := tbl.Column(t.Label)
	if err != nil {
		return nil, err
	}
	leaves, steps, err := t.reach(tbl, true)
	if err != nil {
		return nil, err
	}
	setSides(steps)
	type sums struct {
		n          int
		w, sum, sq big.Rat // weighed
	}
	at := make(map[*Node]*sums)
	for r, lf := range leaves {
		s := at[lf]
		if s == nil {
			s = &sums{}
			at[lf] = s
		}
		raw := tbl.Value(r, label)
		v, err := strconv.ParseFloat(strings.TrimSpace(raw), 64)
		y, ok := new(big.Rat).SetString(strconv.FormatFloat(v, 'g', -1, 64))
		if err != nil || !ok {
			return nil, fmt.Errorf("%s:%d: label %q is %q, not a finite number", tbl.Name, tbl.Lines[r], t.Label, raw)
		}
		w := big.NewRat(1, 1)
		if weights != nil {
			w.SetInt64(int64(weights[r]))
		}
		wy := new(big.Rat).Mul(w, y)
		s.n++
		s.w.Add(&s.w, w)
		s.sum.Add(&s.sum, wy)
		s.sq.Add(&s.sq, wy.Mul(wy, y))
	}
	t.Classes = nil
	total := new(big.Rat)
	var fit func(n *Node) error
	fit = func(n *Node) error {
		if !n.IsLeaf() {
			return errors.Join(fit(n.True), fit(n.False))
		}
		s := at[n]
		if s == nil || s.w.Sign() == 0 {
			return errors.New("a leaf of the tree is reached by no training row of some weight")
		}
		mean := new(big.Rat).Quo(&s.sum, &s.w)
		sse := new(big.Rat).Sub(&s.sq, new(big.Rat).Mul(mean, &s.sum))
		f := &Fit{Count: s.n}
		if weights != nil {
			w, _ := s.w.Float64()
			w /= scale
			f.Weight = &w
			sse.Quo(sse, new(big.Rat).SetFloat64(scale))
		}
		total.Add(total, sse)
		m, _ := mean.Float64()
		f.Mean = m
		f.SSE, _ = sse.Float64()
		n.Fit = f
		name := strconv.FormatFloat(m, 'g', -1, 64)
		if n.Class = slices.Index(t.Classes, name); n.Class < 0 {
			n.Class = len(t.Classes)
			t.Classes = append(t.Classes, name)
		}
		return nil
	}
	return total, fit(t.Root)
}

// IsRegression reports whether t is a regression tree: its leaves carry
// a Fit.
func (t *Tree) IsRegression() bool {
	n := t.Root
	for !n.IsLeaf() {
		n = n.True
	}
	return n.Fit != nil
}

// Residuals returns, for the regression tree t, the squared errors of its
// predictions for the rows of tbl about their targets in its label
// column, and their squared deviations from the targets' own mean: the
// root mean squared error is sqrt(sse/n) and R² is 1 - sse/sst, as
// scikit-learn's r2_score defines it, undefined where sst is 0. It fails
// on a target that is not a number.
func (t *Tree) Residuals(tbl *dataset.Table) (sse, sst float64, err error) {
	c, err := tbl.Column(t.Label)
	if err != nil {
		return 0, 0, err
	}
	leaves, _, err := t.reach(tbl, false)
	if err != nil {
		return 0, 0, err
	}
	ys := make([]float64, len(leaves))
	mean := 0.0
	for r := range leaves {
		raw := tbl.Value(r, c)
		y, err := strconv.ParseFloat(strings.TrimSpace(raw), 64)
		if err != nil || math.IsNaN(y) || math.IsInf(y, 0) {
			return 0, 0, fmt.Errorf("%s:%d: label %q is %q, not a finite number", tbl.Name, tbl.Lines[r], t.Label, raw)
		}
		ys[r] = y
		mean += y / float64(len(ys))
	}
	for r, lf := range leaves {
		p := lf.Fit.Mean
		sse += (ys[r] - p) * (ys[r] - p)
		sst += (ys[r] - mean) * (ys[r] - mean)
	}
	return sse, sst, nil
}
