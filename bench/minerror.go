package bench

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/orchestrate"
)

// minErrorSuite measures the errors mode, learn --max-depth: the fewest
// training errors within each depth bound, beside the peers given.
var minErrorSuite = Suite{
	Name:  "minerror",
	About: "the fewest training errors at each depth bound (2 to 5 unless --max-depth says), on the DL8 files or those given, beside STreeD and ConTree when their binaries are named",
	Jobs: func(cfg Config) []Job {
		return errorsJobs("minerror", cfg, dl8Files, []int{2, 3, 4, 5})
	},
	Table: minErrorTable,
}

// errorsJobs are the jobs of a suite of the errors mode: odtx's search and
// each peer's on every file and depth bound of cfg, or else of files and
// depths, cfg.Runs times each.
func errorsJobs(suite string, cfg Config, files []string, depths []int) []Job {
	return jobsBeside(suite, errorsMode, orchestrate.Auto.String(), cfg, files, depths)
}

// jobsBeside are the jobs of a suite of a mode whose trees are bounded in
// depth: odtx's search, with the engine solver, and each peer's on every
// file and depth bound of cfg, or else of files and depths, cfg.Runs
// times each.
func jobsBeside(suite, mode, solver string, cfg Config, files []string, depths []int) []Job {
	if len(cfg.Files) > 0 {
		files = cfg.Files
	}
	if len(cfg.Depths) > 0 {
		depths = cfg.Depths
	}
	tools := []Peer{{Name: solver}}
	tools = append(tools, cfg.Peers...)
	var jobs []Job
	for _, file := range files {
		for _, d := range depths {
			for _, tool := range tools {
				for run := range cfg.Runs {
					jobs = append(jobs, Job{Suite: suite, Dataset: file, Solver: tool.Name, Program: tool.Program,
						Mode: mode, MaxDepth: d, AnySize: cfg.AnySize && tool.Program == "", Run: run, Fold: -1})
					if tool.Program == "" {
						jobs[len(jobs)-1].Off = cfg.Off
					}
				}
			}
		}
	}
	return jobs
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
	start := time.Now()
	ds, tbl, err := r.load(ctx, j, dataset.Options{Conflicts: dataset.Count})
	if err != nil {
		return err
	}
	if j.Program != "" {
		return peerRecord(ctx, j, tbl, ds, rec)
	}
	e, err := orchestrate.ParseEngine(j.Solver)
	if err != nil {
		return err
	}
	opt := orchestrate.Options{Mode: orchestrate.Errors, Engine: e, Budget: orchestrate.Budget{MaxDepth: j.MaxDepth, AnySize: j.AnySize}, CacheBytes: r.CacheBytes}
	if err := opt.Off.SwitchOff(j.Off...); err != nil {
		return err
	}
	var trace *tracer
	if j.Suite == anytimeSuite.Name {
		trace = newTracer(start, r.Timeout)
		opt.Progress = trace.progress
	}
	res, err := orchestrate.Learn(ctx, ds, opt)
	if res != nil {
		rec.K, rec.Nodes, rec.Engine, rec.ProvenBy = res.Root.Depth(), res.Root.Nodes(), res.Engine.String(), res.ProvenBy
		rec.Errors = &res.Errors
	}
	if trace != nil {
		var cerr error
		if rec.Anytime, cerr = trace.finish(ctx, res, ds, j.MaxDepth); err == nil {
			err = cerr
		}
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
	peers := peersOf(records)
	t := &Table{
		Title: "The fewest training errors within a depth (learn --max-depth)",
		Keys:  []string{"dataset", "depth <=", "engine"},
		Notes: []string{
			"Each cell: odtx's mean over the runs (the peer's figure, ×ratio odtx/peer). " +
				"Seconds: each tool's whole process, odtx's reading the CSV and a peer's a file odtx wrote for it. " +
				"Errors are compared on the rows that finished; a ratio of errors other than 1 is a disagreement on the optimum.",
		},
	}
	if note := anySizeNote(records); note != "" {
		t.Notes = append(t.Notes, note)
	}
	t.Columns = besideColumns(peers, "errors")
	keys, rows := byFileDepth(records)
	for _, k := range keys {
		recs := rows[k]
		row := Row{Keys: []string{k.file, fmt.Sprint(k.depth), engineOf(recs)}, Status: status(recs), Figures: besideFigures(recs, peers, errorCount)}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// besideColumns are the columns of a table of odtx's figure called what
// and its time beside each peer's, or odtx's alone without peers, and
// its peak memory.
func besideColumns(peers []string, what string) []Column {
	if len(peers) == 0 {
		return []Column{{Name: what, Unit: Count}, {Name: "time (s)", Unit: Seconds}, {Name: "peak MiB", Unit: Count}}
	}
	var cols []Column
	for i, p := range peers {
		cols = append(cols,
			Column{Name: what + " (" + p + ")", Unit: Count, Ref: p, RefOnly: i > 0},
			Column{Name: "time (s) (" + p + ")", Unit: Seconds, Ref: p, RefOnly: i > 0})
	}
	return append(cols, Column{Name: "peak MiB", Unit: Count})
}

// besideFigures are the figures of besideColumns for the records of a
// row, f giving a record's figure.
func besideFigures(recs []Record, peers []string, f func(Record) float64) []Figure {
	v, secs := mean(recs, ours, f), mean(recs, ours, seconds)
	var figs []Figure
	if len(peers) == 0 {
		figs = []Figure{{v, none}, {secs, none}}
	}
	for _, p := range peers {
		figs = append(figs, Figure{v, mean(recs, of(p), f)}, Figure{secs, mean(recs, of(p), seconds)})
	}
	return append(figs, Figure{peakOf(recs, ours), none})
}

// anySizeNote says, where odtx's jobs asked for any size, that their trees'
// nodes are not minimized; "" where none did.
func anySizeNote(records []Record) string {
	for _, r := range records {
		if r.AnySize {
			return "odtx's trees have the fewest errors and any size (learn --any-size): their nodes are not minimized."
		}
	}
	return ""
}

// peersOf names the peers that ran records, in order.
func peersOf(records []Record) []string {
	var peers []string
	for _, r := range records {
		if r.Program != "" && !slices.Contains(peers, r.Solver) {
			peers = append(peers, r.Solver)
		}
	}
	slices.Sort(peers)
	return peers
}

// ours selects odtx's records.
func ours(r Record) bool { return r.Program == "" }

// of selects the records of a peer.
func of(peer string) func(Record) bool {
	return func(r Record) bool { return r.Solver == peer }
}

// A fileDepth is a file and a depth bound, a row of the tables of the
// errors mode.
type fileDepth struct {
	file  string
	depth int
}

// byFileDepth groups records by file and depth bound, the files in
// fileOrder and each file's depths in order.
func byFileDepth(records []Record) ([]fileDepth, map[fileDepth][]Record) {
	keys, rows := group(records, func(r Record) fileDepth { return fileDepth{r.Dataset, r.MaxDepth} })
	slices.SortStableFunc(keys, func(a, b fileDepth) int {
		return cmp.Or(cmp.Compare(fileOrder(a.file), fileOrder(b.file)), cmp.Compare(a.file, b.file), cmp.Compare(a.depth, b.depth))
	})
	return keys, rows
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
