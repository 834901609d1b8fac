/*
 * A deterministic catalogue of test graphs ("shapes") as COO edge lists with
 * integer-valued weights (some of them zero), each with a name, covering what
 * the algorithm suites must survive: random sparse and dense graphs, R-MAT
 * power-law graphs (generated here, independently of the library's
 * generator), 2D grids, a star whose hub has degree >= 5000, paths of >= 5000
 * vertices, disconnected graphs with isolated vertices, self-loops, duplicate
 * edges (merged or kept), zero weights, a single vertex, directed and
 * undirected graphs.
 *
 * Every shape is rebuilt from its index alone: the same index gives the same
 * edges on every machine.
 */
#ifndef GG_TEST_GRAPH_SHAPES_H
#define GG_TEST_GRAPH_SHAPES_H

#include <stddef.h>
#include <stdint.h>

#include "gg.h"

typedef struct shape {
    char name[64];
    uint32_t n;
    uint64_t m;          /* COO entries (before mirroring or merging) */
    uint32_t *src;
    uint32_t *dst;
    float *weights;      /* NULL: unweighted (the library gives weight 1) */
    int undirected;      /* build with gg_graph_options.undirected = 1 */
    gg_duplicate_policy duplicates;
    uint64_t capacity;   /* allocated entries (internal) */
} shape;

/* Number of shapes in the catalogue (at least 50). Two environment
 * variables, each a comma-separated list of name fragments, narrow it:
 * GG_TEST_SHAPES keeps only the shapes whose name contains one of its
 * fragments, GG_TEST_SKIP_SHAPES leaves out those whose name contains one of
 * its. Each shape left out is named on stderr; the rest keep their edges.
 * They exist for compute-sanitizer's racecheck, under which the persistent
 * kernels' thousands of grid barriers per search (deep shapes, narrow SSSP
 * bands) take longer than a GPU lease (scripts/gpu-check --sanitize). Normal
 * runs leave both unset. */
size_t shape_count(void);

/* Fills `out` with shape `index` (< shape_count()); free with shape_free(). */
void shape_make(size_t index, shape *out);

/* Releases the arrays of a shape (NULL-safe). */
void shape_free(shape *s);

/* Builds the library graph of a shape with its options; fails the current
 * cmocka test when gg_graph_create() does not return GG_OK. */
gg_graph *shape_build(gg_context *context, const shape *s);

/*
 * An R-MAT graph (Chakrabarti, Zhan, Faloutsos, SDM'04) with 2^scale vertices
 * and degree * 2^scale generated edges, quadrant probabilities a, b, c
 * (d = 1 - a - b - c), vertex ids permuted, integer weights in [1, max_weight]
 * (no weights when max_weight is 0). Self-loops and duplicates are left in.
 * Exposed for the timing check; the catalogue uses it at small scales.
 */
void shape_rmat(shape *out, uint32_t scale, uint32_t degree, double a, double b, double c, uint32_t max_weight,
                uint64_t seed);

/* Deterministic 64-bit generator (splitmix64) shared by the test helpers. */
uint64_t shape_random(uint64_t *state);

#endif
