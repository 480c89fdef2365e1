package dataset

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/odtx/odtx/internal/plural"
)

// Table is a CSV file as read: the header, the records, with the line
// numbers on which they start, and their fields, trimmed of surrounding
// spaces, which Value returns.
//
// A table keeps each field as the number of its value among its column's
// values, its code (see Code), and each value once (but in a column of
// very many, see ReadTable): a field costs four bytes, however long its
// value, and Binarize finds every field's value without a look-up.
type Table struct {
	Name   string   // file name used in error messages ("-" is shown as "stdin")
	Header []string // column names, trimmed of surrounding spaces
	Lines  []int    // 1-based physical line on which each record starts

	// cols numbers the values of each column, and codes holds record r's
	// field c as its number in cols[c], at r*len(Header)+c.
	cols  []dict
	codes []int32
	// sub is set for a table of some of another's records, which shares
	// its cols: they may hold values that none of its own records has.
	sub bool
}

// Len returns the number of records of t.
func (t *Table) Len() int { return len(t.Lines) }

// Value returns field c of record r.
func (t *Table) Value(r, c int) string {
	return t.cols[c].values[t.codes[r*len(t.Header)+c]]
}

// Record returns the fields of record r, in a new slice.
func (t *Table) Record(r int) []string {
	rec := make([]string, len(t.Header))
	for c := range rec {
		rec[c] = t.Value(r, c)
	}
	return rec
}

// ReadTable reads a CSV table with a header row from r. The separator is ',',
// ';' or a tab, whichever occurs most often in the header line (in that
// order on a tie), and every column must have a name. Fields must be UTF-8
// text; a leading byte order mark, CRLF line endings
// and blank lines are accepted. A line may hold at most 1 MiB, not counting its end, and so may
// a record whose quoted field spans lines. The name is used in error
// messages.
//
// Equal fields of a column share one string, and a record costs four bytes
// a field beside its column's values. A column of more than 65,536 values
// is likely one of numbers that rarely repeat: the table indexes that
// many, and keeps any other value anew each time it meets it.
func ReadTable(r io.Reader, name string) (*Table, error) {
	return ReadTableContext(context.Background(), r, name)
}

