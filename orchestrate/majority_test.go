package orchestrate

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/bruteforce"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/tree"
)

// TestMajorityTies: with the Majority option, every engine finds the
// least depth, then the fewest nodes, among the trees that make the
// fewest errors, as the brute-force oracle does when it lets each group
// of identical rows whose labels tie take any of them, on tied.csv (see
// TestTiedCSV in cmd/odtx) and on random tables of two and three classes;
// and every tree makes exactly the errors Relabelled lists, the fewest,
// checked on the raw rows, with each group given one of its majority
// labels. Before, the engines learned on the label of each tie that came
// first in the file, and claimed a larger tree optimal.
func TestMajorityTies(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 2))
	trials := 300
	if testing.Short() {
		trials = 100
	}
	tied, err := os.ReadFile("../testdata/tied.csv")
	if err != nil {
		t.Fatal(err)
	}
	tables := []string{string(tied)}
	for trial := range trials {
		tables = append(tables, testgen.Conflicting(r, 1+r.IntN(4), 4+r.IntN(14), 2+trial%2))
	}
	groups, smaller := 0, 0
	for n, csv := range tables {
		tbl, err := dataset.ReadTable(strings.NewReader(csv), "tied.csv")
		if err != nil {
			t.Fatal(err)
		}
		ds, err := tbl.Binarize(dataset.Options{Conflicts: dataset.Majority})
		if err != nil {
			t.Fatalf("table %d: %v", n, err)
		}
		rows, labels := testgen.RawRecords(t, tbl, ds)
		distinct, sets := bruteforce.Majority(rows, labels)
		depth, nodes, ok := bruteforce.OptimalSets(distinct, sets, len(ds.Features))
		if !ok {
			t.Fatalf("table %d: the oracle found no tree\n%s", n, csv)
		}
		fewest := 0
		for i, s := range sets {
			if len(s) > 1 {
				groups++
			}
			copies := 0
			for j := range rows {
				if slices.Equal(rows[j], distinct[i]) && labels[j] != s[0] {
					copies++
				}
			}
			fewest += copies
		}
		first := firstSeen(rows, labels)
		if d, n, _ := bruteforce.Optimal(distinct, first, len(ds.Features)); d > depth || n > nodes {
			smaller++
		}
		for _, e := range []Engine{DP, SAT, Auto} {
			res, err := Learn(context.Background(), ds, Options{Mode: Size, Engine: e, NewSolver: newGini})
			if err != nil {
				t.Fatalf("table %d, %v: %v", n, e, err)
			}
			if d, k := res.Root.Depth(), res.Root.Nodes(); !res.Optimal || d != depth || k != nodes {
				t.Fatalf("table %d, %v: depth %d, %d nodes (optimal %v); the oracle, any majority label to a tie: depth %d, %d nodes\n%s",
					n, e, d, k, res.Optimal, depth, nodes, csv)
			}
			vt, err := res.VerifiedTree(ds, tbl)
			if err != nil {
				t.Fatalf("table %d, %v: %v\n%s", n, e, err, csv)
			}
			checkMajorityErrors(t, vt, tbl, ds, rows, distinct, sets, fewest)
		}
	}
	if smaller < trials/10 || groups < trials/2 {
		t.Fatalf("%d tables where a tie allows a smaller tree, %d tied groups: the test lost its teeth", smaller, groups)
	}
}

// checkMajorityErrors checks that vt makes exactly the errors
// ds.Relabelled lists, fewest of them, on the raw rows of tbl, and gives
// each distinct row one of its labels in sets.
func checkMajorityErrors(t *testing.T, vt *tree.Tree, tbl *dataset.Table, ds *dataset.Dataset, rows, distinct [][]bool, sets [][]int, fewest int) {
	t.Helper()
	wrong, err := vt.Score(tbl)
	if err != nil {
		t.Fatal(err)
	}
	if wrong != fewest || len(ds.Relabelled) != fewest {
		t.Fatalf("%d training errors, %d rows relabelled; the fewest any tree makes: %d", wrong, len(ds.Relabelled), fewest)
	}
	for i, row := range distinct {
		c := vt.Root.Classify(func(f int) bool { return row[f] })
		if !slices.Contains(sets[i], c) {
			t.Fatalf("row %v given %s, not one of its majority labels %v", row, ds.Classes[c], sets[i])
		}
	}
}

// firstSeen returns, for each distinct row in the order of rows, the
// label most of its copies have, on a tie the one whose first record
// comes first in the file: the labelling a tie once got.
func firstSeen(rows [][]bool, labels []int) []int {
	var out []int
	var seen [][]bool
	for i, row := range rows {
		if slices.ContainsFunc(seen, func(s []bool) bool { return slices.Equal(s, row) }) {
			continue
		}
		seen = append(seen, row)
		n := map[int]int{}
		for j := i; j < len(rows); j++ {
			if slices.Equal(rows[j], row) {
				n[labels[j]]++
			}
		}
		best := -1
		for _, l := range labels {
			if n[l] > 0 && (best < 0 || n[l] > n[best]) {
				best = l
			}
		}
		out = append(out, best)
	}
	return out
}
