//go:build unix

package audit

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Entries of a folder that are no record file are reported in their
// place, and never block: a pipe named .vin, a link to a folder, an
// unreadable subfolder; the records beside them are checked.
func TestAFolderEntryThatIsNoFileIsReportedNotRead(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.vin", good)
	if err := syscall.Mkfifo(filepath.Join(dir, "p.vin"), 0o644); err != nil {
		t.Skip(err)
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	write(t, dir, "sub/c.vin", good)
	os.Symlink("sub", filepath.Join(dir, "linked.vin")) // a link to a folder, named like a record
	os.Symlink("p.vin", filepath.Join(dir, "q.vin"))    // a link to the pipe
	items, err := Expand([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		got = append(got, strings.TrimPrefix(it.Name, dir+"/"))
	}
	if strings.Join(got, " ") != "a.vin p.vin q.vin sub/c.vin" {
		t.Fatalf("items %v", got)
	}
	if items[2].Unreadable == nil || items[2].Unreadable.Error() != "cannot read "+items[2].Name+": not a regular file" {
		t.Errorf("the link to the pipe: %v", items[2].Unreadable)
	}
	done := make(chan Outcome)
	go func() { done <- One(Config{Games: games}, items[1]) }()
	select {
	case o := <-done:
		if o.Status() != StatusUnreadable || o.Err.Error() != "cannot read "+items[1].Name+": not a regular file" {
			t.Errorf("the pipe: %s, %v", o.Status(), o.Err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("reading a pipe in a folder blocked")
	}
	if os.Geteuid() == 0 {
		return // root reads every folder
	}
	locked := filepath.Join(dir, "sub")
	os.Chmod(locked, 0)
	defer os.Chmod(locked, 0o755)
	items, err = Expand([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	last := items[len(items)-1]
	if last.Name != locked || last.Unreadable == nil || !strings.HasPrefix(last.Unreadable.Error(), "cannot read folder "+locked+": ") {
		t.Errorf("the locked folder: %+v", last)
	}
}

func TestStandardInputIsOneRecord(t *testing.T) {
	if _, err := Expand([]string{"-", "-"}); err == nil || err.Error() != "- is given twice: standard input holds one record" {
		t.Errorf("- twice: %v", err)
	}
}

// A file a record names is read only when it is a regular file: a pipe
// would block the batch. (One gives the engines this reader.)
func TestARecordNamesOnlyARegularFile(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "house.tables"), 0o644); err != nil {
		t.Skip(err)
	}
	p := write(t, dir, "r.vin", good)
	var gotErr error
	done := make(chan error)
	go func() {
		_, err := recordFileReader(p, Config{}.limits(), "")("house.tables")
		done <- err
	}()
	select {
	case gotErr = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("reading a pipe a record names blocked")
	}
	if gotErr == nil || gotErr.Error() != "not a regular file" {
		t.Errorf("err = %v", gotErr)
	}
}

// A folder named on the command line through a link is walked, its
// records named below the link: it was one entry, no record, and the
// command stopped with "no .vin records found".
func TestAFolderNamedThroughALinkIsWalked(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "season/g1.vin", good)
	write(t, dir, "season/sub/g2.vin", good)
	link := filepath.Join(dir, "current")
	if err := os.Symlink("season", link); err != nil {
		t.Skip(err)
	}
	items, err := Expand([]string{link})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		got = append(got, it.Name)
	}
	if want := link + "/g1.vin " + link + "/sub/g2.vin"; strings.Join(got, " ") != want {
		t.Errorf("items %q, want %q", strings.Join(got, " "), want)
	}
}

// TestADotDotThroughALinkIsAnotherFile: the system follows a link before
// the ".." after it, so dx/../a.vin, dx a link to sub/x, is sub/a.vin: a
// file of its own, checked beside a.vin (it was taken for a.vin, as
// Clean reads the path, and dropped as a repeat).
func TestADotDotThroughALinkIsAnotherFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.vin", good)
	write(t, dir, "sub/a.vin", good)
	write(t, dir, "sub/x/keep.vin", good)
	if err := os.Symlink(filepath.Join("sub", "x"), filepath.Join(dir, "dx")); err != nil {
		t.Skip(err)
	}
	a, other := filepath.Join(dir, "a.vin"), dir+"/dx/../a.vin" // as written: Join would clean it
	items, err := Expand([]string{a, other, dir + "/sub/../a.vin"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		got = append(got, it.Name)
	}
	if want := a + " " + other; strings.Join(got, " ") != want {
		t.Errorf("items %q, want %q", strings.Join(got, " "), want)
	}
}
