package orchestrate

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

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
		tt := testgen.ReadTied(t, csv)
		fewest := 0 // errors: the copies of each row without a label of its set
		for i, set := range tt.Sets {
			if len(set) > 1 {
				groups++
			}
			for j, rec := range tt.Records {
				if slices.Equal(rec, tt.Rows[i]) && tt.Labels[j] != set[0] {
					fewest++
				}
			}
		}
		if d, k, _ := bruteforce.Optimal(tt.Rows, firstSeen(tt.Records, tt.Labels), len(tt.Data.Features)); d > tt.Depth || k > tt.Nodes {
			smaller++
		}
		for _, e := range []Engine{DP, SAT, Auto} {
			res, err := Learn(context.Background(), tt.Data, Options{Mode: Size, Engine: e, NewSolver: newGini})
			if err != nil {
				t.Fatalf("table %d, %v: %v", n, e, err)
			}
			if d, k := res.Root.Depth(), res.Root.Nodes(); !res.Optimal || d != tt.Depth || k != tt.Nodes {
				t.Fatalf("table %d, %v: depth %d, %d nodes (optimal %v); the oracle, any majority label to a tie: depth %d, %d nodes\n%s",
					n, e, d, k, res.Optimal, tt.Depth, tt.Nodes, csv)
			}
			vt, err := res.VerifiedTree(tt.Data, tt.Table)
			if err != nil {
				t.Fatalf("table %d, %v: %v\n%s", n, e, err, csv)
			}
			checkMajorityErrors(t, vt, tt, fewest)
		}
	}
	if smaller < trials/10 || groups < trials/2 {
		t.Fatalf("%d tables where a tie allows a smaller tree, %d tied groups: the test lost its teeth", smaller, groups)
	}
}

// checkMajorityErrors checks that vt makes exactly the errors that
// tt.Data.Relabelled lists, fewest of them, on the raw rows of tt.Table,
// and gives each distinct row one of its labels in tt.Sets.
func checkMajorityErrors(t *testing.T, vt *tree.Tree, tt *testgen.Tied, fewest int) {
	t.Helper()
	wrong, _, err := vt.Score(tt.Table, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if wrong != fewest || len(tt.Data.Relabelled) != fewest {
		t.Fatalf("%d training errors, %d rows relabelled; the fewest any tree makes: %d", wrong, len(tt.Data.Relabelled), fewest)
	}
	for i, row := range tt.Rows {
		c := vt.Root.Classify(func(f int) bool { return row[f] })
		if !slices.Contains(tt.Sets[i], c) {
			t.Fatalf("row %v given %s, not one of its majority labels %v", row, tt.Data.Classes[c], tt.Sets[i])
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
