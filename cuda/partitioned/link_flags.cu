// The flag maps of link_flags.cuh, built on the host from the plan's links.
#include "partitioned/link_flags.cuh"

#include <algorithm>

#include "core/error.h"
#include "layouts/device_layouts.cuh"

namespace gg::cuda {

SentFlags::SentFlags(const PartitionPlan &plan, uint32_t part, bool toward_replicas, cudaStream_t stream)
    : first_word_(plan.links.size(), 0) {
    const uint32_t size = plan.parts[part].size();
    // The segments: each link this part sends on, in plan order, from a word.
    std::vector<uint32_t> offsets(uint64_t(size) + 1, 0);
    uint64_t words = 0;
    for (size_t i = 0; i < plan.links.size(); ++i) {
        const ReplicaLink &link = plan.links[i];
        if ((toward_replicas ? link.owner_part : link.replica_part) != part) continue;
        first_word_[i] = words;
        for (uint32_t local : toward_replicas ? link.owner_local : link.replica_local) ++offsets[local + 1];
        words += (link.owner_local.size() + 31) / 32;
    }
    if (words * 32 > UINT32_MAX)
        fail(GG_ERROR_UNSUPPORTED, "part %u sends %llu link entries; a flag map addresses at most 2^32 bits", part,
             (unsigned long long)(words * 32));
    for (uint32_t l = 0; l < size; ++l) offsets[l + 1] += offsets[l];
    // Each local id's bits, at a cursor per id.
    std::vector<uint32_t> bits(offsets[size]), cursor(offsets.begin(), offsets.end() - 1);
    for (size_t i = 0; i < plan.links.size(); ++i) {
        const ReplicaLink &link = plan.links[i];
        if ((toward_replicas ? link.owner_part : link.replica_part) != part) continue;
        const std::vector<uint32_t> &ids = toward_replicas ? link.owner_local : link.replica_local;
        for (size_t e = 0; e < ids.size(); ++e) bits[cursor[ids[e]]++] = uint32_t(first_word_[i] * 32 + e);
    }
    double unused = 0;  // (timed by nobody: a plan's maps are built once)
    offsets_ = upload(offsets, "a part's link flag offsets", stream, unused);
    bits_ = upload(bits, "a part's link flag bits", stream, unused);
    words_ = DeviceArray<uint32_t>(std::max<uint64_t>(words, 1), "a part's link flags");
    clear(stream);
}

void SentFlags::clear(cudaStream_t stream) const {
    GG_CUDA_CHECK(cudaMemsetAsync(words_.get(), 0, words_.bytes(), stream));
}

}  // namespace gg::cuda
