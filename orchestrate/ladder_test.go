package orchestrate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/testgen"
)

// TestLadderOracle: the engines of the fewest errors, asked for trees
// without errors depth by depth, find the brute-force optimum's depth and,
// in Size mode, its nodes, on random binary datasets and on numeric
// tables, where Auto races Ordered beside DP. One search in eight is stopped
// early: it still returns a consistent tree, and bounds no higher than the
// optimum's.
func TestLadderOracle(t *testing.T) {
	defer func(d time.Duration) { ladderHeadStart = d }(ladderHeadStart)
	ladderHeadStart = 0 // Auto races the ladder on small tables too
	oracle := testgen.NewOracle(31, 5, 14, 3, 3)
	r := rand.New(rand.NewPCG(33, 34))
	raced := 0
	for trial := range 160 {
		k := oracle.Draw(trial)
		engine := []Engine{MinErr, Ordered}[trial%2]
		if trial%4 == 3 {
			k.DS = consistentNumeric(t, r)
			k.Depth, k.Nodes, k.OK = testgen.Optimum(k.DS, 3)
			engine = Auto
		}
		for _, mode := range []Mode{Depth, Size} {
			ctx, cancel := context.WithCancel(context.Background())
			stopped := trial%8 == 5
			if stopped {
				ctx, cancel = context.WithTimeout(ctx, time.Duration(r.IntN(300))*time.Microsecond)
			}
			ladder := false
			progress := func(p Progress) { ladder = ladder || p.Engine == Ordered }
			res, err := Learn(ctx, k.DS, Options{Mode: mode, Engine: engine, NewSolver: newGini, Progress: progress})
			cancel()
			if engine == Auto && ladder {
				raced++
			}
			what := fmt.Sprintf("%v in mode %v", engine, mode)
			if err != nil && !(stopped && isStop(err)) {
				t.Fatalf("trial %d %s: %v", trial, what, err)
			}
			testgen.CheckConsistent(t, k.DS, res.Root)
			if k.OK && (res.MinDepth > k.Depth || res.MinNodes > k.Nodes && res.MinDepth == k.Depth) {
				t.Fatalf("trial %d %s: bounds depth %d, %d nodes; brute force %d and %d", trial, what, res.MinDepth, res.MinNodes, k.Depth, k.Nodes)
			}
			if res.Optimal != (err == nil) {
				t.Fatalf("trial %d %s: optimal %v with error %v", trial, what, res.Optimal, err)
			}
			if err == nil {
				k.Check(t, what, res.Root, mode == Size)
				if k.OK && (res.MinDepth != k.Depth || mode == Size && res.MinNodes != k.Nodes) {
					t.Fatalf("trial %d %s: bounds depth %d, %d nodes; brute force %d and %d", trial, what, res.MinDepth, res.MinNodes, k.Depth, k.Nodes)
				}
			}
		}
	}
	oracle.CheckTeeth(t)
	if raced < 10 {
		t.Fatalf("Auto raced the ladder on %d tables: the test lost its point", raced)
	}
}

// consistentNumeric returns a random table of one or two numeric columns
// of a dozen values whose identical rows share their label, binarized
// as odtx reads it.
func consistentNumeric(t testing.TB, r *rand.Rand) *dataset.Dataset {
	t.Helper()
	cols, classes := 1+r.IntN(2), 2+r.IntN(2)
	labels := map[string]int{}
	var b strings.Builder
	for c := range cols {
		fmt.Fprintf(&b, "x%d,", c)
	}
	b.WriteString("y\n")
	for range 10 + r.IntN(20) {
		var row strings.Builder
		for range cols {
			fmt.Fprintf(&row, "%d,", r.IntN(12))
		}
		y, ok := labels[row.String()]
		if !ok {
			y = r.IntN(classes)
			labels[row.String()] = y
		}
		fmt.Fprintf(&b, "%s%d\n", row.String(), y)
	}
	_, ds := testgen.Load(t, b.String(), "numeric.csv", dataset.Options{})
	return ds
}

// TestLadderRefusesDisagreements: an engine of the fewest errors refuses,
// in the modes without errors, identical rows of different labels, tied
// (dataset.Majority) or counted (dataset.Count), whose records it would
// weigh as the zero-error engines do not; Auto learns them as DP does.
func TestLadderRefusesDisagreements(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range 20 {
		fmt.Fprintf(&b, "%d,%d\n", i, i%3%2)
	}
	b.WriteString("7,0\n") // 7 was labelled 1
	for _, conflicts := range []dataset.Conflicts{dataset.Majority, dataset.Count} {
		_, ds := testgen.Load(t, b.String(), "disagree.csv", dataset.Options{Conflicts: conflicts})
		if _, err := Learn(context.Background(), ds, Options{Mode: Depth, Engine: Ordered}); err == nil || !strings.Contains(err.Error(), "disagree") {
			t.Fatalf("ordered on rows that disagree (%v): %v, want a refusal", conflicts, err)
		}
		if errorsEngine(ds) != Ordered {
			t.Fatal("the table is not one Auto searches by Ordered: the test lost its point")
		}
		auto, err := Learn(context.Background(), ds, Options{Mode: Size, NewSolver: newGini})
		if err != nil || !auto.Optimal {
			t.Fatalf("auto on rows that disagree (%v): %v", conflicts, err)
		}
		dp, err := Learn(context.Background(), ds, Options{Mode: Size, Engine: DP})
		if err != nil || auto.Root.Depth() != dp.Root.Depth() || auto.Root.Nodes() != dp.Root.Nodes() {
			t.Fatalf("rows that disagree (%v): auto depth %d, %d nodes; dp %d, %d (%v)", conflicts, auto.Root.Depth(), auto.Root.Nodes(), dp.Root.Depth(), dp.Root.Nodes(), err)
		}
	}
}
