package bench

import (
	"strings"
	"testing"
)

// TestNumericSpec: a dataset named as gen --numeric's command line is
// generated with gen's defaults for the flags it leaves out, and a name
// gen would refuse is an error that says why.
func TestNumericSpec(t *testing.T) {
	p, err := numericSpec("gen --numeric --depth 2 --features 3 --rows 50 --noise 0.25")
	if err != nil || p.Depth != 2 || p.Columns != 3 || p.Rows != 50 || p.Noise != 0.25 || p.Classes != 2 || p.Decimals != 4 || p.Seed != 1 {
		t.Errorf("%+v, %v", p, err)
	}
	for name, want := range map[string]string{
		"gen --numeric --depth 2 --rows":                          "each flag of gen --numeric followed by its value",
		"gen --numeric --depth 2 --colour 3":                      `unknown flag "--colour"`,
		"gen --numeric --depth two --features 3 --rows 5":         `--depth: strconv.Atoi: parsing "two"`,
		"gen --numeric --depth 2 --rows 5":                        "0 columns",
		"gen --numeric --depth 2 --features 3 --seed -1 --rows 5": "--seed",
	} {
		if _, err := numericSpec(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", name, err, want)
		}
	}
	tbl, err := numericTable("gen --numeric --depth 2 --features 3 --rows 50")
	if err != nil || tbl.Len() != 50 || len(tbl.Header) != 4 {
		t.Errorf("table %v, %v", tbl, err)
	}
}
