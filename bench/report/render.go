// Package report renders the records of odtx bench (package bench): the
// table of each suite, with each figure beside the paper's or
// ../shared/REFERENCE.md's and the ratio between them, in Markdown, CSV or
// JSON, and the files some suites add, such as the scaling suite's charts.
// It depends on the records alone, so that the records of one run and
// those of the shards of a sweep, merged, render alike.
package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/odtx/odtx/bench"
)

// Formats are the formats of the tables, by file extension.
var Formats = []string{"md", "csv", "json"}

// CheckFormat reports whether f is one of Formats.
func CheckFormat(f string) error {
	switch f {
	case "md", "csv", "json":
		return nil
	}
	return fmt.Errorf("unknown format %q (want %s)", f, strings.Join(Formats, ", "))
}

// Render renders records: first the tables in format, as results.md,
// results.csv or results.json, then the files of the suites that have
// more, such as the scaling suite's charts (scaling-c.svg and so on) and
// scaling.csv. A run and a merge of its shards' records report the same.
func Render(records []bench.Record, format string) ([]bench.File, error) {
	var tables bytes.Buffer
	if err := WriteTables(&tables, format, bench.Tables(records)); err != nil {
		return nil, err
	}
	more, err := bench.Files(records)
	if err != nil {
		return nil, err
	}
	return append([]bench.File{{Name: "results." + format, Data: tables.Bytes()}}, more...), nil
}

// WriteTables writes tables to w in format: Markdown, with a heading and
// notes for each table; CSV, a block for each table with a header line,
// blocks apart by a blank line and each line starting with the suite; or
// a JSON array of tables.
func WriteTables(w io.Writer, format string, tables []*bench.Table) error {
	switch format {
	case "md":
		return writeMarkdown(w, tables)
	case "csv":
		return writeCSV(w, tables)
	case "json":
		return writeJSON(w, tables)
	}
	return CheckFormat(format)
}

func writeMarkdown(w io.Writer, tables []*bench.Table) error {
	var b strings.Builder
	for i, t := range tables {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "## %s\n\n", t.Title)
		header := append(append([]string(nil), t.Keys...), columnNames(t)...)
		writeMarkdownRow(&b, append(header, "status"))
		b.WriteString(strings.Repeat("|---", len(header)+1) + "|\n")
		for _, r := range t.Rows {
			cells := append([]string(nil), r.Keys...)
			for c, f := range r.Figures {
				cells = append(cells, cell(t.Columns[c], f))
			}
			writeMarkdownRow(&b, append(cells, r.Status))
		}
		b.WriteString("\n")
		for _, n := range t.Notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func columnNames(t *bench.Table) []string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	return names
}

// writeMarkdownRow writes cells as a row of a Markdown table; a cell may
// hold an error message, whose pipes and line breaks would end it.
func writeMarkdownRow(b *strings.Builder, cells []string) {
	for _, c := range cells {
		c = strings.ReplaceAll(c, "|", `\|`)
		c = strings.Join(strings.Fields(c), " ")
		fmt.Fprintf(b, "| %s ", c)
	}
	b.WriteString("|\n")
}

// cell shows a figure in a Markdown table: "this (reference, ×ratio)".
func cell(c bench.Column, f bench.Figure) string {
	ref := ""
	if !math.IsNaN(f.Ref) {
		ref = format(c.Unit, f.Ref)
		if r := f.Ratio(); !math.IsNaN(r) {
			ref += ", " + ratio(r)
		}
	}
	switch {
	case c.RefOnly && ref == "":
		return "–"
	case c.RefOnly:
		// The reference first, as the header names it.
		first, rest, _ := strings.Cut(ref, ", ")
		if rest == "" {
			return first
		}
		return first + " (" + rest + ")"
	case ref == "":
		return format(c.Unit, f.Value)
	}
	return format(c.Unit, f.Value) + " (" + ref + ")"
}

