// Package bench runs the benchmarks of Avellaneda's "Learning Optimal
// Decision Trees from Large Datasets" for odtx bench: the paper's
// experiments as suites of jobs, run one at a time, each giving a record.
// Package report (bench/report) renders the records as tables, each figure
// beside the paper's with the ratio between them, and as charts.
//
// A [Suite] is a value: its name, its jobs and the table that shows their
// records, named in the one list [Suites]. A job is plain data ([Job]): it
// learns a tree on a whole dataset, or cross-validates one fold, with one
// back end in one mode. Running a job ([Runner.Run]) gives a [Record], a
// line of JSONL; odtx runs each in a child process of its own
// ([ChildRunner], [ServeJob]), so that the peak memory recorded is the
// job's, its time is a whole process's as a peer tool's is, and a crash
// costs one record. A run is jobs → records → tables; a merge of JSONL
// files is records → tables, through the same code ([Tables], [Files]), so
// that it renders what one run would have.
//
// The suites:
//
//   - mouse: the paper's Table 1. Learning on mouse.csv (time, examples
//     used, clauses, depth k, nodes) and 10-fold cross-validation (test
//     accuracy), in both modes, beside the paper's figures and the times
//     of the paper's own tool and of a DP solver on this project's machine
//     kind (../shared/REFERENCE.md).
//   - car: the paper's Table 2, the same on car.csv.
//   - table3: the paper's Table 3. iris, monk1-3, wine and balance-scale on
//     the five train/test splits of Verwer and Zhang (DATA/splits): time,
//     test accuracy, k in depth mode and nodes in size mode, beside the
//     paper's figures and its accuracies of BinOCT*, CART and OCT.
//   - scaling: the paper's Figures 2-5, on random trees and rows from
//     package gen: the time against the number of classes c, the depth k,
//     the number of features f and the number of rows n, each varied with
//     the other three fixed; an SVG chart per series, via package chart.
//   - reference: the optima and timings of ../shared/REFERENCE.md, each
//     file learned whole, with the peak memory of each job.
//
// Jobs run one at a time, so that their times do not skew each other; a
// job that fails or runs out of time is a record, and a row, that says so.
//
// # Splitting a sweep over a cluster
//
// [Shard] keeps every n-th job from the i-th on (odtx bench --shard i/n),
// so that the n tasks of a job array share a suite out, slow jobs and fast
// ones alike. Each task writes its records to results-IofN.jsonl in the
// --out directory; odtx bench merge then renders them as one run would:
// results.md (or --format csv, json) and, for the scaling suite,
// scaling-c.svg, scaling-k.svg, scaling-f.svg, scaling-n.svg and
// scaling.csv beside them. scripts/bench-slurm.sh submits such a sweep to
// Slurm, the merge included; scripts/bench-results.sh reruns the committed
// sittings of bench/results. Shards count from 1: a Kubernetes indexed Job,
// which numbers its pods from 0, takes $((JOB_COMPLETION_INDEX + 1))/N.
package bench
