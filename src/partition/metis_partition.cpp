// METIS k-way partitioning of a graph's vertices, edge directions ignored:
// the first step of Medusa's multi-GPU execution (002_28fc4dc2d3bbdd4f.txt).
//
// METIS wants a symmetric adjacency without self-loops or repeated entries
// (undirected_adjacency.h) in its own index type idx_t, 32 or 64 bits as
// the installed metis.h says (IDXTYPEWIDTH). Cases METIS does not serve
// well are answered directly, each with the partition METIS would aim for:
//  - k = 1: every vertex in part 0;
//  - k >= n: vertex v in part v (every part holds at most one vertex; METIS
//    rejects or leaves empty parts here);
//  - no edge between distinct vertices: n/k consecutive vertices per part,
//    the balanced partition with cut 0 (METIS needs a nonempty adjacency).
// The returned cut is count_edge_cut's, and it must equal METIS's own
// objective value; a mismatch is reported as an internal error.
#include "partition/metis_partition.h"

#include <algorithm>

#include "core/error.h"

#ifdef GG_HAVE_METIS
#include <metis.h>

#include <vector>

#include "partition/undirected_adjacency.h"
#endif

namespace gg {

#ifdef GG_HAVE_METIS

bool metis_available() { return true; }

namespace {

// Balanced consecutive ranges, for graphs with nothing to cut.
void assign_consecutive_ranges(uint32_t n, uint32_t k, uint32_t *parts) {
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) parts[v] = uint32_t(uint64_t(v) * k / n);
}

void check_metis_status(int status) {
    if (status == METIS_OK) return;
    if (status == METIS_ERROR_MEMORY) fail(GG_ERROR_OUT_OF_MEMORY, "METIS_PartGraphKway ran out of memory");
    fail(GG_ERROR_INTERNAL, "METIS_PartGraphKway failed with status %d (%s)", status,
         status == METIS_ERROR_INPUT ? "METIS_ERROR_INPUT" : "METIS_ERROR");
}

}  // namespace

uint64_t metis_partition(const Graph &g, uint32_t k, uint32_t *parts, int32_t seed, int32_t ufactor) {
    const uint32_t n = g.n();
    if (k == 0) fail(GG_ERROR_INVALID_ARGUMENT, "num_parts must be at least 1");
    if (ufactor < 1) fail(GG_ERROR_INVALID_ARGUMENT, "ufactor is %d; it must be at least 1", ufactor);
    if (n == 0) return 0;
    if (k == 1) {
        std::fill(parts, parts + n, 0u);
        return 0;
    }
    if (k >= n) {
        for (uint32_t v = 0; v < n; ++v) parts[v] = v;
        return count_edge_cut(g, parts);
    }

    std::vector<idx_t> xadj, adjncy;
    build_undirected_adjacency(g, xadj, adjncy);
    if (adjncy.empty()) {
        assign_consecutive_ranges(n, k, parts);
        return 0;
    }

    idx_t options[METIS_NOPTIONS];
    METIS_SetDefaultOptions(options);
    options[METIS_OPTION_SEED] = idx_t(seed);
    options[METIS_OPTION_UFACTOR] = idx_t(ufactor);
    options[METIS_OPTION_NUMBERING] = 0;
    idx_t vertices = idx_t(n), constraints = 1, num_parts = idx_t(k), objective = 0;
    std::vector<idx_t> assignment(n);
    check_metis_status(METIS_PartGraphKway(&vertices, &constraints, xadj.data(), adjncy.data(), nullptr, nullptr,
                                           nullptr, &num_parts, nullptr, nullptr, options, &objective,
                                           assignment.data()));
    xadj = std::vector<idx_t>();
    adjncy = std::vector<idx_t>();

    for (uint32_t v = 0; v < n; ++v) {
        if (assignment[v] < 0 || uint64_t(assignment[v]) >= k)
            fail(GG_ERROR_INTERNAL, "METIS put vertex %u in part %lld, outside [0, %u)", v,
                 (long long)assignment[v], k);
        parts[v] = uint32_t(assignment[v]);
    }
    const uint64_t cut = count_edge_cut(g, parts);
    if (cut != uint64_t(objective))
        fail(GG_ERROR_INTERNAL, "edge cut %llu disagrees with METIS's objective value %lld", (unsigned long long)cut,
             (long long)objective);
    return cut;
}

#else  // !GG_HAVE_METIS

bool metis_available() { return false; }

uint64_t metis_partition(const Graph &, uint32_t, uint32_t *, int32_t, int32_t) {
    fail(GG_ERROR_UNSUPPORTED, "gg was built without METIS: install libmetis-dev and reconfigure with GG_ENABLE_METIS");
}

#endif

}  // namespace gg
