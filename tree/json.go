package tree

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/odtx/odtx/dataset"
)

// Stats describes the search that produced a tree. The SAT engine counts
// solver calls and formulas, the DP engine rounds and subproblems.
type Stats struct {
	ExamplesUsed int     `json:"examples_used"` // examples the final search ran on
	SolverCalls  int     `json:"solver_calls,omitempty"`
	Variables    int     `json:"variables,omitempty"`      // of the final formula
	Clauses      int     `json:"clauses,omitempty"`        // of the final formula
	Rounds       int     `json:"dp_rounds,omitempty"`      // dynamic-programming searches over a subset
	Subproblems  int     `json:"dp_subproblems,omitempty"` // sets of examples the DP engine solved
	Seconds      float64 `json:"seconds"`
}

// Meta is what a learning run adds to a tree in its JSON form.
type Meta struct {
	Mode    string // "depth", "size" or "errors"
	Engine  string // the engine that ran the search
	Optimal bool
	// Budget bounds the trees searched in the "errors" mode; nil otherwise.
	Budget *Budget
	// TrainingErrors, when not nil, counts the training rows the tree
	// misclassifies: in the "errors" mode, and with relabelled rows.
	TrainingErrors *int
	// TrainingLoss, in the "errors" mode with weighted rows, is the weight
	// of the rows the tree misclassifies, which the search minimized.
	TrainingLoss *float64
	// Objective, when not nil, is the cost the "errors" mode minimized
	// with a complexity cost: the errors plus the cost of the branching
	// nodes.
	Objective *float64
	// TrainingSSE, in the "regression" mode, is the tree's sum of squared
	// errors on the training rows, which the search minimized.
	TrainingSSE *float64
	// ProvenBy names the engines whose proofs the bounds rest on.
	ProvenBy Proof
	// Bound holds what the search proved when it stopped before proving
	// the tree optimal; it is written only then.
	Bound Bound
	// Relabelled says that contradictory rows were given their majority's
	// label; Errors are then the lines of the rows the tree gets wrong, as
	// few as any tree can.
	Relabelled bool
	Errors     []int
	// Certified, for a run asked to certify its result, says whether a
	// checked proof backs every claim its optimality rests on; nil for a
	// run not asked, whose JSON then says nothing either way.
	Certified *bool
	Stats     Stats
}

// Bound is a proven lower bound: no consistent tree is shallower than
// Depth, nor, at the tree's depth, smaller than Nodes (0 if unknown). Both
// are always written, so that a reader need not know what a missing one
// means.
type Bound struct {
	Depth int `json:"depth"`
	Nodes int `json:"nodes"`
	// Errors, in the "errors" mode, is the fewest training errors any tree
	// within the budget can make, Loss the least weight of them with
	// weighted rows, Objective the least cost with a complexity cost.
	Errors    *int     `json:"errors,omitempty"`
	Loss      *float64 `json:"loss,omitempty"`
	Objective *float64 `json:"objective,omitempty"`
	// SSE, in the "regression" mode, is the least sum of squared errors
	// any tree within the budget makes.
	SSE *float64 `json:"sse,omitempty"`
}

// Budget is what the "errors" mode searched within: trees of depth
// MaxDepth or less, of MaxBranches branching nodes or fewer (0: no bound
// but the depth's), each branching node costing ComplexityCost times the
// number of rows in errors.
type Budget struct {
	MaxDepth       int     `json:"max_depth"`
	MaxBranches    int     `json:"max_branching_nodes,omitempty"`
	ComplexityCost float64 `json:"complexity_cost,omitempty"`
	AnySize        bool    `json:"any_size,omitempty"` // the nodes are not minimized
	// MinLeaf is the least rows (or weight, with weighted rows) of a leaf.
	MinLeaf float64 `json:"min_leaf,omitempty"`
}

// Proof names the engines that proved the depth and the node count least
// ("" where nothing was proven).
type Proof struct {
	Depth  string `json:"depth,omitempty"`
	Nodes  string `json:"nodes,omitempty"`
	Errors string `json:"errors,omitempty"`
}

// document is the JSON contract other tools read; docs/json.md describes it.
type document struct {
	Depth int `json:"depth"`
	Nodes int `json:"nodes"` // every node, leaves included
	// Branches counts the branching nodes only, as a budget of
	// Budget.MaxBranches and the DP tools count them.
	Branches int     `json:"branching_nodes"`
	Leaves   int     `json:"leaves"`
	Mode     string  `json:"mode,omitempty"`
	Budget   *Budget `json:"budget,omitempty"`
	Engine   string  `json:"engine,omitempty"`
	Optimal  bool    `json:"optimal"`
	// Certified is written only for a run asked to certify its result.
	Certified *bool  `json:"certified,omitempty"`
	Proof     *Proof `json:"proven_by,omitempty"`
	Bound     *Bound `json:"lower_bound,omitempty"`
	// TrainingErrors is written in the "errors" mode and with relabelled
	// rows, ErrorLines with relabelled rows only.
	TrainingErrors *int `json:"training_errors,omitempty"`
	// TrainingLoss is written in the "errors" mode with weighted rows.
	TrainingLoss *float64 `json:"training_loss,omitempty"`
	Objective    *float64 `json:"objective,omitempty"`
	ErrorLines   []int    `json:"error_lines,omitempty"`
	Label        string   `json:"label"`
	Classes      []string `json:"classes"`
	// Split is "threshold" or "eq"; absent in files from before it was
	// written, all of them threshold.
	Split string    `json:"split,omitempty"`
	Stats *Stats    `json:"stats,omitempty"`
	Root  *jsonNode `json:"root"`

	// TrainingSSE is written in the "regression" mode.
	TrainingSSE *float64 `json:"training_sse,omitempty"`
}

