package dp

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/tree"
)

// learn runs both searches on ds: the least depth, then the fewest leaves
// at that depth, with a cache of about limit bytes.
func learn(t testing.TB, ds *dataset.Dataset, limit int64) (depthTree, sizeTree *tree.Node) {
	t.Helper()
	s, err := New(context.Background(), ds, Options{CacheBytes: limit})
	if err != nil {
		t.Fatal(err)
	}
	depthTree, err = s.MinDepth(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s.DepthBound() != depthTree.Depth() {
		t.Fatalf("bound %d beside a tree of depth %d", s.DepthBound(), depthTree.Depth())
	}
	sizeTree, err = s.MinLeaves(context.Background(), depthTree.Depth(), depthTree)
	if err != nil {
		t.Fatal(err)
	}
	if s.LeafBound(depthTree.Depth()) != sizeTree.Leaves() {
		t.Fatalf("leaf bound %d beside a tree of %d leaves", s.LeafBound(depthTree.Depth()), sizeTree.Leaves())
	}
	return depthTree, sizeTree
}

// TestAgainstBruteForce compares both searches with an exhaustive search
// over all trees of depth at most 4, leaves at any depth, on random
// datasets, some with twin or complementary features, some with a tiny
// cache.
func TestAgainstBruteForce(t *testing.T) {
	oracle := testgen.NewOracle(3, 6, 40, 4, 4)
	trials := 2000
	if testing.Short() {
		trials = 400
	}
	for trial := range trials {
		c := oracle.Draw(trial)
		// A cache too small for anything drops its generations all the
		// time, which must cost time only.
		limit := int64(DefaultCacheBytes)
		if trial%4 == 0 {
			limit = 1 << 10
		}
		depthTree, sizeTree := learn(t, c.DS, limit)
		c.Check(t, "depth", depthTree, false)
		c.Check(t, "size", sizeTree, true)
	}
	oracle.CheckTeeth(t)
}

// TestContextEnds: a search whose context has ended says so, and proves
// nothing it has not.
func TestContextEnds(t *testing.T) {
	ds := testgen.Dataset(rand.New(rand.NewPCG(5, 6)), 8, 200, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(ctx, ds, Options{}); err != context.Canceled {
		t.Fatalf("New: err %v, want context.Canceled", err)
	}
	s, err := New(context.Background(), ds, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.MinDepth(ctx); err != context.Canceled {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if s.DepthBound() != 1 {
		t.Errorf("depth bound %d after no work, want 1 (two classes)", s.DepthBound())
	}
}
