package objective

import "math"

// Key identifies a subproblem: a set of items by the sums of their hash
// values (see Hashes), a depth and a branch budget. Two different sets
// share both sums with a chance of about 2^-128.
type Key struct {
	H    [2]uint64
	D, N int32
}

// KeyOf returns the Key of the set whose hash sums are h at depth d with
// a budget of n branching nodes. A budget beyond an int32 is the full
// budget of its depth (Options.Validate), which the depth tells apart.
func KeyOf(h [2]uint64, d, n int) Key {
	return Key{h, int32(d), int32(min(n, math.MaxInt32))}
}

// DefaultCacheBytes is the memory a search's cache holds at most, about,
// where Options.CacheBytes is 0: enough that only searches of many minutes
// reach it.
const DefaultCacheBytes = 1 << 30

// entryBytes is about what an entry of a Memo costs: its slot in the map,
// with the key and the value, and, mostly, the nodes of the tree of an
// optimum, which entries share only in part.
const entryBytes = 400

// Memo maps subproblems to what a search knows of them, within a budget
// of memory. It keeps two generations: when the newer fills half the
// budget, the older is dropped and the newer takes its place, and an
// entry found in the older moves to the newer. So what the search still
// uses survives, and dropping the rest never makes an answer wrong, only
// slower.
type Memo[V any] struct {
	cur, old map[Key]V
	half     int // the most entries of a generation
}

// NewMemo returns an empty Memo of about bytes of memory, or
// DefaultCacheBytes where bytes is 0 or less.
func NewMemo[V any](bytes int64) *Memo[V] {
	if bytes <= 0 {
		bytes = DefaultCacheBytes
	}
	return &Memo[V]{cur: map[Key]V{}, half: int(max(bytes/2/entryBytes, 1))}
}

// Get returns what m knows of k, and whether it knows anything.
func (m *Memo[V]) Get(k Key) (V, bool) {
	if v, ok := m.cur[k]; ok {
		return v, true
	}
	v, ok := m.old[k]
	if ok {
		delete(m.old, k)
		m.Put(k, v)
	}
	return v, ok
}

// Put records v for k, in place of what m knew of it.
func (m *Memo[V]) Put(k Key, v V) {
	if len(m.cur) >= m.half {
		if _, ok := m.cur[k]; !ok {
			m.old, m.cur = m.cur, make(map[Key]V)
		}
	}
	m.cur[k] = v
}

// Rewrite replaces every value v of m by f(k, v).
func (m *Memo[V]) Rewrite(f func(Key, V) V) {
	for _, g := range []map[Key]V{m.cur, m.old} {
		for k, v := range g {
			g[k] = f(k, v)
		}
	}
}

// Entry is what a Cache knows of a subproblem: an optimal solution, or a
// lower bound on its score and perhaps the best tree known, whose score is
// not below it.
type Entry struct {
	LB  Score
	Opt *Sol
	UB  *Sol
}

// Cache holds what a search of this objective has proven of its
// subproblems.
type Cache struct{ *Memo[Entry] }

// NewCache returns an empty Cache of about bytes of memory, as NewMemo.
func NewCache(bytes int64) Cache { return Cache{NewMemo[Entry](bytes)} }

// LB returns what c proves of the score of the trees of depth at most d
// with at most n branching nodes of the set whose hash sums are h.
func (c Cache) LB(h [2]uint64, d, n int) Score {
	e, ok := c.Get(KeyOf(h, d, min(n, MaxBranches(d))))
	switch {
	case !ok:
		return Score{}
	case e.Opt != nil:
		return e.Opt.S
	}
	return e.LB
}
