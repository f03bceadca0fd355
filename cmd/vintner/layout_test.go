package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vintner/vintner/layouts"
)

func runVintner(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	rc := Main(args, strings.NewReader(""), &out, &errb)
	return rc, out.String(), errb.String()
}

func TestLayoutCommand(t *testing.T) {
	code, err := layouts.NewSetCode(42, 4)
	if err != nil {
		t.Fatal(err)
	}
	rc, out, _ := runVintner(t, "layout", "--new", "--players", "4", "--seed", "42")
	if rc != 0 || strings.TrimSpace(out) != code {
		t.Fatalf("layout --new = %d %q, want %s", rc, out, code)
	}
	rc, out, _ = runVintner(t, "layout", "--new", "--pad", "3", "--seed", "7")
	if rc != 0 || strings.Join(strings.Fields(out), " ") != strings.Join(layouts.NewPadCodes(7, 3), " ") {
		t.Fatalf("layout --new --pad 3 = %d %q", rc, out)
	}

	// --format json says what the text says, for a program.
	rc, out, _ = runVintner(t, "layout", "--new", "--players", "4", "--seed", "42", "--format", "json")
	if want := `{"code":"` + code + `","players":4,"seed":42}` + "\n"; rc != 0 || out != want {
		t.Fatalf("layout --new --format json = %d %q, want %q", rc, out, want)
	}
	rc, out, _ = runVintner(t, "layout", "--new", "--pad", "2", "--seed", "7", "--format", "json")
	pages := layouts.NewPadCodes(7, 2)
	if want := `{"codes":["` + pages[0] + `","` + pages[1] + `"],"seed":7}` + "\n"; rc != 0 || out != want {
		t.Fatalf("layout --new --pad 2 --format json = %d %q, want %q", rc, out, want)
	}

	seat2, _ := layouts.Sheet(code + "/2")
	rc, out, _ = runVintner(t, "layout", strings.ToLower(code)+"/2")
	if rc != 0 || out != seat2.Text() {
		t.Fatalf("layout CODE/2 = %d, output differs from the layout's text:\n%s", rc, out)
	}
	rc, out, _ = runVintner(t, "layout", code)
	if rc != 0 || strings.Count(out, "Bordeaux sheet "+code) != 4 {
		t.Fatalf("layout SETCODE = %d, printed %d sheets", rc, strings.Count(out, "Bordeaux sheet "))
	}

	// JSON out, then back in as a group's own file.
	rc, out, _ = runVintner(t, "layout", code+"/2", "--format", "json")
	if rc != 0 {
		t.Fatalf("--format json = %d", rc)
	}
	file := filepath.Join(t.TempDir(), "sheet.json")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	rc, again, _ := runVintner(t, "layout", file, "--format", "json")
	if rc != 0 || again != out {
		t.Fatalf("layout FILE.json = %d, differs from what it read", rc)
	}
	broken := strings.Replace(out, `"dur": [`, `"dur": [ 2, 2, 2 ], "x": [`, 1)
	if err := os.WriteFile(file, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	if rc, _, stderr := runVintner(t, "layout", file); rc != 1 || !strings.Contains(stderr, "layout file") {
		t.Errorf("a broken layout file = %d %q, want 1", rc, stderr)
	}

	// A typo: exit 2 with a clear message.
	b := []byte(code)
	i := 3
	for b[i] == b[i+1] {
		i++
	}
	b[i], b[i+1] = b[i+1], b[i]
	typo := string(b)
	rc, _, stderr := runVintner(t, "layout", typo)
	if rc != 2 || !strings.Contains(stderr, "has a typo") {
		t.Errorf("layout %s = %d %q, want 2 and a typo", typo, rc, stderr)
	}
	if rc, _, _ := runVintner(t, "layout"); rc != 2 {
		t.Errorf("layout with no code = %d, want 2", rc)
	}
	if rc, _, _ := runVintner(t, "layout", code, "--format", "yaml"); rc != 2 {
		t.Errorf("--format yaml = %d, want 2", rc)
	}
	if rc, _, _ := runVintner(t, "layout", "--new", "--players", "13"); rc != 2 {
		t.Errorf("--new --players 13 = %d, want 2", rc)
	}
}

// Help on an unknown topic is a usage error (exit 2), as an unknown
// command is; help on a command is that command's help (exit 0).
func TestHelpOnAnUnknownTopicExits2(t *testing.T) {
	if rc, out, errOut := runVintner(t, "help", "frobnicate"); rc != 2 || out != "" || !strings.Contains(errOut, `unknown help topic "frobnicate"`) {
		t.Errorf("help frobnicate = %d, stdout %q, stderr %q", rc, out, errOut)
	}
	// An empty topic (a shell variable left unset) would be a prefix of
	// every command: it says what help takes instead of listing them all.
	if rc, out, errOut := runVintner(t, "help", ""); rc != 2 || out != "" ||
		!strings.HasPrefix(errOut, "vintner: unknown help topic \"\": help takes a command's name (vintner help lists them)\n") || strings.Contains(errOut, "Did you mean") {
		t.Errorf("help \"\" = %d, stdout %q, stderr %q", rc, out, errOut)
	}
	if rc, out, _ := runVintner(t, "help", "layout"); rc != 0 || !strings.Contains(out, "vintner layout CODE|FILE.json") {
		t.Errorf("help layout = %d, stdout %q", rc, out)
	}
}
