package bench

import (
	"cmp"
	"fmt"
	"slices"
)

// The paper's Tables 1 and 2: learning on the whole file, and 10-fold
// cross-validation for the accuracy.
var (
	mouseSuite = paperSuite("mouse", 1)
	carSuite   = paperSuite("car", 2)
)

// paperFolds is the k of the paper's k-fold cross-validation on mouse and
// car.
const paperFolds = 10

// paperSuite is the suite of the paper's Table number, on name.csv.
func paperSuite(name string, number int) Suite {
	return Suite{
		Name:  name,
		About: fmt.Sprintf("the paper's Table %d", number),
		Jobs: func(cfg Config) []Job {
			return each(cfg, Job{Suite: name, Dataset: name + ".csv"}, func(j Job) []Job {
				js := []Job{j}
				for f := range paperFolds {
					j.Fold, j.Folds = f, paperFolds
					js = append(js, j)
				}
				return js
			})
		},
		Table: func(records []Record) *Table { return paperTable(name, number, records) },
	}
}

// paperRow is a row of the paper's Table 1 or 2: a search on the whole
// dataset, and the mean accuracy of 10-fold cross-validation.
type paperRow struct {
	Seconds, Examples, Clauses, K, Nodes, Accuracy float64 // accuracy in percent
}

// paperRows are the rows DT_size and DT_depth of the paper's Tables 1
// (mouse, averages of 100 runs) and 2 (car, of 10 runs), on an i7-2600K.
var paperRows = map[string]map[string]paperRow{
	"mouse.csv": {
		"size":  {Seconds: 0.075, Examples: 37, Clauses: 42e3, K: 4, Nodes: 15, Accuracy: 84.0},
		"depth": {Seconds: 0.015, Examples: 33, Clauses: 38e3, K: 4, Nodes: 31, Accuracy: 85.6},
	},
	"car.csv": {
		"size":  {Seconds: 260, Examples: 758, Clauses: none, K: 8, Nodes: 136, Accuracy: 98.8},
		"depth": {Seconds: 170, Examples: 635, Clauses: none, K: 8, Nodes: 511, Accuracy: 98.8},
	},
}

// paperTable is the table of the paper's Table 1 (mouse) or 2 (car): per
// solver and mode, the search on the whole file and the accuracy of 10-fold
// cross-validation, beside the paper's figures and the times of the
// paper's tool and of a DP solver on this machine kind.
func paperTable(suite string, number int, records []Record) *Table {
	name := suite + ".csv"
	t := &Table{
		Title: fmt.Sprintf("%s: the paper's Table %d", name, number),
		Keys:  []string{"solver", "mode"},
		Columns: []Column{
			{Name: "time (s)", Unit: Seconds, Ref: "paper"},
			{Name: "examples used", Unit: Count, Ref: "paper"},
			{Name: "clauses", Unit: Count, Ref: "paper"},
			{Name: "k", Unit: Count, Ref: "paper"},
			{Name: "nodes", Unit: Count, Ref: "paper"},
			{Name: "10-fold acc.", Unit: Percent, Ref: "paper"},
			{Name: "paper's tool here (s)", Unit: Seconds, Ref: "paper's tool here", RefOnly: true},
			{Name: "DP here (s)", Unit: Seconds, Ref: "DP here", RefOnly: true},
		},
		Notes: []string{
			"Each cell: this run's mean (the reference's figure, ×ratio this/reference). " +
				"Time, examples, clauses, k and nodes: learning on the whole file, mean over the runs; " +
				"accuracy: 10-fold cross-validation, mean over the folds and runs (run r deals the folds with seed r).",
			"Paper: i7-2600K, MiniSat. \"Here\": ../shared/REFERENCE.md, on this project's machine kind " +
				"(2 vCPUs, shared, ±2× from day to day): the paper's tool (InferDT with MiniSat) and a DP solver (STreeD).",
		},
	}
	if opt, ok := hereOptimum[name]; ok {
		t.Notes = append(t.Notes, fmt.Sprintf("Optimum of this file by both other tools (REFERENCE.md): depth %d, %d nodes.", opt.K, opt.Nodes))
	}
	if suite == "car" {
		t.Notes = append(t.Notes, "car.csv lacks one of the original 1728 rows; the paper's tool gives 143 nodes on it, not the paper's 136.")
	}
	keys, rows := group(records, func(r Record) [2]string { return [2]string{r.Solver, r.Mode} })
	slices.SortStableFunc(keys, func(a, b [2]string) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), modeOrder(a[1], b[1]))
	})
	for _, key := range keys {
		recs := rows[key]
		p, ok := paperRows[name][key[1]]
		if !ok {
			p = paperRow{none, none, none, none, none, none}
		}
		here, ok := hereSeconds[name][key[1]]
		if !ok {
			here.Tool, here.DP = none, none
		}
		secs := mean(recs, learning, seconds)
		t.Rows = append(t.Rows, Row{
			Keys: key[:],
			Figures: []Figure{
				{secs, p.Seconds},
				{mean(recs, learning, examples), p.Examples},
				{mean(recs, learning, func(r Record) float64 { return float64(r.Clauses) }), p.Clauses},
				{mean(recs, learning, depth), p.K},
				{mean(recs, learning, nodes), p.Nodes},
				{mean(recs, folds, accuracy), p.Accuracy},
				{secs, here.Tool},
				{secs, here.DP},
			},
			Status: status(recs),
		})
	}
	return t
}
