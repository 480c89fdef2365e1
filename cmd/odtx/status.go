package main

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// statusInterval is the least time between two drawings of a status line:
// a search reports after every solver call, thousands of times a second on
// small data, and drawing each would cost more than the calls.
const statusInterval = 100 * time.Millisecond

// spinner turns a step at each drawing, so that a line whose text stays
// the same still shows that odtx is at work.
var spinner = []rune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

// status is a line on stderr that the progress of a search and the bar of
// a bench sweep share: a spinner, the text last set and the time since the
// start, redrawn in place.
type status struct {
	out     *os.File
	start   time.Time
	stop    chan struct{} // closed by finish
	stopped chan struct{} // closed by tick on its way out

	mu    sync.Mutex // the task sets the text while tick redraws the clock
	text  string
	last  time.Time // zero until the first text is drawn
	width int       // the columns the line takes on the terminal
	draws int       // the spinner's step
}

// newStatus returns a status line on stderr, or nil when stderr is not a
// terminal: pipes and logs get the results alone.
func newStatus() *status {
	if !term.IsTerminal(int(os.Stderr.Fd())) {
		return nil
	}
	s := &status{out: os.Stderr, start: time.Now(), stop: make(chan struct{}), stopped: make(chan struct{})}
	go s.tick()
	return s
}

// tick redraws the line while the task is silent, so that the spinner and
// the clock run through a long solver call or job.
func (s *status) tick() {
	defer close(s.stopped)
	t := time.NewTicker(statusInterval)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case now := <-t.C:
			s.mu.Lock()
			if !s.last.IsZero() {
				s.drawIfDue(now)
			}
			s.mu.Unlock()
		}
	}
}

// update sets the text of the line. It is drawn at once unless the line was
// drawn less than statusInterval ago; finish draws it if nothing else does.
func (s *status) update(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.text = text
	s.drawIfDue(time.Now())
}

// drawIfDue draws the line unless it was drawn less than statusInterval
// before now. It is called with mu held.
func (s *status) drawIfDue(now time.Time) {
	if now.Sub(s.last) >= statusInterval {
		s.draw(now)
	}
}

// draw writes the line as it is at now. It is called with mu held.
func (s *status) draw(now time.Time) {
	elapsed := now.Sub(s.start)
	line := fmt.Sprintf("%c %s  [%v]", spinner[s.draws%len(spinner)], s.text, elapsed.Truncate(time.Second))
	cols, _, err := term.GetSize(int(s.out.Fd())) // each time: the window may have been resized
	if err != nil {
		cols = 0
	}
	b, width := frame(line, s.width, cols)
	s.out.Write(b) // a terminal that fails to show progress is no reason to stop
	s.width, s.last = width, now
	s.draws++
}

// finish clears the line, so that what follows on stderr starts at
// column 0.
func (s *status) finish() {
	close(s.stop)
	<-s.stopped // no tick may draw after the clearing
	s.mu.Lock()
	defer s.mu.Unlock()
	b, _ := frame("", s.width, 0)
	s.out.Write(append(b, '\r'))
}

// frame returns the bytes that redraw a line of drawn columns as line, and
// the columns line takes. Spaces cover what a longer line leaves beyond the
// new one. When the terminal's width cols is known (> 0), line is cut
// short of it: a line that wrapped could not be redrawn after a carriage
// return.
func frame(line string, drawn, cols int) ([]byte, int) {
	r := []rune(line)
	if cols > 0 && len(r) >= cols {
		r = r[:cols-1]
	}
	b := append([]byte{'\r'}, string(r)...)
	if pad := drawn - len(r); pad > 0 {
		b = append(b, strings.Repeat(" ", pad)...)
	}
	return b, len(r)
}
