// Package lds finds good trees of the fewest-errors objective at once, and
// better ones as it goes, by limited discrepancy search (Harvey and
// Ginsberg, IJCAI 1995) over the top of the tree, with the bottom solved
// exactly.
//
// A greedy tree takes at every node the test a heuristic ranks first;
// CART's ranks by Gini impurity, which weighs a test by its two sides as
// leaves. An exact search of depth two is fast even on tens of thousands
// of rows, but of depth four or five it takes minutes. Search grows the
// top levels of a tree and solves each subtree of the last Options.Exact
// levels exactly. At a node of the top it tries first the root of the
// node's best tree of depth Exact, which looks past the two leaves, and
// then the tests as Options.Rank ranks them. It searches in rounds: in
// round r a path from the root may take, at each node, any of the first
// tests but counting i for the test tried i+1st, as long as the counts
// along the path add to at most r. Round 0, whose top follows the exact
// roots alone, is no worse than the best tree of depth Exact: at each
// node the subtrees below that tree's root are at least as deep as its
// own. Each round weighs the choices most likely to be wrong first, and
// offers every tree better than those before it. Before the rounds, a top
// that follows Rank alone, as CART's does, offers a tree at once: the
// exact roots of the large sets at the top take a while.
//
// The exact subtrees and the rankings are kept from one round to the next,
// so that a round costs only what it adds.
package lds

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// Options configure Search.
type Options struct {
	Depth int // of the trees sought
	// Exact is the depth of the subtrees solved exactly by Solve, at least
	// one; Depth at most Exact asks Solve for the whole tree.
	Exact int
	// Solve is an exact engine of the objective; it is asked for trees of
	// any size within depth Exact, and, with a cost, for the objective.
	Solve objective.Solver
	// Cost is the cost of a branching node in errors, as the objective
	// counts it over all the records of the dataset searched.
	Cost float64
	// MinLeaf is the fewest records a leaf of a tree with a branching
	// node holds (objective.Options.MinLeaf): Search splits a set only
	// where both sides hold that many, and asks Solve for as much.
	MinLeaf int
	// Rank returns the tests of a set worth splitting it by, best first,
	// of those that leave minLeaf records or more on each side.
	Rank func(ctx context.Context, ds *dataset.Dataset, minLeaf int) []int
	// Rounds is the most rounds to search, discrepancies 0 to Rounds-1,
	// after the top that follows Rank alone.
	Rounds int
	// Share, if above 0, is the share of the time since Search began that
	// its rounds may take: before each round after the first, Search waits
	// until the rounds so far have taken no more, leaving the rest of the
	// machine to the search it runs beside.
	Share float64
	// CacheBytes is Solve's objective.Options.CacheBytes.
	CacheBytes int64
	// Offer is given every tree found better than those before it, with
	// its score over ds's records.
	Offer func(root *tree.Node, s objective.Score)
}

