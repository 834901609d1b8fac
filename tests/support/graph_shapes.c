/* The test-graph catalogue; see graph_shapes.h. */
#include "graph_shapes.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

uint64_t shape_random(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint32_t random_below(uint64_t *state, uint32_t bound) { return (uint32_t)(shape_random(state) % bound); }

static double random_unit(uint64_t *state) { return (double)(shape_random(state) >> 11) * (1.0 / 9007199254740992.0); }

/* ---- building ------------------------------------------------------------ */

typedef struct weight_rule {
    uint32_t max_weight;      /* 0: unweighted shape */
    uint32_t zero_per_mille;  /* chance of a zero weight */
} weight_rule;

static void shape_begin(shape *s, const char *name, uint32_t n, int undirected, gg_duplicate_policy duplicates,
                        int weighted) {
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", name);
    s->n = n;
    s->undirected = undirected;
    s->duplicates = duplicates;
    s->capacity = 64;
    s->src = malloc(s->capacity * sizeof *s->src);
    s->dst = malloc(s->capacity * sizeof *s->dst);
    s->weights = weighted ? malloc(s->capacity * sizeof *s->weights) : NULL;
    assert_non_null(s->src);
    assert_non_null(s->dst);
    if (weighted) assert_non_null(s->weights);
}

static void add_edge(shape *s, uint32_t u, uint32_t v, float w) {
    if (s->m == s->capacity) {
        s->capacity *= 2;
        s->src = realloc(s->src, s->capacity * sizeof *s->src);
        s->dst = realloc(s->dst, s->capacity * sizeof *s->dst);
        assert_non_null(s->src);
        assert_non_null(s->dst);
        if (s->weights) {
            s->weights = realloc(s->weights, s->capacity * sizeof *s->weights);
            assert_non_null(s->weights);
        }
    }
    s->src[s->m] = u;
    s->dst[s->m] = v;
    if (s->weights) s->weights[s->m] = w;
    s->m++;
}

static float draw_weight(uint64_t *state, weight_rule rule) {
    if (rule.max_weight == 0) return 1.0f;
    if (random_below(state, 1000) < rule.zero_per_mille) return 0.0f;
    return (float)(1 + random_below(state, rule.max_weight));
}

static void add_random_edge(shape *s, uint64_t *state, uint32_t u, uint32_t v, weight_rule rule) {
    add_edge(s, u, v, draw_weight(state, rule));
}

/* ---- families ------------------------------------------------------------ */

static void gen_uniform(shape *s, uint64_t *rng, uint32_t n, uint64_t m, weight_rule rule, int allow_loops) {
    for (uint64_t i = 0; i < m; ++i) {
        uint32_t u = random_below(rng, n), v = random_below(rng, n);
        if (!allow_loops && u == v) v = (v + 1) % n;
        add_random_edge(s, rng, u, v, rule);
    }
}

static void gen_dense(shape *s, uint64_t *rng, uint32_t n, uint32_t percent, weight_rule rule) {
    for (uint32_t u = 0; u < n; ++u)
        for (uint32_t v = s->undirected ? u + 1 : 0; v < n; ++v)
            if (u != v && random_below(rng, 100) < percent) add_random_edge(s, rng, u, v, rule);
}

static void gen_rmat_edges(shape *s, uint64_t *rng, uint32_t scale, uint64_t m, double a, double b, double c,
                           weight_rule rule) {
    const uint32_t n = 1u << scale;
    uint32_t *permutation = malloc((size_t)n * sizeof *permutation);
    assert_non_null(permutation);
    for (uint32_t v = 0; v < n; ++v) permutation[v] = v;
    for (uint32_t v = n - 1; v > 0; --v) { /* Fisher-Yates: hide the R-MAT id structure */
        uint32_t j = random_below(rng, v + 1), t = permutation[v];
        permutation[v] = permutation[j];
        permutation[j] = t;
    }
    for (uint64_t i = 0; i < m; ++i) {
        uint32_t u = 0, v = 0;
        for (uint32_t bit = 0; bit < scale; ++bit) {
            double r = random_unit(rng);
            uint32_t row = 0, col = 0;
            if (r < a) {
            } else if (r < a + b) {
                col = 1;
            } else if (r < a + b + c) {
                row = 1;
            } else {
                row = col = 1;
            }
            u = (u << 1) | row;
            v = (v << 1) | col;
        }
        add_random_edge(s, rng, permutation[u], permutation[v], rule);
    }
    free(permutation);
}

/* Directed grids have right and down edges only; undirected ones all four. */
static void gen_grid(shape *s, uint64_t *rng, uint32_t rows, uint32_t cols, weight_rule rule) {
    for (uint32_t r = 0; r < rows; ++r)
        for (uint32_t c = 0; c < cols; ++c) {
            uint32_t v = r * cols + c;
            if (c + 1 < cols) add_random_edge(s, rng, v, v + 1, rule);
            if (r + 1 < rows) add_random_edge(s, rng, v, v + cols, rule);
        }
}

enum star_mode { STAR_OUT, STAR_IN, STAR_BOTH };

static void gen_star(shape *s, uint64_t *rng, uint32_t hub, enum star_mode mode, weight_rule rule) {
    for (uint32_t v = 0; v < s->n; ++v) {
        if (v == hub) continue;
        if (mode == STAR_IN)
            add_random_edge(s, rng, v, hub, rule);
        else
            add_random_edge(s, rng, hub, v, rule);
    }
}

static void gen_path(shape *s, uint64_t *rng, int reversed, weight_rule rule) {
    for (uint32_t v = 0; v + 1 < s->n; ++v) {
        if (reversed)
            add_random_edge(s, rng, v + 1, v, rule);
        else
            add_random_edge(s, rng, v, v + 1, rule);
    }
}

static void gen_cycle(shape *s, uint64_t *rng, weight_rule rule) {
    for (uint32_t v = 0; v < s->n; ++v) add_random_edge(s, rng, v, (v + 1) % s->n, rule);
}

static void gen_binary_tree(shape *s, uint64_t *rng, weight_rule rule) {
    for (uint32_t v = 1; v < s->n; ++v) add_random_edge(s, rng, (v - 1) / 2, v, rule);
}

/* `count` random components of `size` vertices each, then isolated vertices. */
static void gen_components(shape *s, uint64_t *rng, uint32_t count, uint32_t size, weight_rule rule) {
    for (uint32_t k = 0; k < count; ++k) {
        uint32_t base = k * size;
        for (uint32_t v = 1; v < size; ++v) /* a random tree keeps each component connected */
            add_random_edge(s, rng, base + random_below(rng, v), base + v, rule);
        for (uint32_t e = 0; e < size; ++e)
            add_random_edge(s, rng, base + random_below(rng, size), base + random_below(rng, size), rule);
    }
}

/* Components interleaved over the ids (vertex v belongs to component v % k),
 * so that the smallest id of a component is not its first vertex in any
 * traversal order. */
static void gen_interleaved_components(shape *s, uint64_t *rng, uint32_t k, weight_rule rule) {
    for (uint32_t e = 0; e < 3 * s->n; ++e) {
        uint32_t u = random_below(rng, s->n);
        uint32_t v = (random_below(rng, s->n / k) * k + u % k) % s->n;
        if (v % k == u % k) add_random_edge(s, rng, u, v, rule);
    }
}

static void gen_lollipop(shape *s, uint64_t *rng, uint32_t clique, weight_rule rule) {
    for (uint32_t u = 0; u < clique; ++u)
        for (uint32_t v = u + 1; v < clique; ++v) add_random_edge(s, rng, u, v, rule);
    for (uint32_t v = clique; v < s->n; ++v) add_random_edge(s, rng, v - 1, v, rule);
}

static void gen_bipartite(shape *s, uint64_t *rng, uint32_t left, weight_rule rule) {
    for (uint32_t u = 0; u < left; ++u)
        for (uint32_t v = left; v < s->n; ++v) add_random_edge(s, rng, u, v, rule);
}

static void gen_layered_dag(shape *s, uint64_t *rng, uint32_t width, weight_rule rule) {
    uint32_t layers = s->n / width;
    for (uint32_t l = 0; l + 1 < layers; ++l)
        for (uint32_t i = 0; i < width; ++i)
            for (uint32_t k = 0; k < 3; ++k)
                add_random_edge(s, rng, l * width + i, (l + 1) * width + random_below(rng, width), rule);
}

static void gen_wheel(shape *s, uint64_t *rng, weight_rule rule) {
    for (uint32_t v = 1; v < s->n; ++v) {
        add_random_edge(s, rng, 0, v, rule);
        add_random_edge(s, rng, v, v + 1 < s->n ? v + 1 : 1, rule);
    }
}

static void gen_ladder(shape *s, uint64_t *rng, weight_rule rule) {
    uint32_t half = s->n / 2;
    for (uint32_t i = 0; i < half; ++i) {
        add_random_edge(s, rng, i, half + i, rule);
        if (i + 1 < half) {
            add_random_edge(s, rng, i, i + 1, rule);
            add_random_edge(s, rng, half + i, half + i + 1, rule);
        }
    }
}

static void gen_two_hubs(shape *s, uint64_t *rng, weight_rule rule) {
    uint32_t a = 3, b = s->n - 2;
    add_random_edge(s, rng, a, b, rule);
    for (uint32_t v = 0; v < s->n; ++v)
        if (v != a && v != b) add_random_edge(s, rng, v % 2 ? a : b, v, rule);
}

static void gen_caterpillar(shape *s, uint64_t *rng, uint32_t spine, weight_rule rule) {
    for (uint32_t v = 1; v < spine; ++v) add_random_edge(s, rng, v - 1, v, rule);
    for (uint32_t v = spine; v < s->n; ++v) add_random_edge(s, rng, random_below(rng, spine), v, rule);
}

static void gen_asymmetric_pairs(shape *s, uint64_t *rng, uint32_t pairs, weight_rule rule) {
    for (uint32_t i = 0; i < pairs; ++i) {
        uint32_t u = random_below(rng, s->n), v = random_below(rng, s->n);
        add_random_edge(s, rng, u, v, rule);
        add_random_edge(s, rng, v, u, rule);
    }
}

/* ---- the catalogue ------------------------------------------------------- */

enum kind {
    K_EMPTY, K_LOOP_ONLY, K_UNIFORM, K_UNIFORM_LOOPS, K_DENSE, K_COMPLETE, K_RMAT, K_GRID, K_STAR_OUT, K_STAR_IN,
    K_STAR_BOTH, K_PATH, K_PATH_REVERSED, K_CYCLE, K_TREE, K_COMPONENTS, K_INTERLEAVED, K_LOLLIPOP, K_BIPARTITE,
    K_LAYERED, K_WHEEL, K_LADDER, K_TWO_HUBS, K_CATERPILLAR, K_ASYMMETRIC
};

typedef struct entry {
    const char *name;
    enum kind kind;
    uint32_t n;        /* vertices (R-MAT: scale) */
    uint64_t a;        /* family parameter: edges, percent, degree, rows, ... */
    uint32_t b;        /* second family parameter */
    int undirected;
    gg_duplicate_policy duplicates;
    weight_rule weights;
} entry;

#define MIN GG_DUPLICATES_KEEP_MIN
#define ALL GG_DUPLICATES_KEEP_ALL
#define MAX GG_DUPLICATES_KEEP_MAX
#define W(max, zero) {max, zero}

static const entry catalogue[] = {
    {"single_vertex", K_EMPTY, 1, 0, 0, 0, MIN, W(10, 0)},
    {"single_vertex_self_loop", K_LOOP_ONLY, 1, 0, 0, 0, MIN, W(10, 0)},
    {"two_vertices_directed", K_PATH, 2, 0, 0, 0, MIN, W(10, 0)},
    {"isolated_only_n17", K_EMPTY, 17, 0, 0, 0, MIN, W(10, 0)},
    {"random_sparse_dir_n200_m600", K_UNIFORM, 200, 600, 0, 0, MIN, W(20, 50)},
    {"random_sparse_und_n200_m600", K_UNIFORM, 200, 600, 0, 1, MIN, W(20, 50)},
    {"random_sparse_dir_n1000_m4000", K_UNIFORM, 1000, 4000, 0, 0, MIN, W(50, 30)},
    {"random_sparse_und_n1500_m3000", K_UNIFORM, 1500, 3000, 0, 1, MIN, W(50, 30)},
    {"random_sparse_dir_n3000_m24000", K_UNIFORM, 3000, 24000, 0, 0, MIN, W(100, 20)},
    {"random_very_sparse_dir_n3000_m1000", K_UNIFORM, 3000, 1000, 0, 0, MIN, W(20, 50)},
    {"random_dense_dir_n64_p50", K_DENSE, 64, 50, 0, 0, MIN, W(30, 50)},
    {"random_dense_und_n96_p40", K_DENSE, 96, 40, 0, 1, MIN, W(30, 50)},
    {"random_dense_dir_n150_p25", K_DENSE, 150, 25, 0, 0, MIN, W(30, 20)},
    {"complete_dir_n40", K_COMPLETE, 40, 100, 0, 0, MIN, W(100, 0)},
    {"complete_und_n33", K_COMPLETE, 33, 100, 0, 1, MIN, W(100, 0)},
    {"rmat_dir_s8_d8", K_RMAT, 8, 8, 0, 0, MIN, W(30, 30)},
    {"rmat_und_s8_d8", K_RMAT, 8, 8, 0, 1, MIN, W(30, 30)},
    {"rmat_dir_s10_d8", K_RMAT, 10, 8, 0, 0, MIN, W(255, 10)},
    {"rmat_und_s10_d4", K_RMAT, 10, 4, 0, 1, MIN, W(255, 10)},
    {"rmat_dir_s11_d8_keep_all", K_RMAT, 11, 8, 0, 0, ALL, W(255, 10)},
    {"rmat_und_s11_d16_unweighted", K_RMAT, 11, 16, 0, 1, MIN, W(0, 0)},
    {"rmat_dir_s9_d16_skewed", K_RMAT, 9, 16, 1, 0, MIN, W(10, 100)},
    {"grid_und_10x10", K_GRID, 100, 10, 10, 1, MIN, W(9, 50)},
    {"grid_und_40x50", K_GRID, 2000, 40, 50, 1, MIN, W(9, 20)},
    {"grid_dir_30x30", K_GRID, 900, 30, 30, 0, MIN, W(9, 20)},
    {"grid_und_1x300", K_GRID, 300, 1, 300, 1, MIN, W(9, 0)},
    {"star_out_hub0_5000", K_STAR_OUT, 5001, 0, 0, 0, MIN, W(100, 10)},
    {"star_in_hub0_5000", K_STAR_IN, 5001, 0, 0, 0, MIN, W(100, 10)},
    {"star_und_hub2600_5200", K_STAR_BOTH, 5201, 2600, 0, 1, MIN, W(100, 10)},
    {"path_dir_5000", K_PATH, 5000, 0, 0, 0, MIN, W(100, 10)},
    {"path_reversed_dir_5000", K_PATH_REVERSED, 5000, 0, 0, 0, MIN, W(100, 10)},
    {"path_und_6000", K_PATH, 6000, 0, 0, 1, MIN, W(100, 10)},
    {"cycle_dir_999", K_CYCLE, 999, 0, 0, 0, MIN, W(20, 0)},
    {"cycle_und_500", K_CYCLE, 500, 0, 0, 1, MIN, W(20, 0)},
    {"binary_tree_und_2047", K_TREE, 2047, 0, 0, 1, MIN, W(20, 20)},
    {"binary_tree_dir_511", K_TREE, 511, 0, 0, 0, MIN, W(20, 20)},
    {"components_und_8x50_iso40", K_COMPONENTS, 440, 8, 50, 1, MIN, W(20, 20)},
    {"components_dir_5x120_iso100", K_COMPONENTS, 700, 5, 120, 0, MIN, W(20, 20)},
    {"interleaved_components_und_7", K_INTERLEAVED, 700, 7, 0, 1, MIN, W(20, 20)},
    {"interleaved_components_dir_5", K_INTERLEAVED, 600, 5, 0, 0, MIN, W(20, 20)},
    {"many_isolated_dir_n4000_m300", K_UNIFORM, 4000, 300, 0, 0, MIN, W(20, 20)},
    {"self_loops_dir_n300", K_UNIFORM_LOOPS, 300, 900, 0, 0, MIN, W(20, 50)},
    {"self_loops_und_n300", K_UNIFORM_LOOPS, 300, 900, 0, 1, MIN, W(20, 50)},
    {"duplicates_keep_all_dir_n200_m3000", K_UNIFORM, 200, 3000, 0, 0, ALL, W(20, 50)},
    {"duplicates_keep_min_dir_n200_m3000", K_UNIFORM, 200, 3000, 0, 0, MIN, W(20, 50)},
    {"duplicates_keep_all_und_n150_m2000", K_UNIFORM, 150, 2000, 0, 1, ALL, W(20, 50)},
    {"duplicates_keep_max_dir_n100_m2000", K_UNIFORM, 100, 2000, 0, 0, MAX, W(20, 50)},
    {"zero_weights_half_dir_n500", K_UNIFORM, 500, 2000, 0, 0, MIN, W(20, 500)},
    {"zero_weights_all_und_n300", K_UNIFORM, 300, 900, 0, 1, MIN, W(20, 1000)},
    {"zero_weights_all_dir_n300", K_UNIFORM, 300, 900, 0, 0, MIN, W(20, 1000)},
    {"unweighted_random_dir_n800", K_UNIFORM, 800, 3200, 0, 0, MIN, W(0, 0)},
    {"lollipop_und_k30_path200", K_LOLLIPOP, 230, 30, 0, 1, MIN, W(20, 20)},
    {"bipartite_complete_dir_20x30", K_BIPARTITE, 50, 20, 0, 0, MIN, W(20, 20)},
    {"layered_dag_12x40", K_LAYERED, 480, 40, 0, 0, MIN, W(20, 20)},
    {"wheel_und_300", K_WHEEL, 300, 0, 0, 1, MIN, W(20, 20)},
    {"ladder_und_1000", K_LADDER, 1000, 0, 0, 1, MIN, W(20, 20)},
    {"wide_weights_dir_n400", K_UNIFORM, 400, 2400, 0, 0, MIN, W(100000, 20)},
    {"asymmetric_pairs_dir_n300", K_ASYMMETRIC, 300, 700, 0, 0, MIN, W(50, 20)},
    {"two_hubs_und_n900", K_TWO_HUBS, 900, 0, 0, 1, MIN, W(20, 20)},
    {"caterpillar_dir_n700", K_CATERPILLAR, 700, 100, 0, 0, MIN, W(20, 20)},
};

#undef MIN
#undef ALL
#undef MAX
#undef W

#define CATALOGUE_SIZE (sizeof catalogue / sizeof catalogue[0])

/* The catalogue indices in use, after GG_TEST_SHAPES and GG_TEST_SKIP_SHAPES
 * (graph_shapes.h). */
static size_t selected[CATALOGUE_SIZE];
static size_t selected_count;
static int selection_made;

/* Whether `name` contains one of the comma-separated fragments of `list`. */
static int named_in(const char *name, const char *list) {
    while (*list) {
        const char *end = strchr(list, ',');
        const size_t length = end ? (size_t)(end - list) : strlen(list);
        char fragment[64];
        if (length > 0 && length < sizeof fragment) {
            memcpy(fragment, list, length);
            fragment[length] = '\0';
            if (strstr(name, fragment)) return 1;
        }
        if (!end) break;
        list = end + 1;
    }
    return 0;
}

static void select_shapes(void) {
    if (selection_made) return;
    const char *only = getenv("GG_TEST_SHAPES");
    const char *skip = getenv("GG_TEST_SKIP_SHAPES");
    if (only && !*only) only = NULL;
    if (skip && !*skip) skip = NULL;
    for (size_t i = 0; i < CATALOGUE_SIZE; ++i) {
        const char *name = catalogue[i].name;
        if ((only && !named_in(name, only)) || (skip && named_in(name, skip)))
            fprintf(stderr, "graph_shapes: left out %s (GG_TEST_SHAPES / GG_TEST_SKIP_SHAPES)\n", name);
        else
            selected[selected_count++] = i;
    }
    if (only || skip)
        fprintf(stderr, "graph_shapes: GG_TEST_SHAPES=\"%s\" GG_TEST_SKIP_SHAPES=\"%s\" keep %zu of %zu shapes\n",
                only ? only : "", skip ? skip : "", selected_count, (size_t)CATALOGUE_SIZE);
    selection_made = 1;
}

size_t shape_count(void) {
    select_shapes();
    return selected_count;
}

void shape_make(size_t index, shape *out) {
    assert_true(index < shape_count());
    index = selected[index];  /* the seed below stays the catalogue's own */
    const entry *e = &catalogue[index];
    uint64_t rng = 0x67677465737400ULL + index * 7919u;
    const uint32_t n = e->kind == K_RMAT ? (1u << e->n) : e->n;
    shape_begin(out, e->name, n, e->undirected, e->duplicates, e->weights.max_weight != 0);
    switch (e->kind) {
    case K_EMPTY: break;
    case K_LOOP_ONLY: add_edge(out, 0, 0, 7.0f); break;
    case K_UNIFORM: gen_uniform(out, &rng, n, e->a, e->weights, 1); break;
    case K_UNIFORM_LOOPS:
        gen_uniform(out, &rng, n, e->a, e->weights, 1);
        for (uint32_t v = 0; v < n; v += 2) add_random_edge(out, &rng, v, v, e->weights);
        break;
    case K_DENSE: gen_dense(out, &rng, n, (uint32_t)e->a, e->weights); break;
    case K_COMPLETE: gen_dense(out, &rng, n, 100, e->weights); break;
    case K_RMAT:
        if (e->b)
            gen_rmat_edges(out, &rng, e->n, (uint64_t)n * e->a, 0.70, 0.10, 0.10, e->weights);
        else
            gen_rmat_edges(out, &rng, e->n, (uint64_t)n * e->a, 0.57, 0.19, 0.19, e->weights);
        break;
    case K_GRID: gen_grid(out, &rng, (uint32_t)e->a, e->b, e->weights); break;
    case K_STAR_OUT: gen_star(out, &rng, 0, STAR_OUT, e->weights); break;
    case K_STAR_IN: gen_star(out, &rng, 0, STAR_IN, e->weights); break;
    case K_STAR_BOTH: gen_star(out, &rng, (uint32_t)e->a, STAR_BOTH, e->weights); break;
    case K_PATH: gen_path(out, &rng, 0, e->weights); break;
    case K_PATH_REVERSED: gen_path(out, &rng, 1, e->weights); break;
    case K_CYCLE: gen_cycle(out, &rng, e->weights); break;
    case K_TREE: gen_binary_tree(out, &rng, e->weights); break;
    case K_COMPONENTS: gen_components(out, &rng, (uint32_t)e->a, e->b, e->weights); break;
    case K_INTERLEAVED: gen_interleaved_components(out, &rng, (uint32_t)e->a, e->weights); break;
    case K_LOLLIPOP: gen_lollipop(out, &rng, (uint32_t)e->a, e->weights); break;
    case K_BIPARTITE: gen_bipartite(out, &rng, (uint32_t)e->a, e->weights); break;
    case K_LAYERED: gen_layered_dag(out, &rng, (uint32_t)e->a, e->weights); break;
    case K_WHEEL: gen_wheel(out, &rng, e->weights); break;
    case K_LADDER: gen_ladder(out, &rng, e->weights); break;
    case K_TWO_HUBS: gen_two_hubs(out, &rng, e->weights); break;
    case K_CATERPILLAR: gen_caterpillar(out, &rng, (uint32_t)e->a, e->weights); break;
    case K_ASYMMETRIC: gen_asymmetric_pairs(out, &rng, (uint32_t)e->a, e->weights); break;
    }
}

void shape_free(shape *s) {
    if (s == NULL) return;
    free(s->src);
    free(s->dst);
    free(s->weights);
    memset(s, 0, sizeof *s);
}

gg_graph *shape_build(gg_context *context, const shape *s) {
    gg_graph_options options;
    gg_graph_options_init(&options);
    options.undirected = s->undirected;
    options.duplicates = s->duplicates;
    gg_graph *graph = NULL;
    gg_status status = gg_graph_create(context, s->n, s->m, s->src, s->dst, s->weights, &options, &graph);
    if (status != GG_OK) fail_msg("shape %s: gg_graph_create failed: %s", s->name, gg_context_last_error(context));
    return graph;
}

void shape_rmat(shape *out, uint32_t scale, uint32_t degree, double a, double b, double c, uint32_t max_weight,
                uint64_t seed) {
    char name[64];
    snprintf(name, sizeof name, "rmat_s%u_d%u", scale, degree);
    shape_begin(out, name, 1u << scale, 0, GG_DUPLICATES_KEEP_MIN, max_weight != 0);
    uint64_t m = ((uint64_t)1 << scale) * degree;
    out->capacity = m;
    out->src = realloc(out->src, m * sizeof *out->src);
    out->dst = realloc(out->dst, m * sizeof *out->dst);
    assert_non_null(out->src);
    assert_non_null(out->dst);
    if (out->weights) {
        out->weights = realloc(out->weights, m * sizeof *out->weights);
        assert_non_null(out->weights);
    }
    weight_rule rule = {max_weight, 0};
    uint64_t rng = seed;
    gen_rmat_edges(out, &rng, scale, m, a, b, c, rule);
}
