"""networkx-style calls on gg, for code ported from networkx.

    import gg.networkx as ggnx
    ranks = ggnx.pagerank(G)                        # as networkx.pagerank(G)
    ggnx.shortest_path_length(G, source=0, weight="weight")
    ggnx.single_source_dijkstra_path_length(G, 0, cutoff=10)
    list(ggnx.connected_components(G))
    ggnx.betweenness_centrality(G, k=10, seed=1)
    ggnx.bipartite.maximum_matching(B, top_nodes=left)  # {u: v, v: u, ...}

Each function has the signature, defaults, return types and errors of the
networkx 2.8 function of the same name (Debian's python3-networkx), and
returns the same answers: floats within rounding, path lengths and
components exactly. Node labels may be any hashable: node i of G (in G's
node order) is gg vertex i. Where gg cannot compute what an argument asks
for, the call raises NotImplementedError naming the argument rather than
return a different answer.

G is converted to a gg.Graph once and the conversion is cached while G is
unchanged (see _fingerprint for how "unchanged" is judged and its limit;
clear_cache(G) forgets a conversion).
"""

import itertools
import threading
import weakref

import numpy as np

from .graph import UNMATCHED, UNREACHABLE, Graph

__all__ = [
    "betweenness_centrality",
    "bipartite",
    "clear_cache",
    "connected_components",
    "hopcroft_karp_matching",
    "maximum_matching",
    "pagerank",
    "shortest_path_length",
    "single_source_dijkstra_path_length",
    "to_gg",
]

# gg computes path lengths in float32: integer-valued weights and sums below
# 2^24 are exact, anything else could differ from networkx's float64 sums.
_EXACT_LIMIT = float(2 ** 24)


def _nx():
    import networkx

    return networkx


# ---- conversion and its cache ---------------------------------------------

_FINGERPRINT_SAMPLE = 8


def _fingerprint(G):
    """A cheap value that changes when G changes, as far as it can tell.

    networkx graphs carry no version counter, and hashing every node and
    edge would cost as much as converting again, so the key is:
    - the number of nodes and of edges, which every addition or removal of
      a node or an edge changes (and G.number_of_edges() is O(n), not O(m));
    - the first and last few nodes in G's node order, their degrees, their
      first and last few neighbours and those edges' attribute dicts (repr),
      so edits at either end of the node order (where add_node puts new
      nodes, and where the nodes of a freshly built graph's last edges are)
      show even when the counts come out equal.
    Its limit: an edit that keeps both counts equal and touches none of the
    sampled nodes or edges (e.g. removing one edge and adding another
    between nodes in the middle of the order, or changing the weight of an
    edge there) is not seen, and the cached conversion is used. After such
    an edit call clear_cache(G).
    """
    adj = G._adj  # successors for a DiGraph: the edges gg follows
    k = _FINGERPRINT_SAMPLE
    sample = []
    for u in itertools.chain(itertools.islice(adj, k), itertools.islice(reversed(adj), k)):
        nbrs = adj[u]
        ends = itertools.chain(itertools.islice(nbrs.items(), k), itertools.islice(reversed(nbrs.items()), k))
        sample.append((u, len(nbrs), tuple((v, repr(data)) for v, data in ends)))
    return (type(G), G.is_directed(), G.is_multigraph(), len(adj), G.number_of_edges(), tuple(sample))


