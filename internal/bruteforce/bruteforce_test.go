package bruteforce

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// tree is an explicit decision tree used only by the naive enumerator, so
// that the cross-check compares against trees that are actually built and
// evaluated rather than against another recursion over row subsets.
type tree struct {
	leaf    bool
	label   int
	feature int
	lo, hi  *tree
}

func (t *tree) classify(row []bool) int {
	for !t.leaf {
		if row[t.feature] {
			t = t.hi
		} else {
			t = t.lo
		}
	}
	return t.label
}

func (t *tree) depth() int {
	if t.leaf {
		return 0
	}
	return 1 + max(t.lo.depth(), t.hi.depth())
}

func (t *tree) size() int {
	if t.leaf {
		return 1
	}
	return 1 + t.lo.size() + t.hi.size()
}

// allTrees lists every tree of depth <= d over m features and the given
// classes, with no deduplication of equivalent or redundant trees.
func allTrees(m int, classes []int, d int) []*tree {
	var out []*tree
	for _, c := range classes {
		out = append(out, &tree{leaf: true, label: c})
	}
	if d == 0 {
		return out
	}
	sub := allTrees(m, classes, d-1)
	for f := 0; f < m; f++ {
		for _, l := range sub {
			for _, r := range sub {
				out = append(out, &tree{feature: f, lo: l, hi: r})
			}
		}
	}
	return out
}

// naiveOptimal is the second, independent oracle: generate all trees,
// keep the consistent ones, minimise depth and then size.
func naiveOptimal(rows [][]bool, labels []int, maxDepth int) (depth, nodes int, ok bool) {
	m := 0
	if len(rows) > 0 {
		m = len(rows[0])
	}
	seen := map[int]bool{}
	var classes []int
	for _, l := range labels {
		if !seen[l] {
			seen[l] = true
			classes = append(classes, l)
		}
	}
	if len(classes) == 0 {
		classes = []int{0}
	}
	for _, t := range allTrees(m, classes, maxDepth) {
		consistent := true
		for i, r := range rows {
			if t.classify(r) != labels[i] {
				consistent = false
				break
			}
		}
		if !consistent {
			continue
		}
		td, tn := t.depth(), t.size()
		if !ok || td < depth || (td == depth && tn < nodes) {
			depth, nodes, ok = td, tn, true
		}
	}
	return depth, nodes, ok
}

func randomDataset(rng *rand.Rand, m, n int, classes []int) ([][]bool, []int) {
	rows := make([][]bool, n)
	labels := make([]int, n)
	for i := range rows {
		rows[i] = make([]bool, m)
		for f := range rows[i] {
			rows[i][f] = rng.IntN(2) == 1
		}
		labels[i] = classes[rng.IntN(len(classes))]
	}
	return rows, labels
}

func TestMatchesNaiveEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// Arbitrary label values guard against code that assumes labels are 0/1.
	classSets := [][]int{{0, 1}, {3, -7}}
	infeasible := 0
	for iter := 0; iter < 400; iter++ {
		m := 1 + rng.IntN(3)
		n := 1 + rng.IntN(8)
		classes := classSets[iter%2]
		rows, labels := randomDataset(rng, m, n, classes)
		if iter%4 >= 2 {
			// Independent random labels make most datasets contradictory, so
			// half the time label by a random function of the row instead to
			// keep plenty of feasible cases with non-trivial optima.
			truth := rng.Uint32()
			for i, r := range rows {
				x := 0
				for f, v := range r {
					if v {
						x |= 1 << f
					}
				}
				labels[i] = classes[truth>>x&1]
			}
		}
		for maxDepth := 0; maxDepth <= 2; maxDepth++ {
			gd, gn, gok := Optimal(rows, labels, maxDepth)
			wd, wn, wok := naiveOptimal(rows, labels, maxDepth)
			if gd != wd || gn != wn || gok != wok {
				t.Fatalf("rows=%v labels=%v maxDepth=%d: Optimal=(%d,%d,%v), naive=(%d,%d,%v)",
					rows, labels, maxDepth, gd, gn, gok, wd, wn, wok)
			}
			if maxDepth == 2 && !gok {
				infeasible++
			}
		}
	}
	// Make sure the random data actually exercises the ok == false path.
	if infeasible == 0 {
		t.Error("no infeasible dataset generated; cross-check is too weak")
	}
}

func TestKnownAnswers(t *testing.T) {
	F, T := false, true
	tests := []struct {
		name      string
		rows      [][]bool
		labels    []int
		maxDepth  int
		depth     int
		nodes     int
		ok        bool
		naiveable bool
	}{
		{"empty", nil, nil, 3, 0, 1, true, true},
		{"single class", [][]bool{{F, T}, {T, F}, {T, T}}, []int{5, 5, 5}, 3, 0, 1, true, true},
		{"copy feature", [][]bool{{F, F}, {F, T}, {T, F}, {T, T}}, []int{0, 0, 1, 1}, 3, 1, 3, true, true},
		{"xor", [][]bool{{F, F}, {F, T}, {T, F}, {T, T}}, []int{0, 1, 1, 0}, 3, 2, 7, true, true},
		{"xor too shallow", [][]bool{{F, F}, {F, T}, {T, F}, {T, T}}, []int{0, 1, 1, 0}, 1, 0, 0, false, true},
		{"contradiction", [][]bool{{T, F}, {F, T}, {T, F}}, []int{0, 1, 1}, 3, 0, 0, false, true},
		{"negative maxDepth", [][]bool{{T}}, []int{1}, -1, 0, 0, false, false},
		// label = f0 AND f1 with f2 irrelevant: f0 false is already a pure
		// leaf, so the optimum is unbalanced with 5 nodes, not a perfect 7.
		{"non-perfect", allRows(3), andLabels(allRows(3)), 3, 2, 5, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, n, ok := Optimal(tc.rows, tc.labels, tc.maxDepth)
			if d != tc.depth || n != tc.nodes || ok != tc.ok {
				t.Errorf("Optimal = (%d,%d,%v), want (%d,%d,%v)", d, n, ok, tc.depth, tc.nodes, tc.ok)
			}
			if tc.naiveable {
				md := min(tc.maxDepth, 2)
				wd, wn, wok := naiveOptimal(tc.rows, tc.labels, md)
				gd, gn, gok := Optimal(tc.rows, tc.labels, md)
				if wd != gd || wn != gn || wok != gok {
					t.Errorf("maxDepth %d: naive=(%d,%d,%v), Optimal=(%d,%d,%v)", md, wd, wn, wok, gd, gn, gok)
				}
			}
		})
	}
}

