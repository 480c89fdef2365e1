package dataset

import (
	"hash/maphash"
	"strings"
)

// dict numbers the values of a column in the order in which they first
// occur. The columns of large files mostly hold a handful of values, which a
// table (for one-byte values) or a linear search finds faster than a hash
// can be taken; the index takes over when there are many.
//
// A column with more than internMax values is likely continuous, where
// sharing a value saves little and the index would cost much: past that
// many, the dict indexes no longer value, and numbers one it has not
// indexed anew each time it meets it, so values may repeat.
type dict struct {
	values []string
	// index is nil while values is short enough to search, else a table
	// of twice as many slots as values, or more, a power of two: each
	// slot is 0, or the upper half of a value's hash above 1 + its code.
	// A value sits in the first free slot from the one its hash names,
	// and the 32 bits of hash tell values apart without a comparison of
	// strings: a field that misses, as most do in a column of more values
	// than the index takes, is compared with none. A field needs one
	// hash, where a look-up and an insertion in a Go map need two.
	index []uint64
	char  [256]int32 // 1 + the code of each one-byte value, or 0
	// partial reports that values may repeat (see internMax).
	partial bool
	// expect, if not 0, is how many values the index is made for.
	expect int
}

// linearMax is the number of values up to which a dict searches linearly.
const linearMax = 8

// internMax is the number of values of a column that a dict indexes.
const internMax = 1 << 16

// seed keys the hashes of values, so that no file can choose values that
// all fall in one slot.
var seed = maphash.MakeSeed()

// find returns the code of v in d, or -1 if d does not hold it, and the
// hash of v, which add takes, if d has an index. It takes bytes so that
// the reader can look up a field still in its input buffer: comparing it
// with a string copies nothing.
func (d *dict) find(v []byte) (int, uint64) {
	if len(v) == 1 {
		return int(d.char[v[0]]) - 1, 0
	}
	if d.index == nil {
		for i, s := range d.values {
			if s == string(v) {
				return i, 0
			}
		}
		return -1, 0
	}
	h := maphash.Bytes(seed, v)
	mask := len(d.index) - 1
	for i := slot(h, mask); ; i = (i + 1) & mask {
		e := d.index[i]
		if e == 0 {
			return -1, h
		}
		if e>>32 == h>>32 {
			if k := int(uint32(e)) - 1; d.values[k] == string(v) {
				return k, h
			}
		}
	}
}

// slot is the slot of an index of mask+1 slots that a hash names. It
// takes the upper half of the hash, which the index keeps, so that a
// larger index can place the values again without hashing them.
func slot(h uint64, mask int) int { return int(h>>32) & mask }

// add gives s, which find does not find in d, the next code and returns
// it. h is the hash find returned for s.
func (d *dict) add(s string, h uint64) int32 {
	k := int32(len(d.values))
	d.values = append(d.values, s)
	switch {
	case len(s) == 1:
		d.char[s[0]] = k + 1
	case d.partial:
	case len(d.values) > internMax:
		d.partial = true
	case d.index != nil:
		if 2*len(d.values) > len(d.index) {
			d.grow(2 * len(d.index))
		}
		d.insert(h>>32<<32 | uint64(k+1))
	case len(d.values) > linearMax:
		n := 1
		for n < 2*max(len(d.values), d.expect) {
			n *= 2
		}
		d.index = make([]uint64, n)
		// The values grow with the index. Unlike slices.Grow, make leaves
		// the room untouched until values fill it.
		d.values = append(make([]string, 0, n/2), d.values...)
		for i, v := range d.values {
			if len(v) != 1 {
				d.insert(maphash.String(seed, v)>>32<<32 | uint64(i+1))
			}
		}
	}
	return k
}

// grow makes d's index n slots.
func (d *dict) grow(n int) {
	old := d.index
	d.index = make([]uint64, n)
	for _, e := range old {
		if e != 0 {
			d.insert(e)
		}
	}
}

// insert puts entry e in the first free slot from the one its hash names.
func (d *dict) insert(e uint64) {
	mask := len(d.index) - 1
	i := slot(e, mask)
	for d.index[i] != 0 {
		i = (i + 1) & mask
	}
	d.index[i] = e
}

// arena keeps the bytes of values in blocks that many share, rather than
// in an allocation each: a column of numbers holds nearly as many values
// as records, of a few bytes each.
type arena struct {
	// b is the block being filled. The strings taken from it stay valid:
	// a Builder only appends to its block, and a full block is left to
	// the strings that hold it.
	b strings.Builder
}

// arenaBlock is the size of an arena's blocks: a page's worth of values
// and more, and of a block only the part filled is ever touched.
const arenaBlock = 64 << 10

// keep returns v as a string in a's memory.
func (a *arena) keep(v []byte) string {
	if a.b.Cap()-a.b.Len() < len(v) {
		a.b = strings.Builder{}
		a.b.Grow(max(len(v), arenaBlock))
	}
	n := a.b.Len()
	a.b.Write(v)
	return a.b.String()[n:]
}
