package tree

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/odtx/odtx/dataset"
)

// bigTree returns a tree of depth 8 and 151 nodes, the size of car's, over
// tests with short and long names, values that SVG must escape, and three
// classes, with the training rows each leaf holds.
func bigTree() *Tree {
	r := rand.New(rand.NewPCG(21, 8))
	t := &Tree{Label: "class", Classes: []string{"unacc", "acc", "very good"}}
	for i, col := range []string{"buying", "maint", "doors", "persons", "lug_boot", "safety", "a rather long column name"} {
		t.Features = append(t.Features,
			dataset.Feature{Column: col, Op: dataset.LessEq, Threshold: float64(i) + 0.5},
			dataset.Feature{Column: col, Op: dataset.Equal, Value: "<v&" + strconv.Itoa(i) + ">"})
	}
	leaf := func() *Node {
		n := Leaf(r.IntN(len(t.Classes)))
		n.Counts = []int{r.IntN(600), 0, r.IntN(30)}
		return n
	}
	// A path of depth 8 first, then splits of random shallower leaves.
	t.Root = leaf()
	n := t.Root
	for range 8 {
		*n = *Split(r.IntN(len(t.Features)), leaf(), leaf())
		n = n.True
	}
	for t.Root.Nodes() < 151 {
		n := t.Root
		for d := 0; !n.IsLeaf(); d++ {
			if d == 7 {
				n = nil
				break
			}
			n = map[bool]*Node{true: n.True, false: n.False}[r.IntN(2) == 0]
		}
		if n != nil {
			*n = *Split(r.IntN(len(t.Features)), leaf(), leaf())
		}
	}
	return t
}

// TestSVGLayout: on every level the boxes keep apart, in the order of
// the tree, each parent centred over its children, true to the left; and
// each box is wide enough for its text.
func TestSVGLayout(t *testing.T) {
	tr := bigTree()
	if d, n := tr.Root.Depth(), tr.Root.Nodes(); d != 8 || n != 151 {
		t.Fatalf("test tree has depth %d and %d nodes, want 8 and 151", d, n)
	}
	root, _ := tr.shape(tr.Root)
	boxes := place(root)
	if len(boxes) != 151 {
		t.Fatalf("%d boxes for 151 nodes", len(boxes))
	}
	levels := map[int][]*box{}
	for _, b := range boxes {
		levels[b.level] = append(levels[b.level], b)
		for _, line := range b.lines {
			if w := float64(len([]rune(line)))*svgChar + 2*svgPad; b.w < w {
				t.Errorf("box of %q is %.1f wide, its text %.1f", line, b.w, w)
			}
		}
		if len(b.kids) == 2 {
			if l, r := b.kids[0], b.kids[1]; l.x >= r.x || math.Abs(b.x-(l.x+r.x)/2) > 1e-9 {
				t.Errorf("box %q at %.1f over true child at %.1f and false child at %.1f", b.lines[0], b.x, l.x, r.x)
			}
		}
	}
	if len(levels) != 9 {
		t.Fatalf("%d levels, want 9", len(levels))
	}
	// place lists boxes parents first, true before false: each level in
	// the order of the tree, left to right.
	for level, row := range levels {
		for i := 1; i < len(row); i++ {
			a, b := row[i-1], row[i]
			if gap := (b.x - b.w/2) - (a.x + a.w/2); gap < svgHGap-1e-9 {
				t.Errorf("level %d: boxes %q and %q %.1f apart, want %d", level, a.lines[0], b.lines[0], gap, svgHGap)
			}
		}
	}
}

// TestWriteSVG: the picture is well-formed XML holding every test, class
// and count, escaped, and a tree without counts is drawn too.
func TestWriteSVG(t *testing.T) {
	tr := bigTree()
	var b bytes.Buffer
	if err := tr.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b.Bytes())
	for _, n := range nodes(tr.Root) {
		for _, line := range tr.lines(n) {
			if texts[line] == 0 {
				t.Errorf("no text %q in the SVG", line)
			}
		}
	}
	if got, want := texts["true"]+texts["false"], 2*(tr.Root.Nodes()-tr.Root.Leaves()); got != want {
		t.Errorf("%d edge labels, want %d", got, want)
	}
	old := &Tree{Label: "y", Classes: []string{"a", "b"}, Features: tr.Features, Root: Split(0, Leaf(0), Leaf(1))}
	b.Reset()
	if err := old.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	if texts := svgTexts(t, b.Bytes()); texts["y = a"] != 1 || texts["y = b"] != 1 || len(texts) != 5 {
		t.Errorf("tree without counts drawn with texts %v, want the test, both classes, true and false", texts)
	}
}

