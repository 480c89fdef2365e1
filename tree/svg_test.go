package tree

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
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
	root, _ := tr.abbreviated().shape(tr.Root)
	boxes := place(root)
	if len(boxes) != 151 {
		t.Fatalf("%d boxes for 151 nodes", len(boxes))
	}
	levels := map[int][]*box{}
	for _, b := range boxes {
		levels[b.level] = append(levels[b.level], b)
		for _, line := range b.lines {
			if w := textWidth(line) + 2*svgPad; b.w < w {
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
// and count, escaped and cut short as abbreviated cuts them, and a tree
// without counts is drawn too, its legend naming the label column and
// each class.
func TestWriteSVG(t *testing.T) {
	tr := bigTree()
	var b bytes.Buffer
	if err := tr.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b.Bytes())
	for _, n := range nodes(tr.Root) {
		for _, line := range tr.abbreviated().lines(n) {
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
	want := map[string]int{tr.Features[0].String(): 1, "true": 1, "false": 1, "y:": 1, "a": 2, "b": 2}
	if texts := svgTexts(t, b.Bytes()); !maps.Equal(texts, want) {
		t.Errorf("tree without counts drawn with texts %v, want %v", texts, want)
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
	return svgElements(t, svg, "text")
}

// svgElements parses an SVG document and counts the contents of its
// elements of the given name.
func svgElements(t *testing.T, svg []byte, name string) map[string]int {
	t.Helper()
	contents := map[string]int{}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	in := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return contents
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			in = tok.Name.Local == name
		case xml.CharData:
			if in {
				contents[string(tok)]++
			}
		case xml.EndElement:
			in = false
		}
	}
}

// TestSVGInBrowser: headless Chromium renders the picture of a tree of
// car's size at its natural size: the drawing fills the page from edge to
// edge, with the ink of text and lines and the tints of leaves of every
// class.
func TestSVGInBrowser(t *testing.T) {
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
	chromium(t, "--screenshot="+shot, fmt.Sprintf("--window-size=%s,%s", size[1], size[2]), "file://"+svg)
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

// chromium runs headless Chromium, with a profile of its own, on args and
// returns what it printed. Without chromium the test skips, unless
// $ODTX_REQUIRE_BROWSER is set, as CI sets it.
func chromium(t *testing.T, args ...string) []byte {
	t.Helper()
	browser, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("ODTX_REQUIRE_BROWSER") != "" {
			t.Fatalf("chromium not found, and $ODTX_REQUIRE_BROWSER is set: %v", err)
		}
		t.Skipf("chromium not installed (apt-get install chromium): %v", err)
	}
	// A bound on a hung browser, not a verdict on speed.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + filepath.Join(t.TempDir(), "profile")}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.Bytes())
	}
	return out
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

// longTree returns a complete tree of depth 5, 63 nodes, whose columns,
// values, label column and classes have names of up to 60 characters,
// with the training rows each leaf holds. Its root tests a column that no
// other node tests, whose first word no other column starts with.
func longTree() *Tree {
	r := rand.New(rand.NewPCG(5, 34))
	t := &Tree{
		Label:   "outcome of the annual customer retention survey (2026)",
		Classes: []string{"renews the contract for another year", "leaves for a competitor before renewal", "undecided"},
		Features: []dataset.Feature{
			{Column: "customer lifetime value estimated by the finance team", Op: dataset.LessEq, Threshold: 1250.5},
		},
	}
	for i, col := range []string{
		"average monthly spending in the northern sales region",
		"number of support tickets opened in the last twelve months",
		"days since the most recent purchase of any product line",
		"share of orders returned within thirty days of delivery",
	} {
		t.Features = append(t.Features, dataset.Feature{Column: col, Op: dataset.LessEq, Threshold: float64(10*i) + 0.25})
	}
	for _, v := range []string{"email, with the monthly newsletter and the offers", "telephone, on weekdays only", "post"} {
		t.Features = append(t.Features, dataset.Feature{Column: "preferred contact channel as recorded by the call centre", Op: dataset.Equal, Value: v})
	}
	var grow func(depth int) *Node
	grow = func(depth int) *Node {
		if depth == 5 {
			n := Leaf(r.IntN(len(t.Classes)))
			n.Counts = []int{r.IntN(900), r.IntN(90), r.IntN(9)}
			return n
		}
		return Split(1+r.IntN(len(t.Features)-1), grow(depth+1), grow(depth+1))
	}
	t.Root = grow(0)
	t.Root.Feature = 0
	return t
}

// TestSVGLongNames: a tree with long names draws no name longer than
// svgName characters, but holds each box's text in full in its tooltip,
// and names the label column once.
func TestSVGLongNames(t *testing.T) {
	tr := longTree()
	var b bytes.Buffer
	if err := tr.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	texts, titles := svgTexts(t, b.Bytes()), svgElements(t, b.Bytes(), "title")
	names := []string{tr.Label}
	names = append(names, tr.Classes...)
	for _, f := range tr.Features {
		names = append(names, f.Column, f.Value)
	}
	for text := range texts {
		for _, name := range names {
			if len([]rune(name)) > svgName && strings.Contains(text, name) {
				t.Errorf("text %q holds all %d characters of %q", text, len([]rune(name)), name)
			}
		}
	}
	for _, n := range nodes(tr.Root) {
		if titles[tr.title(n)] == 0 {
			t.Errorf("no tooltip %q", tr.title(n))
		}
	}
	label := dataset.Readable(short(tr.Label))
	found := 0
	for text, k := range texts {
		if strings.Contains(text, label) {
			found += k
		}
	}
	if found != 1 {
		t.Errorf("the label column %q is in %d texts, want 1", label, found)
	}
}

// TestSVGFitsWindow: in a window of 1,400 by 1,000 pixels Chromium shows
// a tree of depth 5 with long names whole across, the root in sight; and
// in the fonts the browser has, no two of its boxes and texts overlap,
// but a text in its own box, whether drawn at the window's width or at
// its natural size.
func TestSVGFitsWindow(t *testing.T) {
	tr := longTree()
	var b bytes.Buffer
	if err := tr.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	// A script appended to the picture measures what the browser drew,
	// as shown and at its natural size, and leaves its findings in the
	// document, which --dump-dom prints.
	page, ok := strings.CutSuffix(b.String(), "</svg>\n")
	if !ok {
		t.Fatalf("SVG does not end in </svg>: %.80q", b.String())
	}
	page += `<script><![CDATA[
const svg = document.documentElement;
function measure() {
	const items = [];
	for (const e of document.querySelectorAll("rect, text")) {
		if (e.parentNode === svg && e.tagName === "rect") continue; // the background
		const r = e.getBoundingClientRect();
		items.push({tag: e.tagName, text: e.textContent, box: [r.left, r.top, r.right, r.bottom]});
	}
	return {width: svg.getBoundingClientRect().width, items: items};
}
const shown = measure();
svg.style.maxWidth = "none";
const natural = measure();
const d = document.createElementNS("http://www.w3.org/2000/svg", "desc");
d.id = "measured";
d.textContent = encodeURIComponent(JSON.stringify({window: [innerWidth, innerHeight], shown: shown, natural: natural}));
svg.appendChild(d);
]]></script>
</svg>
`
	file := filepath.Join(t.TempDir(), "tree.svg")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := chromium(t, "--window-size=1400,1000", "--dump-dom", "file://"+file)
	found := regexp.MustCompile(`<desc id="measured">([^<]*)</desc>`).FindSubmatch(dom)
	if found == nil {
		t.Fatalf("the script left no measures in the page:\n%s", dom)
	}
	text, err := url.PathUnescape(string(found[1]))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Window         [2]float64
		Shown, Natural drawing
	}
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		t.Fatalf("measures: %v", err)
	}
	t.Logf("window %v, picture %g wide, %g at its natural size, %d rectangles and texts", m.Window, m.Shown.Width, m.Natural.Width, len(m.Shown.Items))
	if m.Shown.Width > m.Window[0] {
		t.Errorf("the picture is %g pixels wide in a window of %g", m.Shown.Width, m.Window[0])
	}
	// The root's test is the only text that starts with its column's
	// first word.
	column := strings.Fields(tr.Features[tr.Root.Feature].Column)[0]
	var roots []drawn
	for _, it := range m.Shown.Items {
		if it.Tag == "text" && strings.HasPrefix(it.Text, column) {
			roots = append(roots, it)
		}
	}
	if len(roots) != 1 {
		t.Fatalf("%d texts start %q, want the root's alone", len(roots), column)
	}
	if r := roots[0].Box; r[0] < 0 || r[1] < 0 || r[2] > m.Window[0] || r[3] > m.Window[1] {
		t.Errorf("the root's text %q spans %v, outside the window of %v", roots[0].Text, r, m.Window)
	}
	// Shrunk, the browser rounds the heights of lines of text to whole
	// pixels, which may make them meet by less than a pixel; at the
	// natural size nothing may meet.
	for _, o := range overlaps(m.Natural.Items, 0) {
		t.Errorf("at the natural size, %s", o)
	}
	for _, o := range overlaps(m.Shown.Items, 1) {
		t.Errorf("shown in the window, %s", o)
	}
}

// A drawing is what the browser drew of a picture: its width, and its
// rectangles and texts in the order of the document.
type drawing struct {
	Width float64
	Items []drawn
}

// drawn is a rectangle or a text as the browser drew it.
type drawn struct {
	Tag, Text string
	Box       [4]float64 // left, top, right, bottom, in CSS pixels
}

// overlaps describes each two items whose boxes share more than by
// pixels each way, but a text within a rectangle.
func overlaps(items []drawn, by float64) []string {
	var found []string
	inside := func(a, b drawn) bool {
		return a.Tag == "text" && b.Tag == "rect" &&
			a.Box[0] >= b.Box[0] && a.Box[1] >= b.Box[1] && a.Box[2] <= b.Box[2] && a.Box[3] <= b.Box[3]
	}
	for i, a := range items {
		for _, b := range items[i+1:] {
			w := min(a.Box[2], b.Box[2]) - max(a.Box[0], b.Box[0])
			h := min(a.Box[3], b.Box[3]) - max(a.Box[1], b.Box[1])
			if w > by && h > by && !inside(a, b) && !inside(b, a) {
				found = append(found, fmt.Sprintf("%s %q at %.1f and %s %q at %.1f overlap", a.Tag, a.Text, a.Box, b.Tag, b.Text, b.Box))
			}
		}
	}
	return found
}

// TestShort: a long name is cut in the middle to svgName characters at
// most, between words where it can be, and names that differ only at an
// end stay apart.
func TestShort(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"petal width", "petal width"},
		{"twenty characters ok", "twenty characters ok"},
		{"renews the contract for another year", "renews the…year"},
		{"sensor_reading_of_the_plant_17", "sensor…lant_17"},
		{"sensor_reading_of_the_plant_18", "sensor…lant_18"},
		{"abcdefghijklmnopqrstuvwxyz", "abcdefghijkl…tuvwxyz"},
		{"ααααααααααααααααααααβ", "αααααααααααα…ααααααβ"},
	} {
		got := short(c.in)
		if got != c.want {
			t.Errorf("short(%q) = %q, want %q", c.in, got, c.want)
		}
		if n := len([]rune(got)); n > svgName {
			t.Errorf("short(%q) has %d characters", c.in, n)
		}
	}
}
