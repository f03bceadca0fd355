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