class _Converted:
    """What one state of G converts to: node order, edge arrays and gg graphs."""

    def __init__(self, G, fingerprint):
        self.fingerprint = fingerprint
        self.directed = G.is_directed()
        self.multigraph = G.is_multigraph()
        self.nodes = list(G)
        self.index = {node: i for i, node in enumerate(self.nodes)}
        self._edges = {}
        self._graphs = {}

    def edges(self, G, weight):
        """(src, dst, weights or None, info) over every edge (each parallel edge of a multigraph once).

        weights: float64 values of the `weight` attribute (1 where missing), None when weight is
        None or no edge carries it. info: dict with all_int (every weight a Python int),
        exact (integer-valued, non-negative, below 2^24), negative (some weight < 0).
        """
        if weight not in self._edges:
            index = self.index
            if weight is None:
                pairs = list(G.edges())
                values = None
            else:
                triples = list(G.edges(data=weight))
                pairs = [(u, v) for u, v, _ in triples]
                values = [1 if w is None else w for _, _, w in triples]
                if all(w is None for _, _, w in triples):
                    values = None
            src = np.fromiter((index[u] for u, _ in pairs), dtype=np.int64, count=len(pairs))
            dst = np.fromiter((index[v] for _, v in pairs), dtype=np.int64, count=len(pairs))
            info = {"all_int": True, "exact": True, "negative": False}
            array = None
            if values is not None:
                array = np.array(values, dtype=np.float64)
                info["all_int"] = all(isinstance(w, int) and not isinstance(w, bool) for w in values)
                finite = np.isfinite(array).all()
                info["negative"] = bool((array < 0).any())
                info["exact"] = bool(finite and (array == np.floor(array)).all() and (np.abs(array) < _EXACT_LIMIT).all())
            self._edges[weight] = (src, dst, array, info)
        return self._edges[weight]

    def graph(self, G, weight=None, reverse=False, duplicates="min"):
        """The gg.Graph of G (reversed when asked), weighted by `weight` when some edge carries it."""
        key = (weight, reverse, duplicates)
        if key not in self._graphs:
            src, dst, weights, _ = self.edges(G, weight)
            if reverse:
                src, dst = dst, src
            self._graphs[key] = Graph.from_edges(src, dst, weights, directed=self.directed,
                                                 num_vertices=len(self.nodes), duplicates=duplicates)
        return self._graphs[key]


_cache = weakref.WeakKeyDictionary()  # G -> _Converted; dropped with G
_cache_lock = threading.Lock()


def _converted(G):
    fingerprint = _fingerprint(G)
    with _cache_lock:
        try:
            entry = _cache.get(G)
        except TypeError:  # G unhashable or not weak-referenceable: no caching
            return _Converted(G, fingerprint)
        if entry is None or entry.fingerprint != fingerprint:
            entry = _Converted(G, fingerprint)
            try:
                _cache[G] = entry
            except TypeError:
                pass
        return entry


def to_gg(G, weight=None):
    """The cached gg.Graph of networkx graph G: vertex i is the i-th node of G.

    weight names the edge attribute to use as weight (missing: 1); None gives
    an unweighted graph. The same gg.Graph comes back while G is unchanged
    (as _fingerprint judges), a new one after a change.
    """
    return _converted(G).graph(G, weight)


def clear_cache(G=None):
    """Forgets the cached conversion of G (of every graph when G is None)."""
    with _cache_lock:
        if G is None:
            _cache.clear()
        else:
            try:
                _cache.pop(G, None)
            except TypeError:
                pass


def _refuse(argument, why):
    raise NotImplementedError("gg.networkx: %s is not supported: %s" % (argument, why))


# ---- PageRank ---------------------------------------------------------------

def _uniform_over(G, values):
    """True when `values` (a dict) gives every node of G the same positive value."""
    if len(G) == 0:
        return True
    first = None
    for node in G:
        value = values.get(node, 0)
        if first is None:
            first = value
        if value != first:
            return False
    return first > 0


