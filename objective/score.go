package objective

// Score is a tree's errors and branching nodes. Bounds are scores too, and
// may have negative parts: scores add and subtract component-wise, which
// keeps their order, so that a + x < u exactly when a < u - x.
type Score struct{ E, B int }

// Branch is the score of one branching node.
var Branch = Score{0, 1}

// None is a score beyond any tree's.
var None = Score{1 << 50, 0}

// Add returns a + b.
func (a Score) Add(b Score) Score { return Score{a.E + b.E, a.B + b.B} }

// Sub returns a - b.
func (a Score) Sub(b Score) Score { return Score{a.E - b.E, a.B - b.B} }

// Order ranks scores by the objective errors + Cost·branches, then by
// branches. Without a cost, ErrorsOnly ranks them by errors alone, as a
// search for the least errors does before it looks for the fewest
// branches among them; with a cost it is ignored.
type Order struct {
	Cost       float64 // of a branch, in errors
	ErrorsOnly bool
}

// Less reports whether a comes before b.
func (o Order) Less(a, b Score) bool {
	if o.Cost == 0 {
		return a.E < b.E || a.E == b.E && !o.ErrorsOnly && a.B < b.B
	}
	va, vb := o.Value(a), o.Value(b)
	return va < vb || va == vb && a.B < b.B
}

// Value returns the objective of a.
func (o Order) Value(a Score) float64 { return float64(a.E) + o.Cost*float64(a.B) }

// Max returns the later of a and b in o, or a if neither is.
func (o Order) Max(a, b Score) Score {
	if o.Less(a, b) {
		return b
	}
	return a
}

// Min returns the earlier of a and b in o, or a if neither is.
func (o Order) Min(a, b Score) Score {
	if o.Less(b, a) {
		return b
	}
	return a
}
