// Package tree holds learned decision trees: their structure over binary
// features, classification, checking against data, and the text, JSON,
// Graphviz and SVG forms odtx writes.
package tree

import "github.com/odtx/odtx/dataset"

// Node is an internal node or a leaf of a decision tree. An internal node
// sends an example to True when its feature holds and to False otherwise.
type Node struct {
	Feature     int // index into Tree.Features; meaningless at a leaf
	Class       int // index into Tree.Classes; meaningless at an internal node
	False, True *Node
	// Counts holds, at a leaf, how many training records of each class
	// reach it, indexed as Tree.Classes; nil where they were not counted.
	Counts []int
	// Weights holds, at a leaf of a tree learnt with weighted records,
	// their weight of each class, as Counts; nil otherwise.
	Weights []float64
	// Missing is, at a test on a column of numbers, where a missing value
	// goes: to True for dataset.MissingTrue, to False for MissingFalse.
	// Where it is none, the side of the test's feature decides, and where
	// that is none too, as in a tree from before odtx knew missing values,
	// a missing value is an error. Score and Verify set it from the
	// training records: where some with a missing value reach the test,
	// the side the search chose for them, which is its feature's; where
	// none does, the branch more of them take, False on a tie, which is
	// where scikit-learn's trees send missing values they did not meet.
	Missing dataset.Missing
	// Fit holds, at a leaf of a regression tree, what the training
	// targets that reach it give; nil in a classification tree.
	Fit *Fit
}

// Leaf returns a leaf of the given class.
func Leaf(class int) *Node { return &Node{Class: class} }

// Split returns an internal node testing feature.
func Split(feature int, onFalse, onTrue *Node) *Node {
	return &Node{Feature: feature, False: onFalse, True: onTrue}
}

// Map returns a copy of n whose nodes test feature(f) where n's test f:
// n over another numbering of the features, such as a tree learnt on a
// subset of them (dataset.Dataset.Thin) over all of them.
func (n *Node) Map(feature func(int) int) *Node {
	if n.IsLeaf() {
		m := *n
		return &m
	}
	return Split(feature(n.Feature), n.False.Map(feature), n.True.Map(feature))
}

// IsLeaf reports whether n is a leaf.
func (n *Node) IsLeaf() bool { return n.False == nil && n.True == nil }

// Classify returns the class of the leaf that an example reaches, where
// holds reports the example's value of a feature.
func (n *Node) Classify(holds func(feature int) bool) int {
	return n.Reach(holds).Class
}

// Reach returns the leaf that an example reaches, where holds reports the
// example's value of a feature.
func (n *Node) Reach(holds func(feature int) bool) *Node {
	for !n.IsLeaf() {
		if holds(n.Feature) {
			n = n.True
		} else {
			n = n.False
		}
	}
	return n
}

// Depth is the number of edges on the longest path from n to a leaf.
func (n *Node) Depth() int {
	if n.IsLeaf() {
		return 0
	}
	return 1 + max(n.False.Depth(), n.True.Depth())
}

// Nodes counts internal nodes and leaves.
func (n *Node) Nodes() int {
	if n.IsLeaf() {
		return 1
	}
	return 1 + n.False.Nodes() + n.True.Nodes()
}

// Leaves counts the leaves.
func (n *Node) Leaves() int { return (n.Nodes() + 1) / 2 }

// Tree is a decision tree with the names that give it meaning.
type Tree struct {
	Root     *Node
	Features []dataset.Feature
	Label    string   // name of the label column
	Classes  []string // class names
	// Split is how the features were made from the columns, which predict
	// needs to binarize new rows alike.
	Split dataset.Split
}

// Beats reports whether n is a better tree than m by the order every
// engine minimizes in: shallower, or as deep with fewer nodes.
func (n *Node) Beats(m *Node) bool {
	return n.Depth() < m.Depth() || n.Depth() == m.Depth() && n.Nodes() < m.Nodes()
}