def pagerank(G, alpha=0.85, personalization=None, max_iter=100, tol=1e-06, nstart=None, weight="weight",
             dangling=None):
    """networkx.pagerank on gg: a dict node -> rank.

    Supported exactly: any alpha, max_iter, tol; weight when every node's
    out-edges all carry the same positive weight (then the weighted and the
    unweighted walks are the same); personalization, nstart and dangling
    when they give every node the same positive value (the default), and
    dangling also when G has no dangling node. Anything else raises
    NotImplementedError naming the argument. Raises
    networkx.PowerIterationFailedConvergence as networkx does.
    """
    nx = _nx()
    N = len(G)
    if N == 0:
        return {}
    entry = _converted(G)
    if personalization is not None:
        if sum(personalization.get(node, 0) for node in G) == 0:
            raise ZeroDivisionError
        if not _uniform_over(G, personalization):
            _refuse("personalization", "gg's PageRank teleports uniformly; only a uniform personalization is exact")
    if nstart is not None and not _uniform_over(G, nstart):
        _refuse("nstart", "gg's PageRank starts at 1/n; only a uniform nstart is exact")
    duplicates = "all" if entry.multigraph else "min"  # networkx counts each parallel edge
    g = entry.graph(G, None, duplicates=duplicates)
    if weight is not None:
        src, _, weights, _ = entry.edges(G, weight)
        if weights is not None and weights.size:
            if not entry.directed:  # an undirected edge leaves both its ends
                src = np.concatenate([src, entry.edges(G, weight)[1]])
                weights = np.concatenate([weights, weights])
            order = np.argsort(src, kind="stable")
            by_src, by_weight = src[order], weights[order]
            first = np.ones(by_src.size, dtype=bool)
            first[1:] = by_src[1:] != by_src[:-1]
            leading = np.maximum.accumulate(np.where(first, np.arange(by_src.size), 0))
            if not ((by_weight == by_weight[leading]).all() and (by_weight > 0).all()):
                _refuse("weight", "gg's PageRank is unweighted; weights are exact only when each node's "
                                  "out-edges share one positive weight (pass weight=None to ignore them)")
    if dangling is not None:
        has_dangling = bool((g.out_degrees() == 0).any())
        if has_dangling and not (_uniform_over(G, dangling)):
            _refuse("dangling", "gg's PageRank spreads dangling rank uniformly; only a uniform dangling is exact")
        if not has_dangling and sum(dangling.get(node, 0) for node in G) == 0:
            _refuse("dangling", "a dangling dict summing to 0 makes networkx's ranks NaN")
    # networkx stops when the L1 change is below N * tol (gg: below its tolerance), and raises
    # when max_iter iterations did not converge: one iteration more tells the two apart.
    ranks, stats = g.pagerank(damping=alpha, tolerance=N * tol, max_iterations=max_iter + 1, return_stats=True)
    if stats.iterations > max_iter:
        raise nx.PowerIterationFailedConvergence(max_iter)
    return dict(zip(entry.nodes, ranks.tolist()))


# ---- shortest path lengths ----------------------------------------------------

def _check_weight(weight):
    if callable(weight):
        _refuse("weight", "a weight function; name an edge attribute instead")


def _lengths(G, entry, position, weight, reverse=False, cutoff=None, method="dijkstra"):
    """dict node -> length from the node at `position` (unweighted when weight is None)."""
    nodes = entry.nodes
    if weight is not None:
        _, _, weights, info = entry.edges(G, weight)
    if weight is None or weights is None:
        depths = entry.graph(G, None, reverse=reverse).bfs(position)
        reached = np.flatnonzero(depths != UNREACHABLE)
        values = depths[reached].astype(np.int64)
    else:
        if info["negative"]:
            _refuse("weight" if method == "dijkstra" else "method=%r" % method,
                    "negative weights; gg's shortest paths need non-negative weights")
        if not info["exact"]:
            _refuse("weight", "gg sums path lengths in float32, exact only for integer-valued weights below 2^24")
        distances = entry.graph(G, weight, reverse=reverse).sssp(position)
        reached = np.flatnonzero(np.isfinite(distances))
        values = distances[reached].astype(np.float64)
        if values.size and values.max() >= _EXACT_LIMIT:
            _refuse("weight", "path lengths reach 2^24, beyond float32's exact integers")
        if info["all_int"]:
            values = values.astype(np.int64)
    if cutoff is not None:
        keep = (values <= cutoff) | (reached == position)
        reached, values = reached[keep], values[keep]
    order = np.argsort(values, kind="stable")
    result = dict(zip((nodes[i] for i in reached[order].tolist()), values[order].tolist()))
    result[nodes[position]] = 0  # networkx's source length is the int 0
    return result


def _all_pairs(G, entry, weight, method):
    for node in entry.nodes:
        yield node, _lengths(G, entry, entry.index[node], weight, method=method)


