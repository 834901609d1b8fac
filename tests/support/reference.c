/* Textbook reference algorithms; see reference.h. */
#include "reference.h"

#include <math.h>
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

/* ---- the graph -------------------------------------------------------------- */

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
    g->n = s->n;
    g->m = kept;
    g->offsets = checked_calloc((size_t)s->n + 1, sizeof *g->offsets);
    g->targets = checked_calloc(kept, sizeof *g->targets);
    g->weights = checked_calloc(kept, sizeof *g->weights);
    g->out_degree = checked_calloc(s->n, sizeof *g->out_degree);
    g->in_degree = checked_calloc(s->n, sizeof *g->in_degree);
    for (uint64_t i = 0; i < kept; ++i) {
        g->targets[i] = edges[i].v;
        g->weights[i] = edges[i].w;
        g->out_degree[edges[i].u]++;
        g->in_degree[edges[i].v]++;
    }
    for (uint32_t u = 0; u < s->n; ++u) g->offsets[u + 1] = g->offsets[u] + g->out_degree[u];
    free(edges);
}

void ref_graph_free(ref_graph *g) {
    free(g->offsets);
    free(g->targets);
    free(g->weights);
    free(g->out_degree);
    free(g->in_degree);
    memset(g, 0, sizeof *g);
}

