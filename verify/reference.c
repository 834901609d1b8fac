/* Textbook reference algorithms; see reference.h. */
#include "reference.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- BFS ---------------------------------------------------------------------- */

void ref_bfs(const verify_csr *g, uint32_t source, uint32_t *depth) {
    uint32_t *queue = verify_alloc(g->n, sizeof *queue);
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
        heap_item *grown = verify_alloc(h->capacity, sizeof *grown);
        if (h->size > 0) memcpy(grown, h->items, h->size * sizeof *grown);
        free(h->items);
        h->items = grown;
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

void ref_sssp(const verify_csr *g, uint32_t source, float *dist) {
    heap h = {0};
    unsigned char *done = verify_alloc(g->n, 1);
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
void ref_sswp(const verify_csr *g, uint32_t source, float *width) {
    heap h = {0};
    unsigned char *done = verify_alloc(g->n, 1);
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

void ref_cc(const verify_csr *g, uint32_t *label) {
    uint32_t *parent = verify_alloc(g->n, sizeof *parent);
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

uint32_t ref_pagerank(const verify_csr *g, double damping, double tolerance, uint32_t max_iterations, double *rank) {
    const uint32_t n = g->n;
    if (n == 0) return 0;
    double *last = verify_alloc(n, sizeof *last);
    for (uint32_t v = 0; v < n; ++v) rank[v] = 1.0 / n;
    uint32_t iteration = 0;
    while (iteration < max_iterations) {
        memcpy(last, rank, n * sizeof *rank);
        double dangling = 0;
        for (uint32_t u = 0; u < n; ++u) {
            rank[u] = 0;
            if (g->offsets[u + 1] == g->offsets[u]) dangling += last[u];
        }
        for (uint32_t u = 0; u < n; ++u) {
            if (g->offsets[u + 1] == g->offsets[u]) continue;
            const double share = damping * last[u] / (double)(g->offsets[u + 1] - g->offsets[u]);
            for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) rank[g->targets[e]] += share;
        }
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

void ref_bc(const verify_csr *g, const uint32_t *sources, uint32_t num_sources, double *centrality) {
    const uint32_t n = g->n;
    uint32_t *stack = verify_alloc(n, sizeof *stack), *queue = verify_alloc(n, sizeof *queue);
    int64_t *distance = verify_alloc(n, sizeof *distance);
    /* Path counts in long double: they grow exponentially with depth (2^1100
     * on a chain of 1100 diamonds, about 2^2043 from the centre of a 2048 x
     * 2048 grid) and overflow double, whose largest value is about 2^1024;
     * the x86-64 80-bit format (and the 128-bit one elsewhere) reaches
     * 2^16384. Only the dependencies are doubles. */
    long double *sigma = verify_alloc(n, sizeof *sigma);
    double *delta = verify_alloc(n, sizeof *delta);
    /* Predecessor lists: P[w] holds one entry per shortest-path edge v -> w, so its
     * size is bounded by w's in-degree. */
    uint64_t *pred_start = verify_alloc((size_t)n + 1, sizeof *pred_start);
    for (uint64_t e = 0; e < g->m; ++e) pred_start[g->targets[e] + 1]++;
    for (uint32_t v = 0; v < n; ++v) pred_start[v + 1] += pred_start[v];
    uint32_t *pred = verify_alloc(g->m, sizeof *pred);
    uint32_t *pred_count = verify_alloc(n, sizeof *pred_count);
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

void ref_spmv(const verify_csr *g, const float *x, double *y) {
    for (uint32_t v = 0; v < g->n; ++v) y[v] = 0;
    for (uint32_t u = 0; u < g->n; ++u)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e)
            y[g->targets[e]] += (double)g->weights[e] * (double)x[u];
}

void ref_apsp(const verify_csr *g, float *dist) {
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

/* ---- maximum bipartite matching (Kuhn) ------------------------------------------ */

uint64_t ref_matching(const verify_csr *g, uint32_t num_left, uint32_t *mates) {
    const uint32_t n = g->n;
    for (uint32_t v = 0; v < n; ++v) mates[v] = UINT32_MAX;
    /* The right neighbours of each left vertex, from edges of either direction. */
    uint64_t *begin = verify_alloc((size_t)num_left + 1, sizeof *begin);
    for (uint32_t u = 0; u < n; ++u)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            const uint32_t v = g->targets[e];
            if (u < num_left && v >= num_left) ++begin[u + 1];
            if (u >= num_left && v < num_left) ++begin[v + 1];
        }
    for (uint32_t u = 0; u < num_left; ++u) begin[u + 1] += begin[u];
    uint32_t *right = verify_alloc(begin[num_left], sizeof *right);
    uint64_t *fill = verify_alloc((size_t)num_left + 1, sizeof *fill);
    memcpy(fill, begin, ((size_t)num_left + 1) * sizeof *fill);
    for (uint32_t u = 0; u < n; ++u)
        for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; ++e) {
            const uint32_t v = g->targets[e];
            if (u < num_left && v >= num_left) right[fill[u]++] = v;
            if (u >= num_left && v < num_left) right[fill[v]++] = u;
        }

    /* stack[i]: a left vertex of the current alternating path, next[i] its
     * next edge to try, via[i] the right vertex that leads to stack[i + 1]. */
    uint32_t *stack = verify_alloc((size_t)num_left + 1, sizeof *stack);
    uint32_t *via = verify_alloc((size_t)num_left + 1, sizeof *via);
    uint64_t *next = verify_alloc((size_t)num_left + 1, sizeof *next);
    uint32_t *seen = verify_alloc((size_t)num_left + 1, sizeof *seen); /* the search (root + 1) that saw it */
    uint64_t size = 0;
    for (uint32_t root = 0; root < num_left; ++root) {
        size_t top = 0;
        stack[0] = root;
        next[0] = begin[root];
        seen[root] = root + 1;
        uint32_t end = UINT32_MAX;
        for (;;) {
            const uint32_t l = stack[top];
            if (next[top] == begin[l + 1]) {
                if (top == 0) break;
                --top;
                continue;
            }
            const uint32_t r = right[next[top]++];
            if (mates[r] == UINT32_MAX) {
                end = r;
                break;
            }
            const uint32_t m = mates[r];
            if (seen[m] == root + 1) continue;
            seen[m] = root + 1;
            via[top] = r;
            ++top;
            stack[top] = m;
            next[top] = begin[m];
        }
        if (end == UINT32_MAX) continue;
        for (size_t i = top + 1; i-- > 0;) {
            const uint32_t r = i == top ? end : via[i];
            mates[stack[i]] = r;
            mates[r] = stack[i];
        }
        ++size;
    }
    free(begin);
    free(right);
    free(fill);
    free(stack);
    free(via);
    free(next);
    free(seen);
    return size;
}
