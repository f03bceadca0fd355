package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

func testProgress(total, width int) (*progress, *bytes.Buffer, *fakeClock) {
	var buf bytes.Buffer
	clock := &fakeClock{t: time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)}
	p := &progress{w: &buf, total: total, width: width, now: clock.now,
		showAfter: progressShowAfter, redrawEach: progressRedraw}
	p.start = clock.now()
	return p, &buf, clock
}

func TestProgressRendering(t *testing.T) {
	p, _, _ := testProgress(10000, 60)
	for _, c := range []struct {
		done    int
		elapsed time.Duration
		want    string
	}{
		{0, 0, "[>                                    ]     0/10000   0% 0s"},
		{4812, 2100 * time.Millisecond, "[============>             ]  4812/10000  48% 2.1s, 2s left"},
		{10000, 4 * time.Second, "[=====================================] 10000/10000 100% 4s"},
	} {
		p.done = c.done
		got := p.render(c.elapsed)
		if got != c.want {
			t.Errorf("render(%d, %s)\n got %q\nwant %q", c.done, c.elapsed, got, c.want)
		}
		if len(got) > p.width-1 {
			t.Errorf("render is %d columns, wider than %d", len(got), p.width-1)
		}
	}
	// Too narrow for a bar: the fullest counts that fit, never a line
	// that wraps (its redraw would leave every earlier one on screen).
	p.done = 5
	for _, c := range []struct {
		width int
		want  string
	}{
		{40, "5/10000   0% 1s, 33m19s left"},
		{29, "5/10000   0% 1s, 33m19s left"},
		{28, "5/10000   0% 1s"},
		{16, "5/10000   0% 1s"},
		{15, "5/10000   0%"},
		{12, "0%"},
		{3, "0%"},
		{2, ""},
	} {
		p.width = c.width
		if got := p.render(time.Second); got != c.want || len(got) > c.width-1 {
			t.Errorf("render at %d columns = %q, want %q", c.width, got, c.want)
		}
	}
}

func TestProgressAppearsLateRedrawsRarelyAndClears(t *testing.T) {
	p, buf, clock := testProgress(100, 60)
	p.Update(1)
	clock.advance(100 * time.Millisecond)
	p.Update(2)
	if buf.Len() != 0 {
		t.Fatalf("a bar was drawn before %s: %q", progressShowAfter, buf.String())
	}
	clock.advance(progressShowAfter)
	p.Update(3)
	if !strings.HasPrefix(buf.String(), "\r[") || !strings.HasSuffix(buf.String(), "\x1b[K") {
		t.Fatalf("first draw = %q, want carriage return, bar, erase to end of line", buf.String())
	}
	drawn := buf.Len()
	clock.advance(progressRedraw / 2)
	p.Update(4)
	if buf.Len() != drawn {
		t.Errorf("redrawn sooner than every %s", progressRedraw)
	}
	clock.advance(progressRedraw)
	p.Update(5)
	if buf.Len() == drawn || !strings.Contains(buf.String(), "  5/100") {
		t.Errorf("not redrawn after %s: %q", progressRedraw, buf.String())
	}
	buf.Reset()
	p.Clear()
	if buf.String() != "\r\x1b[K" {
		t.Errorf("Clear wrote %q", buf.String())
	}
	buf.Reset()
	p.Clear()
	p.Done()
	if buf.Len() != 0 {
		t.Errorf("clearing a hidden bar wrote %q", buf.String())
	}
	// After a clear the bar stays away until the next redraw is due, so
	// a line printed for every record does not make it flicker.
	p.Update(6)
	if buf.Len() != 0 {
		t.Errorf("redrawn at once after a clear: %q", buf.String())
	}
	clock.advance(progressRedraw)
	p.Update(7)
	if !strings.Contains(buf.String(), "  7/100") {
		t.Errorf("no redraw when due after a clear: %q", buf.String())
	}
}

func TestNilProgressDoesNothing(t *testing.T) {
	var p *progress
	p.Update(1)
	p.Clear()
	p.Done()
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a buffer is not a terminal")
	}
}
