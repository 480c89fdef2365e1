package bench

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/gen"
)

// numericPrefix starts the name of a dataset that a job generates rather
// than reads: the command line of odtx gen that writes it, such as "gen
// --numeric --depth 5 --features 10 --rows 200000 --noise 0.1", which
// says in the record how to make the table again. A suite takes such a
// name among its files; it needs no comma, which would split --files.
const numericPrefix = "gen --numeric"

// Generated reports whether j's dataset is generated, rather than read
// from the data directory.
func (j Job) Generated() bool {
	return j.Point != nil || strings.HasPrefix(j.Dataset, numericPrefix)
}

// numericSpec reads the parameters of a dataset named numericPrefix and
// gen's flags, each followed by its value; those not given are odtx gen's
// defaults.
func numericSpec(name string) (gen.Numeric, error) {
	p := gen.Numeric{Classes: 2, Decimals: 4, Seed: 1}
	ints := map[string]*int{"--depth": &p.Depth, "--features": &p.Columns, "--classes": &p.Classes, "--rows": &p.Rows, "--decimals": &p.Decimals}
	f := strings.Fields(strings.TrimPrefix(name, numericPrefix))
	if len(f)%2 != 0 {
		return p, fmt.Errorf("dataset %q: want each flag of gen --numeric followed by its value", name)
	}
	for i := 0; i < len(f); i += 2 {
		flag, value := f[i], f[i+1]
		var err error
		switch n := ints[flag]; {
		case n != nil:
			*n, err = strconv.Atoi(value)
		case flag == "--noise":
			p.Noise, err = strconv.ParseFloat(value, 64)
		case flag == "--seed":
			p.Seed, err = strconv.ParseUint(value, 10, 64)
		default:
			return p, fmt.Errorf("dataset %q: unknown flag %q (want --depth, --features, --rows, --classes, --noise, --decimals or --seed)", name, flag)
		}
		if err != nil {
			return p, fmt.Errorf("dataset %q: %s: %w", name, flag, err)
		}
	}
	if err := p.Check(); err != nil {
		return p, fmt.Errorf("dataset %q: %w", name, err)
	}
	return p, nil
}

// numericTable generates the table a dataset named numericPrefix and
// gen's flags stands for, reading it as it is written, so that a million
// rows are never held as text.
func numericTable(name string) (*dataset.Table, error) {
	p, err := numericSpec(name)
	if err != nil {
		return nil, err
	}
	r, w := io.Pipe()
	go func() { w.CloseWithError(p.Write(w)) }()
	tbl, err := dataset.ReadTable(r, name)
	r.Close() // stops the writer where the reading stopped short
	return tbl, err
}
