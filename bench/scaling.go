package bench

import "github.com/odtx/odtx/gen"

// A Series is one of the paper's Figures 2 to 5: three parameters of the
// generated data fixed, the fourth varied. The scaling suite measures its
// points; its chart is drawn from their records.
type Series struct {
	Name   string // the parameter varied: "c", "k", "f" or "n"
	Figure int    // in the paper
	Label  string // of the x axis
	Base   Point  // the fixed parameters
	Xs     []int  // the values of the one varied
	// LogY draws time on a log scale, for the series in which the paper
	// sees it grow exponentially.
	LogY bool
}

// scalingRows is n where a series does not vary it; the paper does not say
// which n it used.
const scalingRows = 500

// ScalingSeries are the paper's Figures 2 to 5, in its order, over ranges
// that gini runs in about 70 s in all, both modes, one run, on a 2-vCPU
// machine: the deepest trees and the most features take 10-20 s a search.
// Rows are distinct, so there are at most 2^f of them: f starts at 10, as
// in the other series, and n stays below 2^10.
var ScalingSeries = []Series{
	{Name: "c", Figure: 2, Label: "classes c", Base: Point{Depth: 4, Features: 10, Rows: scalingRows}, Xs: []int{2, 3, 4, 5, 6, 7, 8}},
	{Name: "k", Figure: 3, Label: "depth k", Base: Point{Classes: 2, Features: 10, Rows: scalingRows}, Xs: []int{2, 3, 4, 5, 6}, LogY: true},
	{Name: "f", Figure: 4, Label: "features f", Base: Point{Classes: 2, Depth: 4, Rows: scalingRows}, Xs: []int{10, 12, 14, 16, 18, 20, 22}, LogY: true},
	{Name: "n", Figure: 5, Label: "rows n", Base: Point{Classes: 2, Depth: 4, Features: 10}, Xs: []int{50, 100, 200, 300, 500, 700, 1000}},
}

// point is the dataset of s at x for the given run: each run draws another
// tree and other rows.
func (s Series) point(x, run int) Point {
	p := s.Base
	p.Series, p.Seed = s.Name, uint64(run)
	switch s.Name {
	case "c":
		p.Classes = x
	case "k":
		p.Depth = x
	case "f":
		p.Features = x
	default:
		p.Rows = x
	}
	// Rows are distinct, so there are at most 2^f of them, which is what
	// gen gives when asked for more.
	if p.Features <= gen.MaxFeatures {
		p.Rows = min(p.Rows, 1<<p.Features)
	}
	return p
}
