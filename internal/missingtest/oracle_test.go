package missingtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/cart"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/greedy"
	"github.com/odtx/odtx/internal/bruteforce"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/lds"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/orchestrate"
	"github.com/odtx/odtx/solver"
	"github.com/odtx/odtx/tree"
)

func newGini() (solver.Solver, error) { return ginisat.New(), nil }

// table is a random table as its rows hold it: numeric columns, with some
// values missing, written empty or NaN, sometimes a column of categories
// with an empty one among them, and a label.
type table struct {
	csv     string
	rows    [][]string // the fields of each row but the label
	numeric []bool     // by column
	labels  []string
}

// randomTable draws a table of up to rows records, with up to 30 % of its
// numeric values missing; consistent, its identical rows share a label.
func randomTable(r *rand.Rand, rows int, consistent bool) *table {
	tb := &table{}
	cols := 1 + r.IntN(3)
	for range cols {
		tb.numeric = append(tb.numeric, true)
	}
	if r.IntN(4) == 0 {
		tb.numeric = append(tb.numeric, false)
	}
	rate := 0.3 * r.Float64()
	classes := 2 + r.IntN(2)
	first := map[string]string{} // by row: its label
	for range 2 + r.IntN(rows-1) {
		row := make([]string, len(tb.numeric))
		for c, num := range tb.numeric {
			switch {
			case num && r.Float64() < rate:
				row[c] = []string{"", "NaN", "nan"}[r.IntN(3)]
			case num:
				row[c] = strconv.FormatFloat(float64(r.IntN(6)-1)/2, 'g', -1, 64)
			default:
				row[c] = []string{"red", "blue", "", "NaN"}[r.IntN(4)]
			}
		}
		label := fmt.Sprint("c", r.IntN(classes))
		key := strings.Join(canonical(row), ",")
		if l, ok := first[key]; ok && consistent {
			label = l
		}
		first[key] = label
		tb.rows = append(tb.rows, row)
		tb.labels = append(tb.labels, label)
	}
	var b strings.Builder
	for c, num := range tb.numeric {
		if num {
			fmt.Fprintf(&b, "x%d,", c)
		} else {
			fmt.Fprintf(&b, "color%d,", c)
		}
	}
	b.WriteString("y\n")
	for i, row := range tb.rows {
		b.WriteString(strings.Join(row, ",") + "," + tb.labels[i] + "\n")
	}
	tb.csv = b.String()
	return tb
}

// canonical returns row with every missing value written alike.
func canonical(row []string) []string {
	out := slices.Clone(row)
	for c, v := range out {
		if strings.EqualFold(v, "nan") {
			out[c] = ""
		}
	}
	return out
}

// rawTests returns, for each row of tb, whether each test over the raw
// values holds: on a numeric column, x <= v for each of its values v,
// once with the missing values holding and once failing; on a column of
// categories, x == v for each value, the missing ones one value. Tests
// alike on every row are kept once, and those constant dropped.
func (tb *table) rawTests() [][]bool {
	var tests [][]bool // by test: its value on each row
	for c, num := range tb.numeric {
		var values []string
		for _, row := range tb.rows {
			values = append(values, canonical(row)[c])
		}
		slices.Sort(values)
		values = slices.Compact(values)
		for _, v := range values {
			if !num {
				tests = append(tests, tb.test(func(x string) bool { return x == v }, c))
				continue
			}
			if v == "" {
				continue
			}
			t, _ := strconv.ParseFloat(v, 64)
			for _, missing := range []bool{false, true} {
				tests = append(tests, tb.test(func(x string) bool {
					if x == "" {
						return missing
					}
					u, _ := strconv.ParseFloat(x, 64)
					return u <= t
				}, c))
			}
		}
	}
	var kept [][]bool
	for _, col := range tests {
		constant := !slices.Contains(col, !col[0])
		if !constant && !slices.ContainsFunc(kept, func(k []bool) bool { return slices.Equal(k, col) }) {
			kept = append(kept, col)
		}
	}
	rows := make([][]bool, len(tb.rows))
	for i := range rows {
		for _, col := range kept {
			rows[i] = append(rows[i], col[i])
		}
	}
	return rows
}