// ReadTableContext is ReadTable that stops, with an error that wraps ctx's,
// once ctx is done, even while a read from r blocks, as one from a terminal
// or a pipe does. Such a read is left to finish on its own; nothing reads
// from r after it.
func ReadTableContext(ctx context.Context, r io.Reader, name string) (*Table, error) {
	size := regularSize(r)
	rd, err := newReader(contextReader(ctx, r, size), name)
	if err != nil {
		return nil, err
	}
	text, str, hline, err := rd.record()
	if err != nil {
		return nil, err // not io.EOF: the input holds more than white space
	}
	header := slices.Clone(str) // encoding/csv reuses its record
	for text != nil {
		f, rest, found := bytes.Cut(text, []byte{rd.sep})
		header = append(header, string(trimSpace(f)))
		text = rest
		if !found {
			break
		}
	}
	if err := checkHeader(name, hline, header); err != nil {
		return nil, err
	}

	width, sep := len(header), rd.sep
	cols := make([]dict, width)
	var values arena // the bytes of every column's values
	var codes []int32
	rows := 0
	// The records of a large file nearly always follow one another line by
	// line, so rather than every record's line only the lines that break
	// the sequence are kept, as pairs of a record and its line.
	var jumps []int
	for {
		text, str, line, err := rd.record()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		n := len(str)
		if text != nil {
			n = bytes.Count(text, []byte{sep}) + 1
		}
		if n != width {
			return nil, fmt.Errorf("%s:%d: row has %s, header has %d", name, line, plural.Count(n, "field"), width)
		}
		switch {
		case rows == 0 && text != nil && size > 0:
			// The file's size over its first record's tells about how many
			// records it holds, with room for records shorter than the
			// first: the codes are allocated for them at once. A column
			// whose first records all differ is likely to hold about as
			// many values, and its index is made that large at once too,
			// rather than grown step by step.
			expect := size / int64(len(text)+1) * 5 / 4
			codes = make([]int32, 0, min(expect, maxCodes/int64(width))*int64(width))
			for i := range cols {
				cols[i].expect = int(min(expect, internMax))
			}
		case rows == linearMax+1:
			// A column that needs its index only after a repeat among its
			// first records is more likely one of categories: an index
			// the size of the file would cost it more than all its values.
			for i := range cols {
				cols[i].expect = 0
			}
		}
		codes = slices.Grow(codes, width)
		rec := codes[len(codes) : len(codes)+width]
		codes = codes[:len(codes)+width]
		if text != nil {
			// This loop runs for every field of a large file, so it does
			// the common case, a short field of one printable character,
			// without a call.
			for i := range rec {
				j := 0
				for j < len(text) && text[j] != sep {
					j++
				}
				f := text[:j]
				text = text[min(j+1, len(text)):]
				d := &cols[i]
				if len(f) == 1 && d.char[f[0]] != 0 {
					rec[i] = d.char[f[0]] - 1
					continue
				}
				k, ok := internBytes(d, trimSpace(f), &values)
				if !ok {
					return nil, fmt.Errorf("%s:%d: column %q %s", name, line, header[i], notUTF8)
				}
				rec[i] = k
			}
		} else {
			for i, f := range str {
				k, ok := internBytes(&cols[i], []byte(f), &values)
				if !ok {
					return nil, fmt.Errorf("%s:%d: column %q %s", name, line, header[i], notUTF8)
				}
				rec[i] = k
			}
		}
		if n := len(jumps); n == 0 || line != jumps[n-1]+rows-jumps[n-2] {
			jumps = append(jumps, rows, line)
		}
		rows++
	}
	if rows == 0 {
		return nil, fmt.Errorf("%s: no data rows after the header", name)
	}

	if len(codes) < cap(codes)/2 {
		// A first record much shorter than the rest made the estimate
		// far too large: the table keeps only what it holds.
		codes = slices.Clone(codes)
	}
	t := &Table{Name: name, Header: header, Lines: make([]int, rows), cols: cols, codes: codes}
	for j := 0; j < len(jumps); j += 2 {
		for i := jumps[j]; i < rows && (j+2 == len(jumps) || i < jumps[j+2]); i++ {
			t.Lines[i] = jumps[j+1] + i - jumps[j]
		}
	}
	return t, nil
}

// Code returns the code of field c of record r: the number of its value
// among those of column c, from 0 to NumCodes(c)-1. Fields of one code hold
// one value, so that what a value gives can be kept by its code. Fields of
// one value have one code, but in a column of more values than a table
// indexes (see ReadTable).
func (t *Table) Code(r, c int) int {
	return int(t.codes[r*len(t.Header)+c])
}

// NumCodes returns the number of codes of column c. A table of some of
// another's records gives the other's.
func (t *Table) NumCodes(c int) int { return len(t.cols[c].values) }

// maxCodes is the most fields whose codes ReadTable allocates ahead, from
// its estimate of a file's records.
const maxCodes = 1 << 24

// notUTF8 ends the error for a field that is not UTF-8 text: such a field
// could not be written to JSON as it is, so a tree would not find it again.
const notUTF8 = "holds bytes that are not UTF-8"

// internBytes returns the code of b in d, added if new, with its bytes
// kept in a, or false if b is not UTF-8. Only values new to d need the
// check.
func internBytes(d *dict, b []byte, a *arena) (int32, bool) {
	k, h := d.find(b)
	if k >= 0 {
		return int32(k), true
	}
	if !utf8.Valid(b) {
		return 0, false
	}
	if s, ok := char(b); ok {
		return d.add(s, h), true
	}
	return d.add(a.keep(b), h), true
}

// printable holds the printable ASCII characters.
const printable = "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// char returns v as a substring of printable if it is one such character.
// One-character values, such as 0 and 1, are the most common by far in
// large files; as substrings of a constant they cost no allocation.
func char[T string | []byte](v T) (string, bool) {
	if len(v) != 1 || v[0] <= ' ' || v[0] > '~' {
		return "", false
	}
	i := v[0] - '!'
	return printable[i : i+1], true
}