type jsonNode struct {
	Class  *string `json:"class,omitempty"`
	Counts []int   `json:"counts,omitempty"` // of the training records reaching a leaf, by class
	// Weights are the weights of those records, with weighted records.
	Weights []float64       `json:"weights,omitempty"`
	Column  string          `json:"column,omitempty"`
	Op      string          `json:"op,omitempty"`
	Value   json.RawMessage `json:"value,omitempty"`
	// Missing is, at a <= test, whether a missing value satisfies it, and
	// MissingLearned that its column had missing values in training,
	// whose side the search chose (see Node.Missing); both are absent in
	// files from before odtx knew missing values.
	Missing        *bool     `json:"missing,omitempty"`
	MissingLearned bool      `json:"missing_learned,omitempty"`
	True           *jsonNode `json:"true,omitempty"`
	False          *jsonNode `json:"false,omitempty"`

	// Count and SSE are, at a leaf of a regression tree, the training
	// records that reach it and their squared errors about its class,
	// their mean.
	Count *int     `json:"count,omitempty"`
	SSE   *float64 `json:"sse,omitempty"`
	// Weight is, with weighted records, the weight of those records.
	Weight *float64 `json:"weight,omitempty"`
}

// WriteJSON writes t and meta as one indented JSON document.
func (t *Tree) WriteJSON(w io.Writer, meta Meta) error {
	doc := document{
		Depth:     t.Root.Depth(),
		Nodes:     t.Root.Nodes(),
		Branches:  t.Root.Nodes() - t.Root.Leaves(),
		Leaves:    t.Root.Leaves(),
		Mode:      meta.Mode,
		Budget:    meta.Budget,
		Engine:    meta.Engine,
		Optimal:   meta.Optimal,
		Certified: meta.Certified,
		Proof:     proof(meta.ProvenBy),
		Bound:     bound(meta),
		Label:     t.Label,
		Classes:   t.Classes,
		Split:     t.Split.String(),
		Stats:     &meta.Stats,
		Root:      t.jsonNode(t.Root),

		TrainingErrors: meta.TrainingErrors,
		TrainingLoss:   meta.TrainingLoss,
		Objective:      meta.Objective,
		TrainingSSE:    meta.TrainingSSE,
	}
	if meta.Relabelled {
		n := len(meta.Errors)
		doc.TrainingErrors, doc.ErrorLines = &n, meta.Errors
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // "<=" stays readable
	return enc.Encode(doc)
}

func proof(p Proof) *Proof {
	if p == (Proof{}) {
		return nil
	}
	return &p
}

func bound(meta Meta) *Bound {
	if meta.Optimal {
		return nil
	}
	return &meta.Bound
}

func (t *Tree) jsonNode(n *Node) *jsonNode {
	if n.IsLeaf() {
		j := &jsonNode{Class: &t.Classes[n.Class], Counts: n.Counts, Weights: n.Weights}
		if n.Fit != nil {
			j.Count, j.SSE, j.Weight = &n.Fit.Count, &n.Fit.SSE, n.Fit.Weight
		}
		return j
	}
	f := t.Features[n.Feature]
	j := &jsonNode{
		Column: f.Column,
		Op:     f.Op.String(),
		True:   t.jsonNode(n.True),
		False:  t.jsonNode(n.False),
	}
	if f.Op == dataset.LessEq {
		j.Value = strconv.AppendFloat(nil, f.Threshold, 'g', -1, 64)
		if side := n.side(&f); side != 0 {
			yes := side == dataset.MissingTrue
			j.Missing, j.MissingLearned = &yes, f.Missing != 0
		}
	} else {
		j.Value, _ = json.Marshal(f.Value) // a string always marshals
	}
	return j
}

// ReadJSON reads a tree written by WriteJSON. The run's metadata is
// ignored. It is strict, as a tree that predicts must mean one thing: a
// key twice in an object, a key WriteJSON does not write, a node that is
// both a leaf and a test, a class not among the classes, a class named
// twice and a leaf's counts not one per class are errors.
func ReadJSON(r io.Reader) (*Tree, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read tree: %w", err)
	}
	var doc document
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("decode tree: %w", err)
	}
	// A file holding more than the tree is not one odtx wrote: reading
	// the first document of several would pass over the others unseen.
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("decode tree: data after the tree")
	}
	// encoding/json keeps the last of two values of one key.
	if err := uniqueKeys(json.NewDecoder(bytes.NewReader(data))); err != nil {
		return nil, fmt.Errorf("decode tree: %w", err)
	}
	if doc.Root == nil {
		return nil, fmt.Errorf("decode tree: no root")
	}
	for i, c := range doc.Classes {
		if slices.Contains(doc.Classes[:i], c) {
			return nil, fmt.Errorf("decode tree: class %q listed twice", c)
		}
	}
	t := &Tree{Label: doc.Label, Classes: doc.Classes}
	if doc.Split != "" {
		var err error
		if t.Split, err = dataset.ParseSplit(doc.Split); err != nil {
			return nil, fmt.Errorf("decode tree: %w", err)
		}
	}
	root, err := t.fromJSON(doc.Root)
	if err != nil {
		return nil, fmt.Errorf("decode tree: %w", err)
	}
	t.Root = root
	return t, nil
}

