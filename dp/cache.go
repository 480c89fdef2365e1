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

// cache maps sets of examples to what is known of them, within a budget
// of memory. It keeps two generations: when the newer outgrows half the
// budget, the older is dropped and the newer takes its place, and an entry
// found in the older moves to the newer. So what the search still uses
// survives, and dropping the rest never makes an answer wrong, only
// slower.
type cache struct {
	cur, old map[string]*entry
	bytes    int // of cur
	limit    int
	entries  int // created, over all generations
}

// entryBytes is roughly what an entry costs beside its key: the map slot,
// the entry and a few bounds.
const entryBytes = 160

func newCache(limit int) *cache {
	return &cache{cur: make(map[string]*entry), limit: limit}
}

// key views a set as the bytes of its indices, for use as a map key. The
// map copies it only when an entry is added.
func key(set []int32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(set))), 4*len(set))
}

func (c *cache) lookup(set []int32) *entry {
	k := key(set)
	if e := c.cur[string(k)]; e != nil {
		return e
	}
	if e := c.old[string(k)]; e != nil {
		delete(c.old, string(k))
		c.add(k, e)
		return e
	}
	return nil
}

// get returns the entry of set, adding an empty one if there is none.
func (c *cache) get(set []int32) *entry {
	if e := c.lookup(set); e != nil {
		return e
	}
	e := &entry{}
	c.add(key(set), e)
	c.entries++
	return e
}

func (c *cache) add(k []byte, e *entry) {
	if c.bytes > c.limit/2 {
		c.old, c.cur, c.bytes = c.cur, make(map[string]*entry), 0
	}
	c.cur[string(k)] = e
	c.bytes += len(k) + entryBytes
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
