package items

import (
	"math"
	"reflect"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// TestOf: an example with counts gives an item per class it has records
// of, one without counts an item of its class weighing one; records past
// an int32 are an error.
func TestOf(t *testing.T) {
	ds := &dataset.Dataset{Classes: []string{"a", "b", "c"}, Examples: []dataset.Example{
		{Class: 2},
		{Class: 1, Counts: []int{3, 5, 0}},
		{Class: 0, Counts: []int{0, 0, 4}},
	}}
	got, err := Of(ds)
	want := Items{Example: []int{0, 1, 1, 2}, Class: []int32{2, 0, 1, 2}, Weight: []int32{1, 3, 5, 4}, Records: 13}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Of = %+v, %v; want %+v", got, err, want)
	}
	ds.Examples[1].Counts = []int{math.MaxInt32, 1, 0}
	if _, err := Of(ds); err == nil {
		t.Error("records past an int32 accepted")
	}
}
