// Concatenated Windows (000_b078cda2a2748e6e.txt §3.2).
//
// CW_i lists the SrcIndex of W(i, 0), W(i, 1), ..., W(i, |S|-1) in that
// order: every entry whose source lies in vertex range i, grouped by the
// shard it sits in. The Mapper gives each CW entry its position in the shard
// arrays, so that the write-back stage of the engine can update SrcValue
// there with one thread per CW entry.
//
// CW_i holds exactly the out-edges of the sources in range i, so its start is
// the CSR offset of the range's first vertex; each CW_i is then filled by
// one thread, walking windows W(i, j) for j = 0, 1, ... (O(|S|^2 + m) in all).
#include "layout/cusha/concatenated_windows.h"

#include <algorithm>

#include "core/error.h"

namespace gg {

void build_concatenated_windows(const Csr &out, Shards &s) {
    const uint64_t S = s.num_shards;
    const uint64_t N = s.vertices_per_shard;
    const uint64_t m = s.src_index.size();
    s.cw_offsets.assign(S + 1, 0);
    for (uint64_t i = 0; i <= S; ++i) s.cw_offsets[i] = out.offsets[std::min<uint64_t>(i * N, s.n)];
    s.cw_src_index.resize(m);
    s.cw_mapper.resize(m);

    bool consistent = true;
#pragma omp parallel for schedule(dynamic, 1) reduction(&& : consistent)
    for (int64_t range = 0; range < int64_t(S); ++range) {
        const uint64_t i = uint64_t(range);
        uint64_t pos = s.cw_offsets[i];
        for (uint64_t j = 0; j < S; ++j) {
            const uint64_t begin = s.window_offsets[j * S + i], end = s.window_offsets[j * S + i + 1];
            for (uint64_t k = begin; k < end; ++k, ++pos) {
                s.cw_src_index[pos] = s.src_index[k];
                s.cw_mapper[pos] = k;
            }
        }
        consistent = consistent && pos == s.cw_offsets[i + 1];
    }
    if (!consistent)
        fail(GG_ERROR_INTERNAL, "concatenated windows: window sizes do not add up to the CSR offsets");
}

}  // namespace gg