int ref_has_edge(const ref_graph *g, uint32_t u, uint32_t v) {
    uint64_t lo = g->offsets[u], hi = g->offsets[u + 1]; /* targets are sorted per vertex */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (g->targets[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->offsets[u + 1] && g->targets[lo] == v;
}

/* ---- BFS ---------------------------------------------------------------------- */

void ref_bfs(const ref_graph *g, uint32_t source, uint32_t *depth) {
    uint32_t *queue = checked_calloc(g->n, sizeof *queue);
    for (uint32_t v = 0; v < g->n; ++v) depth[v] = UINT32_MAX;
    size_t head = 0, tail = 0;
    depth[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
        uint32_t u = queue[head++];
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            uint32_t v = g->targets[e];
            if (depth[v] == UINT32_MAX) {
                depth[v] = depth[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    free(queue);
}

/* ---- a binary heap of (key, vertex), smallest key on top ------------------------ */

typedef struct heap_item {
    float key;
    uint32_t vertex;
} heap_item;

typedef struct heap {
    heap_item *items;
    size_t size, capacity;
} heap;

static void heap_push(heap *h, float key, uint32_t vertex) {
    if (h->size == h->capacity) {
        h->capacity = h->capacity ? 2 * h->capacity : 64;
        h->items = realloc(h->items, h->capacity * sizeof *h->items);
        assert_non_null(h->items);
    }
    size_t i = h->size++;
    while (i > 0 && h->items[(i - 1) / 2].key > key) {
        h->items[i] = h->items[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->items[i] = (heap_item){key, vertex};
}

static heap_item heap_pop(heap *h) {
    heap_item top = h->items[0], last = h->items[--h->size];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= h->size) break;
        if (child + 1 < h->size && h->items[child + 1].key < h->items[child].key) child++;
        if (h->items[child].key >= last.key) break;
        h->items[i] = h->items[child];
        i = child;
    }
    if (h->size > 0) h->items[i] = last;
    return top;
}

/* ---- SSSP and SSWP (Dijkstra) ----------------------------------------------------- */

void ref_sssp(const ref_graph *g, uint32_t source, float *dist) {
    heap h = {0};
    unsigned char *done = checked_calloc(g->n, 1);
    for (uint32_t v = 0; v < g->n; ++v) dist[v] = INFINITY;
    dist[source] = 0.0f;
    heap_push(&h, 0.0f, source);
    while (h.size > 0) {
        heap_item top = heap_pop(&h);
        uint32_t u = top.vertex;
        if (done[u]) continue;
        done[u] = 1;
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            uint32_t v = g->targets[e];
            float candidate = dist[u] + g->weights[e];
            if (candidate < dist[v]) {
                dist[v] = candidate;
                heap_push(&h, candidate, v);
            }
        }
    }
    free(done);
    free(h.items);
}

/* Widest path: the same Dijkstra on keys -width, so the widest vertex settles first. */
void ref_sswp(const ref_graph *g, uint32_t source, float *width) {
    heap h = {0};
    unsigned char *done = checked_calloc(g->n, 1);
    for (uint32_t v = 0; v < g->n; ++v) width[v] = 0.0f;
    width[source] = INFINITY;
    heap_push(&h, -INFINITY, source);
    while (h.size > 0) {
        heap_item top = heap_pop(&h);
        uint32_t u = top.vertex;
        if (done[u]) continue;
        done[u] = 1;
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            uint32_t v = g->targets[e];
            float w = g->weights[e];
            float candidate = width[u] < w ? width[u] : w;
            if (candidate > width[v]) {
                width[v] = candidate;
                heap_push(&h, -candidate, v);
            }
        }
    }
    free(done);
    free(h.items);
}

/* ---- CC (union-find) ----------------------------------------------------------- */

static uint32_t find_root(uint32_t *parent, uint32_t v) {
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    return v;
}

void ref_cc(const ref_graph *g, uint32_t *label) {
    uint32_t *parent = checked_calloc(g->n, sizeof *parent);
    for (uint32_t v = 0; v < g->n; ++v) parent[v] = v;
    for (uint32_t u = 0; u < g->n; ++u)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            uint32_t a = find_root(parent, u), b = find_root(parent, g->targets[e]);
            if (a != b) parent[a > b ? a : b] = a < b ? a : b; /* the smaller id stays the root */
        }
    for (uint32_t v = 0; v < g->n; ++v) label[v] = find_root(parent, v);
    free(parent);
}

/* ---- PageRank ------------------------------------------------------------------ */

uint32_t ref_pagerank(const ref_graph *g, double damping, double tolerance, uint32_t max_iterations, double *rank) {
    const uint32_t n = g->n;
    if (n == 0) return 0;
    double *last = checked_calloc(n, sizeof *last);
    for (uint32_t v = 0; v < n; ++v) rank[v] = 1.0 / n;
    uint32_t iteration = 0;
    while (iteration < max_iterations) {
        memcpy(last, rank, n * sizeof *rank);
        double dangling = 0;
        for (uint32_t u = 0; u < n; ++u) {
            rank[u] = 0;
            if (g->out_degree[u] == 0) dangling += last[u];
        }
        for (uint32_t u = 0; u < n; ++u)
            for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e)
                rank[g->targets[e]] += damping * last[u] / g->out_degree[u];
        double change = 0;
        for (uint32_t v = 0; v < n; ++v) {
            rank[v] += damping * dangling / n + (1.0 - damping) / n;
            change += fabs(rank[v] - last[v]);
        }
        ++iteration;
        if (change < tolerance) break;
    }
    free(last);
    return iteration;
}

/* ---- BC (Brandes 2001, Algorithm 1) ------------------------------------------------ */

void ref_bc(const ref_graph *g, const uint32_t *sources, uint32_t num_sources, double *centrality) {
    const uint32_t n = g->n;
    uint32_t *stack = checked_calloc(n, sizeof *stack), *queue = checked_calloc(n, sizeof *queue);
    int64_t *distance = checked_calloc(n, sizeof *distance);
    /* Path counts in long double: they grow exponentially with depth (2^1100
     * on a chain of 1100 diamonds, about 2^2043 from the centre of a 2048 x
     * 2048 grid) and overflow double, whose largest value is about 2^1024;
     * the x86-64 80-bit format (and the 128-bit one elsewhere) reaches
     * 2^16384. Only the dependencies are doubles. */
    long double *sigma = checked_calloc(n, sizeof *sigma);
    double *delta = checked_calloc(n, sizeof *delta);
    /* Predecessor lists: P[w] holds one entry per shortest-path edge v -> w, so its
     * size is bounded by w's in-degree. */
    uint64_t *pred_start = checked_calloc((size_t)n + 1, sizeof *pred_start);
    for (uint32_t v = 0; v < n; ++v) pred_start[v + 1] = pred_start[v] + g->in_degree[v];
    uint32_t *pred = checked_calloc(g->m, sizeof *pred);
    uint32_t *pred_count = checked_calloc(n, sizeof *pred_count);
    for (uint32_t v = 0; v < n; ++v) centrality[v] = 0;

    for (uint32_t k = 0; k < num_sources; ++k) {
        const uint32_t s = sources[k];
        for (uint32_t v = 0; v < n; ++v) {
            pred_count[v] = 0;
            sigma[v] = 0;
            distance[v] = -1;
            delta[v] = 0;
        }
        sigma[s] = 1;
        distance[s] = 0;
        size_t top = 0, head = 0, tail = 0;
        queue[tail++] = s;
        while (head < tail) {
            uint32_t v = queue[head++];
            stack[top++] = v;
            for (uint64_t e = g->offsets[v]; e < g->offsets[v + 1]; ++e) {
                uint32_t w = g->targets[e];
                if (distance[w] < 0) {
                    queue[tail++] = w;
                    distance[w] = distance[v] + 1;
                }
                if (distance[w] == distance[v] + 1) {
                    sigma[w] += sigma[v];
                    pred[pred_start[w] + pred_count[w]++] = v;
                }
            }
        }
        while (top > 0) {
            uint32_t w = stack[--top];
            for (uint32_t i = 0; i < pred_count[w]; ++i) {
                uint32_t v = pred[pred_start[w] + i];
                delta[v] += (double)(sigma[v] / sigma[w] * (1.0L + delta[w]));
            }
            if (w != s) centrality[w] += delta[w];
        }
    }
    free(stack);
    free(queue);
    free(distance);
    free(sigma);
    free(delta);
    free(pred_start);
    free(pred);
    free(pred_count);
}

/* ---- SpMV and APSP ------------------------------------------------------------- */

void ref_spmv(const ref_graph *g, const float *x, double *y) {
    for (uint32_t v = 0; v < g->n; ++v) y[v] = 0;
    for (uint32_t u = 0; u < g->n; ++u)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e)
            y[g->targets[e]] += (double)g->weights[e] * (double)x[u];
}

void ref_apsp(const ref_graph *g, float *dist) {
    const uint64_t n = g->n;
    for (uint64_t i = 0; i < n * n; ++i) dist[i] = INFINITY;
    for (uint64_t i = 0; i < n; ++i) dist[i * n + i] = 0.0f;
    for (uint32_t u = 0; u < g->n; ++u)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            float *cell = &dist[(uint64_t)u * n + g->targets[e]];
            if (g->weights[e] < *cell) *cell = g->weights[e];
        }
    for (uint64_t k = 0; k < n; ++k)
        for (uint64_t i = 0; i < n; ++i) {
            float d_ik = dist[i * n + k];
            if (d_ik == INFINITY) continue;
            for (uint64_t j = 0; j < n; ++j)
                if (d_ik + dist[k * n + j] < dist[i * n + j]) dist[i * n + j] = d_ik + dist[k * n + j];
        }
}