def shortest_path_length(G, source=None, target=None, weight=None, method="dijkstra"):
    """networkx.shortest_path_length on gg: a number, a dict node -> length, or an iterator
    of (source, dict) pairs, as networkx returns.

    weight=None counts hops (ints). Weighted lengths need integer-valued non-negative weights
    (ints when every weight is an int, else floats); others raise NotImplementedError.
    method "bellman-ford" gives the same lengths as "dijkstra" for such weights.
    """
    nx = _nx()
    if method not in ("dijkstra", "bellman-ford"):
        raise ValueError(f"method not supported: {method}")
    _check_weight(weight)
    method = "unweighted" if weight is None else method
    if source is None:
        entry = _converted(G)
        if target is None:
            return _all_pairs(G, entry, weight, method)
        if target not in G:
            if method == "unweighted":
                raise nx.NodeNotFound(f"Source {target} is not in G")
            if method == "dijkstra":
                raise nx.NodeNotFound(f"Node {target} not found in graph")
            raise nx.NodeNotFound(f"Source {target} not in G")
        return _lengths(G, entry, entry.index[target], weight, reverse=entry.directed, method=method)
    if target is None:
        if source not in G:
            if method == "unweighted":
                raise nx.NodeNotFound(f"Source {source} is not in G")
            if method == "dijkstra":
                raise nx.NodeNotFound(f"Node {source} not found in graph")
            raise nx.NodeNotFound(f"Source {source} not in G")
        entry = _converted(G)
        return _lengths(G, entry, entry.index[source], weight, method=method)
    # one source, one target
    if method == "unweighted":
        if source not in G or target not in G:
            raise nx.NodeNotFound(f"Either source {source} or target {target} is not in G")
    elif method == "dijkstra":
        if source not in G:
            raise nx.NodeNotFound(f"Node {source} not found in graph")
        if source == target:
            return 0
    else:
        if source == target:
            if source not in G:
                raise nx.NodeNotFound(f"Node {source} not found in graph")
            return 0
        if source not in G:
            raise nx.NodeNotFound(f"Source {source} not in G")
    entry = _converted(G)
    lengths = _lengths(G, entry, entry.index[source], weight, method=method)
    try:
        return lengths[target]
    except KeyError:
        if method == "unweighted":
            raise nx.NetworkXNoPath(f"No path between {source} and {target}.") from None
        if method == "dijkstra":
            raise nx.NetworkXNoPath(f"Node {target} not reachable from {source}") from None
        raise nx.NetworkXNoPath(f"node {target} not reachable from {source}") from None


def single_source_dijkstra_path_length(G, source, cutoff=None, weight="weight"):
    """networkx.single_source_dijkstra_path_length on gg: dict node -> length.

    cutoff keeps the nodes at length <= cutoff (and the source), as networkx does.
    """
    nx = _nx()
    if source not in G:
        raise nx.NodeNotFound(f"Node {source} not found in graph")
    _check_weight(weight)
    entry = _converted(G)
    return _lengths(G, entry, entry.index[source], weight, cutoff=cutoff)


# ---- connected components ------------------------------------------------------

def connected_components(G):
    """networkx.connected_components on gg: a generator of sets of nodes, in the order
    networkx yields them (by each component's first node in G's order).

    Raises networkx.NetworkXNotImplemented for a directed G, as networkx does.
    """
    nx = _nx()
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    entry = _converted(G)
    return _components(G, entry)


def _components(G, entry):
    # gg labels each vertex with the smallest id of its component, i.e. its first node in G's order.
    labels = entry.graph(G, None).cc()
    order = np.argsort(labels, kind="stable")
    sorted_labels = labels[order]
    starts = np.flatnonzero(np.r_[True, sorted_labels[1:] != sorted_labels[:-1]]) if labels.size else []
    bounds = list(starts) + [labels.size]
    nodes = entry.nodes
    for a, b in zip(bounds[:-1], bounds[1:]):
        yield {nodes[i] for i in order[a:b].tolist()}


# ---- betweenness -------------------------------------------------------------------

