// Hub sorting for the PageRank pull pass (built on the host; the CUDA
// backend uploads it as cuda/layouts/ HubOrderedCsc): the vertices of out-degree above
// twice the average ("hubs") are renumbered first, by falling degree, and
// every other vertex keeps its relative order after them.
//
// A pull pass gathers c(u) once per out-edge of u, so on a power-law graph a
// few hubs take most of the gathers; with the ids a generator or a crawl
// gave them, they lie scattered over the whole array and each hot 8-byte
// value drags its own 32-byte sector through L1 and L2. Numbered first, the
// hot values share sectors and fit in each SM's L1. GraphCage
// (003_fef2620597b9a8be.txt §4, on its inputs) notes that the graph's layout
// decides the locality of these gathers and that a graph that already has a
// good one gains nothing from more blocking or reordering: that is why only
// hubs move (the rest keep whatever locality their ids had), and only where
// they carry most of the edges (not on a grid or a uniform random graph,
// whose degrees barely vary).
#pragma once

#include <cstdint>
#include <vector>

#include "graph/graph.h"

namespace gg {

// The renumbered CSC on the host, before upload.
struct HubOrderHost {
    std::vector<uint32_t> vertex_at;   // new id -> vertex
    Csr in;                            // in-edges, sources in new ids, each list sorted; no weights
    UninitVector<uint64_t> out_degree;  // by new id
    // With a front set (build_hub_order's `front`): the lists of `in` are by
    // row, row r holding the in-list of new id row_at[r], the front
    // vertices' rows first ([0, front_rows), in new id order), then the
    // others' (in new id order). Without one, row_at is empty and row s is
    // new id s.
    std::vector<uint32_t> row_at;
    uint32_t front_rows = 0;
    uint32_t hubs = 0;  // new ids [0, hubs) are the hubs
    // Until the lists are built (HubOrderLists::device leaves in.indices
    // empty): vertex -> new id, which the lists are renumbered through.
    UninitVector<uint32_t> new_id;
};

// Who renumbers and sorts the lists: build_hub_order itself, or the CUDA
// backend on the device (cuda/layouts/hub_order_lists.cuh), where 4 billion
// in-edges take a fraction of a second instead of the host's 11 s at kron
// scale 27 (random reads through a 512 MB id table, then a sort per list).
enum class HubOrderLists { host, device };

// Whether hubs (out-degree above twice the average) carry at least half of
// the out-edges.
bool hub_order_pays(const Csr &out);

// `in` is the graph's CSC and `out` its CSR. With `rows` below n, only the
// in-lists of vertices [0, rows) are kept (every other list is empty) and
// the out-degrees, hubs included, count only the edges into those rows: a
// part of a partition plan (src/partition/plan.h) pulls into its computed
// vertices alone, and its other edges, into its outer replicas, would be
// pulled for nothing (a third of each part's local edges on kron scale 25
// in two random parts).
//
// A nonempty `front` (n flags, by vertex) groups the rows, not the ids: the
// rows of the vertices it flags come first. A part's pull then computes the
// values its replicas elsewhere need (its boundary) before the rest, and
// sends them while it computes the rest (cuda/partitioned/pagerank.cu);
// the ids, whose order makes the gathers' locality, stay as without it.
HubOrderHost build_hub_order(const Csr &in, const Csr &out, uint32_t rows = UINT32_MAX,
                             const std::vector<uint8_t> &front = {}, HubOrderLists lists = HubOrderLists::host);

// The lists of an order built with HubOrderLists::device, on the host: what
// build_hub_order does with HubOrderLists::host (and where the device has no
// room for the lists twice over). Releases new_id.
void build_hub_order_lists_on_host(const Csr &in, HubOrderHost &h);

}  // namespace gg
