package dataset

// Thin returns ds with at most q of the threshold tests of each numeric
// column, those that cut its records nearest the quantiles 1/q, 2/q, ...,
// and every other test; and for each test it keeps, its index in
// ds.Features. It shares ds's examples. A tree over the thinned tests is
// a tree over ds's with the same errors, and a search of fewer tests
// finds good trees sooner; all reports that Thin kept every test, and
// returned ds itself.
//
// A record is an example, or each of its Counts.
func (ds *Dataset) Thin(q int) (thin *Dataset, index []int, all bool) {
	weight := make([][]int, len(ds.Columns)) // per column, of each code
	total := 0
	for _, ex := range ds.Examples {
		w := 1
		if ex.Counts != nil {
			w = 0
			for _, c := range ex.Counts {
				w += c
			}
		}
		total += w
		for c, code := range ex.Codes {
			if int(code) >= len(weight[c]) {
				weight[c] = append(weight[c], make([]int, int(code)+1-len(weight[c]))...)
			}
			weight[c][code] += w
		}
	}
	// below[c][k] is the weight of column c's codes up to k.
	below := make([][]int, len(weight))
	for c, ws := range weight {
		below[c] = make([]int, len(ws))
		sum := 0
		for k, w := range ws {
			sum += w
			below[c][k] = sum
		}
	}
	// The tests of a column with missing values are two runs, one for
	// each side they take: each run is thinned as a column's tests are.
	run := func(f Feature) int { return 3*int(f.Col) + int(f.Missing) }
	tests := make([]int, 3*len(ds.Columns))
	for _, f := range ds.Features {
		if f.Op == LessEq {
			tests[run(f)]++
		}
	}
	trueWeight := func(f Feature) int {
		w := below[f.Col][min(int(f.Code), len(below[f.Col])-1)]
		if f.MissingCode != 0 {
			w += weight[f.Col][f.MissingCode]
		}
		return w
	}
	// Each quantile takes the test of its run whose true side weighs
	// nearest it; several quantiles may take one test.
	next := make([]int, len(tests)) // per run, its next quantile
	for i, f := range ds.Features {
		if f.Op != LessEq || tests[run(f)] <= q {
			index = append(index, i)
			continue
		}
		c, w := run(f), trueWeight(f)
		after := total // of the run's next test; none after the last
		if i+1 < len(ds.Features) && ds.Features[i+1].Op == LessEq && run(ds.Features[i+1]) == c {
			after = trueWeight(ds.Features[i+1])
		}
		kept := false
		for next[c] < q-1 {
			target := (next[c] + 1) * total / q
			if target > after || target-w > after-target {
				break // nearer a later test
			}
			next[c]++
			kept = true
		}
		if kept {
			index = append(index, i)
		}
	}
	if len(index) == len(ds.Features) {
		return ds, index, true
	}
	thin = new(Dataset)
	*thin = *ds
	thin.Features = make([]Feature, len(index))
	for j, i := range index {
		thin.Features[j] = ds.Features[i]
	}
	return thin, index, false
}
