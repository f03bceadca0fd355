// Package atomicfile writes files so that a reader never sees half of one:
// the bytes go to a temporary file in the same folder, which is synced and
// then renamed over the target. On any error, and on an interrupt (see
// RemovePending), nothing is left behind.
//
// What is at the path is respected: a symbolic link is followed and its
// target replaced; a file keeps its permissions, and one that cannot be
// written is an error; a new file gets the permissions the umask allows;
// a path that is no regular file (a pipe, a terminal, /dev/null), or that
// names an open descriptor (/dev/stdout), is written to directly, since it
// cannot be replaced.
package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Write writes data to path atomically.
func Write(path string, data []byte) (err error) {
	if st, err := os.Stat(path); err == nil { // through every link, as the kernel resolves it
		switch {
		case st.IsDir():
			return fmt.Errorf("cannot write %s: it is a folder", path)
		case !st.Mode().IsRegular() || isDescriptor(path):
			// /dev/stdout may be a file the shell appends to: written,
			// not replaced.
			return writeInPlace(path, path, data)
		}
	}
	target, err := resolve(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	perm := fs.FileMode(0o666) // less the umask, which OpenFile applies
	keep := false
	if st, err := os.Stat(target); err == nil {
		// The file is replaced, not written: it must be writable all the
		// same, and it keeps its permissions.
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
		f.Close()
		perm, keep = st.Mode().Perm(), true
	}
	f, tmp, err := createTemp(filepath.Dir(target), perm)
	if errors.Is(err, fs.ErrPermission) {
		// The file itself may be writable: the folder is what refuses
		// (the temporary file is made beside the target).
		return fmt.Errorf("cannot write %s: its folder %s is not writable: %w", path, filepath.Dir(target), unwrapPath(err))
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
		forget(tmp)
	}()
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	if keep {
		// OpenFile's permissions lose the bits the umask masks.
		if err = f.Chmod(perm); err != nil {
			return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
		}
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	if err = os.Rename(tmp, target); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	return nil
}

// resolve follows path's symbolic links, to the file a write must
// replace (which need not exist yet).
func resolve(path string) (string, error) {
	for range 40 { // as many links as Linux follows
		st, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			// Relative to the folder the link is in, as the kernel reads
			// it: that folder's own links resolved first ("../x" from a
			// linked folder is not its textual parent).
			dir, err := filepath.EvalSymlinks(filepath.Dir(path))
			if err != nil {
				return "", err
			}
			link = filepath.Join(dir, link)
		}
		path = link
	}
	return "", errors.New("too many levels of symbolic links")
}

// isDescriptor tells a path that names an open file descriptor
// (/dev/stdout, /dev/fd/3, /proc/self/fd/1): its file is written, never
// replaced. A file of its own in the device folders (/dev/shm/out.pdf) is
// replaced as any other; appended to, it held the old PDF and the new.
func isDescriptor(path string) bool {
	for range 40 { // as many links as Linux follows
		abs, err := filepath.Abs(path)
		if err != nil {
			return false
		}
		// The folder's own links first: /dev/fd/1 is /proc/self/fd/1.
		dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
		if err != nil {
			return false
		}
		if descriptorFolder(dir) {
			return true
		}
		link, err := os.Readlink(abs)
		if err != nil {
			return false // no link: a file of its own
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		path = link
	}
	return false
}

// descriptorFolder tells a folder (its links resolved) whose entries name
// open descriptors: Linux's /proc (where /dev/fd leads), and /dev/fd
// itself on macOS and the BSDs, a file system of its own whose entries
// are no links (there, /dev/stdout redirected to a file stats as that
// regular file, and its replacement was made in /dev/fd, which refuses).
func descriptorFolder(dir string) bool {
	return dir == "/proc" || strings.HasPrefix(dir, "/proc/") || dir == "/dev/fd"
}

// writeInPlace writes to what cannot be replaced: a pipe, a device.
func writeInPlace(path, target string, data []byte) error {
	// Appended: /dev/stdout opened again is a new description of the
	// file behind it, at its start; the shell's `>>` wants the end (and
	// its `>` emptied the file already).
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	return nil
}

// createTemp creates a new file in dir with a short random name (so that
// a target whose name is as long as the system allows can still be
// written), registered for RemovePending.
func createTemp(dir string, perm fs.FileMode) (*os.File, string, error) {
	for {
		var b [6]byte
		rand.Read(b[:])
		name := filepath.Join(dir, ".vintner-"+hex.EncodeToString(b[:])+".tmp")
		pending.Lock()
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			pending.files[name] = f
		}
		pending.Unlock()
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, name, err
	}
}

var pending = struct {
	sync.Mutex
	files map[string]*os.File
}{files: map[string]*os.File{}}

func forget(name string) {
	pending.Lock()
	delete(pending.files, name)
	pending.Unlock()
}

// RemovePending removes the temporary files of writes under way: called
// when the command is interrupted, so that nothing is left behind. Writes
// cannot start after it.
func RemovePending() {
	pending.Lock() // held: no write creates a file after this
	for name, f := range pending.files {
		// Closed first: Windows removes no file that is open (the write
		// under way then fails, and the command is ending).
		f.Close()
		os.Remove(name)
	}
}

// unwrapPath drops the *PathError wrapper, whose temporary name would only
// confuse the user.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
