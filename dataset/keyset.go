package dataset

import (
	"bytes"
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
)

// keySet numbers distinct byte strings of one fixed width in the order in
// which they are added. It holds the packed feature vectors of a table while
// Binarize collapses duplicates: the keys back to back and 32 bits a slot,
// where a map[string]int32 would cost a string header, an allocation and
// the map's own slots for every key, several times as much for a large
// table. It never grows, since it is made for as many keys as there are
// records.
type keySet struct {
	width int
	n     int
	keys  []byte   // key i is keys[i*width : (i+1)*width]
	slots []uint32 // 0, or 1 + the number of a key below tagShift and a tag of its hash above
	// A slot's tag spares comparing the keys in nearly every other slot
	// that a search passes, each a miss of the cache in a large table.
	tagShift int
	seed     maphash.Seed
	salt     uint64 // seeds the hash of short keys
	sink     uint32 // what touch loads, kept lest the load be dropped
}

// newKeySet returns a set for up to max keys of the given width; max must
// be less than 1<<31.
func newKeySet(width, max int) *keySet {
	return &keySet{
		width: width,
		// Room for every key fits a table of distinct records exactly
		// but wastes much on one of many duplicates; past a few
		// megabytes, growing costs little by comparison.
		keys: make([]byte, 0, min(width*max, 4<<20)),
		// At most three quarters full, linear probing stays short.
		slots:    make([]uint32, max+max/3+1),
		tagShift: bits.Len(uint(max)),
		seed:     maphash.MakeSeed(),
		salt:     rand.Uint64(),
	}
}

// add returns the number of key, whose hash is h, adding key if it is new,
// and whether it was there before. At most max keys can be added.
func (s *keySet) add(key []byte, h uint64) (int, bool) {
	tag := uint32(h>>24) << s.tagShift
	mask := uint32(1)<<s.tagShift - 1
	for i := s.start(h); ; i++ {
		if i == uint64(len(s.slots)) {
			i = 0
		}
		v := s.slots[i]
		if v == 0 {
			s.slots[i] = tag | uint32(s.n+1)
			s.keys = append(s.keys, key...)
			s.n++
			return s.n - 1, false
		}
		if v&^mask != tag {
			continue
		}
		if k := int(v&mask) - 1; equal(s.keys[k*s.width:(k+1)*s.width], key) {
			return k, true
		}
	}
}

// start returns the slot at which the search for a key with hash h starts.
// The high half of the product maps hashes onto the slots evenly without
// the division of a remainder.
func (s *keySet) start(h uint64) uint64 {
	i, _ := bits.Mul64(h, uint64(len(s.slots)))
	return i
}

// touch loads the slot at which the search for a key with hash h starts, so
// that it is in the cache for add.
func (s *keySet) touch(h uint64) {
	s.sink += s.slots[s.start(h)]
}

// hash hashes a key. The keys of a large table are mostly a few bytes long,
// which it hashes without a call, by a multiplication whose high bits, the
// ones that pick the slot and the tag, depend on every bit of the key.
func (s *keySet) hash(key []byte) uint64 {
	if len(key) > 8 {
		return maphash.Bytes(s.seed, key)
	}
	x := s.salt
	for i, b := range key {
		x ^= uint64(b) << (8 * i)
	}
	return x * 0x9e3779b97f4a7c15
}

// equal is bytes.Equal for keys of the same length, without a call for
// short ones.
func equal(a, b []byte) bool {
	if len(a) > 8 {
		return bytes.Equal(a, b)
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
