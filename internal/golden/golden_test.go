package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Fatal(...any)          { r.failed = true }

func TestCheckComparesWithTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.golden")
	if err := os.WriteFile(path, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	same := &recorder{TB: t}
	Check(same, path, []byte("same\n"))
	if same.failed {
		t.Error("equal output reported as different")
	}
	differs := &recorder{TB: t}
	Check(differs, path, []byte("other\n"))
	if !differs.failed {
		t.Error("different output not reported")
	}
	missing := &recorder{TB: t}
	Check(missing, path+".none", []byte("x"))
	if !missing.failed {
		t.Error("a missing golden file not reported")
	}
}
