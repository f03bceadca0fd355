package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("new content")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "new content" {
		t.Fatalf("file holds %q", got)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("temporary files left behind: %v", ents)
	}
}

func TestWriteUnwritableLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "missing", "out.pdf")
	err := Write(p, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "cannot write "+p) {
		t.Fatalf("err = %v, want a clear 'cannot write' error", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 0 {
		t.Fatalf("left behind: %v", ents)
	}
}

func TestWriteFollowsALinkAndReplacesItsTarget(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.pdf")
	link := filepath.Join(dir, "link.pdf")
	os.WriteFile(target, []byte("old"), 0o644)
	if err := os.Symlink("target.pdf", link); err != nil {
		t.Skip(err)
	}
	if err := Write(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != "new" {
		t.Errorf("target holds %q", got)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	// A link to a file not there yet creates it.
	os.Symlink("later.pdf", filepath.Join(dir, "dangling.pdf"))
	if err := Write(filepath.Join(dir, "dangling.pdf"), []byte("x")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "later.pdf")); string(got) != "x" {
		t.Errorf("later.pdf holds %q", got)
	}
}

func TestWriteKeepsPermissionsAndRefusesAReadOnlyFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes read-only files")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "private.pdf")
	os.WriteFile(p, []byte("old"), 0o600)
	if err := Write(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", st.Mode().Perm())
	}
	ro := filepath.Join(dir, "ro.pdf")
	os.WriteFile(ro, []byte("keep"), 0o444)
	err := Write(ro, []byte("new"))
	if err == nil || err.Error() != "cannot write "+ro+": permission denied" {
		t.Errorf("a read-only file: %v", err)
	}
	if got, _ := os.ReadFile(ro); string(got) != "keep" {
		t.Errorf("the read-only file holds %q", got)
	}
}

func TestWriteKeepsPermissionsAsRootToo(t *testing.T) {
	p := filepath.Join(t.TempDir(), "private.pdf")
	os.WriteFile(p, []byte("old"), 0o600)
	os.Chmod(p, 0o600)
	if err := Write(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", st.Mode().Perm())
	}
}

func TestWriteALongNameAndLeaveNothingOnInterrupt(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, strings.Repeat("n", 250)+".pdf") // 254 bytes: as long as a name can be
	if err := Write(p, []byte("x")); err != nil {
		t.Fatal(err)
	}
	f, tmp, err := createTemp(dir, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	RemovePending()
	defer pending.Unlock() // RemovePending keeps the lock: the command is ending
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("the temporary file is still there: %v", err)
	}
}

// An interrupt during a write closes the temporary file before removing
// it: Windows removes no open file, and left it behind.
func TestInterruptClosesTheTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	f, tmp, err := createTemp(dir, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	RemovePending()
	defer pending.Unlock() // RemovePending keeps the lock: the command is ending
	if _, err := f.Write([]byte("x")); !errors.Is(err, os.ErrClosed) {
		t.Errorf("the temporary file is still open: a write gave %v", err)
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("the temporary file is still there: %v", err)
	}
}

// A link's relative target is read from the folder the link is in, as the
// kernel reads it: through a linked folder, "../x" is the real parent's x.
func TestWriteThroughALinkedFolder(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "real", "sub"), 0o755)
	if err := os.Symlink(filepath.Join("real", "sub"), filepath.Join(dir, "dl")); err != nil {
		t.Skip(err)
	}
	os.Symlink(filepath.Join("..", "x.pdf"), filepath.Join(dir, "real", "sub", "out.pdf"))
	os.WriteFile(filepath.Join(dir, "x.pdf"), []byte("keep"), 0o644)
	os.WriteFile(filepath.Join(dir, "real", "x.pdf"), []byte("old"), 0o644)
	if err := Write(filepath.Join(dir, "dl", "out.pdf"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "real", "x.pdf")); string(got) != "new" {
		t.Errorf("real/x.pdf holds %q, want the new text", got)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "x.pdf")); string(got) != "keep" {
		t.Errorf("x.pdf holds %q: the wrong file was written", got)
	}
}

// The folders whose entries are open descriptors: written in place, never
// replaced. /dev/fd is macOS's own (on Linux it leads to /proc/self/fd).
func TestDescriptorFolders(t *testing.T) {
	for dir, want := range map[string]bool{"/proc": true, "/proc/self/fd": true, "/proc/123/fd": true,
		"/dev/fd": true, "/dev": false, "/dev/shm": false, "/procs": false, "/tmp/dev/fd": false} {
		if got := descriptorFolder(dir); got != want {
			t.Errorf("descriptorFolder(%q) = %v, want %v", dir, got, want)
		}
	}
}
