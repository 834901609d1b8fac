// SpMV check against a serial sum in double of w(u,v) * x(u) over the
// in-edges of each v. The kernel sums in float in an order of its own, so
// each y(v) may differ by the bound of recursive float summation,
// (in-degree) * 2^-24 * sum of |terms|; a wrong or missing term on any
// low-degree vertex still shows far beyond it.
#include <cmath>
#include <vector>

#include "verify.h"

namespace bench {

std::string verify_spmv(const HostCsr &g, const float *x, const float *y) {
    std::vector<double> sum(g.n, 0.0), magnitude(g.n, 0.0);
    std::vector<uint64_t> in_degree(g.n, 0);
    for (uint32_t u = 0; u < g.n; ++u)
        for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
            uint32_t v = g.indices[e];
            double term = double(g.weights[e]) * double(x[u]);
            sum[v] += term;
            magnitude[v] += std::fabs(term);
            ++in_degree[v];
        }
    const double unit_roundoff = std::ldexp(1.0, -24);
    for (uint32_t v = 0; v < g.n; ++v) {
        double bound = double(in_degree[v] + 1) * unit_roundoff * magnitude[v] + 1e-30;
        if (!(std::fabs(double(y[v]) - sum[v]) <= bound))
            return format("vertex %u has y = %.9g; the serial sum over its %llu in-edges is %.9g", v, double(y[v]),
                          (unsigned long long)in_degree[v], sum[v]);
    }
    return "";
}

}  // namespace bench
