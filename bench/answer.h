// A kernel's answer as gg-bench keeps and compares it for the partitioned
// runs (--parts): the buffer every run writes, the copy a baseline keeps once
// the serial verifier passed it (its timed trials overwrite the buffer
// afterwards), and the vertex-by-vertex comparison of a partitioned run's
// answer with that copy, which replaces the serial verifier for those runs.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "format.h"

namespace bench {

template <class T>
class Answer {
public:
    Answer() = default;
    explicit Answer(size_t size) : last_(size) {}
    T *data() { return last_.data(); }
    // The last run's answer.
    const std::vector<T> &last() const { return last_; }
    void keep() {
        kept_ = last_;
        has_kept_ = true;
    }
    bool has_kept() const { return has_kept_; }
    // What runs are compared with: the kept answer, else the last run's.
    const std::vector<T> &reference() const { return has_kept_ ? kept_ : last_; }

private:
    std::vector<T> last_, kept_;
    bool has_kept_ = false;
};

inline std::string value_text(uint32_t value) { return format("%u", value); }
// Enough digits to tell any two different values apart.
inline std::string value_text(float value) { return format("%.9g", double(value)); }
inline std::string value_text(double value) { return format("%.17g", value); }

// Where the answer is unique (depths, distances and widths of integer
// weights, smallest-id labels) every correct run gives the same bits. NaN
// never equals, so a NaN is always a finding: the verified baseline has none.
struct Exactly {
    template <class T>
    bool operator()(T value, T baseline, size_t) const {
        return value == baseline;
    }
};

// |a - b| <= relative |b| + absolute: the tolerance of a verifier whose
// values depend on the order of a sum. Equal infinities agree; NaN never does.
struct Within {
    double relative, absolute;
    bool operator()(double value, double baseline, size_t) const {
        return value == baseline || std::fabs(value - baseline) <= relative * std::fabs(baseline) + absolute;
    }
};

// "" when `agree(answer[v], baseline[v], v)` holds for every vertex v, else
// the first vertex where it fails, naming `what` it holds and both values.
template <class T, class Agree>
std::string compare_vertices(const char *what, const std::vector<T> &answer, const std::vector<T> &baseline,
                             Agree agree) {
    if (answer.size() != baseline.size())
        return format("the answer has %zu vertices, the baseline %zu", answer.size(), baseline.size());
    for (size_t v = 0; v < answer.size(); ++v)
        if (!agree(answer[v], baseline[v], v))
            return format("vertex %zu has %s %s, the baseline %s", v, what, value_text(answer[v]).c_str(),
                          value_text(baseline[v]).c_str());
    return "";
}

}  // namespace bench