// test returns the value of holds on column c of each row, its missing
// values written "".
func (tb *table) test(holds func(x string) bool, c int) []bool {
	col := make([]bool, len(tb.rows))
	for i, row := range tb.rows {
		col[i] = holds(canonical(row)[c])
	}
	return col
}

// optimum returns the fewest errors of a tree of depth at most d over the
// raw tests, and then its fewest branching nodes, by bruteforce.
func (tb *table) optimum(d int) (errs, branches int) {
	rows := tb.rawTests()
	classes := map[string]int{}
	for _, l := range tb.labels {
		if _, ok := classes[l]; !ok {
			classes[l] = len(classes)
		}
	}
	// Rows alike in every test are one, with their records of each class.
	var distinct [][]bool
	var counts [][]int
	for i, row := range rows {
		j := slices.IndexFunc(distinct, func(d []bool) bool { return slices.Equal(d, row) })
		if j < 0 {
			j = len(distinct)
			distinct = append(distinct, row)
			counts = append(counts, make([]int, len(classes)))
		}
		counts[j][classes[tb.labels[i]]]++
	}
	return bruteforce.FewestErrors(distinct, counts, d, 1<<d-1, 0, 0)
}

// checkRaw checks root, over ds's features, on the raw rows of tbl: that
// it makes the errors it should, and sets where missing values go.
func checkRaw(t *testing.T, ds *dataset.Dataset, tbl *dataset.Table, root *tree.Node, errs int) {
	t.Helper()
	tr := &tree.Tree{Root: root, Features: ds.Features, Label: ds.Label, Classes: ds.Classes}
	if got, _, err := tr.Score(tbl, nil, 0); err != nil || got != errs {
		t.Errorf("on the raw rows: %d errors, %v; want %d", got, err, errs)
	}
}

// TestZeroErrors: on hundreds of consistent random tables with missing
// values, sat, dp and auto find the least depth of a tree without errors,
// then its fewest nodes, as the oracle does over the raw tests, and their
// trees classify every raw row; greedy's tree too.
func TestZeroErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 10))
	trials := 500
	if testing.Short() {
		trials = 120
	}
	checked := 0
	for trial := range trials {
		tb := randomTable(r, 14, true)
		depth, branches, ok := tb.leastDepth()
		if !ok {
			continue
		}
		checked++
		tbl, ds := testgen.Load(t, tb.csv, "t.csv", dataset.Options{})
		for _, e := range []orchestrate.Engine{orchestrate.SAT, orchestrate.DP, orchestrate.Auto} {
			res, err := orchestrate.Learn(context.Background(), ds, orchestrate.Options{Mode: orchestrate.Size, Engine: e, NewSolver: newGini})
			if err != nil {
				t.Fatalf("trial %d, %v: %v\n%s", trial, e, err, tb.csv)
			}
			if d, n := res.Root.Depth(), res.Root.Nodes(); !res.Optimal || d != depth || n != 2*branches+1 {
				t.Fatalf("trial %d, %v: depth %d, %d nodes (optimal %v); the oracle: depth %d, %d nodes\n%s", trial, e, d, n, res.Optimal, depth, 2*branches+1, tb.csv)
			}
			if _, err := res.VerifiedTree(ds, tbl); err != nil {
				t.Fatalf("trial %d, %v: %v\n%s", trial, e, err, tb.csv)
			}
		}
		checkRaw(t, ds, tbl, greedy.Tree(context.Background(), ds), 0)
		if t.Failed() {
			t.Fatalf("trial %d, greedy's tree:\n%s", trial, tb.csv)
		}
	}
	if checked < trials*9/10 {
		t.Fatalf("%d of %d tables within the oracle's depth: the test lost its teeth", checked, trials)
	}
}

// leastDepth returns the least depth, up to 4, of a tree without errors
// over the raw tests, and its fewest branching nodes, or false where
// there is none.
func (tb *table) leastDepth() (depth, branches int, ok bool) {
	for depth = 0; depth <= 4; depth++ {
		if errs, branches := tb.optimum(depth); errs == 0 {
			return depth, branches, true
		}
	}
	return 0, 0, false
}

