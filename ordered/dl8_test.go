package ordered

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/shareddata"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
)

// streedJob is an optimum of testdata/streed-minleaf.tsv: the fewest
// errors of a tree of the depth whose leaves hold minLeaf rows or more.
type streedJob struct{ depth, minLeaf, errors int }

// streedOptima reads testdata/streed-minleaf.tsv, by file.
func streedOptima(t *testing.T) (files []string, jobs map[string][]streedJob) {
	t.Helper()
	f, err := os.Open("testdata/streed-minleaf.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	jobs = map[string][]streedJob{}
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		if strings.HasPrefix(lines.Text(), "#") {
			continue
		}
		fields := strings.Fields(lines.Text())
		var n [3]int
		for i := range n {
			if n[i], err = strconv.Atoi(fields[i+1]); err != nil {
				t.Fatalf("%q: %v", lines.Text(), err)
			}
		}
		if jobs[fields[0]] == nil {
			files = append(files, fields[0])
		}
		jobs[fields[0]] = append(jobs[fields[0]], streedJob{n[0], n[1], n[2]})
	}
	if err := lines.Err(); err != nil {
		t.Fatal(err)
	}
	return files, jobs
}

// TestSTreeDMinLeaf checks that both engines prove STreeD's optima on the
// DL8 files with leaves of 5 and 20 rows at depths 2 to 4, and that each
// tree is what it claims, its leaves of that many rows. ordered, slow on
// binary data (auto gives it to minerr), is asked to depth 3, and at depth
// 3 only on files of at most 100,000 records × tests; minerr all but depth
// 4 on files of more than 300 tests (ionosphere, most of a minute). With
// -short: depth 2 on files of at most 1,000 records, both engines, and
// minerr on audiology and lymph, where STreeD's default search does not
// find the optimum (see the file).
func TestSTreeDMinLeaf(t *testing.T) {
	files, jobs := streedOptima(t)
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			ds, _, err := dataset.Load(context.Background(), shareddata.Path(t, "dl8/"+file+".csv"), dataset.Options{Conflicts: dataset.Count})
			if err != nil {
				t.Fatal(err)
			}
			records, tests := objective.Records(ds), len(ds.Features)
			for _, j := range jobs[file] {
				for name, solve := range map[string]objective.Solver{"minerr": minerr.Solve, "ordered": Solve} {
					wanted := name == "minerr" && (j.depth < 4 || tests <= 300) ||
						name == "ordered" && (j.depth == 2 || j.depth == 3 && records*tests <= 100000)
					if testing.Short() {
						wanted = wanted && (j.depth == 2 && records <= 1000 || name == "minerr" && (file == "audiology" || file == "lymph"))
					}
					if !wanted {
						continue
					}
					opt := objective.Options{MinLeaf: j.minLeaf, AnySize: true}
					objtest.CheckOptima(t, solve, ds, opt, map[int]int{j.depth: j.errors}, "STreeD ("+name+", leaves of "+strconv.Itoa(j.minLeaf)+")")
				}
			}
		})
	}
}