// format prints a figure in its unit with the digits that matter, "–" for
// none.
func format(u bench.Unit, v float64) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case u == bench.Percent:
		return fmt.Sprintf("%.1f%%", v)
	case u == bench.Count && (v == math.Trunc(v) || v >= 1000):
		return fmt.Sprintf("%.0f", v)
	case u == bench.Count:
		return fmt.Sprintf("%.1f", v)
	}
	return seconds3(v)
}

// seconds3 prints a time with three significant digits at most, as the
// paper prints its own (55, 1.6, 0.075), without an exponent from a
// millisecond to hours.
func seconds3(v float64) string {
	if v >= 100 {
		return fmt.Sprintf("%.0f", v)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

func ratio(r float64) string {
	switch {
	case r >= 100:
		return fmt.Sprintf("×%.0f", r)
	case r >= 10:
		return fmt.Sprintf("×%.1f", r)
	}
	return fmt.Sprintf("×%.2f", r)
}

func writeCSV(w io.Writer, tables []*bench.Table) error {
	cw := csv.NewWriter(w)
	for i, t := range tables {
		if i > 0 {
			cw.Write(nil) // a blank line between blocks
		}
		header := append([]string{"suite"}, t.Keys...)
		for _, c := range t.Columns {
			switch {
			case c.RefOnly:
				header = append(header, c.Name, c.Name+" ratio")
			case c.Ref != "":
				header = append(header, c.Name, c.Name+" "+c.Ref, c.Name+" ratio")
			default:
				header = append(header, c.Name)
			}
		}
		cw.Write(append(header, "status"))
		for _, r := range t.Rows {
			line := append([]string{t.Suite}, r.Keys...)
			for c, f := range r.Figures {
				if !t.Columns[c].RefOnly {
					line = append(line, number(f.Value))
				}
				if t.Columns[c].Ref != "" {
					line = append(line, number(f.Ref), number(f.Ratio()))
				}
			}
			cw.Write(append(line, r.Status))
		}
	}
	cw.Flush()
	return cw.Error()
}

// number prints a figure for a machine: six significant digits, empty for
// none.
func number(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

type jsonTable struct {
	Suite   string       `json:"suite"`
	Title   string       `json:"title"`
	Keys    []string     `json:"keys"`
	Columns []jsonColumn `json:"columns"`
	Rows    []jsonRow    `json:"rows"`
	Notes   []string     `json:"notes"`
}

type jsonColumn struct {
	Name    string `json:"name"`
	Ref     string `json:"ref,omitempty"`
	RefOnly bool   `json:"ref_only,omitempty"`
}

type jsonRow struct {
	Keys   []string   `json:"keys"`
	Cells  []jsonCell `json:"cells"`
	Status string     `json:"status"`
}

// jsonCell holds a figure; null stands for none, which JSON cannot write
// as NaN.
type jsonCell struct {
	Value *float64 `json:"value"`
	Ref   *float64 `json:"ref,omitempty"`
	Ratio *float64 `json:"ratio,omitempty"`
}

func writeJSON(w io.Writer, tables []*bench.Table) error {
	out := make([]jsonTable, len(tables))
	for i, t := range tables {
		jt := jsonTable{Suite: t.Suite, Title: t.Title, Keys: t.Keys, Notes: t.Notes}
		for _, c := range t.Columns {
			jt.Columns = append(jt.Columns, jsonColumn{Name: c.Name, Ref: c.Ref, RefOnly: c.RefOnly})
		}
		for _, r := range t.Rows {
			jr := jsonRow{Keys: r.Keys, Status: r.Status}
			for _, f := range r.Figures {
				jr.Cells = append(jr.Cells, jsonCell{Value: known(f.Value), Ref: known(f.Ref), Ratio: known(f.Ratio())})
			}
			jt.Rows = append(jt.Rows, jr)
		}
		out[i] = jt
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func known(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}
