package objective

import (
	"reflect"
	"testing"
)

// TestSwitchOff: techniques switch off by the names TechniqueNames gives,
// an initialism as one word, and an unknown name is an error.
func TestSwitchOff(t *testing.T) {
	var off Techniques
	if err := off.SwitchOff("best-first", "pair-counts", "lds"); err != nil || !off.BestFirst || !off.PairCounts || !off.LDS || off.Greedy {
		t.Errorf("%+v, %v", off, err)
	}
	if err := off.SwitchOff("nothing"); err == nil {
		t.Error("an unknown technique: no error")
	}
	if names := TechniqueNames(); len(names) != reflect.TypeFor[Techniques]().NumField() || names[0] != "best-first" {
		t.Errorf("names %q", names)
	}
}

// TestMinLeaf: a negative leaf size is refused, and LeafBudget gives the
// most branches, up to n, whose leaves the records can fill, b branching
// nodes making b+1 leaves, with no bound where any leaf size is allowed.
func TestMinLeaf(t *testing.T) {
	if (Options{MinLeaf: -1}).Validate() == nil || (Options{MinLeaf: 5}).Validate() != nil {
		t.Error("Validate: want an error for a negative leaf size only")
	}
	for n := range 8 {
		for records := range 40 {
			for least := range 7 {
				want := n
				for least > 1 && want > 0 && (want+1)*least > records {
					want--
				}
				if got := LeafBudget(n, records, least); got != want {
					t.Fatalf("LeafBudget(%d, %d, %d) = %d, want %d", n, records, least, got, want)
				}
			}
		}
	}
}
