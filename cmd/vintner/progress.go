package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"
)

// progress draws a one-line progress bar on a terminal's stderr during a
// long batch. It is small on purpose: it appears only once a run has
// lasted showAfter (a short run never flickers a bar), redraws at most
// every redrawEach, and erases itself before anything else is written to
// the same stream, so diagnostics never land in the middle of the bar.
// A nil *progress does nothing, which keeps the callers free of ifs.
type progress struct {
	w          io.Writer
	total      int
	width      int // terminal columns
	now        func() time.Time
	start      time.Time
	lastDraw   time.Time
	done       int
	shown      bool
	showAfter  time.Duration
	redrawEach time.Duration
}

const (
	progressShowAfter = 500 * time.Millisecond
	progressRedraw    = 100 * time.Millisecond
)

// isTerminal reports whether w is a terminal (stderr of an interactive
// shell); a pipe, a file or a test buffer is not.
func isTerminal(w io.Writer) bool {
	if fw, ok := w.(*firstWriteError); ok {
		w = fw.w // the command's stdout, as Main wraps it for its write errors
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newProgress returns a bar for total records on the terminal w; nil (no
// bar) on a Windows console that cannot erase a line.
func newProgress(w io.Writer, total int) *progress {
	width := 80
	if f, ok := w.(*os.File); ok {
		if !ansiConsole(f) {
			return nil
		}
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			width = cols
		}
	}
	p := &progress{w: w, total: total, width: width, now: time.Now,
		showAfter: progressShowAfter, redrawEach: progressRedraw}
	p.start = p.now()
	return p
}

// Update records that done records are finished and redraws when due.
func (p *progress) Update(done int) {
	if p == nil {
		return
	}
	p.done = done
	t := p.now()
	// At most one draw per redrawEach, shown or cleared in between: a
	// batch that prints a line per record must not make the bar flicker.
	if t.Sub(p.start) < p.showAfter || t.Sub(p.lastDraw) < p.redrawEach {
		return
	}
	p.lastDraw = t
	p.shown = true
	fmt.Fprint(p.w, "\r"+p.render(t.Sub(p.start))+"\x1b[K")
}

// Clear erases the bar so that other output can use the line.
func (p *progress) Clear() {
	if p == nil || !p.shown {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K")
	p.shown = false
}

// Done erases the bar at the end of the run.
func (p *progress) Done() { p.Clear() }

// render is the bar's text for an elapsed time, fitted to the width:
//
//	[=========>          ]  4812/10000  48%  2.1s, 1.3s left
//
// A terminal too narrow for the bar gets the fullest of the counts that
// fits in it, down to the percentage: a line longer than the terminal
// wraps, and the carriage return that redraws it would leave every
// earlier draw on the screen.
func (p *progress) render(elapsed time.Duration) string {
	pct := 0
	if p.total > 0 {
		pct = p.done * 100 / p.total
	}
	n := len(fmt.Sprint(p.total))
	counts := fmt.Sprintf(" %*d/%d %3d%%", n, p.done, p.total, pct)
	timed := counts + " " + elapsed.Round(100*time.Millisecond).String()
	info := timed
	if p.done > 0 && p.done < p.total {
		left := time.Duration(float64(elapsed) * float64(p.total-p.done) / float64(p.done))
		info += fmt.Sprintf(", %s left", left.Round(time.Second))
	}
	room := p.width - 1 // keep the last column free: no wrap
	barWidth := room - len(info) - 2
	if barWidth < 5 {
		for _, text := range []string{info, timed, counts, fmt.Sprintf("%d%%", pct)} {
			if text = strings.TrimSpace(text); len(text) <= room {
				return text
			}
		}
		return ""
	}
	fill := 0
	if p.total > 0 {
		fill = p.done * barWidth / p.total
	}
	bar := strings.Repeat("=", fill)
	if fill < barWidth {
		bar += ">" + strings.Repeat(" ", barWidth-fill-1)
	}
	return "[" + bar + "]" + info
}
