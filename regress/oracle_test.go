package regress

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// table is a random table as CSV, its records and what the brute force
// needs of them.
type table struct {
	csv   string
	ds    *dataset.Dataset
	t     *dataset.Table
	ys    [][]float64           // by example
	holds [][]bool              // by record: whether each feature holds
	ys0   []*big.Rat            // by record: its target, exact as written
	ws    []*big.Rat            // by record: its weight, exact as written (1 unweighed)
	memo  map[string][]*big.Rat // of frontier
}

// weighted returns csv, a table of randomRows, with a column w of
// weights before its target: 1, 2, 3, 0.5, or now and then 0.
func weighted(r *rand.Rand, csv string) string {
	lines := strings.Split(strings.TrimSuffix(csv, "\n"), "\n")
	for i, line := range lines {
		w := "w"
		if i > 0 {
			w = []string{"1", "2", "3", "0.5", "0", "1"}[r.IntN(6)]
			if i == 1 {
				w = "2" // not every record weighs 0
			}
		}
		lines[i] = weigh(line, w)
	}
	return strings.Join(lines, "\n") + "\n"
}

// randomCSV returns a table of a few records with a binary, a categorical
// and numeric columns, records repeated with other targets, and targets
// that are integers, decimals of two places, or floats of 17 digits that
// the search must round.
func randomCSV(r *rand.Rand) string { return randomRows(r, 2+r.IntN(11), 5) }

// randomRows returns such a table of the given records, the first
// numeric column of the given values.
func randomRows(r *rand.Rand, rows, values int) string {
	var b strings.Builder
	b.WriteString("bin,cat,num1,num2,y\n")
	kind := r.IntN(4)
	target := func() string {
		switch kind {
		case 0:
			return fmt.Sprint(r.IntN(7) - 3)
		case 1:
			return fmt.Sprintf("%.2f", r.Float64()*20-5)
		case 2:
			return fmt.Sprint(r.Float64() * 1e3)
		}
		return "4.5" // one target: every tree is as good
	}
	var recs []string
	for range rows {
		rec := fmt.Sprintf("%d,%c,%d,%.1f", r.IntN(2), 'a'+rune(r.IntN(3)), r.IntN(values), float64(r.IntN(4))/2)
		if len(recs) > 0 && r.IntN(4) == 0 {
			rec = recs[r.IntN(len(recs))] // the same features, another target
		}
		recs = append(recs, rec)
		fmt.Fprintf(&b, "%s,%s\n", rec, target())
	}
	return b.String()
}

// load reads csv for the search and the brute force.
func load(t *testing.T, csv string) *table {
	t.Helper()
	tb, err := dataset.ReadTable(strings.NewReader(csv), "random.csv")
	if err != nil {
		t.Fatal(err)
	}
	opt := dataset.Options{Regression: true}
	wc, err := tb.Column("w")
	if err == nil {
		opt.Weight = "w"
	}
	ds, err := tb.Binarize(opt)
	if err != nil {
		t.Fatal(err)
	}
	ys, err := Targets(tb, ds)
	if err != nil {
		t.Fatal(err)
	}
	x := &table{csv: csv, ds: ds, t: tb, ys: ys, memo: map[string][]*big.Rat{}}
	label, _ := tb.Column("y")
	for r := range tb.Len() {
		row := make([]bool, len(ds.Features))
		for f, ft := range ds.Features {
			c, _ := tb.Column(ft.Column)
			if row[f], err = ft.Holds(tb.Value(r, c)); err != nil {
				t.Fatal(err)
			}
		}
		x.holds = append(x.holds, row)
		y, ok := new(big.Rat).SetString(tb.Value(r, label))
		if !ok {
			t.Fatalf("target %q", tb.Value(r, label))
		}
		x.ys0 = append(x.ys0, y)
		w := big.NewRat(1, 1)
		if opt.Weight != "" {
			w, _ = new(big.Rat).SetString(tb.Value(r, wc))
		}
		x.ws = append(x.ws, w)
	}
	return x
}

// weight returns the weight of the records rs.
func (x *table) weight(rs []int) *big.Rat {
	w := new(big.Rat)
	for _, r := range rs {
		w.Add(w, x.ws[r])
	}
	return w
}

