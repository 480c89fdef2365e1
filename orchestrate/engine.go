package orchestrate

import (
	"fmt"
	"strings"

	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/ordered"
)

// Engine is an exact method of search.
type Engine int

// The engines. The zero value is Auto.
const (
	// Auto picks by the objective and the data: for trees without errors,
	// DP alone for a head start, then DP and SAT raced, the first proof
	// winning, or on numeric columns DP and Ordered; for
	// the fewest errors, Ordered or MinErr by the data's shape
	// (errorsEngine).
	Auto    Engine = iota
	SAT            // trees without errors: the paper's SAT encodings and incremental loop
	DP             // trees without errors: dynamic programming over sets of examples
	MinErr         // the fewest errors: dynamic programming over binary tests, MurTree's way; without errors, depth by depth
	Ordered        // the fewest errors: dynamic programming over the cuts of ordered columns, ConTree's way; without errors, depth by depth
)

var engineNames = [...]string{Auto: "auto", SAT: "sat", DP: "dp", MinErr: "minerr", Ordered: "ordered"}

// String returns the engine's name, as ParseEngine reads it.
func (e Engine) String() string {
	if e < 0 || int(e) >= len(engineNames) {
		return fmt.Sprintf("Engine(%d)", int(e))
	}
	return engineNames[e]
}

// About says in a line what e does, for help text.
func (e Engine) About() string {
	switch e {
	case Auto:
		return fmt.Sprintf("dp alone for %v, then sat beside it, the first proof winning (on numeric columns, ordered beside dp); for the fewest errors, ordered on numeric columns, else minerr", headStart)
	case SAT:
		return "the paper's SAT encoding, trees without errors"
	case DP:
		return "dynamic programming over example sets, trees without errors"
	case MinErr:
		return "the fewest errors, dynamic programming over binary tests (MurTree's way); without errors, depth by depth"
	case Ordered:
		return "the fewest errors, dynamic programming over the cuts of numeric columns (ConTree's way); without errors, depth by depth"
	}
	return e.String()
}

// Engines lists every engine, in the order help text names them.
func Engines() []Engine { return []Engine{Auto, SAT, DP, MinErr, Ordered} }

// ParseEngine reads an engine's name.
func ParseEngine(s string) (Engine, error) {
	for e, name := range engineNames {
		if s == name {
			return Engine(e), nil
		}
	}
	return 0, fmt.Errorf("unknown engine %q (want %s)", s, strings.Join(engineNames[:], ", "))
}

// searchesErrors reports whether e searches the fewest errors, rather
// than trees without errors.
func (e Engine) searchesErrors() bool { return e == MinErr || e == Ordered }

// solver returns the search of an engine of the fewest errors.
func (e Engine) solver() objective.Solver {
	return map[Engine]objective.Solver{MinErr: minerr.Solve, Ordered: ordered.Solve}[e]
}
