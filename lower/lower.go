// Package lower proves lower bounds on the fewest-errors objective of a
// large dataset from exact searches of its parts.
//
// Cut the records of a set S into parts S1, ..., Sm. Any tree T makes on
// S the errors it makes on each part, added up, and no fewer on a part
// than the optimum of that part: so the optima of the parts, added up,
// bound the optimum of S from below; a budget of depth and branches holds
// on every part alike. (With a cost per branch the parts would have to
// share it; Parts bounds the objective without one.) A part of S is far quicker to solve
// than S (fewer records, and fewer cuts between their values), and the
// fewer the parts, the closer the bound: each part's tree fits its part
// better than one tree fits them all, by less as the parts grow.
//
// Parts bounds S in passes of halving m, each pass's bound, if higher,
// replacing the one before, as an exact search of S goes on beside it.
package lower

import (
	"context"
	"math/rand/v2"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/objective"
)

// Parts searches passes of ds cut into m parts, then m/2 and so on down
// to two, each part by solve with opt, which must have no cost per
// branch, and gives prove each bound found on the errors of the trees of
// ds within opt's budgets. It returns when ctx ends or the passes are
// done. A part that ctx stops gives the bound its search proved, so that
// a pass cut short still bounds; the records are cut the same way for the
// same ds and m.
func Parts(ctx context.Context, ds *dataset.Dataset, m int, solve objective.Solver, opt objective.Options, prove func(errors int)) {
	opt.Progress, opt.Consistent, opt.UpperBound = nil, nil, nil
	opt.AnySize = true // a bound on errors wants no fewest branches
	for ; m >= 2 && ctx.Err() == nil; m /= 2 {
		sum := 0
		for _, part := range cut(ds, m) {
			if len(part.Examples) == 0 {
				continue
			}
			r, _ := solve(ctx, part, opt)
			if r == nil {
				return
			}
			sum += r.Proven.E
		}
		prove(sum)
	}
}

// cut returns the examples of ds in m parts of about equal numbers,
// drawn at random, always the same way for the same ds and m.
func cut(ds *dataset.Dataset, m int) []*dataset.Dataset {
	parts := make([]*dataset.Dataset, m)
	for i := range parts {
		parts[i] = new(dataset.Dataset)
		*parts[i] = *ds
		parts[i].Examples = nil
	}
	order := rand.New(rand.NewPCG(uint64(m), uint64(len(ds.Examples)))).Perm(len(ds.Examples))
	for i, e := range order {
		p := parts[i%m]
		p.Examples = append(p.Examples, ds.Examples[e])
	}
	return parts
}
