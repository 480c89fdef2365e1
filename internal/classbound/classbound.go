// Package classbound bounds the trees that classify examples of several
// classes from below: every class needs a leaf of its own, and a tree of
// depth d has at most 2^d leaves.
package classbound

import "math/bits"

// Depth returns the least depth of a tree with a leaf for each of n
// classes, n at least 1: the base-2 logarithm of n, rounded up.
func Depth(n int) int { return bits.Len(uint(n - 1)) }

// Leaves returns the fewest leaves of a tree that classifies examples of n
// classes: n, one a class.
func Leaves(n int) int { return n }