// trimSpace is bytes.TrimSpace, made cheap for the common field that has no
// space to trim.
func trimSpace(b []byte) []byte {
	if len(b) > 0 && b[0] > ' ' && b[0] < utf8.RuneSelf && b[len(b)-1] > ' ' && b[len(b)-1] < utf8.RuneSelf {
		return b
	}
	return bytes.TrimSpace(b)
}

// ReadTableFile reads the CSV table in the named file, or standard input if
// path is "-".
func ReadTableFile(path string) (*Table, error) {
	return ReadTableFileContext(context.Background(), path)
}

// ReadTableFileContext is ReadTableFile that stops once ctx is done, as
// ReadTableContext does.
func ReadTableFileContext(ctx context.Context, path string) (*Table, error) {
	if path == "-" {
		return ReadTableContext(ctx, os.Stdin, "stdin")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err // the error already names the path
	}
	defer f.Close()
	return ReadTableContext(ctx, f, path)
}

// regularSize returns the size of r if it is a regular file, else 0.
func regularSize(r io.Reader) int64 {
	f, ok := r.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return 0
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return 0
	}
	return fi.Size()
}

// ReadFileContext reads the whole file at path, as os.ReadFile does, and
// returns ctx's error once ctx ends, even while a read blocks on a pipe
// that stays open.
func ReadFileContext(ctx context.Context, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(contextReader(ctx, f, regularSize(f)))
}

// maxLine is the most bytes a line may hold, not counting its end, and a
// record that spans lines too: enough for any real table, and a clear error
// rather than all of memory for input that is not one, such as /dev/zero.
const maxLine = 1 << 20

// contextReader returns r made to fail with ctx's error once ctx is done.
// size is r's, as regularSize gives it.
func contextReader(ctx context.Context, r io.Reader, size int64) io.Reader {
	switch {
	case ctx.Done() == nil:
		return r // never done
	case size > 0:
		// A read of a regular file ends by itself: checking ctx between
		// reads is enough, without a goroutine and a buffer a read.
		return checkedReader{ctx, r}
	}
	return &ctxReader{ctx: ctx, r: r, res: make(chan readResult, 1)}
}

// checkedReader is r that fails with ctx's error once ctx is done.
type checkedReader struct {
	ctx context.Context
	r   io.Reader
}

func (c checkedReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// ctxReader is the reader contextReader returns.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
	buf []byte
	res chan readResult // buffered, so that an abandoned read can end
}

// readResult is what a Read of a ctxReader's reader returned.
type readResult struct {
	n   int
	err error
}

