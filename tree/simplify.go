package tree

// Simplify returns root without the tests whose outcome is already known,
// because an ancestor tests the same feature, and with every test whose two
// sides are leaves of one class merged into that leaf. The tree it returns
// classifies every example as root does; it shares nodes with root.
func Simplify(root *Node) *Node {
	return simplify(root, map[int]bool{})
}

// simplify works under known, the outcomes of the tests above n.
func simplify(n *Node, known map[int]bool) *Node {
	if n.IsLeaf() {
		return n
	}
	if side, ok := known[n.Feature]; ok {
		if side {
			return simplify(n.True, known)
		}
		return simplify(n.False, known)
	}
	known[n.Feature] = false
	onFalse := simplify(n.False, known)
	known[n.Feature] = true
	onTrue := simplify(n.True, known)
	delete(known, n.Feature)
	if onFalse.IsLeaf() && onTrue.IsLeaf() && onFalse.Class == onTrue.Class {
		return onFalse
	}
	if onFalse == n.False && onTrue == n.True {
		return n
	}
	return Split(n.Feature, onFalse, onTrue)
}
