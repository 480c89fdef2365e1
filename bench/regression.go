package bench

import (
	"context"
	"fmt"
	"math"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/orchestrate"
	"github.com/odtx/odtx/regress"
)

// regressionSuite measures learn --task regression: the least training
// SSE within each depth bound, beside STreeD's -task regression, which
// gets the same binarized features.
var regressionSuite = Suite{
	Name: "regression",
	About: "the least training SSE at each depth bound (2 to 4 unless --max-depth says) of regression tables, the target last " +
		"(by default those scripts/regression-data.py writes into --data), beside STreeD's -task regression when its binary is named",
	Jobs: func(cfg Config) []Job {
		return jobsBeside("regression", regressionMode, regressionEngine, cfg, regressionFiles, []int{2, 3, 4})
	},
	Table: regressionTable,
}

// regressionMode is the mode of the jobs of regressionSuite, and
// regressionEngine the engine odtx runs them with.
const (
	regressionMode   = "regression"
	regressionEngine = "regress"
)

// regressionFiles are the tables that scripts/regression-data.py writes:
// scikit-learn's diabetes data, Friedman's first function and two tables
// labelled by random trees with noise.
var regressionFiles = []string{"diabetes.csv", "friedman1.csv", "tree-1000-5x2.csv", "tree-3000-8x2.csv"}

// learnRegression runs a job of the regression mode: odtx's search,
// checked on the raw rows as odtx learn checks it, or a peer's.
func (r *Runner) learnRegression(ctx context.Context, j Job, rec *Record) error {
	ds, tbl, err := r.load(ctx, j, dataset.Options{Regression: true})
	if err != nil {
		return err
	}
	if j.Program != "" {
		return peerRecord(ctx, j, tbl, ds, rec)
	}
	_, sse, res, err := orchestrate.Regression(ctx, ds, tbl, regress.Options{MaxDepth: j.MaxDepth, CacheBytes: r.CacheBytes})
	if res != nil {
		rec.K, rec.Nodes, rec.Engine, rec.SSE = res.Root.Depth(), res.Root.Nodes(), regressionEngine, &sse
		rec.ExamplesUsed = res.Stats.Items
	}
	return err
}

// regressionTable shows, per file and depth bound, odtx's least SSE and
// time beside STreeD's.
func regressionTable(records []Record) *Table {
	peers := peersOf(records)
	t := &Table{
		Title: "The least training SSE within a depth (learn --task regression)",
		Keys:  []string{"dataset", "depth <=", "engine"},
		Notes: []string{
			"Each cell: odtx's mean over the runs (the peer's figure, ×ratio odtx/peer). " +
				"Seconds: each tool's whole process, odtx's reading the CSV and a peer's a file odtx wrote for it, " +
				"the same binarized features with each record's target.",
		},
	}
	t.Columns = besideColumns(peers, "SSE")
	keys, rows := byFileDepth(records)
	both, agree := 0, 0
	for _, k := range keys {
		recs := rows[k]
		row := Row{Keys: []string{k.file, fmt.Sprint(k.depth), engineOf(recs)}, Status: status(recs), Figures: besideFigures(recs, peers, sseOf)}
		for i := range peers {
			if f := row.Figures[2*i]; !math.IsNaN(f.Value) && !math.IsNaN(f.Ref) {
				both++
				if sameSSE(f.Value, f.Ref) {
					agree++
				}
			}
		}
		t.Rows = append(t.Rows, row)
	}
	if both > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("The SSE of both tools agree to 9 significant digits on %d of the %d rows where both finished.", agree, both))
	}
	return t
}

// sameSSE reports whether two tools' SSE agree to 9 significant digits: a
// peer prints the mean squared error, which odtx's exact SSE over the
// records matches to its last digits, but for rounding.
func sameSSE(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*max(math.Abs(a), math.Abs(b))
}

// sseOf is the training SSE of a record of the regression mode.
func sseOf(r Record) float64 {
	if r.SSE == nil {
		return math.NaN()
	}
	return *r.SSE
}
