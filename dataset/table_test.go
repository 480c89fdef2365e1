package dataset

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadTable(t *testing.T) {
	plain := &refTable{
		Name:    "t.csv",
		Header:  []string{"A", "B", "X"},
		Records: [][]string{{"1", "red", "0"}, {"2.5", "blue", "1"}},
		Lines:   []int{2, 3},
	}
	tests := []struct {
		name, in string
		want     *refTable
	}{
		{"plain", "A,B,X\n1,red,0\n2.5,blue,1\n", plain},
		{"no final newline", "A,B,X\n1,red,0\n2.5,blue,1", plain},
		{"BOM CRLF semicolon", "\ufeffA;B;X\r\n1;red;0\r\n2.5;blue;1\r\n", plain},
		{"spaces around fields", " A , B ,X\n1,  red ,0\n 2.5,blue , 1\n", plain},
		{"semicolon wins over comma", "A;B;X,Y\n1;red;0,5\n", &refTable{
			Name: "t.csv", Header: []string{"A", "B", "X,Y"},
			Records: [][]string{{"1", "red", "0,5"}}, Lines: []int{2},
		}},
		{"comma on a tie", "A,B;C\n1,2;3\n", &refTable{
			Name: "t.csv", Header: []string{"A", "B;C"},
			Records: [][]string{{"1", "2;3"}}, Lines: []int{2},
		}},
		{"tabs", "A\tB\tX\n1\tred\t0\n2.5\t blue \t1\n", plain},
		{"tabs win over one comma", "A\tB,b\tX\n1\tred\t0\n", &refTable{
			Name: "t.csv", Header: []string{"A", "B,b", "X"},
			Records: [][]string{{"1", "red", "0"}}, Lines: []int{2},
		}},
		{"semicolon on a tie with tabs", "A;B\tC\n1;2\t3\n", &refTable{
			Name: "t.csv", Header: []string{"A", "B\tC"},
			Records: [][]string{{"1", "2\t3"}}, Lines: []int{2},
		}},
		{"tabs, quotes and empty fields", "A\tB\tX\n\"1\"\t\t0\n\t \t\"x\ty\"\n", &refTable{
			Name: "t.csv", Header: []string{"A", "B", "X"},
			Records: [][]string{{"1", "", "0"}, {"", "", "x\ty"}}, Lines: []int{2, 3},
		}},
		{"quoted fields", "A,\"B, b\",X\n\"1\", \"a \"\"q\"\"\",0\n", &refTable{
			Name: "t.csv", Header: []string{"A", "B, b", "X"},
			Records: [][]string{{"1", `a "q"`, "0"}}, Lines: []int{2},
		}},
		{"blank and multi-line records keep physical lines", "\nA,X\n\n1,0\n\"two\nlines\",1\n3,0\n", &refTable{
			Name: "t.csv", Header: []string{"A", "X"},
			Records: [][]string{{"1", "0"}, {"two\nlines", "1"}, {"3", "0"}}, Lines: []int{4, 5, 7},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadTable(strings.NewReader(tt.in), "t.csv")
			if err != nil {
				t.Fatal(err)
			}
			if got := asRef(got); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestReadTableErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "t.csv: empty file, expected a header row"},
		{"only BOM and blanks", "\ufeff\n  \r\n", "t.csv: empty file, expected a header row"},
		{"header only", "A,B,X\n", "t.csv: no data rows after the header"},
		{"header and blank lines", "A,B,X\n\n\n", "t.csv: no data rows after the header"},
		{"short row", "A,B,C,X\n1,2,3,0\n\n1,2,0\n", "t.csv:4: row has 3 fields, header has 4"},
		{"long row", "A,X\n1,0\n1,2,0\n", "t.csv:3: row has 3 fields, header has 2"},
		{"one field", "A,X\n1,0\n1\n", "t.csv:3: row has 1 field, header has 2"},
		{"bare quote", "A,X\n1,0\n1,a\"b\n", "t.csv:3: column 4: bare \" in non-quoted-field"},
		{"unterminated quote", "A,X\n\"1,0\n2,1\n", "t.csv:3: column 5: extraneous or missing \" in quoted-field (record starts on line 2)"},
		{"duplicate column", "A,B,A,X\n1,2,3,0\n", `t.csv: column "A" appears twice in the header`},
		{"column without a name", "\nA, ,X\n1,2,0\n", `t.csv:2: column 2 of the header has no name`},
		{"separator at the end of the header", "A,B,\n1,2,0\n", `t.csv:1: column 3 of the header has no name`},
		{"tab-separated column without a name", "A\t\tX\n1\t2\t0\n", `t.csv:1: column 2 of the header has no name`},
		{"duplicate after trimming", "A, A,X\n1,2,0\n", `t.csv: column "A" appears twice in the header`},
		{"Latin-1 value", "A,X\nna\xefve,0\n", `t.csv:2: column "A" holds bytes that are not UTF-8`},
		{"Latin-1 after a valid value", "A,X\nna\u00efve,0\n\nx,\xff\n", `t.csv:4: column "X" holds bytes that are not UTF-8`},
		{"Latin-1 after a quote", "A,X\n\"1\",0\n\"na\xefve\",1\n", `t.csv:3: column "A" holds bytes that are not UTF-8`},
		{"Latin-1 in the header", "\nA,na\xefve\n1,0\n", `t.csv:2: column 2 of the header holds bytes that are not UTF-8`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadTable(strings.NewReader(tt.in), "t.csv")
			checkError(t, err, tt.want)
		})
	}
}

