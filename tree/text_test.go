package tree

import (
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// awkward is a tree whose column, label, class and category names hold a
// line break, a quote, a backslash, outer spaces, or nothing.
func awkward() *Tree {
	return &Tree{
		Root: Split(0, Leaf(1), Split(1, Leaf(0), Leaf(2))),
		Features: []dataset.Feature{
			{Column: "x\ny", Op: dataset.Equal, Value: ""},
			{Column: `a\b`, Op: dataset.LessEq, Threshold: 2},
		},
		Label:   "la\nbel",
		Classes: []string{"n\no", " y", `"q"`},
	}
}

// TestTextNames: each test and class of the text tree is one line, and a
// name or value that would break it or not show is quoted.
func TestTextNames(t *testing.T) {
	var b strings.Builder
	if err := awkward().WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `if "x\ny" == "":
    if a\b <= 2:
        "la\nbel" = "\"q\""
    else:
        "la\nbel" = "n\no"
else:
    "la\nbel" = " y"
`
	if b.String() != want {
		t.Errorf("text tree\n%s\nwant\n%s", b.String(), want)
	}
}

// TestDOTNames: each node of the DOT tree is one statement on one line,
// its label the node's text, escaped as Graphviz reads a quoted string.
func TestDOTNames(t *testing.T) {
	var b strings.Builder
	if err := awkward().WriteDOT(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`[shape=box, label="\"x\\ny\" == \"\""];`,
		`[shape=box, label="a\\b <= 2"];`,
		`[shape=ellipse, label="\"la\\nbel\" = \"\\\"q\\\"\""];`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("DOT lacks %s:\n%s", want, b.String())
		}
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	// The opening, the node attributes, 5 nodes, 4 edges and the close.
	if len(lines) != 12 {
		t.Errorf("%d lines, want 12:\n%s", len(lines), b.String())
	}
}

// TestSVGNames: the SVG picture's boxes and legend say what the text
// tree's lines say, names quoted alike.
func TestSVGNames(t *testing.T) {
	var b strings.Builder
	if err := awkward().WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`>&#34;x\ny&#34; == &#34;&#34;</text>`,
		`>&#34;n\no&#34;</text>`,
		`>&#34;la\nbel&#34;:</text>`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("SVG lacks %s:\n%s", want, b.String())
		}
	}
}

// TestTextMarks: a name or value holding a mark the text writes around
// them, a comma, a colon, a #, =, < or >, is quoted, so that where it ends
// is plain; others, spaces and signs inside them included, are not.
func TestTextMarks(t *testing.T) {
	tr := &Tree{
		Root: Split(0, Split(2, Split(3, Leaf(1), Leaf(0)), Leaf(2)), Split(1, Leaf(1), Leaf(0))),
		Features: []dataset.Feature{
			{Column: "a", Op: dataset.Equal, Value: "1,5"},
			{Column: "time:s", Op: dataset.LessEq, Threshold: -0.5},
			{Column: "petal width", Op: dataset.Equal, Value: "x#y"},
			{Column: "a=b", Op: dataset.Equal, Value: "<5"},
		},
		Label:   "y",
		Classes: []string{"b: 2", "n-a", "c>d"},
	}
	tr.Root.True.True.Counts = []int{2, 1, 0}
	var b strings.Builder
	if err := tr.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `if a == "1,5":
    if "time:s" <= -0.5:
        y = "b: 2"  # "b: 2": 2, n-a: 1
    else:
        y = n-a
else:
    if petal width == "x#y":
        y = "c>d"
    else:
        if "a=b" == "<5":
            y = "b: 2"
        else:
            y = n-a
`
	if b.String() != want {
		t.Errorf("text tree\n%s\nwant\n%s", b.String(), want)
	}
}
