// Package cv estimates how well optimal trees generalize: k-fold
// cross-validation, as the paper reports it, or training and testing on
// given splits, each fold's tree learned with package orchestrate.
package cv

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/orchestrate"
	"github.com/odtx/odtx/regress"
	"github.com/odtx/odtx/tree"
	"golang.org/x/sync/errgroup"
)

// Fold is one round of cross-validation: a tree learned on Train is scored
// on Test.
type Fold struct {
	Train, Test *dataset.Table
}

// KFold deals the rows of t into k folds, as the paper's k-fold
// cross-validation does. The rows are shuffled by a PCG generator seeded
// with seed, so the same seed always gives the same folds, and cut into k
// test sets whose sizes differ by at most one. Fold i tests on the i-th set
// and trains on every other row. Both of its tables keep the rows in file
// order, with their line numbers, and share t's header and values, so they
// must not be modified.
func KFold(t *dataset.Table, k int, seed uint64) ([]Fold, error) {
	n := t.Len()
	if k < 2 || k > n {
		return nil, fmt.Errorf("%s: cannot make %s of %s: need at least 2 folds and a row for each", t.Name, plural.Count(k, "fold"), plural.Count(n, "row"))
	}
	perm := rand.New(rand.NewPCG(seed, 0)).Perm(n)
	folds := make([]Fold, k)
	for i := range folds {
		// Cutting at multiples of n/k, rounded down, spreads the n%k rows
		// left over from an even division one a fold.
		test := slices.Sorted(slices.Values(perm[i*n/k : (i+1)*n/k]))
		train := make([]int, 0, n-len(test))
		for r := range n {
			if _, found := slices.BinarySearch(test, r); !found {
				train = append(train, r)
			}
		}
		folds[i] = Fold{
			Train: t.Subset(fmt.Sprintf("%s fold %d train", t.Name, i), train),
			Test:  t.Subset(fmt.Sprintf("%s fold %d test", t.Name, i), test),
		}
	}
	return folds, nil
}

// ReadSplit reads the i-th of the train/test pairs given as the files
// prefix.train<i>.csv and prefix.test<i>.csv, as Verwer and Zhang name
// their splits, on which the paper tests.
func ReadSplit(ctx context.Context, prefix string, i int) (Fold, error) {
	train, err := dataset.ReadTableFileContext(ctx, fmt.Sprintf("%s.train%d.csv", prefix, i))
	if err != nil {
		return Fold{}, err
	}
	test, err := dataset.ReadTableFileContext(ctx, fmt.Sprintf("%s.test%d.csv", prefix, i))
	return Fold{Train: train, Test: test}, err
}

// ReadSplits reads the pairs ReadSplit reads for i = 0, 1, ... up to the
// first missing training file.
func ReadSplits(ctx context.Context, prefix string) ([]Fold, error) {
	var folds []Fold
	for i := 0; ; i++ {
		f, err := ReadSplit(ctx, prefix, i)
		if errors.Is(err, fs.ErrNotExist) && i > 0 && f.Train == nil {
			return folds, nil
		}
		if err != nil {
			return nil, err
		}
		folds = append(folds, f)
	}
}

// FoldResult is how the tree learned on the training rows of a fold did on
// its test rows.
type FoldResult struct {
	Fold         int     // index of the fold in the folds cross-validated
	Depth, Nodes int     // of the tree learned
	Accuracy     float64 // fraction of the test rows classified correctly
	// TrainAccuracy is the fraction of the training rows classified
	// correctly: 1 but for contradictory rows, unless the tree was learned
	// for the fewest training errors within a budget.
	TrainAccuracy float64
	// For a regression tree, in place of the accuracies: the root mean
	// squared error and R² (scikit-learn's r2_score; NaN for constant
	// targets) of the test rows and of the training rows.
	RMSE, R2, TrainRMSE, TrainR2 float64
	Seconds                      float64 // wall time of the fold: binarizing, learning, testing
}

// CrossValidate learns a tree on the training table of each fold and scores
// it on the test table. Each training table is binarized on its own, as data
// says, so that no threshold or category comes from the test rows; the
// trees test raw values, so the test rows may hold values the training rows
// lack, though a non-number in a column that is numeric in the training
// rows is an error.
//
// Up to foldsAtOnce folds run at once (all of them if foldsAtOnce < 1),
// and up to opt.Probes depths within each fold's search. Each fold calls
// opt.NewSolver, which must therefore be safe for concurrent use; calls to
// opt.Progress, if set, come one at a time but from all folds interleaved.
// The results are in fold order. The first error, such as ctx's end, stops
// the other folds and is returned with the results of the folds that
// finished.
func CrossValidate(ctx context.Context, folds []Fold, data dataset.Options, opt orchestrate.Options, foldsAtOnce int) ([]FoldResult, error) {
	if report := opt.Progress; report != nil {
		var mu sync.Mutex
		opt.Progress = func(p orchestrate.Progress) {
			mu.Lock()
			defer mu.Unlock()
			report(p)
		}
	}
	return each(ctx, folds, foldsAtOnce, func(ctx context.Context, f Fold) (FoldResult, error) {
		return validate(ctx, f, data, opt)
	})
}