// Read reads from c.r in a goroutine, into a buffer of its own, so that it
// can return when ctx ends while the read still blocks. The read then
// writes into the buffer whenever it ends, which is harmless, since once
// ctx is done no Read gets past the first check.
func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if len(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	buf := c.buf[:len(p)]
	go func() {
		n, err := c.r.Read(buf)
		c.res <- readResult{n, err}
	}()
	select {
	case r := <-c.res:
		return copy(p, buf[:r.n]), r.err
	case <-c.ctx.Done():
		return 0, c.ctx.Err()
	}
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

// reader splits CSV input into records with their fields trimmed. Lines
// without a quote, which are nearly all lines of a large data file, it
// splits itself, in its input buffer, so that reading allocates nothing per
// row. At the first quote it hands the rest of the input to encoding/csv,
// whose quoting rules it does not repeat; where both apply they agree,
// since encoding/csv too counts lines on '\n', drops a '\r' before it,
// skips empty lines and splits a line without quotes at every separator.
type reader struct {
	name   string
	in     *bufio.Reader
	sep    byte
	ahead  [][]byte    // lines read to find the separator, not yet parsed
	line   int         // number of the last line read
	long   []byte      // a line longer than in's buffer, put together
	cr     *csv.Reader // reads the rest once a quote has been seen
	crLine int         // lines read before cr took over
}

// newReader starts reading r: it skips a byte order mark and reads ahead to
// the first line that is not blank, which decides the separator.
func newReader(r io.Reader, name string) (*reader, error) {
	// A buffer larger than a few pages reads a large file no faster, and
	// costs a small one pages that it touches once.
	rd := &reader{name: name, in: bufio.NewReaderSize(r, 16<<10)}
	bom, err := rd.in.Peek(len("\ufeff"))
	if err != nil && err != io.EOF {
		return nil, readError(name, err)
	}
	if string(bom) == "\ufeff" {
		rd.in.Discard(len(bom))
	}
	var ahead [][]byte
	for {
		line, err := rd.readLine()
		if err == io.EOF {
			return nil, fmt.Errorf("%s: empty file, expected a header row", name)
		}
		if err != nil {
			return nil, err
		}
		ahead = append(ahead, bytes.Clone(line))
		if len(bytes.TrimSpace(line)) > 0 {
			rd.sep = separator(line)
			break
		}
	}
	rd.ahead = ahead
	rd.line = 0 // the lines ahead are counted again as they are parsed
	return rd, nil
}

// readLine returns the next line of the input with its '\n', if any, or
// io.EOF at the end. The line is valid until the next call.
func (rd *reader) readLine() ([]byte, error) {
	if len(rd.ahead) > 0 {
		line := rd.ahead[0]
		rd.ahead = rd.ahead[1:]
		rd.line++
		return line, nil
	}
	line, err := rd.in.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		rd.long = append(rd.long[:0], line...)
		// A line without end is read only until it is surely too long,
		// the most a line may hold and a "\r\n" after it, so that it
		// costs no more memory than the limit.
		for err == bufio.ErrBufferFull && len(rd.long) < maxLine+len("\r\n") {
			line, err = rd.in.ReadSlice('\n')
			rd.long = append(rd.long, line...)
		}
		line = rd.long
	}
	switch {
	case len(withoutEnd(line)) > maxLine:
		return nil, fmt.Errorf("%s:%d: line longer than 1 MiB", rd.name, rd.line+1)
	case err == io.EOF && len(line) > 0:
	case err == io.EOF:
		return nil, err
	case err != nil:
		return nil, readError(rd.name, err)
	}
	rd.line++
	return line, nil
}

// readError is err, from reading the input called name, naming it once:
// an error of the file system names its path already ("read DIR: is a
// directory").
func readError(name string, err error) error {
	if _, ok := errors.AsType[*fs.PathError](err); ok {
		return err
	}
	return fmt.Errorf("read %s: %w", name, err)
}

// withoutEnd returns line without its "\n" or "\r\n".
func withoutEnd(line []byte) []byte {
	if line, ok := bytes.CutSuffix(line, []byte("\n")); ok {
		return bytes.TrimSuffix(line, []byte("\r"))
	}
	return line
}

// record returns the next record and the line on which it starts, or
// io.EOF unwrapped at the end of the input. A record without quotes comes as
// text, the line without its end, valid until the next call, for the caller
// to split at the separator; a record read by encoding/csv comes as str, the
// fields trimmed, also valid until the next call.
func (rd *reader) record() (text []byte, str []string, line int, err error) {
	for rd.cr == nil {
		raw, err := rd.readLine()
		if err != nil {
			return nil, nil, 0, err
		}
		text = bytes.TrimSuffix(raw, []byte("\n"))
		text = bytes.TrimSuffix(text, []byte("\r"))
		if len(text) == 0 {
			continue // blank
		}
		if bytes.IndexByte(text, '"') < 0 {
			return text, nil, rd.line, nil
		}
		// The line goes back, for encoding/csv to read again. It stays
		// valid: the input is read again only once it is handed over.
		rd.ahead = slices.Insert(rd.ahead, 0, raw)
		rd.line--
		rd.crLine = rd.line
		rd.cr = newCSVReader(&feeder{rd: rd}, rune(rd.sep))
	}
	str, line, err = rd.csvRecord()
	return nil, str, line, err
}

// feeder hands encoding/csv the rest of the input line by line, as it asks
// for it, through readLine, which keeps lines to the limit. It keeps a
// record that spans lines to the limit too, finding where records end by
// the quotes: only a quoted field spans lines, and it holds an odd number
// of quotes until it closes, since it doubles those within. Input where
// that fails has a stray quote, on which encoding/csv stops first.
type feeder struct {
	rd      *reader
	pending []byte // the rest of the line last read, valid until the next
	quotes  int    // quotes in the record so far
	start   int    // line on which the record starts
	size    int    // bytes of the record so far
}

