package tree

// Prune returns root without the tests that send every one of rows the same
// way, each replaced by the side they take; rows[i][f] is row i's value of
// feature f. The tree it returns classifies every row as root does, is no
// deeper, and shares nodes with root.
//
// A search that knows its data uses it to drop what the solver's tree
// holds for no example: depth mode leaves the node count free, so the
// tests it chooses for subtrees no example reaches, or for nodes whose
// examples all go one way, are arbitrary.
func Prune(root *Node, rows [][]bool) *Node {
	if root.IsLeaf() {
		return root
	}
	onFalse, onTrue := split(rows, root.Feature)
	switch {
	case len(onTrue) == 0:
		return Prune(root.False, onFalse)
	case len(onFalse) == 0:
		return Prune(root.True, onTrue)
	}
	f, t := Prune(root.False, onFalse), Prune(root.True, onTrue)
	if f == root.False && t == root.True {
		return root
	}
	return Split(root.Feature, f, t)
}

// split returns the rows where feature f is false, and those where it holds.
func split(rows [][]bool, f int) (onFalse, onTrue [][]bool) {
	for _, row := range rows {
		if row[f] {
			onTrue = append(onTrue, row)
		} else {
			onFalse = append(onFalse, row)
		}
	}
	return onFalse, onTrue
}
