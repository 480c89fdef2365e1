package objective

import (
	"reflect"
	"testing"
)

// TestSwitchOff: techniques switch off by the names TechniqueNames gives,
// an initialism as one word, and an unknown name is an error.
func TestSwitchOff(t *testing.T) {
	var off Techniques
	if err := off.SwitchOff("best-first-root", "pair-counts", "lds"); err != nil || !off.BestFirstRoot || !off.PairCounts || !off.LDS || off.Greedy {
		t.Errorf("%+v, %v", off, err)
	}
	if err := off.SwitchOff("nothing"); err == nil {
		t.Error("an unknown technique: no error")
	}
	if names := TechniqueNames(); len(names) != reflect.TypeFor[Techniques]().NumField() || names[0] != "best-first-root" {
		t.Errorf("names %q", names)
	}
}
