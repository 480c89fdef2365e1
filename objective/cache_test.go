package objective

import (
	"fmt"
	"testing"
)

func ExampleMemo() {
	m := NewMemo[string](1600) // two entries a generation, of about 400 bytes each
	key := func(i int) Key { return Key{H: [2]uint64{uint64(i)}} }
	m.Put(key(1), "one")
	m.Put(key(2), "two")
	m.Put(key(3), "three") // the newer generation is full: it becomes the older
	_, ok := m.Get(key(1)) // and moves back to the newer, used
	fmt.Println(ok)
	m.Put(key(4), "four") // full again: 2, older and not used since, is dropped
	for i := 1; i <= 4; i++ {
		_, ok := m.Get(key(i))
		fmt.Print(ok, " ")
	}
	fmt.Println()
	// Output:
	// true
	// true false true true
}

// TestMemoBounded: however many entries are put, a Memo holds at most
// two generations of its budget, and what was put last is there.
func TestMemoBounded(t *testing.T) {
	for _, bytes := range []int64{1, 10 * entryBytes, 1000 * entryBytes} {
		m := NewMemo[int](bytes)
		for i := range 5000 {
			k := Key{H: [2]uint64{uint64(i), 7}, D: int32(i % 4)}
			m.Put(k, i)
			if i%3 == 0 {
				m.Get(Key{H: [2]uint64{uint64(i / 2), 7}, D: int32(i / 2 % 4)})
			}
			if n := len(m.cur) + len(m.old); n > 2*m.half {
				t.Fatalf("budget %d: %d entries, more than twice %d", bytes, n, m.half)
			}
			if v, ok := m.Get(k); !ok || v != i {
				t.Fatalf("budget %d: entry %d put last reads %d, %v", bytes, i, v, ok)
			}
		}
	}
}
