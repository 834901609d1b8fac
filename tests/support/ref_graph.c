/* The tests' graph of a shape; see ref_graph.h. */
#include "ref_graph.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static void *checked_calloc(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size);
    assert_non_null(p);
    return p;
}

typedef struct coo_edge {
    uint32_t u, v;
    float w;
    uint64_t order;
} coo_edge;

static int compare_edges(const void *pa, const void *pb) {
    const coo_edge *a = pa, *b = pb;
    if (a->u != b->u) return a->u < b->u ? -1 : 1;
    if (a->v != b->v) return a->v < b->v ? -1 : 1;
    if (a->order != b->order) return a->order < b->order ? -1 : 1;
    return 0;
}

void ref_graph_from_shape(const shape *s, ref_graph *g) {
    coo_edge *edges = checked_calloc(2 * s->m, sizeof *edges);
    uint64_t count = 0;
    for (uint64_t i = 0; i < s->m; ++i) {
        float w = s->weights ? s->weights[i] : 1.0f;
        edges[count++] = (coo_edge){s->src[i], s->dst[i], w, 2 * i};
        if (s->undirected && s->src[i] != s->dst[i]) edges[count++] = (coo_edge){s->dst[i], s->src[i], w, 2 * i + 1};
    }
    qsort(edges, count, sizeof *edges, compare_edges);
    /* Merge runs of the same (u, v) unless every copy is kept. */
    uint64_t kept = 0;
    for (uint64_t i = 0; i < count; ++i) {
        if (kept > 0 && s->duplicates != GG_DUPLICATES_KEEP_ALL && edges[kept - 1].u == edges[i].u &&
            edges[kept - 1].v == edges[i].v) {
            float *w = &edges[kept - 1].w;
            switch (s->duplicates) {
            case GG_DUPLICATES_KEEP_MIN: *w = edges[i].w < *w ? edges[i].w : *w; break;
            case GG_DUPLICATES_KEEP_MAX: *w = edges[i].w > *w ? edges[i].w : *w; break;
            case GG_DUPLICATES_SUM: *w += edges[i].w; break;
            default: break; /* KEEP_FIRST: sorted by input order, the first is already kept */
            }
            continue;
        }
        edges[kept++] = edges[i];
    }
    uint64_t *offsets = checked_calloc((size_t)s->n + 1, sizeof *offsets);
    uint32_t *targets = checked_calloc(kept, sizeof *targets);
    float *weights = checked_calloc(kept, sizeof *weights);
    g->out_degree = checked_calloc(s->n, sizeof *g->out_degree);
    g->in_degree = checked_calloc(s->n, sizeof *g->in_degree);
    for (uint64_t i = 0; i < kept; ++i) {
        targets[i] = edges[i].v;
        weights[i] = edges[i].w;
        g->out_degree[edges[i].u]++;
        g->in_degree[edges[i].v]++;
    }
    for (uint32_t u = 0; u < s->n; ++u) offsets[u + 1] = offsets[u] + g->out_degree[u];
    g->csr = (verify_csr){s->n, kept, offsets, targets, weights};
    free(edges);
}

void ref_graph_free(ref_graph *g) {
    /* The view is const for its readers; the arrays are this struct's own. */
    free((void *)g->csr.offsets);
    free((void *)g->csr.targets);
    free((void *)g->csr.weights);
    free(g->out_degree);
    free(g->in_degree);
    memset(g, 0, sizeof *g);
}

int ref_has_edge(const ref_graph *g, uint32_t u, uint32_t v) {
    const verify_csr *c = &g->csr;
    uint64_t lo = c->offsets[u], hi = c->offsets[u + 1]; /* targets are sorted per vertex */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (c->targets[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < c->offsets[u + 1] && c->targets[lo] == v;
}
