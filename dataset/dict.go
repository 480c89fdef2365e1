package dataset

// dict numbers the values of a column in the order in which they first
// occur. The columns of large files mostly hold a handful of values, which a
// table (for one-byte values) or a linear search finds faster than a map can
// hash them; the map takes over when there are many.
//
// A column with more than internMax values is likely continuous, where
// sharing a value saves little and the index would cost much: past that
// many, the dict indexes no longer value, and numbers one it has not
// indexed anew each time it meets it, so values may repeat.
type dict struct {
	values []string
	index  map[string]int32 // nil while values is short enough to search
	char   [256]int32       // 1 + the code of each one-byte value, or 0
	// partial reports that values may repeat (see internMax).
	partial bool
	// expect, if not 0, is how many values the index is made for.
	expect int
}

// linearMax is the number of values up to which a dict searches linearly.
const linearMax = 8

// internMax is the number of values of a column that a dict indexes.
const internMax = 1 << 16

// find returns the code of v in d, or -1 if d does not hold it. It takes
// bytes as well as strings so that the reader can look up a field still in
// its input buffer: converting in a comparison or a map index copies nothing.
func find[T string | []byte](d *dict, v T) int {
	if len(v) == 1 {
		return int(d.char[v[0]]) - 1
	}
	if d.index == nil {
		for i, s := range d.values {
			if s == string(v) {
				return i
			}
		}
		return -1
	}
	if i, ok := d.index[string(v)]; ok {
		return int(i)
	}
	return -1
}

// add gives s, which find does not find in d, the next code and returns it.
func (d *dict) add(s string) int32 {
	k := int32(len(d.values))
	d.values = append(d.values, s)
	switch {
	case len(s) == 1:
		d.char[s[0]] = k + 1
	case d.partial:
	case len(d.values) > internMax:
		d.partial = true
	case d.index != nil:
		d.index[s] = k
	case len(d.values) > linearMax:
		d.index = make(map[string]int32, max(2*len(d.values), d.expect))
		for i, v := range d.values {
			if len(v) != 1 {
				d.index[v] = int32(i)
			}
		}
	}
	return k
}
