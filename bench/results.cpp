// Small helpers of the result model (see results.h).
#include "results.h"

#include <algorithm>

namespace bench {

Spread spread_of(std::vector<double> values) {
    Spread s;
    if (values.empty()) return s;
    std::sort(values.begin(), values.end());
    size_t k = values.size();
    s.min = values.front();
    s.max = values.back();
    s.median = k % 2 ? values[k / 2] : 0.5 * (values[k / 2 - 1] + values[k / 2]);
    return s;
}

const char *backend_name(gg_backend backend) {
    switch (backend) {
    case GG_BACKEND_AUTO: return "auto";
    case GG_BACKEND_CPU: return "cpu";
    case GG_BACKEND_CUDA: return "cuda";
    }
    return "unknown";
}

// The library's names (those of `gg run --layout` and of its --stats
// output), so that a report and a CLI run name a layout alike.
const char *layout_name(gg_layout layout) {
    const char *name = gg_layout_name(layout);
    return name != nullptr ? name : "unknown";
}

}  // namespace bench