// TestFewestErrors: on hundreds of random tables with missing values and
// contradictory rows, minerr, ordered and auto find at depths 1 to 3 the
// fewest errors, then the fewest branching nodes, as the oracle does over
// the raw tests, and their trees make those errors on the raw rows; the
// trees of cart and of lds make no fewer, and the errors they say.
func TestFewestErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 11))
	trials := 500
	if testing.Short() {
		trials = 100
	}
	for trial := range trials {
		tb := randomTable(r, 24, false)
		tbl, ds := testgen.Load(t, tb.csv, "t.csv", dataset.Options{Conflicts: dataset.Count})
		d := 1 + trial%3
		errs, branches := tb.optimum(d)
		for _, e := range []orchestrate.Engine{orchestrate.MinErr, orchestrate.Ordered, orchestrate.Auto} {
			res, err := orchestrate.Learn(context.Background(), ds, orchestrate.Options{Mode: orchestrate.Errors, Engine: e, Budget: orchestrate.Budget{MaxDepth: d}})
			if err != nil {
				t.Fatalf("trial %d, %v at depth %d: %v\n%s", trial, e, d, err, tb.csv)
			}
			if b := res.Root.Leaves() - 1; !res.Optimal || res.Errors != errs || b != branches {
				t.Fatalf("trial %d, %v at depth %d: %d errors, %d branching nodes (optimal %v); the oracle: %d, %d\n%s", trial, e, d, res.Errors, b, res.Optimal, errs, branches, tb.csv)
			}
			if _, err := res.VerifiedTree(ds, tbl); err != nil {
				t.Fatalf("trial %d, %v: %v\n%s", trial, e, err, tb.csv)
			}
		}
		root, cartErrs, err := cart.Tree(context.Background(), ds, d, 0)
		if err != nil || cartErrs < errs {
			t.Fatalf("trial %d: cart's tree of depth %d makes %d errors, fewer than %d, %v\n%s", trial, d, cartErrs, errs, err, tb.csv)
		}
		checkRaw(t, ds, tbl, root, cartErrs)
		lds.Search(context.Background(), ds, lds.Options{Depth: d, Exact: 1, Solve: minerr.Solve, Rank: cart.Ranked, Rounds: 3,
			Offer: func(root *tree.Node, s objective.Score) {
				if s.E < errs {
					t.Errorf("lds offers a tree of %d errors, fewer than %d", s.E, errs)
				}
				checkRaw(t, ds, tbl, root, s.E)
			}})
		if t.Failed() {
			t.Fatalf("trial %d, depth %d:\n%s", trial, d, tb.csv)
		}
	}
}

// TestForcedSide shows that the oracle comparison catches a binarization
// that forces the missing values to one side, as one that knew a single
// test per threshold would: the engines run on the features of the other
// side dropped must fail it on some tables, at the fewest errors or
// without errors, where on all features they pass (TestZeroErrors,
// TestFewestErrors).
func TestForcedSide(t *testing.T) {
	for _, forced := range []dataset.Missing{dataset.MissingFalse, dataset.MissingTrue} {
		t.Run("missing "+forced.String(), func(t *testing.T) {
			r := rand.New(rand.NewPCG(35, 12))
			tables, caught := 0, 0
			for trial := range 200 {
				consistent := trial%2 == 0
				tb := randomTable(r, 14, consistent)
				opt := dataset.Options{Conflicts: dataset.Count}
				if consistent {
					opt.Conflicts = dataset.Refuse
				}
				_, ds := testgen.Load(t, tb.csv, "t.csv", opt)
				ds.Features = slices.DeleteFunc(ds.Features, func(f dataset.Feature) bool { return f.Missing != 0 && f.Missing != forced })
				if consistent {
					depth, branches, ok := tb.leastDepth()
					if !ok {
						continue
					}
					tables++
					res, err := orchestrate.Learn(context.Background(), ds, orchestrate.Options{Mode: orchestrate.Size, Engine: orchestrate.DP})
					if err != nil || res.Root.Depth() != depth || res.Root.Nodes() != 2*branches+1 {
						caught++
					}
					continue
				}
				tables++
				d := 1 + trial%3
				errs, branches := tb.optimum(d)
				res, err := minerr.Solve(context.Background(), ds, objective.Options{MaxDepth: d})
				if err != nil {
					t.Fatal(err)
				}
				if res.Errors != errs || res.Branches != branches {
					caught++
				}
			}
			if caught == 0 {
				t.Errorf("no forced side caught in %d tables", tables)
			}
			t.Logf("caught on %d of %d tables", caught, tables)
		})
	}
}
