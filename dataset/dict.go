package dataset

// dict numbers the distinct values of a column in the order in which they
// first occur. The columns of large files mostly hold a handful of values,
// which a table (for one-byte values) or a linear search finds faster than a
// map can hash them; the map takes over when there are many.
type dict struct {
	values []string
	index  map[string]int32 // nil while values is short enough to search
	char   [256]int32       // 1 + the code of each one-byte value, or 0
	// partial reports values that the reader met and left out (see keep).
	partial bool
	// expect, if not 0, is how many values the index is made for.
	expect int
}

// linearMax is the number of values up to which a dict searches linearly.
const linearMax = 8

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

// add gives s, which d must not hold, the next code and returns it.
func (d *dict) add(s string) int {
	k := len(d.values)
	d.values = append(d.values, s)
	if len(s) == 1 {
		d.char[s[0]] = int32(k + 1)
	}
	switch {
	case d.index != nil:
		d.index[s] = int32(k)
	case len(d.values) > linearMax:
		d.index = make(map[string]int32, max(2*len(d.values), d.expect))
		for i, v := range d.values {
			d.index[v] = int32(i)
		}
	}
	return k
}
