package objective

import (
	"sync"
	"sync/atomic"

	"github.com/odtx/odtx/tree"
)

// Incumbent holds the best tree known of a search and of whatever finds
// trees beside it, by an Order: several goroutines offer trees, and a
// search reads its score as an upper bound (Options.UpperBound).
type Incumbent struct {
	order Order
	mu    sync.Mutex // orders offers, so that the best one stays
	held  atomic.Pointer[held]
}

type held struct {
	root  *tree.Node
	score Score
}

// NewIncumbent returns an Incumbent holding nothing, which ranks trees by
// order.
func NewIncumbent(order Order) *Incumbent { return &Incumbent{order: order} }

// Offer keeps root, of score s, if it is better than the tree held, and
// reports whether it was.
func (in *Incumbent) Offer(root *tree.Node, s Score) bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	if h := in.held.Load(); h != nil && !in.order.Less(s, h.score) {
		return false
	}
	in.held.Store(&held{root, s})
	return true
}

// Best returns the tree held and its score, or nil and None.
func (in *Incumbent) Best() (*tree.Node, Score) {
	if h := in.held.Load(); h != nil {
		return h.root, h.score
	}
	return nil, None
}

// Score returns the score of the tree held, or None.
func (in *Incumbent) Score() Score {
	_, s := in.Best()
	return s
}
