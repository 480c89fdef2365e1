package dataset

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/internal/shareddata"
)

// binarize reads csv and binarizes it, failing the test on any error.
func binarize(t *testing.T, csv string, opt Options) *Dataset {
	t.Helper()
	tab, err := ReadTable(strings.NewReader(csv), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tab.Binarize(opt)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func featureNames(ds *Dataset) []string {
	names := make([]string, len(ds.Features))
	for i, f := range ds.Features {
		names[i] = f.String()
	}
	return names
}

// TestPaperExample1 is Example 1 of Avellaneda (AAAI-20): the values {1,3,4,5}
// of f give the tests f <= 1, f <= 3 and f <= 4.
func TestPaperExample1(t *testing.T) {
	ds := binarize(t, "f,y\n1,0\n3,0\n4,1\n5,1\n", Options{})
	want := &Dataset{
		Name:    "t.csv",
		Label:   "y",
		Classes: []string{"0", "1"},
		Columns: []string{"f"},
		Features: []Feature{
			{Column: "f", Op: LessEq, Threshold: 1, Code: 0},
			{Column: "f", Op: LessEq, Threshold: 3, Code: 1},
			{Column: "f", Op: LessEq, Threshold: 4, Code: 2},
		},
		Examples: []Example{
			{Line: 2, Codes: []int32{0}, Class: 0},
			{Line: 3, Codes: []int32{1}, Class: 0},
			{Line: 4, Codes: []int32{2}, Class: 1},
			{Line: 5, Codes: []int32{3}, Class: 1},
		},
	}
	if !reflect.DeepEqual(ds, want) {
		t.Errorf("got  %+v\nwant %+v", ds, want)
	}
}

func TestBinarizeFeatures(t *testing.T) {
	tests := []struct {
		name, csv string
		opt       Options
		features  []string
		classes   []string
	}{
		{"two categories give one test", "color,y\nred,a\nblue,b\nred,a\n", Options{},
			[]string{"color == blue"}, []string{"a", "b"}},
		{"three categories give one test each", "color,y\nred,a\nblue,b\ngreen,b\n", Options{},
			[]string{"color == blue", "color == green", "color == red"}, []string{"a", "b"}},
		{"single-valued columns are dropped", "c,n,A,y\nx,7,1,0\nx,7,2,1\n", Options{Split: Equality},
			[]string{"A == 1"}, []string{"0", "1"}},
		{"numbers equal by value", "sepal length,y\n5.900,0\n5.9,0\n6,1\n", Options{},
			[]string{"sepal length <= 5.9"}, []string{"0", "1"}},
		{"a non-number makes the column categorical", "A,y\n1,0\n?,1\n10,0\n2,1\n", Options{},
			[]string{"A == 1", "A == 10", "A == 2", "A == ?"}, []string{"0", "1"}},
		{"NaN among categories is a category, first", "A,y\n1,0\nNaN,1\nx,0\n", Options{},
			[]string{"A == NaN", "A == 1", "A == x"}, []string{"0", "1"}},
		{"NaN and infinities split by equality", "A,y\n1,0\nNaN,1\ninf,0\n-inf,1\n", Options{Split: Equality},
			[]string{"A == NaN", "A == -inf", "A == 1", "A == inf"}, []string{"0", "1"}},
		{"missing values among categories are one", "A,y\nx,0\nnan,1\n,1\nNaN,1\ny,0\n", Options{},
			[]string{`A == ""`, "A == x", "A == y"}, []string{"0", "1"}},
		{"missing values among numbers split by equality", "A,y\n10,0\nNAN,1\n9,0\n,1\n", Options{Split: Equality},
			[]string{`A == ""`, "A == 9", "A == 10"}, []string{"0", "1"}},
		{"missing values among numbers", "A,y\n1,0\n,1\n3,0\nNaN,1\n5,0\n", Options{},
			[]string{"A <= 1 (missing: no)", "A <= 3 (missing: no)", "A <= 5 (missing: no)", "A <= 1 (missing: yes)", "A <= 3 (missing: yes)"}, []string{"0", "1"}},
		{"one number and missing values", "A,y\n7,0\nnan,1\n7,0\n", Options{},
			[]string{"A <= 7 (missing: no)"}, []string{"0", "1"}},
		{"only missing values", "A,B,y\n,1,0\nNaN,2,1\n", Options{},
			[]string{"B <= 1"}, []string{"0", "1"}},
		{"NaN as a class", "A,y\n1,NaN\n2,inf\n", Options{},
			[]string{"A <= 1"}, []string{"NaN", "inf"}},
		{"equality split on numbers", "A,y\n10,0\n2,1\n2.0,1\n-1,0\n", Options{Split: Equality},
			[]string{"A == -1", "A == 2", "A == 10"}, []string{"0", "1"}},
		{"labels by value", "A,y\n1,1\n2,1.0\n3,2\n", Options{},
			[]string{"A <= 1", "A <= 2"}, []string{"1", "2"}},
		{"columns in header order", "B,A,y\n1,1,0\n2,2,1\n3,1,0\n", Options{},
			[]string{"B <= 1", "B <= 2", "A <= 1"}, []string{"0", "1"}},
		{"numeric classes sort numerically", "A,y\n1,10\n2,2\n3,1.5\n", Options{},
			[]string{"A <= 1", "A <= 2"}, []string{"1.5", "2", "10"}},
		{"other classes sort lexicographically", "A,y\n1,10\n2,2\n3,b\n", Options{},
			[]string{"A <= 1", "A <= 2"}, []string{"10", "2", "b"}},
		{"label column by name", "y,A,B\nno,1,x\nyes,2,x\n", Options{Label: "y"},
			[]string{"A <= 1"}, []string{"no", "yes"}},
		{"large and tiny thresholds", "A,y\n1e6,0\n0.00001,1\n1e300,0\n", Options{},
			[]string{"A <= 100000", "A <= 1e+299"}, []string{"0", "1"}},
		{"the shortest threshold between two values", "A,y\n0.18040001804000003,0\n0.18125,1\n-2.5,0\n-1.75,1\n", Options{},
			[]string{"A <= -2", "A <= 0", "A <= 0.181"}, []string{"0", "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := binarize(t, tt.csv, tt.opt)
			if got := featureNames(ds); !reflect.DeepEqual(got, tt.features) {
				t.Errorf("features = %q, want %q", got, tt.features)
			}
			if !reflect.DeepEqual(ds.Classes, tt.classes) {
				t.Errorf("classes = %q, want %q", ds.Classes, tt.classes)
			}
		})
	}
}

func TestBinarizeCollapsesDuplicates(t *testing.T) {
	// Lines 3 and 6 repeat line 2 ("5.0" equals "5"); line 5 repeats line
	// 4. Column B, constant, gives no test and no code.
	ds := binarize(t, "A,B,y\n5,x,1\n5.0,x,1\n7,x,0\n7,x,0\n\n5,x,1\n", Options{})
	want := []Example{
		{Line: 2, Codes: []int32{0}, Class: 1},
		{Line: 4, Codes: []int32{1}, Class: 0},
	}
	if !reflect.DeepEqual(ds.Examples, want) {
		t.Errorf("examples = %+v, want %+v", ds.Examples, want)
	}
}

func TestBinarizeErrors(t *testing.T) {
	tests := []struct {
		name, csv string
		opt       Options
		want      string
	}{
		{"unknown label", "A,B,C\n1,2,3\n", Options{Label: "foo"},
			`t.csv: no label column "foo" (columns: A, B, C)`},
		{"label only", "y\n1\n", Options{},
			`t.csv: no feature columns besides the label "y"`},
		{"unknown split", "A,y\n1,0\n", Options{Split: 2},
			`t.csv: unknown split 2`},
		{"contradiction", "A,B,y\n1,a,0\n2,b,0\n\n1,a,0\n2,b,1\n1,a,1\n", Options{},
			`t.csv: lines 3 and 6 have the same features but labels "0" and "1"; no consistent tree exists`},
		{"empty label", "A,y\n1,a\n2, \n3,\n", Options{},
			`t.csv:3: label column "y" is empty`},
		{"empty label by name", "y,A\n1,a\n2,b\n,c\n", Options{Label: "y"},
			`t.csv:4: label column "y" is empty`},
		{"infinity among numbers and missing values", "A,B,y\n1,,0\n2,2,1\n3,inf,0\n", Options{},
			`t.csv:4: column "B": "inf" is not a finite number, as a column of numbers needs`},
		{"infinity among numbers", "A,y\n1,0\ninf,1\n-Infinity,0\n", Options{},
			`t.csv:3: column "A": "inf" is not a finite number, as a column of numbers needs`},
		{"negative infinity among numbers", "A,y\n1,0\n-inf,1\n", Options{},
			`t.csv:3: column "A": "-inf" is not a finite number, as a column of numbers needs`},
		{"number out of range", "A,y\n1e999,0\n1,1\n", Options{},
			`t.csv:2: column "A": "1e999" is not a finite number, as a column of numbers needs`},
		// B is dropped as constant, so only A tells the rows apart.
		{"contradiction after dropping a column", "A,B,y\n1,x,0\n1,x,1\n", Options{},
			`t.csv: lines 2 and 3 have the same features but labels "0" and "1"; no consistent tree exists`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := ReadTable(strings.NewReader(tt.csv), "t.csv")
			if err != nil {
				t.Fatal(err)
			}
			_, err = tab.Binarize(tt.opt)
			checkError(t, err, tt.want)
		})
	}
}

func TestFeatureString(t *testing.T) {
	tests := []struct {
		f    Feature
		want string
	}{
		{Feature{Column: "A", Op: LessEq, Threshold: 3}, "A <= 3"},
		{Feature{Column: "sepal length", Op: LessEq, Threshold: 5.9}, "sepal length <= 5.9"},
		{Feature{Column: "x", Op: LessEq, Threshold: -0.25}, "x <= -0.25"},
		{Feature{Column: "color", Op: Equal, Value: "red"}, "color == red"},
	}
	for _, tt := range tests {
		if got := tt.f.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestFeatureHolds(t *testing.T) {
	le := Feature{Column: "A", Op: LessEq, Threshold: 3}
	eq := Feature{Column: "c", Op: Equal, Value: "3"}
	yes := Feature{Column: "A", Op: LessEq, Threshold: 3, Missing: MissingTrue}
	no := Feature{Column: "A", Op: LessEq, Threshold: 3, Missing: MissingFalse}
	missingEq := Feature{Column: "c", Op: Equal, Value: ""}
	tests := []struct {
		f       Feature
		raw     string
		want    bool
		wantErr string
	}{
		{le, "2.5", true, ""},
		{le, "3", true, ""},
		{le, "3.000", true, ""},
		{le, "3.01", false, ""},
		{le, "-1e9", true, ""},
		{le, "x", false, `column "A": "x" is not a number`},
		{le, "NaN", false, `column "A": missing value "NaN", and the test does not say where missing values go`},
		{le, "", false, `column "A": missing value "", and the test does not say where missing values go`},
		{yes, "nan", true, ""},
		{yes, "", true, ""},
		{yes, "3.5", false, ""},
		{no, "NaN", false, ""},
		{no, "", false, ""},
		{no, "3", true, ""},
		{missingEq, "nan", true, ""},
		{missingEq, "NaN", true, ""},
		{missingEq, "0", false, ""},
		{eq, "", false, ""},
		{eq, "3", true, ""},
		{eq, "3.0", true, ""}, // numbers compare by value
		{eq, "03", true, ""},
		{eq, "x", false, ""},
		{Feature{Column: "A", Op: 9}, "1", false, `column "A": unknown operator "Op(9)"`},
	}
	for _, tt := range tests {
		got, err := tt.f.Holds(tt.raw)
		checkError(t, err, tt.wantErr)
		if got != tt.want {
			t.Errorf("%v Holds(%q) = %v, want %v", tt.f, tt.raw, got, tt.want)
		}
	}
}

func TestDataFiles(t *testing.T) {
	dir := shareddata.Dir(t)
	tests := []struct {
		file               string
		split              Split
		features, examples int
	}{
		{"mouse.csv", Threshold, 40, 57}, // 70 rows, 13 duplicates
		{"car.csv", Threshold, 15, 1727},
		{"iris.csv", Threshold, 119, 147}, // 150 rows, 3 duplicates
		{"zoo.csv", Threshold, 120, 101},
		{"monk1.csv", Threshold, 11, 124},
		{"monk2.csv", Threshold, 11, 169},
		{"monk3.csv", Threshold, 11, 122},
		{"wine.csv", Threshold, 1263, 178},
		{"lung_cancer_examples.csv", Threshold, 68, 59},
		{"tic-tac-toe.csv", Threshold, 18, 958},
		{"balance-scale.csv", Threshold, 16, 625},
		{"mouse.csv", Equality, 45, 57},
		{"car.csv", Equality, 21, 1727},
		{"iris.csv", Equality, 123, 147},
		{"zoo.csv", Equality, 121, 101},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/split=%d", tt.file, tt.split), func(t *testing.T) {
			ds, tab, err := Load(context.Background(), filepath.Join(dir, tt.file), Options{Split: tt.split})
			if err != nil {
				t.Fatal(err)
			}
			if len(ds.Features) != tt.features || len(ds.Examples) != tt.examples {
				t.Errorf("%d features, %d examples; want %d, %d",
					len(ds.Features), len(ds.Examples), tt.features, tt.examples)
			}
			checkHolds(t, ds, tab)
		})
	}
	t.Run("car_evaluation.csv", func(t *testing.T) {
		_, _, err := Load(context.Background(), filepath.Join(dir, "car_evaluation.csv"), Options{})
		if err == nil || !strings.HasSuffix(err.Error(), "; no consistent tree exists") {
			t.Errorf("got %v, want an inconsistency error", err)
		}
	})
}

// checkHolds verifies that Dataset.Holds agrees on every example with
// Feature.Holds on the record it came from, which is how callers evaluate
// unseen data.
func checkHolds(t *testing.T, ds *Dataset, tab *Table) {
	t.Helper()
	record := make(map[int][]string, len(tab.Lines))
	for r, line := range tab.Lines {
		record[line] = tab.Record(r)
	}
	for j, f := range ds.Features {
		c, err := tab.Column(f.Column)
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range ds.Examples {
			got, err := f.Holds(record[ex.Line][c])
			if want := ds.Holds(&ex, j); err != nil || got != want {
				t.Fatalf("line %d: %v is %v in the example, Holds gives %v, %v", ex.Line, f, want, got, err)
			}
		}
	}
}

// BenchmarkBinarize binarizes a generated table the size of spambase: 4601
// rows and 57 numeric columns with about 15000 thresholds in all.
func BenchmarkBinarize(b *testing.B) {
	const rows, cols = 4601, 57
	rng := rand.New(rand.NewPCG(1, 2))
	var in strings.Builder
	for c := range cols {
		fmt.Fprintf(&in, "F%d,", c)
	}
	in.WriteString("y\n")
	for range rows {
		for range cols {
			in.WriteString(strconv.FormatFloat(float64(rng.IntN(265))/100, 'f', -1, 64) + ",")
		}
		in.WriteString(strconv.Itoa(rng.IntN(2)) + "\n")
	}
	tab, err := ReadTable(strings.NewReader(in.String()), "bench.csv")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := tab.Binarize(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMajority: contradictory records take their group's most frequent
// label, on a tie the one that comes first in the file, and the records
// that lose theirs are listed by line.
func TestMajority(t *testing.T) {
	tbl, err := ReadTable(strings.NewReader("a,y\n1,p\n1,q\n1,q\n2,p\n3,s\n3,r\n4,r\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tbl.Binarize(Options{}); err == nil {
		t.Fatal("contradictory records accepted without Majority")
	}
	ds, err := tbl.Binarize(Options{Conflicts: Majority})
	if err != nil {
		t.Fatal(err)
	}
	// Classes sort as p, q, r, s; in the file s comes before r.
	want := []Relabel{{Line: 2, Label: "p", Class: 1}, {Line: 7, Label: "r", Class: 3}}
	if !slices.Equal(ds.Relabelled, want) {
		t.Errorf("relabelled %+v, want %+v", ds.Relabelled, want)
	}
	classes := map[int]string{}
	for _, ex := range ds.Examples {
		classes[ex.Line] = ds.Classes[ex.Class]
	}
	if classes[2] != "q" || classes[5] != "p" || classes[6] != "s" || classes[8] != "r" {
		t.Errorf("examples by line %v, want 2:q 5:p 6:s 8:r", classes)
	}
}

// TestCount: with Count every record is kept as a class count of its
// example, which takes the class Majority would give it and lists no
// relabelled records.
func TestCount(t *testing.T) {
	tbl, err := ReadTable(strings.NewReader("a,y\n1,p\n1,q\n1,q\n2,p\n3,s\n3,r\n4,r\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tbl.Binarize(Options{Conflicts: Count})
	if err != nil {
		t.Fatal(err)
	}
	if len(ds.Relabelled) != 0 {
		t.Errorf("relabelled %+v, want none", ds.Relabelled)
	}
	// Classes sort as p, q, r, s.
	want := map[int][]int{2: {1, 2, 0, 0}, 5: {1, 0, 0, 0}, 6: {0, 0, 1, 1}, 8: {0, 0, 1, 0}}
	class := map[int]string{2: "q", 5: "p", 6: "s", 8: "r"}
	if len(ds.Examples) != len(want) {
		t.Fatalf("%d examples, want %d", len(ds.Examples), len(want))
	}
	for _, ex := range ds.Examples {
		if !slices.Equal(ex.Counts, want[ex.Line]) || ds.Classes[ex.Class] != class[ex.Line] {
			t.Errorf("line %d: counts %v class %s, want %v %s", ex.Line, ex.Counts, ds.Classes[ex.Class], want[ex.Line], class[ex.Line])
		}
	}
}
