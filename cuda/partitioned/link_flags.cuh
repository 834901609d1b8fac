// Flags along a plan's replica links, set by the step that changes a value
// (Medusa's replica update, 002 §4.3, as the level-synchronous BFS of
// bfs_levels.cu sends it). One bit per link entry, in one buffer per part
// and direction holding the segments of every link the part sends on, each
// segment starting at a word. The part's map gives, for each of its local
// ids, the bits of the entries it sends: an owned vertex one per part that
// replicates it (toward replicas), a replica the entry of its owner's link
// (toward owners). So a kernel that claims a vertex sets its bits as it
// claims it, and no pass over every entry of every link looks for what
// changed: a level that reaches a few vertices sends their bits, read by a
// receiver that skips the words with none set (DeviceExchange::flags).
#pragma once

#include <cstdint>
#include <vector>

#include "partition/plan.h"
#include "primitives/warp_ops.cuh"
#include "runtime/runtime.cuh"

namespace gg::cuda {

// What a kernel needs to set a local id's bits.
struct FlagMarks {
    const uint32_t *offsets;  // local id l's bits: bits[offsets[l] .. offsets[l + 1])
    const uint32_t *bits;
    uint32_t *words;

    __device__ void mark(uint32_t local) const {
        for (uint32_t i = offsets[local]; i < offsets[local + 1]; ++i)
            atomicOr(&words[bits[i] >> 5], 1u << (bits[i] & 31));
    }

    // mark(local) for each lane that wants it, one atomic per word the warp
    // sets bits in (warp_set_bit), where mark() takes one per bit; every
    // lane of the warp calls it. For lanes of consecutive local ids (a
    // bottom-up step): the entries of a link are in the order of their
    // owners' local ids (a part's replicas are in global order, and so are
    // an owner's vertices), so their bits fall in a word or two.
    __device__ void mark_by_warp(bool want, uint32_t local) const {
        const uint32_t begin = want ? offsets[local] : 0;
        const uint32_t count = want ? offsets[local + 1] - begin : 0;
        uint32_t most = count;
        for (int d = 16; d; d >>= 1) most = max(most, __shfl_xor_sync(kFullMask, most, d));
        for (uint32_t j = 0; j < most; ++j)  // the lanes' j-th bits
            warp_set_bit(words, j < count, j < count ? bits[begin + j] : 0);
    }
};

// One part's flags in one direction, on the part's device.
class SentFlags {
public:
    SentFlags() = default;
    // The map of `part` (held by this process) as sender toward replicas
    // (its owned vertices) or toward owners (its replicas), uploaded on
    // `stream` of the part's device (current), and its words cleared.
    SentFlags(const PartitionPlan &plan, uint32_t part, bool toward_replicas, cudaStream_t stream);

    FlagMarks marks() const { return FlagMarks{offsets_.get(), bits_.get(), words_.get()}; }
    // The words of plan link `link`'s segment (the part sends on it).
    uint32_t *segment(size_t link) const { return words_.get() + first_word_[link]; }
    // Clears every bit, on `stream` (before a step sets them again).
    void clear(cudaStream_t stream) const;
    // The words of every segment, for a kernel that clears them among other
    // work (bfs_levels.cu: one launch where three memsets cost the host more).
    uint32_t *words() const { return words_.get(); }
    uint64_t word_count() const { return words_.size(); }
    uint64_t bytes() const { return offsets_.bytes() + bits_.bytes() + words_.bytes(); }

private:
    DeviceArray<uint32_t> offsets_, bits_, words_;
    std::vector<uint64_t> first_word_;  // by plan link; unused where the part does not send
};

}  // namespace gg::cuda
