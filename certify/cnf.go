// Package certify backs odtx's optimality claims with proofs a stock
// checker accepts. A claim says that no tree of some depth (and, in size
// mode, of fewer nodes) classifies a set of examples; its certificate is
// the CNF of that claim over those examples, a DRAT proof that the CNF is
// unsatisfiable, and a manifest that names the rows of the dataset used.
// No tree classifies a subset of the rows means none classifies them all,
// so a claim on the rows a search needed is a claim on the dataset.
package certify

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/dimacs"
	"github.com/odtx/odtx/encode"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/solver"
)

// Claim says that no tree of depth Depth or less, with at most MaxNodes
// nodes if MaxNodes > 0, classifies the examples of a dataset at the
// indices Examples, an example of Tied classes (dataset.Example) by any of
// them; or, if Errors > 0, that every such tree misclassifies at least
// Errors of their records (see WriteCNF).
type Claim struct {
	Depth    int
	MaxNodes int
	Errors   int
	Examples []int
}

// Result is what a certificate certifies: that no consistent tree is
// shallower than Depth and, in size mode, that none as deep has fewer than
// Nodes nodes. In errors mode it is that no tree of depth Depth or less
// (and at most MaxBranches branching nodes, if more than 0) misclassifies
// fewer than Errors records and, if Nodes is more than 0, none that
// misclassifies Errors has fewer than Nodes nodes.
type Result struct {
	Mode        string `json:"mode"` // "depth", "size" or "errors"
	Depth       int    `json:"depth"`
	Nodes       int    `json:"nodes,omitempty"` // in size and errors mode
	Errors      int    `json:"errors,omitempty"`
	MaxBranches int    `json:"max_branching_nodes,omitempty"`
}

// claims returns the claims that prove r over the examples at the given
// indices: no tree one level shallower and, in size mode, none as deep
// with fewer nodes (a node count is odd); in errors mode, none within the
// budget with fewer errors, if there are any, and, if r has Nodes, none
// with as few errors and fewer nodes.
func (r Result) claims(examples []int) []Claim {
	var claims []Claim
	if r.Mode == "errors" {
		if r.Errors > 0 {
			budget := 0
			if r.MaxBranches > 0 {
				budget = 2*r.MaxBranches + 1
			}
			claims = append(claims, Claim{Depth: r.Depth, MaxNodes: budget, Errors: r.Errors, Examples: examples})
		}
		if r.Nodes > 1 {
			claims = append(claims, Claim{Depth: r.Depth, MaxNodes: r.Nodes - 2, Errors: r.Errors + 1, Examples: examples})
		}
		return claims
	}
	if r.Depth > 0 {
		claims = append(claims, Claim{Depth: r.Depth - 1, Examples: examples})
	}
	if r.Mode == "size" && r.Nodes > 1 {
		claims = append(claims, Claim{Depth: r.Depth, MaxNodes: r.Nodes - 2, Examples: examples})
	}
	return claims
}

// String states the result in words, as verify reports it.
func (r Result) String() string {
	switch r.Mode {
	case "size":
		return fmt.Sprintf("depth %d and %s optimal", r.Depth, plural.Count(r.Nodes, "node"))
	case "errors":
		within := fmt.Sprintf("depth %d", r.Depth)
		if r.MaxBranches > 0 {
			within += " and " + plural.Count(r.MaxBranches, "branching node")
		}
		s := fmt.Sprintf("%s optimal within %s", plural.Count(r.Errors, "training error"), within)
		if r.Nodes > 0 {
			s += fmt.Sprintf(", and %s the fewest with them", plural.Count(r.Nodes, "node"))
		}
		return s
	}
	return fmt.Sprintf("depth %d optimal", r.Depth)
}

// String states the claim in words, as the manifest and errors give it.
func (c Claim) String() string {
	tree := fmt.Sprintf("no tree of depth %d", c.Depth)
	if c.MaxNodes > 0 {
		tree += " with at most " + plural.Count(c.MaxNodes, "node")
	}
	if c.Errors > 0 {
		return fmt.Sprintf("%s makes fewer than %s on the rows", tree, plural.Count(c.Errors, "error"))
	}
	return tree + " classifies the rows"
}

// WriteCNF writes the formula that is satisfiable exactly when c is false,
// the paper's encoding over every feature of ds, in DIMACS with a comment
// naming each variable in the data's own terms (`c var 17 F node=3
// feature="C <= 19"`). For a claim on errors, the examples are soft and
// their errors bounded (see errorClaim).
func WriteCNF(w io.Writer, ds *dataset.Dataset, c Claim) error {
	var f solver.Formula
	var enc *encode.Encoder
	if c.Errors > 0 {
		var err error
		if enc, err = errorClaim(&f, ds, c); err != nil {
			return err
		}
	} else {
		enc = encode.New(&f, c.Depth, len(ds.Features), len(ds.Classes))
		for _, i := range c.Examples {
			enc.AddExample(ds.Row(&ds.Examples[i]), ds.Examples[i].Allowed()...)
		}
	}
	if c.MaxNodes > 0 {
		bound, err := enc.AtMostLeaves((c.MaxNodes + 1) / 2)
		if err != nil {
			return err
		}
		f.AddClause([]int{bound})
	}
	out := dimacs.NewWriter(w)
	out.Comment(fmt.Sprintf("odtx: trees of depth %d, %s%s, %d of %s of %s", c.Depth, nodeBound(c.MaxNodes), errorBound(c.Errors), len(c.Examples), plural.Count(len(ds.Examples), "example"), filepath.Base(ds.Name)))
	for v := 1; v <= enc.Vars(); v++ {
		out.Comment(describe(ds, c.Examples, v, enc.Describe(v)))
	}
	if err := out.Header(enc.Vars(), f.Len()); err != nil {
		return err
	}
	f.Write(out)
	return out.Flush() // the Writer's first error sticks
}

func nodeBound(nodes int) string {
	if nodes == 0 {
		return "any number of nodes"
	}
	return "at most " + plural.Count(nodes, "node")
}

// describe names variable v for a comment line, in the data's own terms.
func describe(ds *dataset.Dataset, examples []int, v int, d encode.Var) string {
	s := fmt.Sprintf("var %d %s", v, d.Kind)
	switch d.Kind {
	case encode.KindF:
		return s + fmt.Sprintf(" node=%d feature=%q", d.Node, ds.Features[d.Feature].String())
	case encode.KindC:
		return s + fmt.Sprintf(" leaf=%d class=%q", d.Leaf, ds.Classes[d.Class])
	case encode.KindX:
		return s + fmt.Sprintf(" line=%d depth=%d", ds.Examples[examples[d.Example]].Line, d.Level)
	case encode.KindU:
		return s + fmt.Sprintf(" leaf=%d", d.Leaf)
	case encode.KindH:
		return s + fmt.Sprintf(" node=%d count>=%d", d.Node, d.Count)
	case encode.KindR:
		return s + fmt.Sprintf(" node=%d class=%q", d.Node, ds.Classes[d.Class])
	case encode.KindY:
		return s + fmt.Sprintf(" line=%d class=%q", ds.Examples[examples[d.Example]].Line, ds.Classes[d.Class])
	case encode.KindE:
		return s + fmt.Sprintf(" node=%d errors>=%d", d.Node, d.Count)
	}
	return s
}