func TestReadTableReadError(t *testing.T) {
	_, err := ReadTable(iotest.ErrReader(iotest.ErrTimeout), "t.csv")
	checkError(t, err, "read t.csv: timeout")
}

func TestReadTableFile(t *testing.T) {
	path := writeTemp(t, "A,X\n1,0\n")
	tab, err := ReadTableFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Name != path {
		t.Errorf("Name = %q, want %q", tab.Name, path)
	}
	if _, err := ReadTableFile(path + ".missing"); !os.IsNotExist(err) {
		t.Errorf("missing file: got %v, want a not-exist error", err)
	}
}

func TestReadTableFileStdin(t *testing.T) {
	f, err := os.Open(writeTemp(t, "A,X\n"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	defer func(stdin *os.File) { os.Stdin = stdin }(os.Stdin)
	os.Stdin = f

	_, err = ReadTableFile("-")
	checkError(t, err, "stdin: no data rows after the header")
}

// TestReadTableCategories: a file's columns of a dozen categories, which
// reach their ninth value within their first records, but not all
// different ones, cost little more than four bytes a field, as ReadTable
// promises: their indexes are not made for as many values as the file has
// records.
func TestReadTableCategories(t *testing.T) {
	const rows, cols = 20000, 20
	var b strings.Builder
	for c := range cols {
		fmt.Fprintf(&b, "c%d,", c)
	}
	b.WriteString("y\n")
	for r := range rows {
		// The first two records are equal; from then on each column
		// cycles through its twelve values.
		for c := range cols {
			fmt.Fprintf(&b, "v%d,", (max(r, 1)+c)%12)
		}
		fmt.Fprintf(&b, "%d\n", r%2)
	}
	path := writeTemp(t, b.String())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	tab, err := ReadTableFile(path)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	codes := rows * (cols + 1) * 4
	if alloc := after.TotalAlloc - before.TotalAlloc; float64(alloc) > 1.5*float64(codes) {
		t.Errorf("reading allocated %d bytes, %.1f times four bytes a field", alloc, float64(alloc)/float64(codes))
	}
	if tab.NumCodes(0) != 12 {
		t.Errorf("column c0 has %d codes, want 12", tab.NumCodes(0))
	}
}

func TestColumn(t *testing.T) {
	tab := &Table{Name: "t.csv", Header: []string{"A", "sepal length", "X"}}
	if i, err := tab.Column("sepal length"); i != 1 || err != nil {
		t.Errorf(`Column("sepal length") = %d, %v; want 1, nil`, i, err)
	}
	_, err := tab.Column("foo")
	checkError(t, err, `t.csv: no column "foo" (columns: A, sepal length, X)`)
}

// checkError fails unless err has exactly the message want, on one line; an
// empty want means no error.
func checkError(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Fatalf("unexpected error: %v", err)
	case want == "":
	case err == nil:
		t.Fatalf("no error, want %q", want)
	case err.Error() != want:
		t.Fatalf("error\n got %q\nwant %q", err, want)
	case strings.Contains(err.Error(), "\n"):
		t.Fatalf("error %q spans lines", err)
	}
}

func writeTemp(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.csv")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestManyValues binarizes columns of more values than a table indexes,
// where a value first met past those is numbered anew each time it is met,
// and a table of some of the records of another, which renumbers its
// values.
func TestManyValues(t *testing.T) {
	t.Run("some records", func(t *testing.T) {
		// Quoted, padded and one-character fields.
		in := "a,b,y\n\"x,1\", 2 ,p\n 3,10,q\n\"x,1\",2,q\nz,10,p\nw,7,p\n"
		tab, err := ReadTable(strings.NewReader(in), "t.csv")
		if err != nil {
			t.Fatal(err)
		}
		if got := []int{tab.NumCodes(0), tab.NumCodes(1), tab.NumCodes(2)}; !reflect.DeepEqual(got, []int{4, 3, 2}) {
			t.Errorf("NumCodes of a, b, y = %v, want [4 3 2]", got)
		}
		got, err := tab.Subset("s.csv", []int{4, 1, 2}).Binarize(Options{Conflicts: Count})
		if err != nil {
			t.Fatal(err)
		}
		alone, err := ReadTable(strings.NewReader("a,b,y\nw,7,p\n3,10,q\n\"x,1\",2,q\n"), "s.csv")
		if err != nil {
			t.Fatal(err)
		}
		want, err := alone.Binarize(Options{Conflicts: Count})
		if err != nil {
			t.Fatal(err)
		}
		for i := range want.Examples {
			// The same records, on the lines of the first file.
			want.Examples[i].Line = []int{6, 3, 4}[i]
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("some records:\n%+v\nread alone:\n%+v", got, want)
		}
	})
	t.Run("categories and labels", testManyCategories)
	// Every value of x once, in an order of its own, then the last ten
	// records again, whose values the table met past those it indexes,
	// and so numbers anew.
	const n = internMax + 10
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range n + 10 {
		i = repeated(i, n)
		fmt.Fprintf(&b, "%d,%d\n", (i*7919)%n, i%3)
	}
	tab, err := ReadTable(strings.NewReader(b.String()), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	// The values met again past those the table indexes have codes anew.
	if tab.NumCodes(0) != n+10 || tab.NumCodes(1) != 3 {
		t.Fatalf("NumCodes = %d, %d; want %d for a column of too many values, and 3", tab.NumCodes(0), tab.NumCodes(1), n+10)
	}
	checkCodes(t, tab)
	ds, err := tab.Binarize(Options{Conflicts: Count})
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Features) != n-1 || len(ds.Examples) != n {
		t.Fatalf("%d features and %d examples, want %d and %d", len(ds.Features), len(ds.Examples), n-1, n)
	}
	for k, f := range ds.Features {
		if f.Threshold != float64(k) {
			t.Fatalf("feature %d is %v, want x <= %d", k, f, k)
		}
	}
	for i, ex := range ds.Examples {
		if want := 1 + btoi(i >= n-10); ex.Counts[ex.Class] != want {
			t.Fatalf("example %d (line %d) stands for %v records, want %d", i, ex.Line, ex.Counts, want)
		}
	}
}

// repeated returns the record whose values record i repeats in a table of
// n records of distinct values followed by the last ten of them again:
// itself, or one of the last ten.
func repeated(i, n int) int {
	if i < n {
		return i
	}
	return i - 10
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// testManyCategories binarizes a column of categories and a label column
// of more values than a table indexes, whose values the last records repeat,
// and a table of some of its records: equal values, numbered apart, must
// make one test and one class.
func testManyCategories(t *testing.T) {
	const n = internMax + 10
	var b strings.Builder
	b.WriteString("a,x,y\n")
	line := func(i int) string {
		i = repeated(i, n)
		return fmt.Sprintf("v%d,%d,L%d\n", (i*7919)%n, i, i)
	}
	for i := range n + 10 {
		b.WriteString(line(i))
	}
	tab, err := ReadTable(strings.NewReader(b.String()), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if tab.NumCodes(0) != n+10 || tab.NumCodes(2) != n+10 {
		t.Fatalf("NumCodes of a and y = %d, %d; want %d", tab.NumCodes(0), tab.NumCodes(2), n+10)
	}
	checkCodes(t, tab)
	ds, err := tab.Binarize(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var values []string // of a's tests
	for _, f := range ds.Features {
		if f.Column == "a" {
			values = append(values, f.Value)
		}
	}
	if len(values) != n || len(ds.Classes) != n || len(ds.Examples) != n {
		t.Fatalf("%d tests of a, %d classes and %d examples, want %d of each", len(values), len(ds.Classes), len(ds.Examples), n)
	}
	for k := 1; k < n; k++ {
		if values[k-1] >= values[k] || ds.Classes[k-1] >= ds.Classes[k] {
			t.Fatalf("tests of a or classes out of order at %d: %q, %q; %q, %q", k, values[k-1], values[k], ds.Classes[k-1], ds.Classes[k])
		}
	}
	for _, ex := range ds.Examples {
		r := ex.Line - 2
		if a, y := ds.Features[ex.Codes[0]].Value, ds.Classes[ex.Class]; a != tab.Value(r, 0) || y != tab.Value(r, 2) {
			t.Fatalf("line %d: example of a = %q and y = %q, record of %q", ex.Line, a, y, tab.Record(r))
		}
	}

	// Records that repeat others, with and without them: the table
	// numbered their equal values apart.
	var some []int
	var alone strings.Builder
	alone.WriteString("a,x,y\n")
	for _, r := range []int{0, 1, n - 9, n + 1, n - 10, n, 2, n + 9, n + 2, n - 1} {
		some = append(some, r)
		alone.WriteString(line(r))
	}
	got, err := tab.Subset("s.csv", some).Binarize(Options{Split: Equality, Conflicts: Count})
	if err != nil {
		t.Fatal(err)
	}
	read, err := ReadTable(strings.NewReader(alone.String()), "s.csv")
	if err != nil {
		t.Fatal(err)
	}
	want, err := read.Binarize(Options{Split: Equality, Conflicts: Count})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Examples {
		// The same records, on the lines of the first file.
		want.Examples[i].Line = tab.Lines[some[want.Examples[i].Line-2]]
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("some records:\n%+v\nread alone:\n%+v", got, want)
	}
}

// checkCodes fails unless the fields of one code hold one value, in every
// column of tab, and every code is below NumCodes.
func checkCodes(t *testing.T, tab *Table) {
	t.Helper()
	for c := range tab.Header {
		value := make([]string, tab.NumCodes(c))
		seen := make([]bool, tab.NumCodes(c))
		for r := range tab.Len() {
			k, v := tab.Code(r, c), tab.Value(r, c)
			if seen[k] && value[k] != v {
				t.Fatalf("column %d: code %d holds %q and %q", c, k, value[k], v)
			}
			value[k], seen[k] = v, true
		}
	}
}
