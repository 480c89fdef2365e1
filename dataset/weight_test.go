package dataset

import (
	"fmt"
	"strings"
	"testing"
)

func binarizeCSV(t *testing.T, csv string, opt Options) (*Dataset, error) {
	t.Helper()
	tbl, err := ReadTable(strings.NewReader(csv), "w.csv")
	if err != nil {
		t.Fatal(err)
	}
	return tbl.Binarize(opt)
}

// TestWeightsExact: weights with few decimals, and class weights, become
// the least integers in the same ratios, their scale the factor between.
func TestWeightsExact(t *testing.T) {
	const csv = "x,w,y\n0,0.5,a\n1,1.25,b\n0,3,b\n1,0,a\n"
	for _, tc := range []struct {
		class string
		want  []int
		scale float64
	}{
		{"", []int{2, 5, 12, 0}, 4},
		{"a=3,b=0.5", []int{12, 5, 12, 0}, 8},
		// 2 a, 2 b records: balanced weighs both 1.
		{"balanced", []int{2, 5, 12, 0}, 4},
	} {
		opt := Options{Weight: "w", Conflicts: Count}
		if tc.class != "" {
			cw, err := ParseClassWeight(tc.class)
			if err != nil {
				t.Fatal(err)
			}
			opt.ClassWeight = cw
		}
		ds, err := binarizeCSV(t, csv, opt)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(ds.Weights) != fmt.Sprint(tc.want) || ds.WeightScale != tc.scale || !ds.WeightExact {
			t.Errorf("class weight %q: weights %v, scale %v, exact %v; want %v, %v, exact", tc.class, ds.Weights, ds.WeightScale, ds.WeightExact, tc.want, tc.scale)
		}
		if len(ds.Features) != 1 {
			t.Errorf("features %v: the weight column gives none", ds.Features)
		}
	}
}

// TestWeightsBalanced: "balanced" weighs a class by n / (k·n_c), in exact
// ratios: 3 records of a and 1 of b weigh 4/6 and 4/2, so 1 and 3.
func TestWeightsBalanced(t *testing.T) {
	ds, err := binarizeCSV(t, "x,y\n0,a\n1,a\n2,a\n3,b\n", Options{ClassWeight: ClassWeight{Balanced: true}, Conflicts: Count})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(ds.Weights) != "[1 1 1 3]" || ds.WeightScale != 1.5 {
		t.Errorf("weights %v, scale %v; want [1 1 1 3], 1.5", ds.Weights, ds.WeightScale)
	}
}

// TestWeightsRounded: weights whose exact integers would overflow the
// counts are rounded, their sum about 2^30, and said to be.
func TestWeightsRounded(t *testing.T) {
	ds, err := binarizeCSV(t, "x,w,y\n0,1e-12,a\n1,1,b\n1,0.333333333333,a\n", Options{Weight: "w", Conflicts: Count})
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, w := range ds.Weights {
		sum += w
	}
	if ds.WeightExact || sum > 1<<30+2 || sum < 1<<30-2 || ds.Weights[0] != 0 {
		t.Errorf("weights %v (sum %d), exact %v: want rounded to a sum of 2^30", ds.Weights, sum, ds.WeightExact)
	}
}

// TestWeightsMajority: with the Majority option, identical rows take the
// label of most weight, not of most rows.
func TestWeightsMajority(t *testing.T) {
	ds, err := binarizeCSV(t, "x,w,y\n0,1,a\n0,1,a\n0,3,b\n1,1,a\n", Options{Weight: "w", Conflicts: Majority})
	if err != nil {
		t.Fatal(err)
	}
	if c := ds.Classes[ds.Examples[0].Class]; c != "b" || len(ds.Relabelled) != 2 {
		t.Errorf("class %q, relabelled %v: want b, the two a rows", c, ds.Relabelled)
	}
}

// TestWeightsBad: what no weight can be is refused with its line.
func TestWeightsBad(t *testing.T) {
	for _, tc := range []struct{ csv, weight, class, want string }{
		{"x,w,y\n0,1,a\n1,-1,b\n", "w", "", "w.csv:3: column \"w\": weight \"-1\""},
		{"x,w,y\n0,1,a\n1,NaN,b\n", "w", "", "weight \"NaN\""},
		{"x,w,y\n0,1,a\n1,x,b\n", "w", "", "weight \"x\""},
		{"x,w,y\n0,0,a\n1,0,b\n", "w", "", "every record weighs 0"},
		{"x,w,y\n0,1,a\n", "y", "", "both the label and the weights"},
		{"x,w,y\n0,1,a\n", "v", "", "no weight column \"v\""},
	} {
		opt := Options{Weight: tc.weight, Conflicts: Count}
		if _, err := binarizeCSV(t, tc.csv, opt); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one with %q", tc.csv, err, tc.want)
		}
	}
	for _, s := range []string{"a", "a=-2", "a=1,b", "a=inf"} {
		if _, err := ParseClassWeight(s); err == nil {
			t.Errorf("class weight %q accepted", s)
		}
	}
}
