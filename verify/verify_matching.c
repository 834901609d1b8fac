/*
 * Matching check: the result must be a matching of the bipartite graph
 * (mates symmetric, each pair on opposite sides and joined by an edge in one
 * direction or the other), hold the `size` pairs the run reported, and be as
 * large as the reference maximum of Kuhn's algorithm (ref_matching). Which
 * maximum matching it is may differ: only its size is compared.
 */
#include <stdlib.h>

#include "internal.h"
#include "reference.h"

static int has_edge(const verify_csr *g, uint32_t u, uint32_t v) {
    for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e)
        if (g->targets[e] == v) return 1;
    return 0;
}

verify_finding verify_matching(const verify_csr *g, uint32_t num_left, const uint32_t *mates, uint64_t size) {
    uint64_t ends = 0;
    for (uint32_t v = 0; v < g->n; ++v) {
        const uint32_t m = mates[v];
        if (m == UINT32_MAX) continue;
        if (m >= g->n) return verify_fail("vertex %u has mate %u, not a vertex (n = %u)", v, m, g->n);
        if (mates[m] != v) return verify_fail("vertex %u has mate %u, whose mate is %u", v, m, mates[m]);
        if ((v < num_left) == (m < num_left))
            return verify_fail("vertex %u is matched to %u on its own side (left side 0..%u)", v, m, num_left);
        if (v < m && !has_edge(g, v, m) && !has_edge(g, m, v))
            return verify_fail("vertex %u is matched to %u, but no edge joins them", v, m);
        ++ends;
    }
    if (ends != 2 * size)
        return verify_fail("the run reports %llu pairs, but the mates hold %llu", (unsigned long long)size,
                           (unsigned long long)(ends / 2));
    uint32_t *expected = verify_alloc(g->n, sizeof *expected);
    const uint64_t maximum = ref_matching(g, num_left, expected);
    free(expected);
    if (size != maximum)
        return verify_fail("the matching has %llu pairs; a maximum matching has %llu", (unsigned long long)size,
                           (unsigned long long)maximum);
    return verify_pass();
}
