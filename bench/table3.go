package bench

import (
	"cmp"
	"math"
	"slices"
)

// table3Suite is the paper's Table 3: learning on the train part of each
// given split, testing on its test part.
var table3Suite = Suite{
	Name:  "table3",
	About: "the paper's Table 3, on the given splits",
	Jobs: func(cfg Config) []Job {
		var jobs []Job
		for _, file := range table3Files {
			jobs = append(jobs, each(cfg, Job{Suite: "table3", Dataset: file}, func(j Job) []Job {
				js := make([]Job, table3Splits)
				for f := range js {
					j.Fold = f
					js[f] = j
				}
				return js
			})...)
		}
		return jobs
	},
	Table: table3Table,
}

// table3Files are the datasets of the paper's Table 3, in its order (it
// names them iris, Monks-probl-1 to 3, wine and balance-scale); the splits
// of each are splits/FILE.train<i>.csv and .test<i>.csv.
var table3Files = []string{"iris.csv", "monk1.csv", "monk2.csv", "monk3.csv", "wine.csv", "balance-scale.csv"}

// table3Splits is the number of train/test splits of each dataset.
const table3Splits = 5

type table3Row struct {
	DepthSeconds, DepthAccuracy, DepthK  float64 // DT_depth
	SizeSeconds, SizeAccuracy, SizeNodes float64 // DT_size
	BinOCT, CART, OCT                    float64
}

// table3 is the paper's Table 3, by dataset (table3Files gives the
// order).
var table3 = map[string]table3Row{
	"iris.csv":          {0.012, 97.9, 3, 0.019, 95.8, 10.6, 98.4, 92.4, 93.5},
	"monk1.csv":         {0.016, 89.0, 4.4, 0.12, 92.3, 17, 87.1, 76.8, 74.2},
	"monk2.csv":         {0.18, 68.4, 5.8, 8.6, 73.0, 47.8, 63.3, 63.3, 54.0},
	"monk3.csv":         {0.02, 78.7, 4.8, 0.2, 81.9, 23.4, 93.5, 94.2, 94.2},
	"wine.csv":          {0.6, 88.4, 3, 1.6, 92.0, 7.8, 92.0, 88.9, 94.2},
	"balance-scale.csv": {55, 92.6, 8, 350, 92.6, 206, 78.9, 77.5, 71.6},
}

// table3Table is the table of the paper's Table 3: per dataset and solver,
// the means over the given splits in both modes, beside the paper's
// figures, then the mean accuracies of each solver over the datasets.
func table3Table(records []Record) *Table {
	t := &Table{
		Title: "the paper's Table 3: the given train/test splits",
		Keys:  []string{"dataset", "solver"},
		Columns: []Column{
			{Name: "depth: time (s)", Unit: Seconds, Ref: "paper"},
			{Name: "depth: acc.", Unit: Percent, Ref: "paper"},
			{Name: "depth: k", Unit: Count, Ref: "paper"},
			{Name: "size: time (s)", Unit: Seconds, Ref: "paper"},
			{Name: "size: acc.", Unit: Percent, Ref: "paper"},
			{Name: "size: n", Unit: Count, Ref: "paper"},
			{Name: "BinOCT* acc.", Unit: Percent, Ref: "paper", RefOnly: true},
			{Name: "CART acc.", Unit: Percent, Ref: "paper", RefOnly: true},
			{Name: "OCT acc.", Unit: Percent, Ref: "paper", RefOnly: true},
		},
		Notes: []string{
			"Each cell: this run's mean over the splits and runs (the paper's figure, ×ratio this/paper). " +
				"Time: learning on the train part; acc.: on the test part; k: depth of DT_depth's trees; n: nodes of DT_size's.",
			"BinOCT*, CART and OCT: the paper's figures (Verwer and Zhang's), the best accuracy over depths 2 to 4; " +
				"their ratio is this run's DT_size accuracy over theirs.",
		},
	}
	keys, rows := group(records, func(r Record) [2]string { return [2]string{r.Dataset, r.Solver} })
	slices.SortStableFunc(keys, func(a, b [2]string) int {
		return cmp.Or(cmp.Compare(table3Index(a[0]), table3Index(b[0])), cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	var solvers []string
	for _, key := range keys {
		if !slices.Contains(solvers, key[1]) {
			solvers = append(solvers, key[1])
		}
		recs := rows[key]
		p := table3Paper(key[0])
		inMode := func(mode string) func(Record) bool {
			return func(r Record) bool { return r.Mode == mode }
		}
		sizeAcc := mean(recs, inMode("size"), accuracy)
		t.Rows = append(t.Rows, Row{
			Keys: key[:],
			Figures: []Figure{
				{mean(recs, inMode("depth"), seconds), p.DepthSeconds},
				{mean(recs, inMode("depth"), accuracy), p.DepthAccuracy},
				{mean(recs, inMode("depth"), depth), p.DepthK},
				{mean(recs, inMode("size"), seconds), p.SizeSeconds},
				{sizeAcc, p.SizeAccuracy},
				{mean(recs, inMode("size"), nodes), p.SizeNodes},
				{sizeAcc, p.BinOCT},
				{sizeAcc, p.CART},
				{sizeAcc, p.OCT},
			},
			Status: status(recs),
		})
	}
	// The paper's Average row, over the datasets each solver has figures
	// for, against the paper's mean over the same datasets.
	for _, solver := range solvers {
		avg := Row{Keys: []string{"average", solver}, Figures: make([]Figure, len(t.Columns))}
		for c, col := range t.Columns {
			avg.Figures[c] = Figure{none, none}
			if col.Unit != Percent {
				continue
			}
			var values, refs []float64
			for _, row := range t.Rows {
				f := row.Figures[c]
				if row.Keys[1] == solver && !math.IsNaN(f.Value) && !math.IsNaN(f.Ref) {
					values, refs = append(values, f.Value), append(refs, f.Ref)
				}
			}
			if len(values) > 0 {
				avg.Figures[c] = Figure{average(values), average(refs)}
			}
		}
		t.Rows = append(t.Rows, avg)
	}
	return t
}

func average(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// table3Index is the position of dataset in the paper's Table 3, or after
// them all.
func table3Index(dataset string) int {
	if i := slices.Index(table3Files, dataset); i >= 0 {
		return i
	}
	return len(table3Files)
}

// table3Paper is the paper's row for dataset, all NaN if it has none.
func table3Paper(dataset string) table3Row {
	if row, ok := table3[dataset]; ok {
		return row
	}
	return table3Row{DepthSeconds: none, DepthAccuracy: none, DepthK: none,
		SizeSeconds: none, SizeAccuracy: none, SizeNodes: none, BinOCT: none, CART: none, OCT: none}
}
