package tree

import "math"

// A box is a node of the tree as drawn.
type box struct {
	node  *Node
	lines []string
	level int     // the root's is 0
	w, h  float64 // of its rectangle
	dx    float64 // from its parent's centre to its own, once shaped
	x, y  float64 // the centre of its top edge, once placed
	kids  []*box  // the true then the false branch's; none at a leaf
}

// A contour is the horizontal extent of a subtree's boxes on each of its
// levels, the top one first, relative to the centre of its root.
type contour struct{ left, right []float64 }

// shape returns the box of n, with those of its subtree as close as they
// can go: the false subtree is set beside the true one, at the least
// distance that keeps a gap between their boxes on every level both
// reach, and n centred above them.
func (t *Tree) shape(n *Node) (*box, contour) {
	b := &box{node: n, lines: t.lines(n)}
	for _, line := range b.lines {
		b.w = max(b.w, textWidth(line))
	}
	b.w += 2 * svgPad
	b.h = float64(len(b.lines))*svgLine + 2*svgPad
	c := contour{left: []float64{-b.w / 2}, right: []float64{b.w / 2}}
	if n.IsLeaf() {
		return b, c
	}
	onTrue, tc := t.shape(n.True)
	onFalse, fc := t.shape(n.False)
	apart := 0.0
	for i := range min(len(tc.right), len(fc.left)) {
		apart = max(apart, tc.right[i]+svgHGap-fc.left[i])
	}
	onTrue.dx, onFalse.dx = -apart/2, apart/2
	b.kids = []*box{onTrue, onFalse}
	for i := range max(len(tc.left), len(fc.left)) {
		l, r := math.Inf(1), math.Inf(-1)
		if i < len(tc.left) {
			l, r = tc.left[i]-apart/2, tc.right[i]-apart/2
		}
		if i < len(fc.left) {
			l, r = min(l, fc.left[i]+apart/2), max(r, fc.right[i]+apart/2)
		}
		c.left, c.right = append(c.left, l), append(c.right, r)
	}
	return b, c
}

// place sets the level and the centre of every box under root, the root's
// at 0, and returns them all, parents before children.
func place(root *box) []*box {
	var all []*box
	var walk func(b *box, x float64, level int)
	walk = func(b *box, x float64, level int) {
		b.x, b.level = x, level
		all = append(all, b)
		for _, k := range b.kids {
			walk(k, x+k.dx, level+1)
		}
	}
	walk(root, 0, 0)
	return all
}