def _scale_factor(n, normalized, directed, k, endpoints):
    """What networkx 2.8 multiplies the raw (Brandes) betweenness by; None for nothing.

    normalized: 1 over the ordered pairs of nodes a node can lie between (with endpoints
    the node itself counts as one of the pair), none when there are no such pairs
    (n <= 2, or n <= 1 with endpoints). Not normalized: an undirected path is found from
    both its ends, hence 1/2; a directed graph keeps the raw sums. Sampling k sources
    multiplies a factor, when there is one, by n / k (networkx 2.8 does not scale a
    directed unnormalized sample).
    """
    if not normalized:
        factor = None if directed else 0.5
    elif n <= (1 if endpoints else 2):
        factor = None
    else:
        factor = 1 / (n * (n - 1) if endpoints else (n - 1) * (n - 2))
    if factor is not None and k is not None:
        factor = factor * n / k
    return factor


def _scales_samples_per_node(nx):
    """True for networkx 3.5 and later, whose sampled betweenness scales sources and other
    nodes apart (networkx pull request 7908, "Fix bc scale with k endpoints")."""
    parts = []
    for part in nx.__version__.split(".")[:2]:
        digits = "".join(c for c in part if c.isdigit()) or "0"  # "3.5rc1" -> 3, 5
        parts.append(int(digits))
    return tuple(parts) >= (3, 5)


def _sampled_scale(n, normalized, directed, k, endpoints, sampled_positions):
    """What networkx 3.5+ multiplies the raw betweenness by: a number, an array (one factor per
    node) or None. N counts the nodes a pair (s, t) through v may use: v itself only with
    endpoints. A sample (k < n) supplies k sources; without endpoints a sampled node cannot be
    one of its own pairs, so it had k - 1 sources (NaN for k = 1: no data) and the others k.
    """
    if k is not None and k == n:
        k = None  # every node is a source: the unsampled rule
    N = n if endpoints else n - 1
    if N < 2:
        return None
    correction = 1 if directed else 2
    if k is None or endpoints:
        sources = N if k is None else k
        return 1 / (sources * (N - 1)) if normalized else N / (sources * correction)
    if normalized:
        source, other = (1 / ((k - 1) * (N - 1)) if k > 1 else np.nan), 1 / (k * (N - 1))
    else:
        source, other = (N / ((k - 1) * correction) if k > 1 else np.nan), N / (k * correction)
    factors = np.full(n, other)
    factors[np.asarray(sampled_positions, dtype=np.int64)] = source
    return factors


def betweenness_centrality(G, k=None, normalized=True, weight=None, endpoints=False, seed=None):
    """networkx.betweenness_centrality on gg: dict node -> centrality.

    k samples k source nodes exactly as networkx does (seed.sample(list(G.nodes()), k) with
    networkx's seed handling), so the same seed gives the same answer, scaled as the installed
    networkx scales a sample (3.5 changed it; both rules are followed). endpoints=True is
    supported (reachability from each source by BFS). weight is supported when every edge
    has the same positive weight (then the weighted shortest paths are the unweighted ones);
    other weights raise NotImplementedError.
    """
    from networkx.utils import create_py_random_state

    seed = create_py_random_state(seed)
    entry = _converted(G)
    n = len(entry.nodes)
    if weight is not None:
        _check_weight(weight)
        _, _, weights, _ = entry.edges(G, weight)
        if weights is not None and weights.size and not ((weights == weights[0]).all() and weights[0] > 0):
            _refuse("weight", "gg's betweenness follows unweighted shortest paths; weights are exact only "
                              "when every edge has the same positive weight")
    if k is None:
        sources = None
        positions = range(n)
    else:
        sampled = seed.sample(list(G.nodes()), k)
        positions = [entry.index[node] for node in sampled]
        sources = np.array(positions, dtype=np.int64)
    g = entry.graph(G, None)
    if sources is not None and sources.size == 0:
        centrality = np.zeros(n, dtype=np.float64)  # gg reads an empty source list as "all"
    elif n == 0:
        centrality = np.zeros(0, dtype=np.float64)
    else:
        centrality = g.bc(sources)
    if endpoints:
        # networkx adds, per source s, (vertices reached from s, s excluded) to s and 1 to each of them.
        centrality = centrality.copy()
        for s in positions:
            reached = np.flatnonzero(g.bfs(s) != UNREACHABLE)
            centrality[s] += reached.size - 1
            centrality[reached] += 1
            centrality[s] -= 1
    if _scales_samples_per_node(_nx()):
        factor = _sampled_scale(n, normalized, G.is_directed(), k, endpoints, positions)
    else:
        factor = _scale_factor(n, normalized, G.is_directed(), k, endpoints)
    if factor is not None:
        centrality = centrality * factor
    return dict(zip(entry.nodes, centrality.tolist()))


