package dataset

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// Table is a CSV file as read: the header and the raw records with the line
// numbers on which they start.
type Table struct {
	Name    string     // file name used in error messages ("-" is shown as "stdin")
	Header  []string   // column names, trimmed of surrounding spaces
	Records [][]string // fields trimmed of surrounding spaces, each as long as Header
	Lines   []int      // 1-based physical line on which each record starts
}

// ReadTable reads a CSV table with a header row from r. The separator is ','
// or ';', whichever occurs more often in the header line (',' on a tie). A
// leading UTF-8 byte order mark, CRLF line endings and blank lines are
// accepted. The name is used in error messages.
func ReadTable(r io.Reader, name string) (*Table, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: empty file, expected a header row", name)
	}

	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = separator(data)
	cr.FieldsPerRecord = -1 // checked below, to report both counts
	cr.TrimLeadingSpace = true
	header, _, err := readRecord(cr, name)
	if err != nil {
		return nil, err // not io.EOF: data holds more than white space
	}
	seen := make(map[string]bool, len(header))
	for _, h := range header {
		if seen[h] {
			return nil, fmt.Errorf("%s: column %q appears twice in the header", name, h)
		}
		seen[h] = true
	}

	t := &Table{Name: name, Header: header}
	for {
		rec, line, err := readRecord(cr, name)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(rec) != len(header) {
			return nil, fmt.Errorf("%s:%d: row has %d fields, header has %d", name, line, len(rec), len(header))
		}
		t.Records = append(t.Records, rec)
		t.Lines = append(t.Lines, line)
	}
	if len(t.Records) == 0 {
		return nil, fmt.Errorf("%s: no data rows after the header", name)
	}
	return t, nil
}

// ReadTableFile reads the CSV table in the named file, or standard input if
// path is "-".
func ReadTableFile(path string) (*Table, error) {
	if path == "-" {
		return ReadTable(os.Stdin, "stdin")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err // the error already names the path
	}
	defer f.Close()
	return ReadTable(f, path)
}

// Column returns the index of the named column, or an error that names the
// column and lists the available ones.
func (t *Table) Column(name string) (int, error) {
	return t.column(name, "column")
}

// column is Column with the noun for the error message, so that a missing
// label reads as such.
func (t *Table) column(name, what string) (int, error) {
	for i, h := range t.Header {
		if h == name {
			return i, nil
		}
	}
	return -1, fmt.Errorf("%s: no %s %q (columns: %s)", t.Name, what, name, strings.Join(t.Header, ", "))
}

// readRecord reads the next record with its fields trimmed and the line on
// which it starts. It returns io.EOF unwrapped at the end of the input.
func readRecord(cr *csv.Reader, name string) ([]string, int, error) {
	rec, err := cr.Read()
	if err == io.EOF {
		return nil, 0, err
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		err = fmt.Errorf("%s:%d: column %d: %w", name, pe.Line, pe.Column, pe.Err)
		if pe.StartLine != pe.Line {
			// An unclosed quote is detected only at the end of the file.
			err = fmt.Errorf("%w (record starts on line %d)", err, pe.StartLine)
		}
		return nil, 0, err
	}
	if err != nil {
		return nil, 0, fmt.Errorf("read %s: %w", name, err)
	}
	for i := range rec {
		rec[i] = strings.TrimSpace(rec[i])
	}
	line, _ := cr.FieldPos(0)
	return rec, line, nil
}

// separator picks ',' or ';' by counting both in the first non-blank line,
// which is the header because encoding/csv skips blank lines too.
func separator(data []byte) rune {
	var first []byte
	for len(bytes.TrimSpace(first)) == 0 {
		first, data, _ = bytes.Cut(data, []byte("\n"))
	}
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		return ';'
	}
	return ','
}

// Subset returns the given records of t as a table of their own, called
// name in error messages but citing the lines of t's file.
func (t *Table) Subset(name string, records []int) *Table {
	s := &Table{
		Name:    name,
		Header:  t.Header,
		Records: make([][]string, len(records)),
		Lines:   make([]int, len(records)),
	}
	for i, r := range records {
		s.Records[i], s.Lines[i] = t.Records[r], t.Lines[r]
	}
	return s
}
