package dataset

import (
	"cmp"
	"math"
	"slices"
)

// ranking ranks the numbers of one column after another, and keeps the
// memory it needs for that from one to the next: memory reused is memory
// that neither the system maps and clears again nor the collector frees.
type ranking struct {
	nums        []float64
	keys        []uint64
	order, back []int32
	sorted      []float64
	// counts holds, for each byte of a key, how many keys have each
	// value of it: on the stack it would outgrow a goroutine's first.
	counts [8][256]int32
}

// numbers parses every string in values, a column's, giving a missing
// value (IsMissing) NaN, or reports that one is neither a number nor
// missing; and it reports whether one is missing. The numbers are valid
// until the next call.
func (rk *ranking) numbers(values []string) (nums []float64, ok, missing bool) {
	nums = slices.Grow(rk.nums[:0], len(values))
	for _, s := range values {
		v, ok := number(s)
		if !ok {
			if !IsMissing(s) {
				rk.nums = nums
				return nums, false, missing
			}
			v, missing = math.NaN(), true
		}
		nums = append(nums, v)
	}
	rk.nums = nums
	return nums, true, missing
}

// rank returns the distinct numbers of nums in ascending order, valid
// until the next call, and the position of each number of nums among them.
// 0 and -0 are one number; the one that comes first in nums's order stands
// for both. NaN, a missing value, ranks past every number, as orderedBits
// orders it; nums holds no other NaN than math.NaN's.
//
// A column of numbers often holds as many values as records, and ranking
// them is then most of what Binarize does for it: the numbers are sorted
// once, with their positions, so that no number is looked up again.
func (rk *ranking) rank(nums []float64) ([]float64, []int32) {
	keys := slices.Grow(rk.keys[:0], len(nums))
	for _, v := range nums {
		keys = append(keys, orderedBits(v))
	}
	rk.keys = keys
	order := rk.sortedOrder(keys)
	rank := make([]int32, len(nums))
	sorted := slices.Grow(rk.sorted[:0], len(nums))
	for i, k := range order {
		if i == 0 || keys[k] != keys[order[i-1]] {
			sorted = append(sorted, nums[k])
		}
		rank[k] = int32(len(sorted) - 1)
	}
	rk.sorted = sorted
	return sorted, rank
}

// orderedBits maps v to an integer that orders as v does, 0 and -0 to one,
// and math.NaN() past +Inf.
func orderedBits(v float64) uint64 {
	b := math.Float64bits(v + 0) // -0 + 0 is 0
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

// radixMin is the fewest keys sortedOrder sorts by radix: below it the
// passes over every digit cost more than comparisons do.
const radixMin = 256

// sortedOrder returns the indices of keys in ascending order of their keys,
// and of the indices among equal keys, valid until the next call.
func (rk *ranking) sortedOrder(keys []uint64) []int32 {
	order := slices.Grow(rk.order[:0], len(keys))[:len(keys)]
	for i := range order {
		order[i] = int32(i)
	}
	rk.order = order
	if len(keys) < radixMin {
		slices.SortFunc(order, func(a, b int32) int { return cmp.Or(cmp.Compare(keys[a], keys[b]), cmp.Compare(a, b)) })
		return order
	}
	// Least significant byte first, each pass stable; a byte that every
	// key shares, as the high bytes of numbers of one magnitude do, needs
	// no pass.
	counts := &rk.counts
	clear(counts[:])
	for _, k := range keys {
		for d := range counts {
			counts[d][byte(k>>(8*d))]++
		}
	}
	rk.back = slices.Grow(rk.back[:0], len(keys))[:len(keys)]
	from, to := order, rk.back
	for d := range counts {
		c := &counts[d]
		if c[byte(keys[0]>>(8*d))] == int32(len(keys)) {
			continue
		}
		var sum int32
		for b, n := range c {
			c[b] = sum
			sum += n
		}
		for _, i := range from {
			b := byte(keys[i] >> (8 * d))
			to[c[b]] = i
			c[b]++
		}
		from, to = to, from
	}
	return from
}
