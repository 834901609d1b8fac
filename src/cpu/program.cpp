// The CPU's vertex-program engine: the reference for the supersteps of
// docs/programs.md, which the GPU engine (cuda/engines/program_engine.cu)
// must match. Both models of the papers:
//   CuSha (paper 000, §3): init_compute / compute / update_condition, each
//     computed vertex pulling its in-edges into a local copy;
//   Medusa's Edge-Message-Vertex (paper 002, §3): out-edges of active
//     vertices send messages, combined per receiver, applied per vertex.
// Both run over CSR/CSC with frontiers: a superstep touches the active
// vertices and their out-neighbours only. Messages are combined in in-edge
// order, so every result is deterministic and independent of the thread
// count.
#include <algorithm>
#include <cstring>
#include <vector>

#include "core/error.h"
#include "core/timer.h"
#include "cpu/cpu.h"
#include "cpu/primitives/parallel.h"
#include "program/host_jit.h"

namespace gg::cpu {

namespace {

using program::Desc;

// Vertices as a list plus a membership flag, so a superstep costs the list,
// not n.
struct VertexSet {
    std::vector<uint32_t> list;
    std::vector<uint8_t> member;
    explicit VertexSet(uint32_t n) : member(n, 0) {}
    void clear() {
        for (uint32_t v : list) member[v] = 0;
        list.clear();
    }
};

// Adds every vertex some(u) yields (u over `from`) to `to`, in parallel.
template <class Each>
void gather(const std::vector<uint32_t> &from, VertexSet &to, uint64_t work, Each &&each) {
#pragma omp parallel if (worth_parallel(work))
    {
        std::vector<uint32_t> mine;
        auto add = [&](uint32_t v) {
            if (__atomic_exchange_n(&to.member[v], uint8_t(1), __ATOMIC_RELAXED) == 0) mine.push_back(v);
        };
#pragma omp for schedule(dynamic, 64) nowait
        for (size_t i = 0; i < from.size(); ++i) each(from[i], add);
#pragma omp critical
        to.list.insert(to.list.end(), mine.begin(), mine.end());
    }
}

// Built-in combiners on a scalar message.
template <class T>
void combine_scalar(gg_combiner combiner, void *acc, const void *msg) {
    T a, m;
    std::memcpy(&a, acc, sizeof a);
    std::memcpy(&m, msg, sizeof m);
    // GG_COMBINE_UNORDERED_SUM adds in in-edge order here too: any order is its contract.
    const bool sum = combiner == GG_COMBINE_SUM || combiner == GG_COMBINE_UNORDERED_SUM;
    T r = sum ? T(a + m) : combiner == GG_COMBINE_MIN ? (m < a ? m : a) : (m > a ? m : a);
    std::memcpy(acc, &r, sizeof r);
}

using Combine = void (*)(gg_combiner, void *, const void *);

Combine builtin_combine(gg_scalar_type type) {
    switch (type) {
    case GG_SCALAR_INT32: return combine_scalar<int32_t>;
    case GG_SCALAR_UINT32: return combine_scalar<uint32_t>;
    case GG_SCALAR_INT64: return combine_scalar<int64_t>;
    case GG_SCALAR_UINT64: return combine_scalar<uint64_t>;
    case GG_SCALAR_FLOAT: return combine_scalar<float>;
    case GG_SCALAR_DOUBLE: return combine_scalar<double>;
    default: return nullptr;
    }
}

class Engine {
public:
    Engine(const Graph &g, const Desc &desc, const gg_program_functions &f, uint8_t *values,
           const program::RunSettings &settings)
        : g_(g), in_(g.in()), desc_(desc), f_(f), values_(values), vs_(desc.vertex_size), active_(g.n()),
          next_(g.n()) {
        globals_.num_vertices = g.n();
        globals_.num_edges = g.m();
        globals_.source = settings.source;
        std::memcpy(globals_.params, settings.params, sizeof globals_.params);
    }

    // Edge values in in-edge order (what both models read).
    void init_edges() {
        if (desc_.edge_size == 0) {
            edges_ = reinterpret_cast<const uint8_t *>(in_.weights.data());
            return;
        }
        const uint32_t es = desc_.edge_size;
        edge_store_.assign(in_.num_edges() * es, 0);
        const uint32_t n = g_.n();
#pragma omp parallel for schedule(dynamic, 256) if (worth_parallel(in_.num_edges()))
        for (uint32_t v = 0; v < n; ++v)
            for (uint64_t e = in_.offsets[v]; e < in_.offsets[v + 1]; ++e)
                f_.init_edge(&edge_store_[e * es], in_.indices[e], v, in_.weights[e], &globals_);
        edges_ = edge_store_.data();
    }

