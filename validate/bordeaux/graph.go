package bordeaux

// LongestTrail is the number of edges of the longest trail (no edge used
// twice, wines may repeat) in the graph of the given edges.
func LongestTrail(edges [][2]string) int {
	g := newGraph(edges)
	best := 0
	used := make([]bool, len(edges))
	var walk func(v, n int)
	walk = func(v, n int) {
		best = max(best, n)
		for _, e := range g.adj[v] {
			if used[e.edge] {
				continue
			}
			used[e.edge] = true
			walk(e.to, n+1)
			used[e.edge] = false
		}
	}
	for v := range g.adj {
		walk(v, 0)
	}
	return best
}

// LongestSimplePath is the number of edges of the longest path that visits
// no wine twice.
func LongestSimplePath(edges [][2]string) int {
	g := newGraph(edges)
	best := 0
	seen := make([]bool, len(g.adj))
	var walk func(v, n int)
	walk = func(v, n int) {
		best = max(best, n)
		seen[v] = true
		for _, e := range g.adj[v] {
			if !seen[e.to] {
				walk(e.to, n+1)
			}
		}
		seen[v] = false
	}
	for v := range g.adj {
		walk(v, 0)
	}
	return best
}

type half struct{ to, edge int }

type graph struct{ adj [][]half }

func newGraph(edges [][2]string) graph {
	idx := map[string]int{}
	var g graph
	node := func(s string) int {
		if i, ok := idx[s]; ok {
			return i
		}
		idx[s] = len(g.adj)
		g.adj = append(g.adj, nil)
		return len(g.adj) - 1
	}
	for i, e := range edges {
		a, b := node(e[0]), node(e[1])
		g.adj[a] = append(g.adj[a], half{b, i})
		g.adj[b] = append(g.adj[b], half{a, i})
	}
	return g
}