// sse returns the SSE of the records rs about their mean, both weighed,
// exactly.
func (x *table) sse(rs []int) *big.Rat {
	sum, sq := new(big.Rat), new(big.Rat)
	for _, r := range rs {
		wy := new(big.Rat).Mul(x.ws[r], x.ys0[r])
		sum.Add(sum, wy)
		sq.Add(sq, wy.Mul(wy, x.ys0[r]))
	}
	w := x.weight(rs)
	if w.Sign() == 0 {
		return new(big.Rat)
	}
	mean2 := new(big.Rat).Mul(sum, sum)
	mean2.Quo(mean2, w)
	return sq.Sub(sq, mean2)
}

// allowed reports whether the sides in and out of a split of records
// both hold minLeaf weight, and a record.
func (x *table) allowed(in, out []int, minLeaf float64) bool {
	least := new(big.Rat).SetFloat64(minLeaf)
	return len(in) > 0 && len(out) > 0 && x.weight(in).Cmp(least) >= 0 && x.weight(out).Cmp(least) >= 0
}

// best returns the least SSE of a tree of depth d of the records rs
// whose splits leave minLeaf weight or more on each side.
func (x *table) best(rs []int, d int, minLeaf float64) *big.Rat {
	f := x.frontier(rs, d, minLeaf)
	return f[len(f)-1]
}

// frontier returns, for each b from 0 to 2^d-1, the least SSE of a tree
// of depth d of the records rs of at most b branching nodes, whose splits
// leave minLeaf weight or more on each side, trying every feature at
// every node.
func (x *table) frontier(rs []int, d int, minLeaf float64) []*big.Rat {
	key := fmt.Sprint(d, minLeaf, rs)
	if f, ok := x.memo[key]; ok {
		return f
	}
	f := make([]*big.Rat, 1<<d)
	leaf := x.sse(rs)
	for b := range f {
		f[b] = leaf
	}
	for ft := range x.ds.Features {
		if d == 0 {
			break
		}
		var in, out []int
		for _, r := range rs {
			if x.holds[r][ft] {
				in = append(in, r)
			} else {
				out = append(out, r)
			}
		}
		if !x.allowed(in, out, minLeaf) {
			continue
		}
		fi, fo := x.frontier(in, d-1, minLeaf), x.frontier(out, d-1, minLeaf)
		for bi := range fi {
			for bo := range fo {
				if c := new(big.Rat).Add(fi[bi], fo[bo]); c.Cmp(f[bi+bo+1]) < 0 {
					f[bi+bo+1] = c
				}
			}
		}
	}
	for b := 1; b < len(f); b++ {
		if f[b-1].Cmp(f[b]) < 0 {
			f[b] = f[b-1]
		}
	}
	x.memo[key] = f
	return f
}

// leaves returns the records that reach each leaf of root.
func (x *table) leaves(root *tree.Node) map[*tree.Node][]int {
	at := make(map[*tree.Node][]int)
	for r, row := range x.holds {
		lf := root.Reach(func(f int) bool { return row[f] })
		at[lf] = append(at[lf], r)
	}
	return at
}

// treeSSE returns the SSE of root on the records, each leaf predicting
// the mean of those that reach it, exactly.
func (x *table) treeSSE(root *tree.Node) *big.Rat {
	total := new(big.Rat)
	for _, rs := range x.leaves(root) {
		total.Add(total, x.sse(rs))
	}
	return total
}

// all returns every record of x.
func (x *table) all() []int {
	all := make([]int, len(x.holds))
	for r := range all {
		all[r] = r
	}
	return all
}