// Search searches ds as Options says, until ctx ends, the rounds are
// done, or a round has weighed every choice.
func Search(ctx context.Context, ds *dataset.Dataset, opt Options) {
	s := &search{opt: opt, order: objective.Order{Cost: opt.Cost}, exact: map[string]found{}, ranks: map[string][]int{}, leads: map[string][]int{}}
	best := objective.None
	start, busy := time.Now(), time.Duration(0)
	// Round -1 is the top that follows Rank alone, which round 0 follows
	// at once: together they are the first round the share allows.
	for r := -1; r < opt.Rounds; r++ {
		if opt.Share > 0 && r > 0 {
			wait := time.Duration(float64(busy)/opt.Share) - time.Since(start)
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
		s.more, s.led = false, r >= 0
		began := time.Now()
		t, sc := s.grow(ctx, ds, "", opt.Depth, max(r, 0))
		busy += time.Since(began)
		if ctx.Err() != nil {
			return
		}
		if s.order.Less(sc, best) {
			best = sc
			opt.Offer(t, sc)
		}
		if !s.more && s.led {
			return // every choice weighed: a later round would repeat this one
		}
	}
}

// found is a subtree and its score.
type found struct {
	t *tree.Node
	s objective.Score
}

type search struct {
	opt   Options
	order objective.Order
	more  bool             // a round left out a test of some ranking
	exact map[string]found // by path, the exact subtrees
	led   bool             // whether the round tries the exact roots first
	ranks map[string][]int // by path, Rank's rankings
	leads map[string][]int // by path, the rankings led by the exact roots
}

// grow returns the best tree of depth at most d of ds, the set at the end
// of path, that takes at most r discrepancies below it. A search cut short
// by ctx returns what it has.
func (s *search) grow(ctx context.Context, ds *dataset.Dataset, path string, d, r int) (*tree.Node, objective.Score) {
	if d <= s.opt.Exact {
		if f, ok := s.exact[path]; ok {
			return f.t, f.s
		}
		res, err := s.solve(ctx, ds, d)
		if res == nil {
			return leaf(ds)
		}
		f := found{res.Root, objective.Score{E: res.Errors, B: res.Branches}}
		if err == nil {
			s.exact[path] = f
		}
		return f.t, f.s
	}
	best, score := leaf(ds)
	if score.E == 0 {
		return best, score
	}
	for i, f := range s.tests(ctx, ds, path) {
		if i > r {
			s.more = true
			break
		}
		if ctx.Err() != nil {
			break
		}
		no, yes := split(ds, f)
		if least := max(s.opt.MinLeaf, 1); objective.Records(no) < least || objective.Records(yes) < least {
			continue
		}
		key := path + strconv.Itoa(f)
		ft, fs := s.grow(ctx, no, key+"f", d-1, r-i)
		tt, ts := s.grow(ctx, yes, key+"t", d-1, r-i)
		if sc := fs.Add(ts).Add(objective.Branch); s.order.Less(sc, score) {
			best, score = tree.Split(f, ft, tt), sc
		}
	}
	return best, score
}

// solve returns Solve's best tree of ds within depth d, for the objective
// searched.
func (s *search) solve(ctx context.Context, ds *dataset.Dataset, d int) (*objective.Result, error) {
	return s.opt.Solve(ctx, ds, objective.Options{MaxDepth: d, AnySize: s.opt.Cost == 0, CostPerBranch: s.opt.Cost / float64(max(objective.Records(ds), 1)), MinLeaf: s.opt.MinLeaf, CacheBytes: s.opt.CacheBytes})
}

// tests returns the tests to split ds, the set at the end of path, by,
// in the order the round tries them: Rank's ranking, led where s.led by
// the root of ds's best tree of depth Exact. An impurity weighs a test by
// its two sides as leaves, but the exact bottom looks a level deeper, and
// a greedy top led by it is never worse than that tree (see the package
// comment).
func (s *search) tests(ctx context.Context, ds *dataset.Dataset, path string) []int {
	rank, ok := s.ranks[path]
	if !ok {
		rank = s.opt.Rank(ctx, ds, s.opt.MinLeaf)
		s.ranks[path] = rank
	}
	if !s.led {
		return rank
	}
	led, ok := s.leads[path]
	if !ok {
		// A Solve stopped by ctx may lead by a worse root; so does this
		// round, the last, as ctx ends Search.
		led = rank
		if res, _ := s.solve(ctx, ds, s.opt.Exact); res != nil && res.Root != nil && res.Root.True != nil {
			lead := res.Root.Feature
			led = append([]int{lead}, slices.DeleteFunc(slices.Clone(rank), func(f int) bool { return f == lead })...)
		}
		s.leads[path] = led
	}
	return led
}

// split returns the examples of ds where test f fails and holds, as
// datasets of their own, counted first: on a million rows, slices grown
// by appending would hold half as much again.
func split(ds *dataset.Dataset, f int) (no, yes *dataset.Dataset) {
	holds := 0
	for i := range ds.Examples {
		if ds.Holds(&ds.Examples[i], f) {
			holds++
		}
	}
	no, yes = new(dataset.Dataset), new(dataset.Dataset)
	*no, *yes = *ds, *ds
	no.Examples = make([]dataset.Example, 0, len(ds.Examples)-holds)
	yes.Examples = make([]dataset.Example, 0, holds)
	for i := range ds.Examples {
		if ex := &ds.Examples[i]; ds.Holds(ex, f) {
			yes.Examples = append(yes.Examples, *ex)
		} else {
			no.Examples = append(no.Examples, *ex)
		}
	}
	return no, yes
}

// leaf returns the leaf of ds's majority class and its score.
func leaf(ds *dataset.Dataset) (*tree.Node, objective.Score) {
	m := objective.Majority(ds)
	return m.Root, objective.Score{E: m.Errors}
}