    void init_values(bool keep_values) {
        const uint32_t n = g_.n();
        if (keep_values) {
            for (uint32_t v = 0; v < n; ++v) active_.member[v] = 1;
            active_.list.resize(n);
            for (uint32_t v = 0; v < n; ++v) active_.list[v] = v;
        } else {
#pragma omp parallel for schedule(static) if (worth_parallel(n))
            for (uint32_t v = 0; v < n; ++v) {
                gg_vertex_info info = info_of(v);
                active_.member[v] = f_.init(value(v), &info, &globals_) != 0 ? 1 : 0;
            }
            for (uint32_t v = 0; v < n; ++v)
                if (active_.member[v]) active_.list.push_back(v);
        }
        if (desc_.num_aggregates > 0) aggregate(values_);
    }

    // Runs supersteps until convergence or the cap; returns whether it converged.
    bool run(uint32_t cap, RunReport &report) {
        for (uint32_t t = 0;; ++t) {
            globals_.iteration = t;
            if (desc_.has_halt && f_.halt(&globals_) != 0) return finish(t, report, true);
            if (active_.list.empty()) return finish(t, report, true);
            if (t == cap) return finish(t, report, false);
            if (desc_.model == GG_PROGRAM_CUSHA || desc_.num_aggregates > 0)
                old_.assign(values_, values_ + uint64_t(g_.n()) * vs_);
            if (desc_.emv())
                emv_step();
            else
                cusha_step();
            if (desc_.num_aggregates > 0) aggregate(old_.data());
            active_.clear();
            std::swap(active_, next_);
        }
    }

private:
    const Graph &g_;
    const Csr &in_;
    const Desc &desc_;
    const gg_program_functions &f_;
    uint8_t *values_;
    const uint32_t vs_;
    gg_program_globals globals_{};
    VertexSet active_, next_;
    std::vector<uint8_t> old_, edge_store_;
    const uint8_t *edges_ = nullptr;
    uint64_t edges_visited_ = 0;

    uint8_t *value(uint32_t v) { return values_ + uint64_t(v) * vs_; }
    const uint8_t *edge(uint64_t e) const { return edges_ + e * desc_.edge_bytes(); }
    gg_vertex_info info_of(uint32_t v) const {
        return gg_vertex_info{v, g_.out.degree(v), in_.degree(v), 0};
    }

    bool finish(uint32_t supersteps, RunReport &report, bool converged) {
        report.iterations = supersteps;
        report.edges_visited = edges_visited_;
        return converged;
    }

    // The vertices to compute: the active ones and their out-neighbours.
    void reach(VertexSet &into) {
        const Csr &out = g_.out;
        gather(active_.list, into, 16 * active_.list.size(), [&](uint32_t u, auto &add) {
            add(u);
            for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) add(out.indices[e]);
        });
    }

    // CuSha: each vertex of W pulls its in-edges into a local copy.
    void cusha_step() {
        VertexSet work(0);
        work.member.swap(scratch_);
        work.member.resize(g_.n(), 0);
        reach(work);
        const uint8_t *old = old_.data();
        uint64_t scanned = 0;
        std::vector<uint8_t> updated(work.list.size(), 0);
#pragma omp parallel if (worth_parallel(work.list.size()))
        {
            std::vector<uint8_t> local(vs_);
#pragma omp for schedule(dynamic, 64) reduction(+ : scanned)
            for (size_t i = 0; i < work.list.size(); ++i) {
                uint32_t v = work.list[i];
                gg_vertex_info info = info_of(v);
                const uint8_t *mine = old + uint64_t(v) * vs_;
                f_.init_compute(local.data(), mine, &info, &globals_);
                for (uint64_t e = in_.offsets[v]; e < in_.offsets[v + 1]; ++e)
                    f_.compute(old + uint64_t(in_.indices[e]) * vs_, edge(e), local.data(), &globals_);
                scanned += in_.offsets[v + 1] - in_.offsets[v];
                if (f_.update_condition(local.data(), mine, &info, &globals_) != 0) {
                    std::memcpy(value(v), local.data(), vs_);
                    updated[i] = 1;
                }
            }
        }
        edges_visited_ += scanned;
        for (size_t i = 0; i < work.list.size(); ++i)
            if (updated[i]) {
                next_.member[work.list[i]] = 1;
                next_.list.push_back(work.list[i]);
            }
        work.clear();
        scratch_.swap(work.member);
    }