// uniqueKeys reads the JSON value dec holds next, which is known to be
// well formed, and fails at the first object that has a key twice.
func uniqueKeys(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		seen := make(map[string]bool)
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return err
			}
			k := key.(string) // an object's keys are strings
			if seen[k] {
				return fmt.Errorf("key %q twice in one object", k)
			}
			seen[k] = true
			if err := uniqueKeys(dec); err != nil {
				return err
			}
		}
		_, err = dec.Token() // '}'
	case json.Delim('['):
		for dec.More() {
			if err := uniqueKeys(dec); err != nil {
				return err
			}
		}
		_, err = dec.Token() // ']'
	}
	return err
}

func (t *Tree) fromJSON(j *jsonNode) (*Node, error) {
	if j.Class != nil {
		if j.Column != "" || j.Op != "" || j.Value != nil || j.Missing != nil || j.MissingLearned || j.True != nil || j.False != nil {
			return nil, fmt.Errorf("leaf of class %q has a test too", *j.Class)
		}
		c := slices.Index(t.Classes, *j.Class)
		if c < 0 {
			return nil, fmt.Errorf("leaf of class %q, which is not among the classes %q", *j.Class, t.Classes)
		}
		if j.Counts != nil && len(j.Counts) != len(t.Classes) {
			return nil, fmt.Errorf("leaf of class %q has %d counts for %d classes", *j.Class, len(j.Counts), len(t.Classes))
		}
		if j.Weights != nil && len(j.Weights) != len(t.Classes) {
			return nil, fmt.Errorf("leaf of class %q has %d weights for %d classes", *j.Class, len(j.Weights), len(t.Classes))
		}
		leaf := Leaf(c)
		leaf.Counts, leaf.Weights = j.Counts, j.Weights
		if j.Count != nil || j.SSE != nil || j.Weight != nil {
			var err error
			if leaf.Fit, err = fitOf(j); err != nil {
				return nil, err
			}
		}
		return leaf, nil
	}
	if j.Counts != nil || j.Weights != nil || j.Count != nil || j.SSE != nil || j.Weight != nil {
		return nil, fmt.Errorf("node on column %q has counts, which only a leaf has", j.Column)
	}
	if j.True == nil || j.False == nil {
		return nil, fmt.Errorf("node on column %q needs both a true and a false branch", j.Column)
	}
	f := dataset.Feature{Column: j.Column}
	var err error
	switch j.Op {
	case dataset.LessEq.String():
		f.Op = dataset.LessEq
		err = json.Unmarshal(j.Value, &f.Threshold)
	case dataset.Equal.String():
		f.Op = dataset.Equal
		err = json.Unmarshal(j.Value, &f.Value)
	default:
		err = fmt.Errorf("unknown op %q", j.Op)
	}
	if err != nil {
		return nil, fmt.Errorf("node on column %q: %w", j.Column, err)
	}
	side, err := missingSide(j, f.Op)
	if err != nil {
		return nil, fmt.Errorf("node on column %q: %w", j.Column, err)
	}
	if j.MissingLearned {
		f.Missing = side
	}
	onTrue, err := t.fromJSON(j.True)
	if err != nil {
		return nil, err
	}
	onFalse, err := t.fromJSON(j.False)
	if err != nil {
		return nil, err
	}
	t.Features = append(t.Features, f)
	n := Split(len(t.Features)-1, onFalse, onTrue)
	n.Missing = side
	return n, nil
}

// missingSide returns the side of missing values that j, a test by op,
// gives, none where it gives none, or an error where it gives what
// WriteJSON never writes.
func missingSide(j *jsonNode, op dataset.Op) (dataset.Missing, error) {
	switch {
	case j.Missing == nil && j.MissingLearned:
		return 0, errors.New(`"missing_learned" without "missing"`)
	case j.Missing == nil:
		return 0, nil
	case op != dataset.LessEq:
		return 0, fmt.Errorf(`"missing" on a %s test, where a missing value is a value of its own`, op)
	case *j.Missing:
		return dataset.MissingTrue, nil
	}
	return dataset.MissingFalse, nil
}