// Read hands over the rest of the line last read, or reads the next.
func (f *feeder) Read(p []byte) (int, error) {
	if len(f.pending) == 0 {
		line, err := f.rd.readLine()
		if err != nil {
			return 0, err // io.EOF unwrapped, as encoding/csv wants it
		}
		if f.quotes%2 == 0 {
			f.start, f.size = f.rd.line, 0
		}
		f.size += len(line)
		f.quotes += bytes.Count(line, []byte{'"'})
		if f.size-len(line)+len(withoutEnd(line)) > maxLine {
			return 0, fmt.Errorf("%s:%d: record longer than 1 MiB", f.rd.name, f.start)
		}
		f.pending = line
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// newCSVReader returns an encoding/csv reader for the rest of the input.
func newCSVReader(r io.Reader, sep rune) *csv.Reader {
	cr := csv.NewReader(r)
	cr.Comma = sep
	cr.FieldsPerRecord = -1 // checked by ReadTable, to report both counts
	// Leading space must go before encoding/csv looks for the quote that
	// opens a field; but not with tabs between fields, which it would skip
	// as space after an empty field, merging fields. Then csvRecord's trim
	// does, and a quote after a space is an error.
	cr.TrimLeadingSpace = sep != '\t'
	cr.ReuseRecord = true
	return cr
}

// csvRecord reads the next record with encoding/csv, with its fields
// trimmed and the line on which it starts. It returns io.EOF unwrapped at
// the end of the input.
func (rd *reader) csvRecord() ([]string, int, error) {
	rec, err := rd.cr.Read()
	if err == io.EOF {
		return nil, 0, err
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		err = fmt.Errorf("%s:%d: column %d: %w", rd.name, rd.crLine+pe.Line, pe.Column, pe.Err)
		if pe.StartLine != pe.Line {
			// An unclosed quote is detected only at the end of the file.
			err = fmt.Errorf("%w (record starts on line %d)", err, rd.crLine+pe.StartLine)
		}
		return nil, 0, err
	}
	if err != nil {
		return nil, 0, err // from readLine, one line that names the file
	}
	for i := range rec {
		rec[i] = strings.TrimSpace(rec[i])
	}
	line, _ := rd.cr.FieldPos(0)
	return rec, rd.crLine + line, nil
}

// separator picks ',', ';' or '\t', whichever occurs most often in line,
// the header's, the first of them on a tie.
func separator(line []byte) byte {
	sep, most := byte(','), bytes.Count(line, []byte(","))
	for _, c := range []byte{';', '\t'} {
		if n := bytes.Count(line, []byte{c}); n > most {
			sep, most = c, n
		}
	}
	return sep
}

// Subset returns the given records of t as a table of their own, called
// name in error messages but citing the lines of t's file.
func (t *Table) Subset(name string, records []int) *Table {
	w := len(t.Header)
	s := &Table{
		Name:   name,
		Header: t.Header,
		Lines:  make([]int, len(records)),
		cols:   t.cols,
		codes:  make([]int32, len(records)*w),
		sub:    true,
	}
	for i, r := range records {
		s.Lines[i] = t.Lines[r]
		copy(s.codes[i*w:(i+1)*w], t.codes[r*w:(r+1)*w])
	}
	return s
}

// checkHeader fails unless every column of the header on line hline of the
// file name has a name, in UTF-8, of its own.
func checkHeader(name string, hline int, header []string) error {
	seen := make(map[string]bool, len(header))
	for i, h := range header {
		switch {
		case !utf8.ValidString(h):
			return fmt.Errorf("%s:%d: column %d of the header %s", name, hline, i+1, notUTF8)
		case h == "":
			return fmt.Errorf("%s:%d: column %d of the header has no name", name, hline, i+1)
		case strings.ContainsRune(h, '\r'):
			return fmt.Errorf("%s:%d: the header runs on past a carriage return: lines that end in CR alone (old Mac files) are not read as lines; convert them to LF (tr '\\r' '\\n')", name, hline)
		case seen[h]:
			return fmt.Errorf("%s: column %q appears twice in the header", name, h)
		}
		seen[h] = true
	}
	return nil
}
