package layouts

import (
	"encoding/json"
	"fmt"
)

// The sheet's letters are single bytes in memory and one-letter strings in
// JSON, so a layout file reads like the sheet: "region": "L".

func letterJSON(b byte) ([]byte, error) {
	if b == 0 {
		return []byte(`""`), nil
	}
	return json.Marshal(string(rune(b)))
}

func letterFromJSON(data []byte, what string, valid string) (byte, error) {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return 0, fmt.Errorf("a %s is a one-letter string (one of %s), not %s", what, validList(valid), data)
	}
	if s == "" {
		return 0, nil
	}
	if len(s) != 1 || !containsByte(valid, s[0]) {
		return 0, fmt.Errorf("%q is not a %s: use one of %s", s, what, validList(valid))
	}
	return s[0], nil
}

func validList(valid string) string {
	out := ""
	for i := 0; i < len(valid); i++ {
		if i > 0 {
			out += ", "
		}
		out += string(valid[i])
	}
	return out
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// Letters valid in a layout file.
const (
	regionLetters   = "LRE"
	resourceLetters = "CVT"
	colourLetters   = "rpw"
)

func (r Region) MarshalJSON() ([]byte, error) { return letterJSON(byte(r)) }
func (r *Region) UnmarshalJSON(data []byte) error {
	b, err := letterFromJSON(data, "region", regionLetters)
	*r = Region(b)
	return err
}

func (r Resource) MarshalJSON() ([]byte, error) { return letterJSON(byte(r)) }
func (r *Resource) UnmarshalJSON(data []byte) error {
	b, err := letterFromJSON(data, "resource", resourceLetters)
	*r = Resource(b)
	return err
}

func (c Colour) MarshalJSON() ([]byte, error) { return letterJSON(byte(c)) }
func (c *Colour) UnmarshalJSON(data []byte) error {
	b, err := letterFromJSON(data, "colour", colourLetters)
	*c = Colour(b)
	return err
}

// String forms for messages.
func (r Region) String() string {
	if r == 0 {
		return "-"
	}
	return string(rune(r))
}
func (r Resource) String() string {
	if r == 0 {
		return "-"
	}
	return string(rune(r))
}
func (c Colour) String() string {
	if c == 0 {
		return "-"
	}
	return string(rune(c))
}

// Word is the colour as the rulebook names it.
func (c Colour) Word() string {
	switch c {
	case Red:
		return "red"
	case Rose:
		return "rosé"
	case White:
		return "white"
	}
	return "?"
}

// Word is the resource as the rulebook names it.
func (r Resource) Word() string {
	switch r {
	case Casks:
		return "Casks"
	case Vines:
		return "Vines"
	case Trellises:
		return "Trellises"
	}
	return "?"
}

// String is the type as the notation writes it after the region: "r2".
func (t WineType) String() string { return fmt.Sprintf("%c%d", t.Colour, t.Age) }
