// Package gen generates the artificial datasets of Avellaneda's "Learning
// Optimal Decision Trees from Large Datasets": a decision tree of a given
// depth is drawn at random over binary features, and training rows are drawn
// at random and labelled by that tree.
//
// Such data has a known answer: a tree of the generating depth classifies
// every row, so the optimal depth is at most that depth, and the time to prove
// it can be measured as the depth, the number of features, classes or rows
// grows. [Numeric] draws tables of numbers alike, at the size of real data,
// for the search of the fewest errors.
//
// Everything is deterministic for given [Params]: the random choices come from
// the PCG generator of math/rand/v2 seeded with Params.Seed, so the same
// Params give the same tree and the same bytes on every platform.
package gen

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/odtx/odtx/tree"
)

// MaxFeatures is the largest number of features, so that a feature vector
// fits in the bits of a uint64 with room to count all 2^Features of them.
const MaxFeatures = 62

// MaxDepth is the largest depth of a generated tree. A perfect tree of depth
// k has 2^(k+1)-1 nodes, so the limit keeps a tree in a few tens of megabytes;
// beyond it no SAT solver proves optimality anyway.
const MaxDepth = 20

// Params says what to generate.
type Params struct {
	Depth    int // depth of the generating tree: 0 is a single leaf
	Features int // number of binary features, 1 to MaxFeatures
	Classes  int // number of classes, at least 1
	// Rows is the number of distinct rows, from 1 to the 2^Features there
	// are: more is an error rather than fewer rows than asked.
	Rows int
	// Noise is the fraction of rows, from 0 to 1, whose label is replaced
	// by another class drawn at random, so that no tree of the generating
	// depth classifies them all: data for the min-error objective.
	Noise float64
	Seed  uint64 // seed of the random generator
}

// Streams of the PCG generator. The rows have a stream of their own so that
// the same Features, Rows and Seed give the same feature vectors whatever the
// Depth and Classes, which keeps experiments that vary the tree comparable.
const (
	treeStream  = 1
	rowStream   = 2
	noiseStream = 3
)

// check reports the first parameter that is out of range.
func (p Params) check() error {
	switch {
	case p.Features < 1 || p.Features > MaxFeatures:
		return fmt.Errorf("gen: %d features, want 1 to %d", p.Features, MaxFeatures)
	case p.Depth < 0 || p.Depth > MaxDepth:
		return fmt.Errorf("gen: depth %d, want 0 to %d", p.Depth, MaxDepth)
	case p.Depth > p.Features:
		return fmt.Errorf("gen: depth %d exceeds the %d features; a path tests each feature at most once", p.Depth, p.Features)
	case p.Rows >= 1 && uint64(p.Rows) > uint64(1)<<p.Features:
		return fmt.Errorf("gen: %d rows asked, but %d binary features make at most %d distinct rows: ask for fewer rows or more features", p.Rows, p.Features, uint64(1)<<p.Features)
	}
	return checkLabels(p.Classes, p.Rows, p.Noise)
}

// checkLabels reports the first of the parameters that every table has
// that is out of range.
func checkLabels(classes, rows int, noise float64) error {
	switch {
	case classes < 1:
		return fmt.Errorf("gen: %d classes, want at least 1", classes)
	case rows < 1:
		return fmt.Errorf("gen: %d rows, want at least 1", rows)
	case !(noise >= 0 && noise <= 1):
		return fmt.Errorf("gen: noise %v, want a fraction from 0 to 1", noise)
	case noise > 0 && classes < 2:
		return fmt.Errorf("gen: noise needs at least 2 classes to flip a label to")
	}
	return nil
}

// bitsHold returns the test of a feature of the row x packed into bits:
// bit i is the value of feature i.
func bitsHold(x uint64) func(feature int) bool {
	return func(f int) bool { return x>>f&1 == 1 }
}