    // EMV: receivers combine, in in-edge order, the messages of their active
    // in-neighbours; then receivers and active vertices apply.
    void emv_step() {
        VertexSet work(0);
        work.member.swap(scratch_);
        work.member.resize(g_.n(), 0);
        reach(work);
        const uint32_t ms = desc_.message_size;
        const Combine builtin = builtin_combine(desc_.message_type);
        std::vector<uint8_t> inbox(work.list.size() * uint64_t(ms));
        std::vector<uint8_t> received(work.list.size(), 0);
        uint64_t scanned = 0;
#pragma omp parallel if (worth_parallel(work.list.size()))
        {
            std::vector<uint8_t> message(ms);
#pragma omp for schedule(dynamic, 64) reduction(+ : scanned)
            for (size_t i = 0; i < work.list.size(); ++i) {
                uint32_t v = work.list[i];
                uint8_t *acc = &inbox[i * ms];
                for (uint64_t e = in_.offsets[v]; e < in_.offsets[v + 1]; ++e) {
                    uint32_t u = in_.indices[e];
                    if (!active_.member[u]) continue;
                    ++scanned;
                    if (f_.send(value(u), edge(e), message.data(), &globals_) == 0) continue;
                    if (!received[i])
                        std::memcpy(acc, message.data(), ms);
                    else if (builtin != nullptr)
                        builtin(desc_.combiner, acc, message.data());
                    else
                        f_.combine(acc, message.data());
                    received[i] = 1;
                }
            }
        }
        edges_visited_ += scanned;
        std::vector<uint8_t> stays(work.list.size(), 0);
#pragma omp parallel for schedule(dynamic, 256) if (worth_parallel(work.list.size()))
        for (size_t i = 0; i < work.list.size(); ++i) {
            uint32_t v = work.list[i];
            if (!received[i] && !active_.member[v]) continue;
            gg_vertex_info info = info_of(v);
            stays[i] = f_.apply(value(v), received[i] ? &inbox[i * ms] : nullptr, &info, &globals_) != 0;
        }
        for (size_t i = 0; i < work.list.size(); ++i)
            if (stays[i]) {
                next_.member[work.list[i]] = 1;
                next_.list.push_back(work.list[i]);
            }
        work.clear();
        scratch_.swap(work.member);
    }

    // globals.aggregates = the sums of aggregate(old, new) over every vertex:
    // per fixed block of vertices, then the blocks in order, so the sums do
    // not depend on the thread count.
    void aggregate(const uint8_t *old) {
        constexpr uint32_t block = 4096;
        const uint32_t n = g_.n();
        const uint32_t blocks = n / block + 1;
        std::vector<double> partial(size_t(blocks) * GG_PROGRAM_MAX_AGGREGATES, 0.0);
#pragma omp parallel for schedule(dynamic, 1) if (worth_parallel(n))
        for (uint32_t b = 0; b < blocks; ++b) {
            double *sums = &partial[size_t(b) * GG_PROGRAM_MAX_AGGREGATES];
            const uint32_t end = uint32_t(std::min<uint64_t>(n, uint64_t(b + 1) * block));
            for (uint32_t v = b * block; v < end; ++v) {
                gg_vertex_info info = info_of(v);
                f_.aggregate(old + uint64_t(v) * vs_, value(v), &info, sums);
            }
        }
        for (int k = 0; k < GG_PROGRAM_MAX_AGGREGATES; ++k) {
            double total = 0;
            for (uint32_t b = 0; b < blocks; ++b) total += partial[size_t(b) * GG_PROGRAM_MAX_AGGREGATES + k];
            globals_.aggregates[k] = k < int(desc_.num_aggregates) ? total : 0.0;
        }
    }

    std::vector<uint8_t> scratch_;  // a membership array reused across supersteps
};

}  // namespace

void run_program(const Graph &g, program::Program &program, void *values, const program::RunSettings &settings,
                 const RunConfig &config, RunReport &report, program::ProgramReport &outcome) {
    program::BuildReport build;
    Stopwatch prepare;
    const gg_program_functions &functions = program::host_functions(program, build);
    g.in();  // the CSC, built once per graph
    report.preprocess_ms += prepare.elapsed_ms();

    Stopwatch compute;
    Engine engine(g, program.desc, functions, static_cast<uint8_t *>(values), settings);
    engine.init_edges();
    engine.init_values(settings.keep_values);
    outcome.converged = engine.run(settings.max_iterations, report);
    report.compute_ms = compute.elapsed_ms();
    report.layout = GG_LAYOUT_CSR;
}

}  // namespace gg::cpu
