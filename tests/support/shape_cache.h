/*
 * Each shape built once per test program: its COO arrays, its reference graph
 * and its gg_graph. A gg_graph is immutable and independent of the context
 * that built it, so every backend's test reuses the same one. Release
 * everything with shape_cache_release() (a cmocka group teardown).
 */
#ifndef GG_TEST_SHAPE_CACHE_H
#define GG_TEST_SHAPE_CACHE_H

#include <stddef.h>

#include "gg.h"
#include "graph_shapes.h"
#include "ref_graph.h"

typedef struct cached_shape {
    shape shape;
    ref_graph ref;
    gg_graph *graph;
} cached_shape;

/* Shape `index` (< shape_count()), built on first use. */
const cached_shape *shape_cache_get(size_t index);

/* Frees every cached shape; usable as a cmocka group teardown. */
int shape_cache_release(void **state);

#endif