// nodes returns every node under n.
func nodes(n *Node) []*Node {
	if n.IsLeaf() {
		return []*Node{n}
	}
	return append(append([]*Node{n}, nodes(n.True)...), nodes(n.False)...)
}

// svgTexts parses an SVG document and counts the contents of its text
// elements.
func svgTexts(t *testing.T, svg []byte) map[string]int {
	t.Helper()
	texts := map[string]int{}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return texts
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts[string(tok)]++
			}
		case xml.EndElement:
			inText = false
		}
	}
}

// TestSVGInBrowser: headless Chromium renders the picture of a tree of
// car's size: the drawing fills the page from edge to edge, with the ink
// of text and lines and the tints of leaves of every class. Without
// chromium it skips, unless $ODTX_REQUIRE_BROWSER is set, as CI sets it.
func TestSVGInBrowser(t *testing.T) {
	browser, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("ODTX_REQUIRE_BROWSER") != "" {
			t.Fatalf("chromium not found, and $ODTX_REQUIRE_BROWSER is set: %v", err)
		}
		t.Skipf("chromium not installed (apt-get install chromium): %v", err)
	}
	tr := bigTree()
	var b bytes.Buffer
	if err := tr.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	size := regexp.MustCompile(`^<svg width="(\d+)" height="(\d+)"`).FindSubmatch(b.Bytes())
	if size == nil {
		t.Fatalf("no size on the SVG's first line: %.80q", b.String())
	}
	dir := t.TempDir()
	svg, shot := filepath.Join(dir, "tree.svg"), filepath.Join(dir, "tree.png")
	if err := os.WriteFile(svg, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// A bound on a hung browser, not a verdict on speed.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--screenshot="+shot,
		fmt.Sprintf("--window-size=%s,%s", size[1], size[2]), "file://"+svg)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("chromium wrote no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	bounds := img.Bounds()
	if w, h := strconv.Itoa(bounds.Dx()), strconv.Itoa(bounds.Dy()); w != string(size[1]) || h != string(size[2]) {
		t.Fatalf("screenshot is %sx%s, the SVG %sx%s", w, h, size[1], size[2])
	}
	ink, inked := 0, image.Rectangle{}
	tints := make([]int, len(tr.Classes))
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			r, g, b = r>>8, g>>8, b>>8
			if r < 250 || g < 250 || b < 250 {
				ink++
				inked = inked.Union(image.Rect(x, y, x+1, y+1))
			}
			for c := range tints {
				if near(r, g, b, tint(classColours[c])) {
					tints[c]++
				}
			}
		}
	}
	t.Logf("%dx%d pixels, %d not white, spanning %v; leaf tints %v", bounds.Dx(), bounds.Dy(), ink, inked, tints)
	if ink < bounds.Dx()*bounds.Dy()/50 {
		t.Errorf("only %d of %d pixels are not white", ink, bounds.Dx()*bounds.Dy())
	}
	if inked.Min.X > svgMargin || inked.Min.Y > svgMargin || inked.Max.X < bounds.Max.X-svgMargin || inked.Max.Y < bounds.Max.Y-svgMargin {
		t.Errorf("the drawing spans %v of the page %v, want all but the margins", inked, bounds)
	}
	for c, n := range tints {
		if n < 100 {
			t.Errorf("class %q: %d pixels of its leaves' tint", tr.Classes[c], n)
		}
	}
}

// tint returns the colour that hex, at the opacity of a leaf's fill, makes
// on white.
func tint(hex string) [3]uint32 {
	var c [3]uint32
	for i := range c {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		c[i] = uint32(float64(v)*svgTint + 255*(1-svgTint) + 0.5)
	}
	return c
}

// near reports whether r, g, b is within a few levels of c in each channel.
func near(r, g, b uint32, c [3]uint32) bool {
	d := func(a, b uint32) bool { return max(a, b)-min(a, b) <= 4 }
	return d(r, c[0]) && d(g, c[1]) && d(b, c[2])
}
