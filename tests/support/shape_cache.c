/* Build-once cache of the shape catalogue; see shape_cache.h. */
#include "shape_cache.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>

#include <cmocka.h>

static cached_shape **cache = NULL;
static gg_context *builder = NULL;

const cached_shape *shape_cache_get(size_t index) {
    assert_true(index < shape_count());
    if (cache == NULL) {
        cache = calloc(shape_count(), sizeof *cache);
        assert_non_null(cache);
        assert_int_equal(gg_context_create(NULL, &builder), GG_OK);
    }
    if (cache[index] == NULL) {
        cached_shape *c = calloc(1, sizeof *c);
        assert_non_null(c);
        shape_make(index, &c->shape);
        ref_graph_from_shape(&c->shape, &c->ref);
        c->graph = shape_build(builder, &c->shape);
        cache[index] = c;
    }
    return cache[index];
}

int shape_cache_release(void **state) {
    (void)state;
    if (cache == NULL) return 0;
    for (size_t i = 0; i < shape_count(); ++i) {
        if (cache[i] == NULL) continue;
        gg_graph_destroy(cache[i]->graph);
        ref_graph_free(&cache[i]->ref);
        shape_free(&cache[i]->shape);
        free(cache[i]);
    }
    free(cache);
    cache = NULL;
    gg_context_destroy(builder);
    builder = NULL;
    return 0;
}
