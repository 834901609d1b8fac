#include "graph/graph.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <mutex>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/huge_pages.h"
#include "core/parallel_scan.h"
#include "core/trace.h"

namespace gg {

namespace {

std::atomic<uint64_t> next_graph_uid{1};

struct ReleaseListeners {
    std::mutex mutex;
    std::vector<std::pair<GraphReleaseListener, void *>> listeners;
};

ReleaseListeners &release_listeners() {
    static ReleaseListeners *listeners = new ReleaseListeners;  // outlives static destruction
    return *listeners;
}

}  // namespace

void add_graph_release_listener(GraphReleaseListener callback, void *listener) {
    ReleaseListeners &r = release_listeners();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.listeners.emplace_back(callback, listener);
}

void remove_graph_release_listener(void *listener) {
    ReleaseListeners &r = release_listeners();
    std::lock_guard<std::mutex> lock(r.mutex);
    for (auto it = r.listeners.begin(); it != r.listeners.end();)
        it = it->second == listener ? r.listeners.erase(it) : it + 1;
}

Graph::Lazy::Lazy() : uid(next_graph_uid.fetch_add(1)) {}

Graph::Lazy::~Lazy() {
    ReleaseListeners &r = release_listeners();
    std::lock_guard<std::mutex> lock(r.mutex);
    for (const auto &[callback, listener] : r.listeners) callback(uid, listener);
}

const Csr &Graph::in() const {
    if (undirected) return out;
    std::call_once(lazy_->in_once, [this] {
        BuildTrace trace(format("in-edges of %u vertices, %llu edges", out.n, (unsigned long long)m()));
        lazy_->in = std::make_unique<Csr>(transpose(out));
        trace.phase("transposed");
    });
    return *lazy_->in;
}

bool Graph::in_is_built() const { return undirected || lazy_->in != nullptr; }

uint32_t Graph::source_of(uint64_t e) const {
    auto it = std::upper_bound(out.offsets.begin(), out.offsets.end(), e);
    return static_cast<uint32_t>((it - out.offsets.begin()) - 1);
}

namespace {

// A float's bits as a signed integer of the same order (finite floats; -0
// just below +0), so that the min and max below are integer reductions the
// compiler vectorises without -ffast-math.
int32_t order_key(float x) {
    int32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b ^ ((b >> 31) & 0x7fffffff);
}

float from_order_key(int32_t k) {
    const int32_t b = k ^ ((k >> 31) & 0x7fffffff);
    float x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

}  // namespace

// Weights are finite here: every reader and builder rejects the others.
void WeightFacts::add(const float *w, uint64_t first_edge, uint64_t count) {
    if (count == 0) return;
    int32_t lo = order_key(any_ ? lo_ : w[0]), hi = order_key(any_ ? hi_ : w[0]);
    int integer = 1, negative = 0;
    // Integer operations on the bits, so that the loop vectorises without
    // -ffast-math.
    for (uint64_t e = 0; e < count; ++e) {
        int32_t bits;
        std::memcpy(&bits, w + e, sizeof bits);
        const int32_t magnitude = bits & 0x7fffffff;
        const int32_t k = bits ^ ((bits >> 31) & 0x7fffffff);
        lo = k < lo ? k : lo;
        hi = k > hi ? k : hi;
        negative |= int(bits < 0) & int(magnitude != 0);  // -0 is not below zero
        // An integer below 2^24: every float from 2^23 up is one; below,
        // adding and taking away 2^23 rounds to the nearest integer and
        // changes only a value that is not one. (floor() was a library call
        // per edge; a float-to-int conversion keeps GCC from vectorising.)
        float size;
        std::memcpy(&size, &magnitude, sizeof size);
        const float rounded = (size + 8388608.0f) - 8388608.0f;
        int32_t rounded_bits;
        std::memcpy(&rounded_bits, &rounded, sizeof rounded_bits);
        integer &= int(magnitude < 0x4b800000) & (int(magnitude >= 0x4b000000) | int(rounded_bits == magnitude));
    }
    lo_ = from_order_key(lo);
    hi_ = from_order_key(hi);
    any_ = true;
    integer_ = integer_ && integer != 0;
    if (negative && first_negative_ == UINT64_MAX)
        for (uint64_t e = 0; e < count; ++e)
            if (w[e] < 0) {
                first_negative_ = first_edge + e;
                break;
            }
}

void WeightFacts::merge(const WeightFacts &other) {
    if (!other.any_) return;
    lo_ = any_ ? std::min(lo_, other.lo_) : other.lo_;
    hi_ = any_ ? std::max(hi_, other.hi_) : other.hi_;
    any_ = true;
    integer_ = integer_ && other.integer_;
    first_negative_ = std::min(first_negative_, other.first_negative_);
}

void WeightFacts::store(Graph &g) const {
    g.min_weight = any_ ? lo_ : 1.0f;
    g.max_weight = any_ ? hi_ : 1.0f;
    g.has_negative_weight = first_negative_ != UINT64_MAX;
    g.first_negative_edge = g.has_negative_weight ? first_negative_ : 0;
    g.integer_weights = integer_;
}

// One parallel pass: it runs on every load and build, so it must not be the
// serial tail of an otherwise parallel pipeline.
void compute_weight_facts(Graph &g) {
    const float *w = g.out.weights.data();
    const uint64_t m = g.out.weights.size();
    constexpr uint64_t kPiece = uint64_t(1) << 16;
    WeightFacts facts;
#pragma omp parallel
    {
        WeightFacts mine;
#pragma omp for schedule(static)
        for (int64_t piece = 0; piece < int64_t((m + kPiece - 1) / kPiece); ++piece) {
            const uint64_t from = uint64_t(piece) * kPiece;
            mine.add(w + from, from, std::min(kPiece, m - from));
        }
#pragma omp critical(gg_weight_facts)
        facts.merge(mine);
    }
    facts.store(g);
}

// Counting sort by destination. Sources are scanned in increasing order, so a
// sequential scatter leaves every in-list sorted; the scatter is parallel over
// destination ranges to keep it fast without per-thread histograms of size n.
// Each thread owns a contiguous range [lo, hi) of destinations and visits
// their edges in source order (visit_edges_into), writing without atomics.
Csr transpose(const Csr &csr) {
    Csr t;
    const uint32_t n = csr.n;
    const uint64_t m = csr.num_edges();
    t.n = n;
    t.offsets.assign(uint64_t(n) + 1, 0);
    std::vector<std::atomic<uint32_t>> counts(n);
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v < int64_t(n); ++v) counts[v].store(0, std::memory_order_relaxed);
#pragma omp parallel for schedule(static)
    for (int64_t e = 0; e < int64_t(m); ++e) counts[csr.indices[e]].fetch_add(1, std::memory_order_relaxed);
    fill_offsets(n, [&](uint64_t v) { return uint64_t(counts[v].load(std::memory_order_relaxed)); }, t.offsets.data());
    std::vector<std::atomic<uint32_t>>().swap(counts);
    resize_huge(t.indices, m);
    resize_huge(t.weights, m);
    std::vector<uint64_t> cursor(t.offsets.begin(), t.offsets.end() - 1);
#pragma omp parallel
    {
        int threads = 1, me = 0;
#ifdef _OPENMP
        threads = omp_get_num_threads();
        me = omp_get_thread_num();
#endif
        const uint32_t lo = uint32_t(uint64_t(n) * me / threads), hi = uint32_t(uint64_t(n) * (me + 1) / threads);
        visit_edges_into(csr, lo, hi, [&](uint32_t u, uint64_t e) {
            const uint64_t p = cursor[csr.indices[e]]++;
            t.indices[p] = u;
            t.weights[p] = csr.weights[e];
            return true;
        });
    }
    return t;
}

}  // namespace gg
