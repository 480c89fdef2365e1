package bench

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/orchestrate"
)

// minErrorSuite measures the errors mode, learn --max-depth: the fewest
// training errors within each depth bound, beside the peers given.
var minErrorSuite = Suite{
	Name:  "minerror",
	About: "the fewest training errors at each depth bound (2 to 5 unless --max-depth says), on the DL8 files or those given, beside STreeD and ConTree when their binaries are named",
	Jobs: func(cfg Config) []Job {
		files, depths := cfg.Files, cfg.Depths
		if len(files) == 0 {
			files = dl8Files
		}
		if len(depths) == 0 {
			depths = []int{2, 3, 4, 5}
		}
		tools := []Peer{{Name: orchestrate.Auto.String()}}
		tools = append(tools, cfg.Peers...)
		var jobs []Job
		for _, file := range files {
			for _, d := range depths {
				for _, tool := range tools {
					for run := range cfg.Runs {
						jobs = append(jobs, Job{Suite: "minerror", Dataset: file, Solver: tool.Name, Program: tool.Program,
							Mode: errorsMode, MaxDepth: d, AnySize: cfg.AnySize && tool.Program == "", Run: run, Fold: -1})
					}
				}
			}
		}
		return jobs
	},
	Table: minErrorTable,
}

// errorsMode is the mode of the jobs of minErrorSuite.
var errorsMode = orchestrate.Errors.String()

// dl8Files are the 22 binary files of the DL8 benchmark that MurTree and
// STreeD are measured on, in the shared data's dl8 directory.
var dl8Files = []string{
	"anneal", "audiology", "australian-credit", "breast-wisconsin", "diabetes", "german-credit",
	"heart-cleveland", "hepatitis", "hypothyroid", "ionosphere", "kr-vs-kp", "lymph", "mushroom",
	"pendigits", "primary-tumor", "segment", "soybean", "splice-1", "tic-tac-toe", "vehicle", "vote", "yeast",
}

func init() {
	for i, name := range dl8Files {
		dl8Files[i] = "dl8/" + name + ".csv"
	}
}

// learnErrors runs a job of the errors mode: odtx's search, or a peer's.
func (r *Runner) learnErrors(ctx context.Context, j Job, rec *Record) error {
	ds, tbl, err := r.load(ctx, j, dataset.Options{Conflicts: dataset.Count})
	if err != nil {
		return err
	}
	if j.Program != "" {
		a, err := runPeer(ctx, j, tbl, ds)
		if err == nil {
			rec.Errors, rec.Seconds = &a.errors, a.seconds
			if a.branches >= 0 {
				rec.Nodes = 2*a.branches + 1
			}
		}
		return err
	}
	e, err := orchestrate.ParseEngine(j.Solver)
	if err != nil {
		return err
	}
	opt := orchestrate.Options{Mode: orchestrate.Errors, Engine: e, Budget: orchestrate.Budget{MaxDepth: j.MaxDepth, AnySize: j.AnySize}}
	res, err := orchestrate.Learn(ctx, ds, opt)
	if res != nil {
		rec.K, rec.Nodes, rec.Engine, rec.ProvenBy = res.Root.Depth(), res.Root.Nodes(), res.Engine.String(), res.ProvenBy
		rec.Errors = &res.Errors
	}
	if err != nil {
		return err
	}
	_, err = res.VerifiedTree(ds, tbl)
	return err
}

// minErrorTable shows, per file and depth bound, odtx's fewest errors and
// time beside each peer's.
func minErrorTable(records []Record) *Table {
	var peers []string
	for _, r := range records {
		if r.Program != "" && !slices.Contains(peers, r.Solver) {
			peers = append(peers, r.Solver)
		}
	}
	slices.Sort(peers)
	anySize := slices.ContainsFunc(records, func(r Record) bool { return r.AnySize })
	t := &Table{
		Title: "The fewest training errors within a depth (learn --max-depth)",
		Keys:  []string{"dataset", "depth <=", "engine"},
		Notes: []string{
			"Each cell: odtx's mean over the runs (the peer's figure, ×ratio odtx/peer). " +
				"Seconds: each tool's whole process, odtx's reading the CSV and a peer's a file odtx wrote for it. " +
				"Errors are compared on the rows that finished; a ratio of errors other than 1 is a disagreement on the optimum.",
		},
	}
	if anySize {
		t.Notes = append(t.Notes, "odtx's trees have the fewest errors and any size (learn --any-size): their nodes are not minimized.")
	}
	if len(peers) == 0 {
		t.Columns = []Column{{Name: "errors", Unit: Count}, {Name: "time (s)", Unit: Seconds}}
	}
	for i, p := range peers {
		t.Columns = append(t.Columns,
			Column{Name: "errors (" + p + ")", Unit: Count, Ref: p, RefOnly: i > 0},
			Column{Name: "time (s) (" + p + ")", Unit: Seconds, Ref: p, RefOnly: i > 0})
	}
	t.Columns = append(t.Columns, Column{Name: "peak MiB", Unit: Count})
	type key struct {
		file  string
		depth int
	}
	keys, rows := group(records, func(r Record) key { return key{r.Dataset, r.MaxDepth} })
	slices.SortStableFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(fileOrder(a.file), fileOrder(b.file)), cmp.Compare(a.file, b.file), cmp.Compare(a.depth, b.depth))
	})
	for _, k := range keys {
		recs := rows[k]
		ours := func(r Record) bool { return r.Program == "" }
		of := func(peer string) func(Record) bool { return func(r Record) bool { return r.Solver == peer } }
		errs, secs := mean(recs, ours, errorCount), mean(recs, ours, seconds)
		row := Row{Keys: []string{k.file, fmt.Sprint(k.depth), engineOf(recs)}, Status: status(recs)}
		if len(peers) == 0 {
			row.Figures = []Figure{{errs, none}, {secs, none}}
		}
		for _, p := range peers {
			row.Figures = append(row.Figures, Figure{errs, mean(recs, of(p), errorCount)}, Figure{secs, mean(recs, of(p), seconds)})
		}
		row.Figures = append(row.Figures, Figure{peakOf(recs, ours), none})
		t.Rows = append(t.Rows, row)
	}
	return t
}

// fileOrder puts the DL8 files in their usual order, before any other.
func fileOrder(file string) int {
	if i := slices.Index(dl8Files, file); i >= 0 {
		return i
	}
	return len(dl8Files)
}

// errorCount is the training errors of a record of the errors mode.
func errorCount(r Record) float64 {
	if r.Errors == nil {
		return math.NaN()
	}
	return float64(*r.Errors)
}

// engineOf names the odtx engine of records, as the first of them that
// ran one says: the engine its result names, or else, for a job that
// failed before a search ran, the one it asked for.
func engineOf(records []Record) string {
	for _, r := range records {
		if r.Program == "" {
			return cmp.Or(r.Engine, r.Solver)
		}
	}
	return ""
}

// peakOf is the largest peak memory of those records that keep says.
func peakOf(records []Record, keep func(Record) bool) float64 {
	var mine []Record
	for _, r := range records {
		if keep(r) {
			mine = append(mine, r)
		}
	}
	return peak(mine)
}
