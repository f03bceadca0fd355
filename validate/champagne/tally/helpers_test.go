package tally

import (
	"testing"

	"github.com/vintner/vintner/validate/champagne/tables"
)

func defaultTables(t *testing.T) []byte {
	t.Helper()
	return tables.DefaultText()
}
