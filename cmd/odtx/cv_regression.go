package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/odtx/odtx/cv"
	"github.com/odtx/odtx/internal/plural"
	"github.com/urfave/cli/v3"
)

// crossValidateRegression is cv --task regression: each fold's regression
// tree of least SSE within --max-depth, scored by RMSE and R² on its test
// rows; with a range of depths, a line for each, the one of the best mean
// test R² marked.
func crossValidateRegression(ctx context.Context, cmd *cli.Command) error {
	depths, ropt, err := regressionDepths(cmd)
	if err != nil {
		return err
	}
	data, err := regressionData(cmd)
	if err != nil {
		return err
	}
	folds, err := cvFolds(ctx, cmd)
	if err != nil {
		return interrupted(ctx, err)
	}
	ropt.CacheBytes = cacheBytes(cmd, min(cmd.Int(flagJobs), len(folds))) // the folds run --jobs at once
	if err := notOverInput(cmd, cmd.Args().First()); err != nil {
		return err
	}
	ctx, cancel := withTimeout(ctx, cmd)
	defer cancel()
	var out bytes.Buffer
	var rows []depthRow
	for _, d := range depths {
		ropt.MaxDepth = d
		results, err := cv.CrossValidateRegression(ctx, folds, data, ropt, cmd.Int(flagJobs))
		if err == nil {
			rows = append(rows, depthRow{fmt.Sprint(d), results})
			continue
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			return interrupted(ctx, err)
		}
		done := fmt.Sprintf("%d of %s", len(results), plural.Count(len(folds), "fold"))
		if len(depths) > 1 {
			done = fmt.Sprintf("%d of %s", len(rows), plural.Count(len(depths), "depth bound"))
			writeRegressionDepths(&out, rows, len(folds))
		} else {
			writeRegressionFolds(&out, results)
		}
		if err := emit(cmd.String(flagOutput), out.Bytes()); err != nil {
			return err
		}
		return exitError{code: 2, err: fmt.Errorf("time limit %v reached with %s cross-validated", cmd.Duration(flagTimeout), done)}
	}
	if len(depths) > 1 {
		writeRegressionDepths(&out, rows, len(folds))
	} else {
		r := rows[0].results
		writeRegressionFolds(&out, r)
		fmt.Fprintf(&out, "mean test RMSE %.6g, R² %s (train RMSE %.6g, R² %s; depth %.1f, nodes %.1f, %.2f s a fold)\n",
			mean(r, testRMSE), ratio(mean(r, testR2)), mean(r, trainRMSE), ratio(mean(r, trainR2)), mean(r, foldDepth), mean(r, foldNodes), mean(r, foldSeconds))
	}
	return emit(cmd.String(flagOutput), out.Bytes())
}

// writeRegressionFolds writes a line for each fold's result.
func writeRegressionFolds(w io.Writer, results []cv.FoldResult) {
	for _, r := range results {
		fmt.Fprintf(w, "fold %d: depth %d, nodes %d, train RMSE %.6g, R² %s, test RMSE %.6g, R² %s, %.2f s\n",
			r.Fold, r.Depth, r.Nodes, r.TrainRMSE, ratio(r.TrainR2), r.RMSE, ratio(r.R2), r.Seconds)
	}
}

// writeRegressionDepths writes a line of means for each depth bound and
// marks the one of the best mean test R², the first on a tie.
func writeRegressionDepths(w io.Writer, rows []depthRow, folds int) {
	best := -1
	for i, r := range rows {
		if best < 0 || mean(r.results, testR2) > mean(rows[best].results, testR2) {
			best = i
		}
	}
	fmt.Fprintf(w, "%-10s %-11s %-9s %-11s %-9s %-6s %-6s %s\n", "max depth", "train RMSE", "train R²", "test RMSE", "test R²", "depth", "nodes", "s a fold")
	for i, r := range rows {
		mark := ""
		if i == best {
			mark = "  <- pick"
		}
		fmt.Fprintf(w, "%-10s %-11.6g %-9s %-11.6g %-9s %-6.1f %-6.1f %.2f%s\n", r.name,
			mean(r.results, trainRMSE), ratio(mean(r.results, trainR2)), mean(r.results, testRMSE), ratio(mean(r.results, testR2)),
			mean(r.results, foldDepth), mean(r.results, foldNodes), mean(r.results, foldSeconds), mark)
	}
	if best >= 0 {
		fmt.Fprintf(w, "pick --max-depth %s: the best mean test R² over %d folds\n", rows[best].name, folds)
	}
}

// ratio writes R² to four decimals, or "n/a" where it is undefined.
func ratio(r2 float64) string {
	if math.IsNaN(r2) {
		return "n/a"
	}
	return fmt.Sprintf("%.4f", r2)
}

// The figures of a fold of a regression tree that cv averages.
func testRMSE(r cv.FoldResult) float64  { return r.RMSE }
func testR2(r cv.FoldResult) float64    { return r.R2 }
func trainRMSE(r cv.FoldResult) float64 { return r.TrainRMSE }
func trainR2(r cv.FoldResult) float64   { return r.TrainR2 }