// CrossValidateRegression is CrossValidate for the regression tree of
// least SSE within opt, each fold's training table binarized with
// data.Regression set: it gives each fold's RMSE and R².
func CrossValidateRegression(ctx context.Context, folds []Fold, data dataset.Options, opt regress.Options, foldsAtOnce int) ([]FoldResult, error) {
	data.Regression = true
	return each(ctx, folds, foldsAtOnce, func(ctx context.Context, f Fold) (FoldResult, error) {
		start := time.Now()
		ds, err := f.Train.Binarize(data)
		if err != nil {
			return FoldResult{}, err
		}
		t, _, _, err := orchestrate.Regression(ctx, ds, f.Train, opt)
		if err != nil {
			return FoldResult{}, fmt.Errorf("%s: %w", f.Train.Name, err)
		}
		r := FoldResult{Depth: t.Root.Depth(), Nodes: t.Root.Nodes()}
		if r.RMSE, r.R2, err = fit(t, f.Test); err != nil {
			return FoldResult{}, err
		}
		if r.TrainRMSE, r.TrainR2, err = fit(t, f.Train); err != nil {
			return FoldResult{}, err
		}
		r.Seconds = time.Since(start).Seconds()
		return r, nil
	})
}

// fit returns the root mean squared error and R² of the regression tree
// t on the rows of tbl.
func fit(t *tree.Tree, tbl *dataset.Table) (rmse, r2 float64, err error) {
	if tbl.Len() == 0 {
		return 0, 0, errors.New(tbl.Name + ": no rows to test on")
	}
	sse, sst, err := t.Residuals(tbl)
	if err != nil {
		return 0, 0, err
	}
	r2 = math.NaN()
	if sst > 0 {
		r2 = 1 - sse/sst
	}
	return math.Sqrt(sse / float64(tbl.Len())), r2, nil
}

// each runs validate on every fold, up to foldsAtOnce at once (all of them
// if foldsAtOnce < 1), and returns the results in fold order. The first
// error stops the other folds and is returned with the results of the
// folds that finished.
func each(ctx context.Context, folds []Fold, foldsAtOnce int, validate func(context.Context, Fold) (FoldResult, error)) ([]FoldResult, error) {
	g, ctx := errgroup.WithContext(ctx)
	if foldsAtOnce > 0 {
		g.SetLimit(foldsAtOnce)
	}
	results := make([]FoldResult, len(folds))
	finished := make([]bool, len(folds))
	for i, f := range folds {
		g.Go(func() error {
			r, err := validate(ctx, f)
			if err != nil {
				return err
			}
			r.Fold = i
			results[i], finished[i] = r, true
			return nil
		})
	}
	err := g.Wait()
	if err != nil {
		done := results[:0]
		for i, r := range results {
			if finished[i] {
				done = append(done, r)
			}
		}
		results = done
	}
	return results, err
}

// validate learns a tree on f.Train and scores it on f.Test.
func validate(ctx context.Context, f Fold, data dataset.Options, opt orchestrate.Options) (FoldResult, error) {
	start := time.Now()
	ds, err := f.Train.Binarize(data)
	if err != nil {
		return FoldResult{}, err
	}
	res, err := orchestrate.Learn(ctx, ds, opt)
	if err != nil {
		return FoldResult{}, fmt.Errorf("%s: %w", f.Train.Name, err)
	}
	// Checked as learn checks it, on the raw rows, which is also how the
	// test rows are classified, so that a slip in binarizing shows here
	// rather than as a poor accuracy.
	t, err := res.VerifiedTree(ds, f.Train)
	if err != nil {
		return FoldResult{}, fmt.Errorf("%s: %w", f.Train.Name, err)
	}
	acc, err := accuracy(t, f.Test)
	if err != nil {
		return FoldResult{}, err
	}
	train, err := accuracy(t, f.Train)
	if err != nil {
		return FoldResult{}, err
	}
	return FoldResult{
		Depth:         res.Root.Depth(),
		Nodes:         res.Root.Nodes(),
		Accuracy:      acc,
		TrainAccuracy: train,
		Seconds:       time.Since(start).Seconds(),
	}, nil
}

// accuracy returns the fraction of the rows of tbl to which t gives the
// class in their label column.
func accuracy(t *tree.Tree, tbl *dataset.Table) (float64, error) {
	if tbl.Len() == 0 {
		return 0, errors.New(tbl.Name + ": no rows to test on")
	}
	got, err := t.Predict(tbl)
	if err != nil {
		return 0, err
	}
	right, err := t.Correct(tbl, got)
	return float64(right) / float64(tbl.Len()), err
}
