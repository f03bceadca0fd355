package bordeaux

import (
	"flag"
	"os"
	"testing"

	"github.com/vintner/vintner/validate"
)

var oneFile = flag.String("file", "", "replay one record and print its diagnostics")

func TestOneFile(t *testing.T) {
	if *oneFile == "" {
		t.Skip()
	}
	b, err := os.ReadFile(*oneFile)
	if err != nil {
		t.Fatal(err)
	}
	rep := validate.Check([]validate.Game{New()}, *oneFile, b, validate.Limits{}, validate.Options{})
	for _, d := range rep.Diagnostics {
		t.Log(d.Error())
	}
	if st, ok := rep.State.(*State); ok {
		t.Log(st.Text())
	}
}
