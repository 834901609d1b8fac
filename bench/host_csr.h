// A host copy of a graph's CSR arrays, taken through the public API
// (gg_graph_copy_csr), for the serial verifiers of verify/ and the source
// picker.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gg.h"
#include "verify.h"

namespace bench {

struct HostCsr {
    uint32_t n = 0;
    uint64_t m = 0;
    std::vector<uint64_t> offsets;  // n + 1
    std::vector<uint32_t> indices;  // m out-neighbours
    std::vector<float> weights;     // m

    uint64_t degree(uint32_t v) const { return offsets[v + 1] - offsets[v]; }
    // What the verifiers read; valid while this copy lives unchanged.
    verify_csr view() const { return verify_csr{n, m, offsets.data(), indices.data(), weights.data()}; }
};

// A verifier's finding as gg-bench reports it: "" when the result holds.
inline std::string finding_text(const verify_finding &finding) {
    return finding.failed ? std::string(finding.message) : std::string();
}

// Copies the CSR of `graph`; on failure returns false with the library's message.
bool copy_host_csr(gg_context *context, const gg_graph *graph, HostCsr &csr, std::string &error);

}  // namespace bench
