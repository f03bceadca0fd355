//go:build unix

package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWriteToAPipeWritesInPlace(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "f.pdf")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := Write(fifo, []byte("through the pipe")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the reader got %q", s)
	}
	if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the pipe was replaced by a file")
	}
}

// A file of its own in a device folder (/dev/shm, a tmpfs) is replaced
// like any other: it was appended to, and held the old PDF and the new.
// A path that names an open descriptor (/dev/fd/N, as /dev/stdout is) is
// still written in place, at the end, as the shell's >> wants.
func TestWriteReplacesAFileUnderDevButAppendsToADescriptor(t *testing.T) {
	dir, err := os.MkdirTemp("/dev/shm", "atomicfile-")
	if err != nil {
		t.Skip(err)
	}
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, "out.pdf")
	for _, s := range []string{"first", "second"} {
		if err := Write(p, []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := os.ReadFile(p); string(got) != "second" {
		t.Errorf("%s holds %q, want the second write alone", p, got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}

	f, err := os.OpenFile(filepath.Join(t.TempDir(), "log"), os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString("before ")
	fd := fmt.Sprintf("/dev/fd/%d", f.Fd())
	if _, err := os.Stat(fd); err != nil {
		t.Skip(err)
	}
	if err := Write(fd, []byte("after")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(f.Name()); string(got) != "before after" {
		t.Errorf("through %s the file holds %q, want it appended to", fd, got)
	}
}

// A writable file in a folder that is not writable cannot be replaced:
// the message says the folder refuses, not the file (whose permissions
// allow writing, so a bare "permission denied" misled).
func TestWriteInAReadOnlyFolderNamesTheFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes in every folder")
	}
	dir := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(dir, 0o755)
	p := filepath.Join(dir, "out.pdf")
	os.WriteFile(p, []byte("old"), 0o666)
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	for _, name := range []string{p, filepath.Join(dir, "new.pdf")} {
		err := Write(name, []byte("new"))
		if want := "cannot write " + name + ": its folder " + dir + " is not writable: permission denied"; err == nil || err.Error() != want {
			t.Errorf("err = %v, want %q", err, want)
		}
	}
	if got, _ := os.ReadFile(p); string(got) != "old" {
		t.Errorf("the file holds %q", got)
	}
}
