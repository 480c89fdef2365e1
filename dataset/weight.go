package dataset

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// ClassWeight weighs the records of each class, as scikit-learn's
// class_weight does: a record's weight is its own (Options.Weight) times
// its class's.
type ClassWeight struct {
	// Balanced weighs class c by n / (k·n_c), n the records, k the
	// classes and n_c the records of class c, counted without their own
	// weights, as scikit-learn's "balanced" does.
	Balanced bool
	// Of maps class names (matched as SameValue matches labels) to their
	// weights, each a finite number of 0 or more written as in a CSV file;
	// a class not named weighs 1, and a name that is no class is left
	// out, as a fold of cross-validation may lack a class.
	Of map[string]string
}

// ParseClassWeight reads "balanced" or a list such as "yes=3,no=0.5".
func ParseClassWeight(s string) (ClassWeight, error) {
	if s == "balanced" {
		return ClassWeight{Balanced: true}, nil
	}
	cw := ClassWeight{Of: map[string]string{}}
	for _, item := range strings.Split(s, ",") {
		name, w, ok := strings.Cut(item, "=")
		if !ok {
			return ClassWeight{}, fmt.Errorf("class weight %q: want balanced, or class=weight pairs separated by commas", s)
		}
		if _, err := weightOf(w); err != nil {
			return ClassWeight{}, fmt.Errorf("class %q: %w", name, err)
		}
		cw.Of[name] = w
	}
	return cw, nil
}

// weighted reports whether opt weighs records.
func (opt Options) weighted() bool {
	return opt.Weight != "" || opt.ClassWeight.Balanced || opt.ClassWeight.Of != nil
}

// weightOf returns the weight written s exactly, as a fraction: a finite
// number of 0 or more, as strconv parses it.
func weightOf(s string) (*big.Rat, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) || v < 0 {
		return nil, fmt.Errorf("weight %q: want a finite number of 0 or more", s)
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		// A form strconv reads and big.Rat not, such as hexadecimal:
		// the float64 is the number meant.
		r = new(big.Rat).SetFloat64(v)
	}
	return r, nil
}

// maxWeight bounds the sum of the integer weights, which the engines add
// in 32-bit counts.
const maxWeight = math.MaxInt32

// weigh sets ds.Weights, ds.WeightScale and ds.WeightExact from the
// weight column wc (-1 for none) and opt.ClassWeight; class gives the
// class of each label value code.
//
// The engines count errors in integers. Weights become integers exactly
// where they can: each record's weight, its own times its class's, is a
// fraction, and scaled by the least common multiple of their denominators
// and divided by the greatest common divisor of the results, the weights
// keep their ratios, so that the optimum is the same tree. Where the
// integers would sum past maxWeight, each weight is instead rounded to a
// multiple of 1/WeightScale, WeightScale making their sum about 2^30: every
// weight is then within half a unit of its own, and a tree's weighted
// errors within half a unit per record of what the weights give.
func (t *Table) weigh(ds *Dataset, opt Options, wc, label int, dicts []dict, codes, class []int32) error {
	w := len(t.Header)
	n := t.Len()
	byClass := make([]*big.Rat, max(len(ds.Classes), 1)) // a numeric target's records are of class 0
	for c := range byClass {
		byClass[c] = big.NewRat(1, 1)
	}
	switch cw := opt.ClassWeight; {
	case cw.Balanced:
		count := make([]int64, len(ds.Classes))
		for r := range n {
			count[class[codes[r*w+label]]]++
		}
		k := int64(0)
		for _, m := range count {
			if m > 0 {
				k++
			}
		}
		for c, m := range count {
			if m > 0 {
				byClass[c].SetFrac64(int64(n), k*m)
			}
		}
	case cw.Of != nil:
		for name, s := range cw.Of {
			c := -1
			for i, cl := range ds.Classes {
				if SameValue(name, cl) {
					c = i
				}
			}
			if c < 0 {
				continue // a class that a subset of the records, such as a fold, lacks
			}
			r, err := weightOf(s)
			if err != nil {
				return fmt.Errorf("%s: class %q: %w", t.Name, name, err)
			}
			byClass[c] = r
		}
	}
	// The weights of records with one weight value and one class are one:
	// each distinct pair is worked out once.
	own := []*big.Rat{big.NewRat(1, 1)}
	if wc >= 0 {
		own = make([]*big.Rat, len(dicts[wc].values))
		for k, s := range dicts[wc].values {
			r, err := weightOf(s)
			if err != nil {
				line := 0
				for r := range n {
					if codes[r*w+wc] == int32(k) {
						line = t.Lines[r]
						break
					}
				}
				return fmt.Errorf("%s:%d: column %q: %w", t.Name, line, t.Header[wc], err)
			}
			own[k] = r
		}
	}
	k := len(byClass)
	pair := func(r int) int {
		v := 0
		if wc >= 0 {
			v = int(codes[r*w+wc])
		}
		return v*k + int(class[codes[r*w+label]])
	}
	weight := make([]*big.Rat, len(own)*k) // by pair, those in use
	uses := make([]int64, len(weight))
	for r := range n {
		uses[pair(r)]++
	}
	for p, u := range uses {
		if u > 0 {
			weight[p] = new(big.Rat).Mul(own[p/k], byClass[p%k])
		}
	}
	ints, scale, exact := integers(weight, uses)
	if ints == nil {
		return errors.New(t.Name + ": every record weighs 0")
	}
	ds.Weights = make([]int, n)
	for r := range n {
		ds.Weights[r] = ints[pair(r)]
	}
	ds.WeightScale, ds.WeightExact = scale, exact
	return nil
}

// integers returns the weights as integers, the weights in use being
// those not nil, uses[i] records weighing weight[i], with the scale that
// makes them and whether they are exact (see weigh), or nil if the total
// weight is 0.
func integers(weight []*big.Rat, uses []int64) (ints []int, scale float64, exact bool) {
	lcm := big.NewInt(1)
	limit := big.NewInt(maxWeight)
	var g big.Int
	for _, r := range weight {
		if r == nil {
			continue
		}
		d := r.Denom()
		g.GCD(nil, nil, lcm, d)
		lcm.Mul(lcm, new(big.Int).Quo(d, &g))
		if lcm.Cmp(limit) > 0 {
			break
		}
	}
	num := make([]*big.Int, len(weight))
	total, gcd := new(big.Int), new(big.Int)
	for i, r := range weight {
		if r == nil {
			continue
		}
		num[i] = new(big.Int).Mul(r.Num(), new(big.Int).Quo(lcm, r.Denom()))
		total.Add(total, new(big.Int).Mul(num[i], big.NewInt(uses[i])))
		gcd.GCD(nil, nil, gcd, num[i])
	}
	if total.Sign() == 0 {
		return nil, 0, false
	}
	ints = make([]int, len(weight))
	if lcm.Cmp(limit) <= 0 && new(big.Int).Quo(total, gcd).Cmp(limit) <= 0 {
		for i, v := range num {
			if v != nil {
				ints[i] = int(new(big.Int).Quo(v, gcd).Int64())
			}
		}
		s, _ := new(big.Rat).SetFrac(lcm, gcd).Float64()
		return ints, s, true
	}
	sum := 0.0
	for i, r := range weight {
		if r != nil {
			f, _ := r.Float64()
			sum += f * float64(uses[i])
		}
	}
	scale = (1 << 30) / sum
	for i, r := range weight {
		if r != nil {
			f, _ := r.Float64()
			ints[i] = int(math.Round(f * scale))
		}
	}
	return ints, scale, false
}
