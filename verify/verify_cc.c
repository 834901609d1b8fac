/*
 * CC check against the reference union-find over every edge (directions
 * ignored, ref_cc): each vertex's label must be exactly the smallest id of
 * its component.
 */
#include <stdlib.h>

#include "internal.h"
#include "reference.h"

verify_finding verify_cc(const verify_csr *g, const uint32_t *labels) {
    uint32_t *expected = verify_alloc(g->n, sizeof *expected);
    ref_cc(g, expected);
    verify_finding finding = verify_pass();
    for (uint32_t v = 0; v < g->n; ++v)
        if (labels[v] != expected[v]) {
            finding = verify_fail("vertex %u has label %u; its component's smallest id is %u", v, labels[v],
                                  expected[v]);
            break;
        }
    free(expected);
    return finding;
}
