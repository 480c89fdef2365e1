package dataset

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/odtx/odtx/internal/plural"
)

// The reference functions below are the first, straightforward
// implementation of ReadTable and Binarize: the whole input in memory, one
// encoding/csv record per row, and every test evaluated on every row. The
// tuned versions must agree with them on every input, down to the error
// messages and the sign of a zero threshold, but for the limit on the
// length of a line, which the reference does not know; TestReadTableLimit
// tests it.

// refTable is a table as the reference reads it: every record's fields.
type refTable struct {
	Name    string
	Header  []string
	Records [][]string
	Lines   []int
}

// asRef returns t's records as the reference keeps them.
func asRef(t *Table) *refTable {
	rt := &refTable{Name: t.Name, Header: t.Header, Lines: t.Lines}
	for r := range t.Len() {
		rt.Records = append(rt.Records, t.Record(r))
	}
	return rt
}

func referenceReadTable(r io.Reader, name string) (*refTable, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: empty file, expected a header row", name)
	}
	var first []byte
	for rest := data; len(bytes.TrimSpace(first)) == 0; {
		first, rest, _ = bytes.Cut(rest, []byte("\n"))
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = ','
	for _, sep := range []rune{';', '\t'} {
		if strings.Count(string(first), string(sep)) > strings.Count(string(first), string(cr.Comma)) {
			cr.Comma = sep
		}
	}
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = cr.Comma != '\t'
	read := func() ([]string, int, error) {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil, 0, err
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			err = fmt.Errorf("%s:%d: column %d: %w", name, pe.Line, pe.Column, pe.Err)
			if pe.StartLine != pe.Line {
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
	header, hline, err := read()
	if err != nil {
		return nil, err
	}
	if err := checkHeader(name, hline, header); err != nil {
		return nil, err
	}
	t := &refTable{Name: name, Header: header}
	for {
		rec, line, err := read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(rec) != len(header) {
			return nil, fmt.Errorf("%s:%d: row has %s, header has %d", name, line, plural.Count(len(rec), "field"), len(header))
		}
		for i, f := range rec {
			if !utf8.ValidString(f) {
				return nil, fmt.Errorf("%s:%d: column %q holds bytes that are not UTF-8", name, line, header[i])
			}
		}
		t.Records = append(t.Records, rec)
		t.Lines = append(t.Lines, line)
	}
	if len(t.Records) == 0 {
		return nil, fmt.Errorf("%s: no data rows after the header", name)
	}
	return t, nil
}

// refTest is a candidate feature with the rank of every record's value,
// and for a column of numbers, which records miss it.
type refTest struct {
	Feature
	rank    []int
	k       int
	missing []bool
}

func (x *refTest) holds(r int) bool {
	if x.Op == LessEq {
		if x.missing != nil && x.missing[r] {
			return x.Missing == MissingTrue
		}
		return x.rank[r] <= x.k
	}
	return x.rank[r] == x.k
}

func referenceBinarize(t *refTable, opt Options) (*Dataset, [][]bool, error) {
	label, err := (&Table{Name: t.Name, Header: t.Header}).labelColumn(opt)
	if err != nil {
		return nil, nil, err
	}
	values := func(c int) []string {
		vals := make([]string, len(t.Records))
		for r, rec := range t.Records {
			vals[r] = rec[c]
		}
		return vals
	}
	for r, rec := range t.Records {
		if rec[label] == "" {
			return nil, nil, fmt.Errorf("%s:%d: label column %q is empty", t.Name, t.Lines[r], t.Header[label])
		}
	}
	var tests []refTest
	for c := range t.Header {
		if c == label {
			continue
		}
		name, raw := t.Header[c], values(c)
		if opt.Split == Threshold {
			if r := refNotFinite(raw); r >= 0 {
				return nil, nil, fmt.Errorf("%s:%d: column %q: %q is not a finite number, as a column of numbers needs", t.Name, t.Lines[r], name, raw[r])
			}
		}
		if nums, missing, ok := refNumbers(raw); ok && opt.Split == Threshold {
			var present []float64
			for r, v := range nums {
				if !missing[r] {
					present = append(present, v)
				}
			}
			vals, _ := refRank(present, cmp.Compare[float64])
			ranks := make([]int, len(nums))
			for r, v := range nums {
				ranks[r], _ = slices.BinarySearch(vals, v)
			}
			if !slices.Contains(missing, true) {
				for k := range len(vals) - 1 {
					// Where between two values a threshold goes, split_test.go
					// checks by a search of its own.
					tests = append(tests, refTest{Feature{Column: name, Op: LessEq, Threshold: splitPoint(vals[k], vals[k+1])}, ranks, k, nil})
				}
				continue
			}
			// Both sides for every value's test, the last value's too; the
			// tests that hold for every record or none go below.
			for _, side := range []Missing{MissingFalse, MissingTrue} {
				for k := range vals {
					threshold := vals[k]
					if k+1 < len(vals) {
						threshold = splitPoint(vals[k], vals[k+1])
					}
					tests = append(tests, refTest{Feature{Column: name, Op: LessEq, Threshold: threshold, Missing: side}, ranks, k, missing})
				}
			}
			continue
		}
		vals, ranks := refRank(refSameValue(raw, true), refOrder(raw, true))
		if len(vals) == 2 {
			vals = vals[:1]
		}
		for k, v := range vals {
			tests = append(tests, refTest{Feature{Column: name, Op: Equal, Value: v}, ranks, k, nil})
		}
	}
	tests = slices.DeleteFunc(tests, func(x refTest) bool {
		for r := range t.Records {
			if x.holds(r) != x.holds(0) {
				return false
			}
		}
		return true
	})
	labels := values(label)
	ds := &Dataset{Name: t.Name, Label: t.Header[label], Split: opt.Split}
	var class []int
	ds.Classes, class = refRank(refSameValue(labels, false), refOrder(labels, false))
	for _, x := range tests {
		if len(ds.Columns) == 0 || ds.Columns[len(ds.Columns)-1] != x.Column {
			ds.Columns = append(ds.Columns, x.Column)
		}
		ds.Features = append(ds.Features, x.Feature)
	}
	var rows [][]bool
	vals := make([]bool, len(tests))
	key := make([]byte, (len(tests)+7)/8)
	first := make(map[string]int)
	for r := range t.Records {
		clear(key)
		for j := range tests {
			vals[j] = tests[j].holds(r)
			if vals[j] {
				key[j/8] |= 1 << (j % 8)
			}
		}
		if i, ok := first[string(key)]; ok {
			if ex := ds.Examples[i]; ex.Class != class[r] {
				return nil, nil, fmt.Errorf("%s: lines %d and %d have the same features but labels %q and %q; no consistent tree exists",
					t.Name, ex.Line, t.Lines[r], ds.Classes[ex.Class], ds.Classes[class[r]])
			}
			continue
		}
		first[string(key)] = len(ds.Examples)
		ds.Examples = append(ds.Examples, Example{Line: t.Lines[r], Class: class[r]})
		rows = append(rows, slices.Clone(vals))
	}
	return ds, rows, nil
}

// refMissing reports whether s is a missing value: empty or NaN, in any
// case.
func refMissing(s string) bool { return s == "" || strings.ToLower(s) == "nan" }

// refNumbers returns raw as numbers, and which of raw are missing, if
// every one is a number or missing.
func refNumbers(raw []string) ([]float64, []bool, bool) {
	nums := make([]float64, len(raw))
	missing := make([]bool, len(raw))
	for i, s := range raw {
		if refMissing(s) {
			missing[i] = true
			continue
		}
		v, ok := number(s)
		if !ok {
			return nil, nil, false
		}
		nums[i] = v
	}
	return nums, missing, true
}

// refNotFinite returns the first of raw that is infinite if all are
// numbers or missing, else -1.
func refNotFinite(raw []string) int {
	first := -1
	for r, s := range raw {
		if refMissing(s) {
			continue
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return -1
		}
		if math.IsInf(v, 0) && first < 0 {
			first = r
		}
	}
	return first
}

// refOrder orders raw's values: numerically if all are numbers, else as
// strings; with missing, the missing values first, the others as if
// they were not there.
func refOrder(raw []string, missing bool) func(a, b string) int {
	absent := func(s string) bool { return missing && refMissing(s) }
	numeric := true
	for _, s := range raw {
		if _, ok := number(s); !ok && !absent(s) {
			numeric = false
		}
	}
	return func(a, b string) int {
		if absent(a) || absent(b) {
			return cmp.Or(-cmp.Compare(boolInt(absent(a)), boolInt(absent(b))), strings.Compare(a, b))
		}
		if !numeric {
			return strings.Compare(a, b)
		}
		x, _ := number(a)
		y, _ := number(b)
		return cmp.Or(cmp.Compare(x, y), strings.Compare(a, b))
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// refSameValue returns raw with each number written as the first, in
// refOrder, of the strings of its value: numbers of one value are one;
// with missing, so are the missing values.
func refSameValue(raw []string, missing bool) []string {
	sorted := slices.Clone(raw)
	slices.SortFunc(sorted, refOrder(raw, missing))
	first := make(map[float64]string)
	firstMissing := ""
	for _, s := range sorted {
		if v, ok := byValue(s); ok && first[v] == "" {
			first[v] = s
		}
	}
	for _, s := range slices.Backward(sorted) {
		if refMissing(s) {
			firstMissing = s
		}
	}
	out := slices.Clone(raw)
	for i, s := range raw {
		if v, ok := byValue(s); ok {
			out[i] = first[v]
		}
		if missing && refMissing(s) {
			out[i] = firstMissing
		}
	}
	return out
}

func refRank[K comparable](keys []K, compare func(a, b K) int) ([]K, []int) {
	index := make(map[K]int)
	for _, k := range keys {
		index[k] = 0
	}
	distinct := make([]K, 0, len(index))
	for k := range index {
		distinct = append(distinct, k)
	}
	slices.SortFunc(distinct, compare)
	for i, k := range distinct {
		index[k] = i
	}
	ranks := make([]int, len(keys))
	for i, k := range keys {
		ranks[i] = index[k]
	}
	return distinct, ranks
}

// checkReadTable fails unless ReadTable and the reference agree on in, and
// its codes on its values, and reports whether in is a table.
func checkReadTable(t *testing.T, in string) bool {
	t.Helper()
	got, err := ReadTable(strings.NewReader(in), "t.csv")
	want, wantErr := referenceReadTable(strings.NewReader(in), "t.csv")
	if fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Fatalf("input %q:\nerror %v\n want %v", in, err, wantErr)
	}
	if err != nil && got != nil || err == nil && !reflect.DeepEqual(asRef(got), want) {
		t.Fatalf("input %q:\ngot  %#v\nwant %#v", in, asRef(got), want)
	}
	if err == nil {
		checkCodes(t, got)
	}
	return err == nil
}

// checkBinarize fails unless Binarize and the reference agree on tab, and
// on a table of some of its records, and reports whether tab binarizes.
func checkBinarize(t *testing.T, tab *Table, opt Options, rng *rand.Rand) bool {
	t.Helper()
	var some []int
	for r := range tab.Len() {
		if rng.IntN(2) == 0 {
			some = append(some, r)
		}
	}
	if len(some) > 0 {
		sameBinarize(t, tab.Subset("s.csv", some), opt)
	}
	return sameBinarize(t, tab, opt)
}

// sameBinarize fails unless Binarize and the reference agree on tab, and
// reports whether tab binarizes.
func sameBinarize(t *testing.T, tab *Table, opt Options) bool {
	t.Helper()
	got, err := tab.Binarize(opt)
	ref := asRef(tab)
	want, wantRows, wantErr := referenceBinarize(ref, opt)
	if fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Fatalf("table %s %q, %+v:\nerror %v\n want %v", tab.Name, ref.Records, opt, err, wantErr)
	}
	if err != nil {
		return false
	}
	got, rows := uncoded(t, got)
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(rows, wantRows) {
		t.Fatalf("table %s %q, %+v:\ngot  %+v %v\nwant %+v %v", tab.Name, ref.Records, opt, got, rows, want, wantRows)
	}
	return true
}

// uncoded returns a copy of ds without codes, as the reference makes it,
// and the features' values on each example, having checked that each
// feature names the column of its Col.
func uncoded(t *testing.T, ds *Dataset) (*Dataset, [][]bool) {
	t.Helper()
	bare := *ds
	bare.Features = slices.Clone(ds.Features)
	for f := range bare.Features {
		ft := &bare.Features[f]
		if ds.Columns[ft.Col] != ft.Column {
			t.Fatalf("feature %v: Col %d is column %q", ft, ft.Col, ds.Columns[ft.Col])
		}
		ft.Col, ft.Code, ft.MissingCode = 0, 0, 0
	}
	bare.Examples = slices.Clone(ds.Examples)
	var rows [][]bool
	for i := range bare.Examples {
		rows = append(rows, ds.Row(&ds.Examples[i]))
		bare.Examples[i].Codes = nil
	}
	return &bare, rows
}

// readTableSeeds are inputs on which the reader's shortcuts and encoding/csv
// could part ways.
var readTableSeeds = []string{
	"A,B,X\n1,red,0\n2.5,blue,1\n",
	"A,B,X\n1,red,0\n2.5,blue,1",
	"\ufeffA;B;X\r\n1;red;0\r\n2.5;blue;1\r\n",
	" A , B ,X\n1,  red ,0\n 2.5,blue , 1\n",
	"A;B;X,Y\n1;red;0,5\n",
	"A,\"B, b\",X\n\"1\", \"a \"\"q\"\"\",0\n",
	"\nA,X\n\n1,0\n\"two\nlines\",1\n3,0\n",
	"A,X\n1,0\n1,a\"b\n",
	"A,X\n\"1,0\n2,1\n",
	"A,X\n1,0\n\"2\",1\n3,x\"\n",
	"A,X\n1,0\n \"2\" ,1\n",
	"  \nA,X\n1,0\n",
	" \t\n\r\n\nA;X\n1;0\n",
	"A,X\n1,0\n  \n",
	"A\n1\n  \n\r\r\n2\n",
	"A,X\n1,0\r",
	"A,X\n1,0\n\r",
	"A,X\r\n1,0\r\r\n2,1\r\n",
	"A,X\n1\r,0\n\u00a01\u0085,\u20280\n",
	"\ufeff\ufeffA,X\n1,0\n",
	"A,X\n\xff,\xfe\n",
	"A,X\n1,0,\n",
	"A,X\n1,0\n,\n",
	"A,X\n\"a\"\"\",0\n\"b\n\n\",1\n",
	"A,X\n1,0\n\"\"\n",
	"\"A\nB\",X\n1,0\n",
	"A,A\n1,0\n",
	"A,X\n1,0\n2;1\n",
	"A\tB\tX\n\"1\"\t\t0\n\t \t\"x\ty\"\n",
	"A\tX\n \"1\"\t0\n",
	"A,,X\n1,2,0\n",
	// One-character values first met padded, then on their own, which the
	// reader looks up without trimming.
	"A,B,X\n x, ,\x01\nx,\t, \x01\nx ,\v,\x7f\n\x7f,\f,\x01\n",
	"A\tX\n y\t0\ny\t \ny\t\x80\n",
}

func TestReadTableMatchesReference(t *testing.T) {
	for _, in := range readTableSeeds {
		checkReadTable(t, in)
	}
	// Long lines overflow the reader's buffer.
	long := strings.Repeat("x", 100_000)
	checkReadTable(t, "A,X\n"+long+",0\n1,"+long+"\n")
	checkReadTable(t, "A,X\n1,0\n\""+long+"\n"+long+"\",1\n")
	checkReadTable(t, "A,X\n1,0\n"+long+"\"\n")
}

func TestReadTableMatchesReferenceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tables := 0
	pieces := []string{"0", "1", "1", " 2 ", "5.0", "x", "", "\"q\"", "\"a,b\"", "\"l1\nl2\"", "a\"b", "\t", "\u00a0", "caf\xe9"}
	for range 3000 {
		var b strings.Builder
		if rng.IntN(8) == 0 {
			b.WriteString("\ufeff")
		}
		sep := []string{",", ";", "\t"}[rng.IntN(3)]
		cols := 1 + rng.IntN(3)
		for r := range 1 + rng.IntN(6) {
			n := cols
			if r > 0 && rng.IntN(20) == 0 {
				n += rng.IntN(3) - 1
			}
			for c := range n {
				if c > 0 {
					b.WriteString(sep)
				}
				if r == 0 {
					fmt.Fprintf(&b, "c%d", c)
					if rng.IntN(30) == 0 {
						b.WriteString(pieces[rng.IntN(len(pieces))])
					}
					continue
				}
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			b.WriteString([]string{"\n", "\n", "\r\n", "\n\n", "\n \n", "\r\r\n"}[rng.IntN(6)])
		}
		in := b.String()
		if rng.IntN(4) == 0 {
			in = strings.TrimRight(in, "\n")
		}
		if checkReadTable(t, in) {
			tables++
		}
	}
	t.Logf("%d of 3000 inputs are tables", tables)
	if tables < 300 || tables > 2700 {
		t.Fatalf("%d of 3000 inputs are tables; the test lost its teeth", tables)
	}
}

// FuzzReadTable: ReadTable agrees with the reference on any input. Seeds:
// readTableSeeds and testdata/fuzz/FuzzReadTable.
func FuzzReadTable(f *testing.F) {
	for _, in := range readTableSeeds {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkReadTable(t, in)
	})
}

// FuzzBinarize: Binarize agrees with the reference on any table that
// ReadTable reads, and on a table of some of its records, with the label
// in any column and either split, and every example's tests agree with
// Feature.Holds on its record. The label is the last column if label is
// 0, else column label-1, modulo the width. Seeds:
// testdata/fuzz/FuzzBinarize.
func FuzzBinarize(f *testing.F) {
	f.Fuzz(func(t *testing.T, in string, label uint8, eq bool) {
		tab, err := ReadTable(strings.NewReader(in), "t.csv")
		if err != nil {
			return
		}
		var opt Options
		if label > 0 {
			opt.Label = tab.Header[int(label-1)%len(tab.Header)]
		}
		if eq {
			opt.Split = Equality
		}
		if checkBinarize(t, tab, opt, rand.New(rand.NewPCG(uint64(len(in)), uint64(label)))) {
			ds, _ := tab.Binarize(opt)
			checkHolds(t, ds, tab)
		}
	})
}

func TestBinarizeMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ok := 0
	pools := [][]string{
		{"0", "1"},
		{"1", "2", "3"},
		{"5", "5.0", "7", "-1", "1e3"},
		{"0", "-0", "0.0", "-0.0", "1"},
		{"red", "blue", "green", "Red"},
		{"1", "2", "x", ""},
		{"10", "9", "NaN", "9.0"},
		{"1", "2.5", "", "nan", "-3", "NAN"},
		{"only"},
		{"a", "b"},
		{"+1", "01", "1", "2", "10", "1_0", "0x1p4", "Inf", "-Inf"},
	}
	for range 3000 {
		cols := 1 + rng.IntN(4)
		header := make([]string, cols+1)
		colPools := make([][]string, cols+1)
		for c := range cols + 1 {
			header[c] = "c" + strconv.Itoa(c)
			colPools[c] = pools[rng.IntN(len(pools))]
		}
		noise := rng.IntN(3) == 0
		lab := rng.IntN(cols + 1) // the label need not be the last column
		header[lab], header[cols] = header[cols], header[lab]
		// Blank lines, which the reader skips, put the records on lines
		// that do not follow one another.
		var b strings.Builder
		b.WriteString(strings.Join(header, ",") + "\n")
		for range rng.IntN(40) + 1 {
			rec := make([]string, cols+1)
			h := 0
			for c := range cols {
				v := rng.IntN(len(colPools[c]))
				rec[c] = colPools[c][v]
				h = h*7 + v
			}
			if noise {
				h = rng.IntN(100)
			}
			rec[cols] = colPools[cols][h%len(colPools[cols])]
			rec[lab], rec[cols] = rec[cols], rec[lab]
			if rng.IntN(2) == 0 {
				b.WriteString("\n")
			}
			b.WriteString(strings.Join(rec, ",") + "\n")
		}
		tab, err := ReadTable(strings.NewReader(b.String()), "t.csv")
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Split: Split(rng.IntN(2))}
		if lab != cols || rng.IntN(2) == 0 {
			opt.Label = tab.Header[lab]
		}
		if checkBinarize(t, tab, opt, rng) {
			ok++
			ds, _ := tab.Binarize(opt)
			checkHolds(t, ds, tab)
		}
	}
	t.Logf("%d of 3000 tables binarize", ok)
	if ok < 300 || ok > 2700 {
		t.Fatalf("%d of 3000 tables binarize; the test lost its teeth", ok)
	}
}
