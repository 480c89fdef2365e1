package objective

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// Solver is an engine of this objective: minerr.Solve or ordered.Solve.
// When ctx ends first, it returns the best tree found, with Optimal false,
// the bound proven, and ctx's error.
type Solver func(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error)

// Options configure a Solver.
type Options struct {
	// MaxDepth bounds the depth of the tree; 0 asks for a single leaf.
	MaxDepth int
	// MaxBranches bounds the branching (internal) nodes, as STreeD and
	// MurTree count them; 0 leaves only the depth's bound of 2^MaxDepth-1.
	MaxBranches int
	// CostPerBranch is the complexity cost alpha of ConTree and STreeD:
	// each branching node costs alpha times the number of records, in
	// errors. The objective is then errors + alpha·records·branches.
	CostPerBranch float64
	// AnySize, without a cost, stops at a tree of the fewest errors, as
	// STreeD, MurTree and ConTree do, of whatever size: the search for the
	// fewest branching nodes among those trees, which can take longer than
	// the errors themselves, is left out.
	AnySize bool
	// MinLeaf is the fewest records (the counts of the items) a leaf of a
	// tree with a branching node may hold, scikit-learn's min_samples_leaf
	// as an integer: a split is allowed only where both its sides hold
	// MinLeaf records or more. A tree that is a single leaf is allowed
	// whatever the records, as scikit-learn fits one where MinLeaf is more
	// than half of them. 0 and 1 constrain nothing.
	MinLeaf int
	// Consistent, if set, is handed the search for the fewest branching
	// nodes when the fewest errors are 0: it returns the tree of fewest
	// leaves of depth at most d that makes no error on ds, given one, t,
	// or the best it has with its context's error. A zero-error engine
	// (package dp, as orchestrate sets it) proves that faster than a
	// search whose bounds on errors are all 0 there. Without it, the
	// engine searches the fewest branches itself, and so it does with a
	// MinLeaf above 1, which the zero-error engine does not know.
	Consistent func(ctx context.Context, ds *dataset.Dataset, d int, t *tree.Node) (*tree.Node, error)
	// UpperBound, if set, returns the score of the best tree known beside
	// the search (a greedy tree, or another search's), which the search
	// then needs only beat: it reads it at the root as it goes, and a
	// search that finds no better tree has proven that one optimal. It is
	// called from the search's goroutine while others may improve it.
	// The engine returns its own best tree, which may be worse: its
	// Result.Proven says what it proved.
	UpperBound func() Score
	// Progress, if not nil, is called whenever the best tree or the lower
	// bound improves, from one goroutine at a time.
	Progress func(Progress)
	// CacheBytes bounds the memory of the search's cache of subproblems,
	// about (see Memo): 0 asks for DefaultCacheBytes.
	CacheBytes int64
	// Off switches techniques off, for an ablation: none changes the
	// answer, only how soon it comes.
	Off Techniques
}

// Techniques are the techniques of the engines that a search may go
// without, each named by its field; the zero value has all of them.
// Package minerr's doc and package ordered's say what each does.
type Techniques struct {
	// BestFirst: ordered, in a search of depth three or more, splits the
	// interval of cuts of least bound next, whatever its column: the best
	// tree comes sooner, and with it the bound that rules cuts out, and at
	// the root the bound proven rises as it goes. Off, it searches the
	// columns one by one, and proves a bound only of those it has searched.
	BestFirst bool
	// Bands: ordered, in every search of depth three or more, bounds the
	// cuts of each column by the optima of bands of its items, which
	// errors add up over. Off, only evaluated cuts bound the cuts between them.
	Bands bool
	// Greedy: both engines start from a greedy tree (minerr: grown by
	// Gini and pruned to the budget; ordered: each node's best stump with
	// optimal sides), whose score bounds the search from the start. Off,
	// they start from the leaf.
	Greedy bool
	// Seeds: ordered starts the search of one side of a cut, of depth
	// two or more, from what the search of a subset of it learnt of every
	// cut. Off with a MinLeaf above 1, where a subset may cost more.
	Seeds bool
	// Runs: ordered's sweeps weigh a run of items of one class whole. Off
	// with a MinLeaf above 1, where the cuts allowed may start or end
	// inside a run.
	Runs bool
	// PairCounts: minerr solves depth two from per-class counts of pairs
	// of features, without recursion. Off, it recurses to depth one.
	PairCounts bool
	// Similarity: minerr bounds a side of a feature by the sides of the
	// features tried before it. Off with a MinLeaf above 1, where a tree
	// moved to another side may leave a leaf too small.
	Similarity bool
	// Floor: the search of the Errors mode holds CART's tree of the depth
	// budget from the start (package orchestrate), which the engine needs
	// only beat.
	Floor bool
	// LDS: a search of the Errors mode still running after a moment has
	// a limited discrepancy search beside the engine (package lds), whose
	// trees the engine needs only beat.
	LDS bool
}