# ---- bipartite matching ----------------------------------------------------------------

def hopcroft_karp_matching(G, top_nodes=None):
    """networkx.bipartite.hopcroft_karp_matching (alias maximum_matching) on gg's matching.

    Returns a dict holding both directions of each matched pair (matches[u] == v and
    matches[v] == u); unmatched nodes are absent. Its size is networkx's (a maximum
    matching), but a graph often has several maximum matchings and gg may return
    another one than networkx. Without top_nodes the two sides come from
    networkx.bipartite.sets(G), which raises networkx.AmbiguousSolution for a
    disconnected G and NetworkXError for a non-bipartite one, as networkx does.

    As in networkx, only edges from a top node to a bottom node count (for a directed
    G: edges leaving a top node); edges between two bottom nodes are ignored. An edge
    between two top nodes raises networkx.NetworkXError naming it (networkx fails there
    with a bare KeyError), and a top node not in G raises KeyError(node) as networkx does.
    """
    nx = _nx()
    if top_nodes is None:
        top, _ = nx.bipartite.sets(G)
    else:
        top = set(top_nodes)
    entry = _converted(G)
    for node in top:
        if node not in entry.index:
            raise KeyError(node)
    n = len(entry.nodes)
    if n == 0:
        return {}
    is_top = np.zeros(n, dtype=bool)
    is_top[[entry.index[node] for node in top]] = True
    key = ("matching", is_top.tobytes())
    if key not in entry._graphs:
        src, dst, _, _ = entry.edges(G, None)
        if not entry.directed:  # an undirected edge may be stored either way round
            src, dst = np.concatenate([src, dst]), np.concatenate([dst, src])
        inside = is_top[src] & is_top[dst]
        if inside.any():
            i = int(np.flatnonzero(inside)[0])
            raise nx.NetworkXError("gg.networkx: edge (%r, %r) joins two top nodes: G with these top_nodes is "
                                   "not bipartite" % (entry.nodes[src[i]], entry.nodes[dst[i]]))
        keep = is_top[src] & ~is_top[dst]
        # gg's left side is vertices 0 .. num_left - 1: top nodes first, each side in G's order.
        order = np.concatenate([np.flatnonzero(is_top), np.flatnonzero(~is_top)])
        position = np.empty(n, dtype=np.int64)
        position[order] = np.arange(n)
        graph = Graph.from_edges(position[src[keep]], position[dst[keep]], None, directed=True, num_vertices=n)
        entry._graphs[key] = (graph, order, int(is_top.sum()))
    graph, order, num_left = entry._graphs[key]
    mates, _ = graph.matching(num_left)
    matched = np.flatnonzero(mates != UNMATCHED)
    nodes = entry.nodes
    # top nodes first, then bottom ones, as networkx lists them
    return {nodes[order[v]]: nodes[order[mates[v]]] for v in matched.tolist()}


maximum_matching = hopcroft_karp_matching


def _bipartite_module():
    import sys
    import types

    module = types.ModuleType(__name__ + ".bipartite", "networkx.bipartite-style calls on gg: "
                              "hopcroft_karp_matching and its alias maximum_matching.")
    module.hopcroft_karp_matching = hopcroft_karp_matching
    module.maximum_matching = maximum_matching
    module.__all__ = ["hopcroft_karp_matching", "maximum_matching"]
    sys.modules[module.__name__] = module
    return module


bipartite = _bipartite_module()  # gg.networkx.bipartite.maximum_matching, as networkx.bipartite's
