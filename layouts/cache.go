package layouts

import "sync"

// Decoding a game-set code deals every seat's sheet from the template,
// which costs far more than replaying a game on it; a batch of records
// (or one record replayed many times) names the same codes again and
// again. The cached decoders keep the most recent codes' layouts.

// cacheLimit bounds the memo; when full it is emptied and refilled. A
// decoded set is about 80 KB, so 32 keep a batch of records that all name
// different codes within a few MB (memory stays flat over any folder).
const cacheLimit = 32

type cachedSet struct {
	ls  []*Layout
	err error
}

var cache struct {
	sync.Mutex
	sets   map[string]cachedSet
	sheets map[string]cachedSet
}

// SetCached is Set with a memo: the same code returns the same layouts.
// They are shared, so callers must treat them (and everything they point
// to) as read-only; use Set for layouts of your own.
func SetCached(code string) ([]*Layout, error) {
	return cached(&cache.sets, code, Set)
}

// SheetCached is Sheet with a memo; the layout it returns is shared and
// read-only, as with SetCached.
func SheetCached(code string) (*Layout, error) {
	ls, err := cached(&cache.sheets, code, func(code string) ([]*Layout, error) {
		l, err := Sheet(code)
		return []*Layout{l}, err
	})
	if err != nil {
		return nil, err
	}
	return ls[0], nil
}

func cached(m *map[string]cachedSet, code string, decode func(string) ([]*Layout, error)) ([]*Layout, error) {
	cache.Lock()
	c, ok := (*m)[code]
	cache.Unlock()
	if ok {
		return c.ls, c.err
	}
	ls, err := decode(code)
	cache.Lock()
	if *m == nil || len(*m) >= cacheLimit {
		*m = map[string]cachedSet{}
	}
	(*m)[code] = cachedSet{ls, err}
	cache.Unlock()
	return ls, err
}
