package dp

import (
	"unsafe"

	"github.com/odtx/odtx/tree"
)

// infinity stands for "no tree": larger than any depth or leaf count, and
// small enough that sums of a few never overflow.
const infinity = 1 << 30

// entry is what the search knows of one set of examples.
type entry struct {
	// depthLB bounds the depth of a tree that classifies the set from
	// below; with depth set, it is that tree's depth, the least there is.
	depthLB int32
	depth   *tree.Node
	// leaves[d] bounds the leaves of a tree of depth d or less.
	leaves []bound
}

// bound is a lower bound on a count of leaves, exact with a tree.
type bound struct {
	lb int32
	t  *tree.Node
}

// cache maps sets of examples to what is known of them. It forgets
// everything when it outgrows its budget: dropping facts never makes an
// answer wrong, only slower.
type cache struct {
	m       map[string]*entry
	bytes   int
	limit   int
	entries int // created, over all resets
	resets  int
}

// entryBytes is roughly what an entry costs beside its key: the map slot,
// the entry and a few bounds.
const entryBytes = 160

func newCache(limit int) *cache {
	return &cache{m: make(map[string]*entry), limit: limit}
}

// key views a set as the bytes of its indices, for use as a map key. The
// map copies it only when an entry is added.
func key(set []int32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(set))), 4*len(set))
}

func (c *cache) lookup(set []int32) *entry { return c.m[string(key(set))] }

// get returns the entry of set, adding an empty one if there is none.
func (c *cache) get(set []int32) *entry {
	if e := c.m[string(key(set))]; e != nil {
		return e
	}
	if c.bytes > c.limit {
		clear(c.m)
		c.bytes = 0
		c.resets++
	}
	e := &entry{}
	c.m[string(key(set))] = e
	c.bytes += 4*len(set) + entryBytes
	c.entries++
	return e
}

// leafBound returns what e knows of trees of depth d or less.
func (e *entry) leafBound(d int) bound {
	if e == nil || d >= len(e.leaves) {
		return bound{}
	}
	return e.leaves[d]
}

func (e *entry) setLeaves(d int, b bound) {
	for len(e.leaves) <= d {
		e.leaves = append(e.leaves, bound{})
	}
	e.leaves[d] = b
}