func allRows(m int) [][]bool {
	var rows [][]bool
	for x := 0; x < 1<<m; x++ {
		r := make([]bool, m)
		for f := range r {
			r[f] = x>>f&1 == 1
		}
		rows = append(rows, r)
	}
	return rows
}

func andLabels(rows [][]bool) []int {
	labels := make([]int, len(rows))
	for i, r := range rows {
		if r[0] && r[1] {
			labels[i] = 1
		}
	}
	return labels
}

func TestParityNeedsDepthThree(t *testing.T) {
	rows := allRows(3)
	labels := make([]int, len(rows))
	for i, r := range rows {
		for _, v := range r {
			if v {
				labels[i] ^= 1
			}
		}
	}
	if d, n, ok := Optimal(rows, labels, 3); d != 3 || n != 15 || !ok {
		t.Errorf("Optimal = (%d,%d,%v), want (3,15,true)", d, n, ok)
	}
}

func TestPanicsOnMismatchedInput(t *testing.T) {
	for name, f := range map[string]func(){
		"labels": func() { Optimal([][]bool{{true}}, []int{0, 1}, 1) },
		"widths": func() { Optimal([][]bool{{true}, {true, false}}, []int{0, 1}, 1) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}

// The seeded dataset happens to have no consistent tree of depth <= 3, so
// every depth is searched in full: this measures the oracle's worst case.
func BenchmarkOptimal(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	rows, labels := randomDataset(rng, 5, 12, []int{0, 1})
	for b.Loop() {
		Optimal(rows, labels, 3)
	}
}

func TestMinErrors(t *testing.T) {
	xor := [][]bool{{false, false}, {false, true}, {true, false}, {true, true}}
	parity := []int{0, 1, 1, 0}
	for depth, want := range []int{2, 2, 0} {
		if got := MinErrors(xor, parity, depth); got != want {
			t.Errorf("xor at depth %d: %d errors, want %d", depth, got, want)
		}
	}
	// Two identical rows with different labels: one is wrong at any depth.
	twins := [][]bool{{true}, {true}, {false}}
	if got := MinErrors(twins, []int{0, 1, 1}, 3); got != 1 {
		t.Errorf("contradictory twins: %d errors, want 1", got)
	}
	// Consistent data has a tree of its optimal depth with no error.
	r := rand.New(rand.NewPCG(7, 7))
	for range 50 {
		rows, labels := randomDataset(r, 4, 10, []int{0, 1})
		if depth, _, ok := Optimal(rows, labels, 3); ok {
			if got := MinErrors(rows, labels, depth); got != 0 {
				t.Fatalf("%d errors at the optimal depth %d", got, depth)
			}
			if depth > 0 && MinErrors(rows, labels, depth-1) == 0 {
				t.Fatalf("no error at depth %d, below the optimal %d", depth-1, depth)
			}
		}
	}
}

// TestOptimalSets: where rows may take any label of a set, the optimum is
// the best over every choice of one label per row, each choice searched
// by Optimal; and Majority gives each distinct row the labels most of its
// copies have.
func TestOptimalSets(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tied := 0
	for range 300 {
		rows, labels := randomDataset(rng, 1+rng.IntN(3), 2+rng.IntN(10), []int{0, 1, 2}[:2+rng.IntN(2)])
		distinct, sets := Majority(rows, labels)
		for i, r := range distinct {
			n := map[int]int{}
			for j, s := range rows {
				if slices.Equal(r, s) {
					n[labels[j]]++
				}
			}
			for l, c := range n {
				if in := slices.Contains(sets[i], l); in != (c == slices.Max(slices.Collect(maps.Values(n)))) {
					t.Fatalf("row %v of labels %v: set %v", r, n, sets[i])
				}
			}
			if len(sets[i]) > 1 {
				tied++
			}
		}
		wd, wn, wok := 0, 0, false
		choice := make([]int, len(sets))
		var try func(i int)
		try = func(i int) {
			if i == len(sets) {
				d, n, ok := Optimal(distinct, choice, 3)
				if ok && (!wok || d < wd || d == wd && n < wn) {
					wd, wn, wok = d, n, true
				}
				return
			}
			for _, l := range sets[i] {
				choice[i] = l
				try(i + 1)
			}
		}
		try(0)
		if d, n, ok := OptimalSets(distinct, sets, 3); d != wd || n != wn || ok != wok {
			t.Fatalf("rows %v, sets %v: OptimalSets = (%d,%d,%v), best choice (%d,%d,%v)", distinct, sets, d, n, ok, wd, wn, wok)
		}
	}
	if tied < 100 {
		t.Fatalf("only %d tied rows: the test lost its teeth", tied)
	}
}