// Progress reports the state of an anytime search.
type Progress struct {
	Errors     int // of the best tree so far
	Branches   int
	ErrorBound int     // as in Result
	Bound      float64 // as in Result
}

// Validate reports options that no search can take: a negative depth,
// budget or leaf size, a cost that is negative or not a finite number, or
// one with AnySize.
func (opt Options) Validate() error {
	if opt.MaxDepth < 0 || opt.MaxBranches < 0 {
		return fmt.Errorf("depth %d and branching nodes %d must not be negative", opt.MaxDepth, opt.MaxBranches)
	}
	if err := Searchable(opt.MaxDepth, opt.MaxBranches); err != nil {
		return err
	}
	if opt.MinLeaf < 0 {
		return fmt.Errorf("minimum leaf size %d: want 0 or more records", opt.MinLeaf)
	}
	if opt.CacheBytes < 0 {
		return fmt.Errorf("cache of %d bytes: want 0 (the default) or more", opt.CacheBytes)
	}
	if opt.CostPerBranch < 0 || math.IsNaN(opt.CostPerBranch) || math.IsInf(opt.CostPerBranch, 0) {
		return fmt.Errorf("complexity cost %v: want a finite cost of 0 or more", opt.CostPerBranch)
	}
	if opt.AnySize && opt.CostPerBranch != 0 {
		return errors.New("a complexity cost charges every branching node: it does not go with a tree of any size")
	}
	return nil
}

// DeepestSearch is the deepest tree the engines search: the branching
// nodes of a perfect tree one level deeper would not fit in an int.
const DeepestSearch = 62

// MaxBranches returns the most branching nodes a tree of depth d, at most
// DeepestSearch, can have.
func MaxBranches(d int) int { return 1<<min(d, DeepestSearch) - 1 }

// Searchable reports a depth or a budget of branching nodes past what the
// engines search: a depth past DeepestSearch, a budget past an int32,
// which their caches' keys hold (KeyOf).
func Searchable(depth, branches int) error {
	if depth > DeepestSearch || branches > math.MaxInt32 {
		return fmt.Errorf("depth %d and branching nodes %d: want a depth of at most %d and at most %d branching nodes", depth, branches, DeepestSearch, math.MaxInt32)
	}
	return nil
}

// RootBudget returns the branch budget of the root of a search of depth d
// within maxBranches branching nodes (0: no bound but the depth's) of a
// set that splits into at most leaves nonempty leaves. A binding budget
// sizes a search's frames: past leaves less one, which no tree of
// nonempty leaves exceeds, it binds nothing but the memory.
func RootBudget(d, maxBranches, leaves int) int {
	full := MaxBranches(d)
	if maxBranches <= 0 || maxBranches >= full {
		return full
	}
	return min(maxBranches, max(leaves-1, 1))
}

// LeastLeaf returns the fewest records each side of a split must hold:
// MinLeaf, or 1, which only asks that neither side be empty.
func (opt Options) LeastLeaf() int { return max(opt.MinLeaf, 1) }

// LeafBudget returns n, the most branching nodes of a tree of a set of
// records records, or fewer where its leaves cannot all hold least
// records: b branching nodes make b+1 leaves, each of least records or
// more but for a single leaf, which needs none.
func LeafBudget(n, records, least int) int {
	if least <= 1 {
		return n
	}
	return max(0, min(n, records/least-1))
}

// TechniqueNames returns the name of each technique of Techniques, as
// SwitchOff reads it: its field's name in lower case, words joined by
// hyphens (pair-counts).
func TechniqueNames() []string {
	var names []string
	t := reflect.TypeFor[Techniques]()
	for i := range t.NumField() {
		names = append(names, hyphenate(t.Field(i).Name))
	}
	return names
}

// SwitchOff switches off the techniques named, as TechniqueNames names
// them.
func (t *Techniques) SwitchOff(names ...string) error {
	v := reflect.ValueOf(t).Elem()
	for _, name := range names {
		i := slices.Index(TechniqueNames(), name)
		if i < 0 {
			return fmt.Errorf("no technique %q (want one of %s)", name, strings.Join(TechniqueNames(), ", "))
		}
		v.Field(i).SetBool(true)
	}
	return nil
}

// hyphenate turns a Go name into words in lower case joined by hyphens,
// a word starting at a capital after a small letter: an initialism such
// as LDS stays one word.
func hyphenate(name string) string {
	var b strings.Builder
	prev := ' '
	for _, r := range name {
		if unicode.IsUpper(r) && unicode.IsLower(prev) {
			b.WriteByte('-')
		}
		b.WriteRune(unicode.ToLower(r))
		prev = r
	}
	return b.String()
}
