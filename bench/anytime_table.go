package bench

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/odtx/odtx/chart"
)

// meanKnown is the mean of f over records where f says something, NaN
// where it says nothing of any.
func meanKnown(records []Record, f func(Record) float64) float64 {
	return meanOver(records, func(r Record) bool { return !math.IsNaN(f(r)) }, f)
}

// anytimeTable shows, per file and depth bound, odtx's trajectory at the
// checkpoints beside CART's errors and the peers' times to proof.
func anytimeTable(records []Record) *Table {
	peers := peersOf(records)
	last := checkpoints[len(checkpoints)-1]
	t := &Table{
		Title: "The fewest training errors against time (learn --max-depth D --timeout T)",
		Keys:  []string{"dataset", "depth <=", "engine"},
		Columns: []Column{
			{Name: "CART", Unit: Count},
			{Name: "optimum at depth - 1", Unit: Count},
		},
		Notes: []string{
			"Each cell: the mean over odtx's runs. Seconds from the start of each job, reading the data included; a peer's as its whole process.",
			"CART: the training errors of scikit-learn's greedy tree of the same depth bound (package cart). " +
				"Optimum at depth - 1: the fewest errors a tool proved at the depth bound one less, in this run, which a deeper tree can match.",
			"Errors at t: of the tree odtx held t seconds in (– before its first, or past a time limit that stopped it); " +
				"bound: the fewest errors it had proven possible then; gap: (errors - bound) / errors.",
			"Primal integral (Berthold): over the time limit T, the integral of 1 before the first tree and of (best(t) - ref) / max(best(t), ref) after, " +
				"ref the fewest errors any tool reached on the file at that depth in this run (the optimum where one was proven): " +
				"0 for the best tree from the start, T for none ever.",
			"Proof: the time to the proof of optimality, odtx's (each peer's, ×ratio odtx/peer); – where it did not prove it.",
		},
	}
	if note := anySizeNote(records); note != "" {
		t.Notes = append(t.Notes, note)
	}
	for _, c := range checkpoints {
		t.Columns = append(t.Columns, Column{Name: fmt.Sprintf("errors at %g s", c), Unit: Count})
	}
	t.Columns = append(t.Columns,
		Column{Name: fmt.Sprintf("bound at %g s", last), Unit: Count},
		Column{Name: fmt.Sprintf("gap at %g s", last), Unit: Percent},
		Column{Name: "primal integral (s)", Unit: Seconds})
	if len(peers) == 0 {
		t.Columns = append(t.Columns, Column{Name: "proof (s)", Unit: Seconds})
	}
	for i, p := range peers {
		t.Columns = append(t.Columns, Column{Name: "proof (s) (" + p + ")", Unit: Seconds, Ref: p, RefOnly: i > 0})
	}
	keys, rows := byFileDepth(records)
	for _, k := range keys {
		recs := rows[k]
		row := Row{Keys: []string{k.file, fmt.Sprint(k.depth), engineOf(recs)}, Status: status(recs)}
		below := fewestAnswered(rows[fileDepth{k.file, k.depth - 1}], true)
		row.Figures = []Figure{{meanKnown(recs, anytimeFigure(cartErrors)), none}, {below, none}}
		for _, c := range checkpoints {
			row.Figures = append(row.Figures, Figure{meanKnown(recs, heldAt(c, stepErrors)), none})
		}
		row.Figures = append(row.Figures,
			Figure{meanKnown(recs, heldAt(last, stepBound)), none},
			Figure{meanKnown(recs, heldAt(last, stepGap)), none},
			Figure{meanKnown(recs, integralAgainst(fewestAnswered(recs, false))), none})
		proof := meanKnown(recs, anytimeFigure(proofSeconds))
		if len(peers) == 0 {
			row.Figures = append(row.Figures, Figure{proof, none})
		}
		for _, p := range peers {
			row.Figures = append(row.Figures, Figure{proof, mean(recs, of(p), seconds)})
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// anytimeFiles are a chart of errors against time for each file and
// depth bound, and anytime.csv, the figures of every job at each
// checkpoint.
func anytimeFiles(records []Record) ([]File, error) {
	keys, rows := byFileDepth(records)
	var files []File
	for _, k := range keys {
		var svg bytes.Buffer
		title := fmt.Sprintf("%s, depth <= %d", shortName(k.file), k.depth)
		if err := chart.Lines(&svg, title, "seconds since the job began", "training errors", false, anytimeSeries(rows[k])...); err != nil {
			return nil, fmt.Errorf("chart of %s at depth %d: %w", k.file, k.depth, err)
		}
		files = append(files, File{Name: fmt.Sprintf("anytime-%s-d%d.svg", slug(k.file), k.depth), Data: svg.Bytes()})
	}
	var raw bytes.Buffer
	if err := writeAnytimeCSV(&raw, keys, rows); err != nil {
		return nil, err
	}
	return append(files, File{Name: "anytime.csv", Data: raw.Bytes()}), nil
}

// anytimeSeries are the lines of the chart of records, of one file and
// depth: odtx's best tree and bound as steps, of its first run that has
// them, CART's errors level across, and each peer's proof, of its first
// run, as a mark, or in the legend alone where it gave none.
func anytimeSeries(records []Record) []chart.Series {
	var odtx *Anytime
	for _, r := range records {
		if odtx = traced(r); odtx != nil {
			break
		}
	}
	end := 0.0
	var lines []chart.Series
	if odtx != nil {
		last := odtx.last()
		end = odtx.time(len(odtx.Trajectory) - 1)
		if !last.proven() && odtx.Limit > 0 {
			end = odtx.Limit
		}
		lines = append(lines, odtx.steps("odtx: best tree", end, func(s Step) int { return s.Errors }),
			odtx.steps("odtx: bound proven", end, func(s Step) int { return s.Bound }))
	}
	var marks []chart.Series
	for _, p := range peersOf(records) {
		for _, r := range records {
			if r.Solver != p {
				continue
			}
			if r.OK() && r.Errors != nil {
				end = max(end, r.Seconds)
				marks = append(marks, chart.Series{Name: p + ": proof", X: []float64{r.Seconds}, Y: []float64{float64(*r.Errors)}})
			} else {
				// An error's message would not fit a legend.
				marks = append(marks, chart.Series{Name: p + ": no proof (" + strings.Fields(r.Status)[0] + ")"})
			}
			break
		}
	}
	if odtx != nil {
		c := float64(odtx.CART)
		lines = append(lines, chart.Series{Name: "CART", X: []float64{0, end}, Y: []float64{c, c}})
	}
	return append(lines, marks...)
}

// steps is the series of a trajectory's value y as a step line: level
// from each change to the next, and from the last to end.
func (a *Anytime) steps(name string, end float64, y func(Step) int) chart.Series {
	s := chart.Series{Name: name}
	for i, st := range a.Trajectory {
		v := float64(y(st))
		if n := len(s.Y); n > 0 {
			if v == s.Y[n-1] {
				continue
			}
			s.X, s.Y = append(s.X, a.time(i)), append(s.Y, s.Y[n-1])
		}
		s.X, s.Y = append(s.X, a.time(i)), append(s.Y, v)
	}
	s.X, s.Y = append(s.X, end), append(s.Y, s.Y[len(s.Y)-1])
	return s
}

// shortName names a dataset in a chart's title: a file by its name, a
// generated table by its size.
func shortName(file string) string {
	if !strings.HasPrefix(file, numericPrefix) {
		return strings.TrimSuffix(path.Base(file), ".csv")
	}
	if p, err := numericSpec(file); err == nil {
		return fmt.Sprintf("generated, %d rows × %d, noise %g", p.Rows, p.Columns, p.Noise)
	}
	return file
}

// slug makes a dataset's name fit a file's: its letters, digits and dots,
// every other run of characters a dash, without ".csv".
func slug(file string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.TrimSuffix(file, ".csv") {
		if c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}

// writeAnytimeCSV writes a line for each record, grouped as the table's
// rows: its tool and run, how it ended, its errors and time, and for
// odtx's, CART's errors, the errors, bound and gap at each checkpoint and
// the primal integral against ref, the fewest errors known.
func writeAnytimeCSV(w *bytes.Buffer, keys []fileDepth, rows map[fileDepth][]Record) error {
	cw := csv.NewWriter(w)
	header := []string{"dataset", "depth", "tool", "run", "status", "seconds", "errors", "cart_errors", "ref_errors"}
	for _, c := range checkpoints {
		header = append(header, fmt.Sprintf("errors_%gs", c), fmt.Sprintf("bound_%gs", c), fmt.Sprintf("gap_percent_%gs", c))
	}
	cw.Write(append(header, "primal_integral", "proof_seconds"))
	for _, k := range keys {
		recs := rows[k]
		ref := fewestAnswered(recs, false)
		integral := integralAgainst(ref)
		for _, r := range recs {
			line := []string{k.file, strconv.Itoa(k.depth), r.Solver, strconv.Itoa(r.Run), r.Status, number(r.Seconds), number(errorCount(r)),
				number(anytimeFigure(cartErrors)(r)), number(ref)}
			for _, c := range checkpoints {
				line = append(line, number(heldAt(c, stepErrors)(r)), number(heldAt(c, stepBound)(r)), number(heldAt(c, stepGap)(r)))
			}
			proof := anytimeFigure(proofSeconds)(r)
			if r.Program != "" && r.OK() {
				proof = r.Seconds
			}
			cw.Write(append(line, number(integral(r)), number(proof)))
		}
	}
	cw.Flush()
	return cw.Error()
}

// number writes a figure for anytime.csv: as short as it reads back, empty
// for none.
func number(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