// drawTree draws a random decision tree: a perfect tree of depth p.Depth whose
// internal nodes test random features (a feature is not tested twice on one
// path, so p.Depth <= p.Features is required) and whose leaves carry random
// classes, with every class on at least one leaf when 2^p.Depth >= p.Classes.
// p.Rows is not used but must be valid.
func drawTree(p Params) (*tree.Node, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(p.Seed, treeStream))

	// Draw the classes first and hand them out left to right.
	classes := leafClasses(r, 1<<p.Depth, p.Classes)

	var grow func(depth int, used uint64) *tree.Node
	grow = func(depth int, used uint64) *tree.Node {
		if depth == 0 {
			n := tree.Leaf(classes[0])
			classes = classes[1:]
			return n
		}
		f := pick(r, p.Features, used)
		onFalse := grow(depth-1, used|1<<f)
		return tree.Split(f, onFalse, grow(depth-1, used|1<<f))
	}
	return grow(p.Depth, 0), nil
}

// leafClasses returns the classes of n leaves, from left to right:
// seeding one leaf with each class, then shuffling, makes every class
// appear, if there are leaves enough, without favouring any leaf.
func leafClasses(r *rand.Rand, n, classes int) []int {
	out := make([]int, n)
	for i := range out {
		if i < classes {
			out[i] = i
		} else {
			out[i] = r.IntN(classes)
		}
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// pick returns a feature below features that is not in used, uniformly.
func pick(r *rand.Rand, features int, used uint64) int {
	free := features
	for f := range features {
		free -= int(used >> f & 1)
	}
	k := r.IntN(free)
	for f := range features {
		if used>>f&1 == 0 {
			if k == 0 {
				return f
			}
			k--
		}
	}
	panic("unreachable: fewer free features than counted")
}

// rows returns n distinct random feature vectors of the given width, packed
// into bits: all of them in random order if there are n.
func rows(r *rand.Rand, features, n int) []uint64 {
	all := uint64(1) << features
	if all == uint64(n) {
		xs := make([]uint64, all)
		for i := range xs {
			xs[i] = uint64(i)
		}
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		return xs
	}
	// Floyd's algorithm: a uniform sample without replacement in n draws,
	// where rejecting repeats would slow down as n nears 2^features. It
	// yields a set, not a sequence (large values come late), so shuffle.
	seen := make(map[uint64]bool, n)
	xs := make([]uint64, 0, n)
	for j := all - uint64(n); j < all; j++ {
		x := r.Uint64N(j + 1)
		if seen[x] {
			x = j
		}
		seen[x] = true
		xs = append(xs, x)
	}
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	return xs
}

// flips returns, for n rows, which rows get a wrong label (round(noise·n)
// of them, drawn uniformly) and the class offset, from 1 to classes-1, that
// each of those gets.
func flips(r *rand.Rand, n, classes int, noise float64) map[int]int {
	k := int(math.Round(noise * float64(n)))
	out := make(map[int]int, k)
	for _, i := range r.Perm(n)[:k] {
		out[i] = 1 + r.IntN(classes-1)
	}
	return out
}

// CSV returns p.Rows distinct random feature vectors labelled by a random
// tree of depth p.Depth (see drawTree), as CSV text ready for
// dataset.ReadTable: a header f0, ..., f{p.Features-1}, class; feature values 0 and 1; the class as an integer. With p.Noise, a
// fraction of the rows have their label replaced by another class; the
// rows and the tree stay those of the same Params without noise.
func CSV(p Params) ([]byte, error) {
	root, err := drawTree(p)
	if err != nil {
		return nil, err
	}
	xs := rows(rand.New(rand.NewPCG(p.Seed, rowStream)), p.Features, p.Rows)
	var flip map[int]int
	if p.Noise > 0 {
		flip = flips(rand.New(rand.NewPCG(p.Seed, noiseStream)), len(xs), p.Classes, p.Noise)
	}

	var b bytes.Buffer
	b.Grow((len(xs) + 1) * (2*p.Features + 4))
	for f := range p.Features {
		fmt.Fprintf(&b, "f%d,", f)
	}
	b.WriteString("class\n")
	for i, x := range xs {
		for f := range p.Features {
			b.WriteByte('0' + byte(x>>f&1))
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa((root.Classify(bitsHold(x)) + flip[i]) % p.Classes))
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}