// check returns what is wrong with res as the tree of least objective
// (SSE and cost) of x within o, or "".
func (x *table) check(res *Result, o Options) string {
	d := o.MaxDepth
	pen := new(big.Rat).Mul(new(big.Rat).SetFloat64(o.Cost), x.sse(x.all()))
	cost := func(sse *big.Rat, branches int) *big.Rat {
		return new(big.Rat).Add(sse, new(big.Rat).Mul(pen, big.NewRat(int64(branches), 1)))
	}
	var opt *big.Rat
	fewest := 0 // the fewest branching nodes of a tree of the least objective
	for b, sse := range x.frontier(x.all(), d, o.MinLeaf) {
		if o.MaxBranches > 0 && b > o.MaxBranches {
			break
		}
		if c := cost(sse, b); opt == nil || c.Cmp(opt) < 0 {
			opt, fewest = c, b
		}
	}
	branches := res.Root.Nodes() - res.Root.Leaves()
	sse := x.treeSSE(res.Root)
	got := cost(sse, branches)
	if !res.Root.IsLeaf() {
		for _, rs := range x.leaves(res.Root) {
			if w := x.weight(rs); w.Sign() == 0 || w.Cmp(new(big.Rat).SetFloat64(o.MinLeaf)) < 0 {
				return fmt.Sprintf("a leaf of weight %v, less than %v", w.FloatString(3), o.MinLeaf)
			}
		}
	}
	tol := new(big.Rat).SetFloat64(res.Tolerance)
	f := func(v *big.Rat) float64 { g, _ := v.Float64(); return g }
	near := func(claim float64, v *big.Rat) bool { return math.Abs(claim-f(v)) <= res.Tolerance }
	switch {
	case res.Root.Depth() > d:
		return fmt.Sprintf("depth %d, more than %d", res.Root.Depth(), d)
	case o.MaxBranches > 0 && branches > o.MaxBranches:
		return fmt.Sprintf("%d branching nodes, more than %d", branches, o.MaxBranches)
	case !res.Optimal:
		return "not optimal"
	case got.Cmp(new(big.Rat).Add(opt, tol)) > 0:
		return fmt.Sprintf("objective %v, the least %v, tolerance %v", f(got), f(opt), res.Tolerance)
	case res.Bound > f(opt)+res.Tolerance:
		return fmt.Sprintf("bound %v above the least %v", res.Bound, f(opt))
	case !o.AnySize && res.Exact && branches > fewest:
		return fmt.Sprintf("%d branching nodes, where a tree of the least objective %v has %d", branches, f(opt), fewest)
	case !near(res.SSE, sse) || !near(res.Objective, got) || res.Branches != branches:
		return fmt.Sprintf("claims SSE %v, objective %v, %d branching nodes; has %v, %v, %d", res.SSE, res.Objective, res.Branches, f(sse), f(got), branches)
	}
	return ""
}

// TestOracle compares Solve with a brute force in exact arithmetic on
// random tables at depths 0 to 4, some within a budget of branching
// nodes.
func TestOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 400
	if testing.Short() {
		n = 150
	}
	rounded, pruned, binds := 0, 0, 0
	for i := range n {
		csv := randomCSV(r)
		if i%10 == 0 {
			// Enough records and cuts for bounds and the cache to prune.
			csv = randomRows(r, 30+r.IntN(20), 12)
		}
		if i%4 == 3 {
			csv = weighted(r, csv)
		}
		x := load(t, csv)
		o := Options{MaxDepth: i % 5}
		if i%10 == 0 {
			o.MaxDepth = 2 + i/10%2
		}
		if i%3 == 1 {
			o.MinLeaf = float64(2 + r.IntN(4))
			if i%10 == 0 {
				o.MinLeaf = float64(3 + r.IntN(10))
			}
			if x.ds.Weights != nil {
				o.MinLeaf = float64(1+r.IntN(8)) / 2
			}
		}
		o.AnySize = i%6 == 5
		if i%10 == 0 || i%5 >= 2 && i%2 == 0 {
			// A budget below what the depth allows.
			o.MaxBranches = 1 + r.IntN(objective.MaxBranches(o.MaxDepth)-1)
		}
		if i%7 == 2 {
			o.AnySize = false
			o.Cost = []float64{0.001, 0.01, 0.05, 0.2, 1}[r.IntN(5)]
		}
		if i%8 == 1 {
			// A cache of a few entries drops its generations all the
			// time, which must cost time only.
			o.CacheBytes = 1 << 10
		}
		res, err := Solve(context.Background(), x.ds, x.ys, o)
		if err != nil {
			t.Fatal(err)
		}
		if msg := x.check(res, o); msg != "" {
			t.Fatalf("table %d, %+v: %s\n%s", i, o, msg, x.csv)
		}
		if !res.Exact {
			rounded++
		}
		pruned += res.Stats.Pruned
		if f := x.frontier(x.all(), o.MaxDepth, o.MinLeaf); o.MaxBranches > 0 && f[o.MaxBranches].Cmp(f[len(f)-1]) > 0 {
			binds++
		}
	}
	if binds == 0 {
		t.Error("no budget of branching nodes cost SSE: the budgets went untested")
	}
	t.Logf("%d tables of %d where the budget costs SSE", binds, n)
	if rounded == 0 || rounded == n {
		t.Errorf("%d tables of %d with rounded targets: want both kinds", rounded, n)
	}
	if pruned == 0 {
		t.Error("no cut pruned: the bounds went untested")
	}
}
