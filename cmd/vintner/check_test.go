package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// updateGolden reads -update, shared by every golden test of the package.
func updateGolden() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	v, _ := strconv.ParseBool(f.Value.String())
	return v
}

func init() {
	// Registered here unless another test file of the package already has.
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files and script cmp sections from the actual output")
	}
}

// TestJSONLinesSchema pins the JSON Lines output of docs/scripting.md:
// a small folder (valid, claim mismatch, unknown game) and its exact
// output. -update rewrites the golden file after a deliberate change.
func TestJSONLinesSchema(t *testing.T) {
	var out, errb bytes.Buffer
	code := Main([]string{"validate", filepath.Join("testdata", "jsonl"), "--format", "json"}, strings.NewReader(""), &out, &errb)
	if code != exitRejected {
		t.Errorf("exit status %d, want %d; stderr %s", code, exitRejected, errb.String())
	}
	if errb.Len() != 0 {
		t.Errorf("stderr in JSON mode: %s", errb.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 3 records + 1 summary", len(lines))
	}
	// Every line is one object with the documented fields.
	want := map[string][]string{
		"record":  {"type", "file", "status", "valid", "disputed", "actions", "diagnostics"},
		"summary": {"type", "records", "valid", "rejected", "claims_differ", "disputed", "unreadable", "exit"},
	}
	for i, l := range lines {
		var obj map[string]any
		if err := json.Unmarshal([]byte(l), &obj); err != nil {
			t.Fatalf("line %d is not JSON: %v", i+1, err)
		}
		typ, _ := obj["type"].(string)
		if (i < 3) != (typ == "record") {
			t.Errorf("line %d has type %q", i+1, typ)
		}
		for _, k := range want[typ] {
			if _, ok := obj[k]; !ok {
				t.Errorf("line %d (%s) lacks %q", i+1, typ, k)
			}
		}
	}
	golden := filepath.Join("testdata", "jsonl.golden")
	if updateGolden() {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g, out.Bytes()) {
		t.Errorf("output differs from %s (go test -run TestJSONLinesSchema -update after a deliberate change):\n%s", golden, out.String())
	}
}

// A file name with a newline or an escape sequence is printed as a
// diagnostic prints it, controls as "?": raw, the newline split a verdict
// line in two and the escape recoloured the terminal. JSON escapes it.
func TestAFileNameWithControlsStaysOnItsLine(t *testing.T) {
	dir := t.TempDir()
	valid, err := os.ReadFile(filepath.Join("testdata", "jsonl", "a-valid.vin"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"new\nline.vin", "red\x1b[31m.vin"} {
		if err := os.WriteFile(filepath.Join(dir, name), valid, 0o666); err != nil {
			t.Skip(err) // a file system that refuses such names
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "x\x07.vin"), []byte("game chess\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "locked\n"), 0); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ cmd, want string }{
		{"validate", "DIR/new?line.vin: valid bordeaux record, 2 players, 25 actions\nDIR/red?[31m.vin: valid bordeaux record, 2 players, 25 actions\nDIR/x?.vin: rejected: 1 error, first at line 1\n"},
		{"score", "== DIR/new?line.vin (bordeaux)\n== DIR/red?[31m.vin (bordeaux)\n== DIR/x?.vin: rejected: 1 error, first at line 1, not scored\n"},
	} {
		var out, errb bytes.Buffer
		Main([]string{c.cmd, dir}, strings.NewReader(""), &out, &errb)
		var got strings.Builder
		for _, line := range strings.SplitAfter(out.String(), "\n") {
			if strings.HasPrefix(line, dir) || strings.HasPrefix(line, "== "+dir) {
				got.WriteString(strings.ReplaceAll(line, dir, "DIR"))
			}
		}
		if want := c.want; got.String() != want {
			t.Errorf("%s: the lines naming files are\n%s\nwant\n%s", c.cmd, got.String(), want)
		}
		if os.Geteuid() != 0 && !strings.Contains(errb.String(), "vintner: cannot read folder "+dir+"/locked?: permission denied\n") {
			t.Errorf("%s: stderr %q, want the locked folder on one line", c.cmd, errb.String())
		}
	}
}
