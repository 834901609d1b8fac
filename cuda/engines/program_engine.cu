// The vertex-program engine on the GPU: the host loop over the supersteps
// of docs/programs.md, running the kernels that cuda/jit/program_kernels.cuh
// defines for the program (compiled by NVRTC on first use,
// cuda/jit/device_program.cu). The models are CuSha's (paper 000, §3:
// init_compute / compute / update_condition over W = A ∪ out(A)) and
// Medusa's Edge-Message-Vertex (paper 002, §3 and §4.1: send along the
// active queue's out-edges, combine, apply, SetActive as apply's result);
// the kernel file's header says how each step runs, why an order-free
// combiner pushes (and pulls when many vertices are active) while a
// program's own combiner and an ordered float sum pull in in-edge order.
//
// State is allocated per run (its sizes are the program's), over the
// graph's cached device CSR and CSC (layouts/device_layouts.cuh), and for a
// CuSha program run on layout gshards or cw over CuSha's shards as well
// (jit/shard_kernels.cuh: the superstep's compute walks the shards W
// reaches and a write-back refreshes their SrcValue column). One
// superstep: a 1-thread kernel starts it (globals.iteration, the queue the
// last step built, halt), the host reads its counters (the one
// synchronisation of a superstep) and either stops or runs the step's
// kernels, each sized from the counts just read. Nothing but the
// aggregates, which the contract sums over every vertex, costs more than
// the active queue and its edges; when every vertex is active, CuSha and
// the pull take W = V without building it.
//
// Statistics: compute_ms is the supersteps; preprocess_ms is compiling or
// loading the program on its first use on the device, the CSC if no run
// built it yet, and initialisation (init_edge, init, the first
// aggregates); transfer_ms the values' copies and layout uploads;
// iterations the supersteps run; edges_visited the edges the supersteps
// scanned (EMV: the active vertices' out-edges; CuSha: the computed
// vertices' in-edges), as the CPU counts them.
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "core/error.h"
#include "core/timer.h"
#include "cuda_backend.h"
#include "jit/device_program.cuh"
#include "layouts/device_layouts.cuh"
#include "runtime/runtime.cuh"

// The kernels' argument struct, shared with the NVRTC side.
#define GG_ENGINE_LAYOUT_ONLY 1
#include "jit/program_kernels.cuh"
#include "jit/shard_kernels.cuh"
#undef GG_ENGINE_LAYOUT_ONLY

namespace gg::cuda {

namespace {

using program::Desc;

// How a superstep runs (program_kernels.cuh decides the same way by its
// macros; a mismatch shows as a missing kernel, GG_ERROR_INTERNAL).
enum class Step { cusha, push, pull };

Step step_of(const Desc &d) {
    if (!d.emv()) return Step::cusha;
    const bool float_sum =
        d.combiner == GG_COMBINE_SUM && (d.message_type == GG_SCALAR_FLOAT || d.message_type == GG_SCALAR_DOUBLE);
    return d.combiner == GG_COMBINE_USER || float_sum ? Step::pull : Step::push;
}

// A push program (an order-free combiner) may pull a superstep instead
// when its edges are plain weights (a pull reads the in-edges', which the
// run then uploads) and GG_PROGRAM_DIRECTION does not say push.
enum class Direction { automatic, push, pull };

Direction direction_from_environment() {
    const char *value = std::getenv("GG_PROGRAM_DIRECTION");
    if (value == nullptr || value[0] == '\0' || std::strcmp(value, "auto") == 0) return Direction::automatic;
    if (std::strcmp(value, "push") == 0) return Direction::push;
    if (std::strcmp(value, "pull") == 0) return Direction::pull;
    fail(GG_ERROR_INVALID_ARGUMENT, "GG_PROGRAM_DIRECTION is '%s': it takes push, pull or auto", value);
}

// A push superstep costs the active queue's out-edges, each an atomic on a
// random inbox slot; a pull costs every in-edge, a coalesced read and a test
// of its source's bit (the bits of 2^22 vertices take 512 KiB). The pull
// pays once the queue's out-edges are more than about a sixteenth of m: with
// that rule the BFS, SSSP and CC programs beat both forced push and forced
// pull on kron and urand at scale 22 on an H200
// (bench/results/programs-2026-11-27-s41.md).
constexpr uint64_t kPullShare = 16;

// Whether the kernels stage a fold's operands (program_kernels.cuh's
// GGK_STAGED_FOLD): CuSha's source and edge values, or the pull's message.
bool staged_fold(const Desc &d) {
    if (!d.emv()) return d.vertex_size + (d.edge_size > 0 ? d.edge_size : sizeof(float)) <= GG_STAGE_BYTES;
    return d.message_size <= GG_STAGE_BYTES;
}

template <class... Args>
void launch(cudaKernel_t kernel, uint64_t blocks, cudaStream_t stream, Args... args) {
    void *pointers[] = {static_cast<void *>(&args)...};
    GG_CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void *>(kernel), dim3(static_cast<unsigned>(blocks)),
                                   dim3(GG_ENGINE_THREADS), pointers, 0, stream));
}

class ProgramRun {
public:
    ProgramRun(const Graph &g, const Desc &desc, const DeviceProgram &code, const DeviceInfo &info,
               const program::RunSettings &settings, gg_layout layout, RunReport &report)
        : g_(g), desc_(desc), info_(info), settings_(settings), report_(report), step_(step_of(desc)),
          direction_(direction_from_environment()), layouts_(g, info, stream_.get(), report),
          counters_host_(sizeof(gg_engine_counters)) {
        const bool push = step_ == Step::push, cusha = step_ == Step::cusha;
        sharded_ = cusha && (layout == GG_LAYOUT_GSHARDS || layout == GG_LAYOUT_CW);
        if (!cusha && layout != GG_LAYOUT_CSR)
            fail(GG_ERROR_INTERNAL, "an EMV program reached the GPU engine with layout %s", gg_layout_name(layout));
        sh_.concatenated = layout == GG_LAYOUT_CW ? 1 : 0;
        may_pull_ = push && desc.edge_size == 0 && direction_ != Direction::push;
        if (may_pull_) {
            k_.list_in_hubs = code.kernel("ggk_list_in_hubs");
            k_.mark_active = code.kernel("ggk_mark_active");
            k_.pull_gather = code.kernel("ggk_pull_gather");
            k_.pull_hubs = code.kernel("ggk_pull_hubs");
        }
        k_.begin = code.kernel("ggk_begin");
        k_.init = code.kernel(settings.keep_values ? "ggk_all_active" : "ggk_init_vertices");
        if (desc.edge_size > 0) k_.init_edges = code.kernel(push ? "ggk_init_out_edges" : "ggk_init_in_edges");
        k_.visit = code.kernel("ggk_visit");
        k_.visit_hubs = code.kernel("ggk_visit_hubs");
        if (!cusha && !push) k_.combine = code.kernel("ggk_pull_combine");
        // Hub folds exist where operands are staged (GGK_STAGED_FOLD: up
        // to GG_STAGE_BYTES of them); the kernels list no hub otherwise.
        if (!push && staged_fold(desc)) k_.fold_hubs = code.kernel(cusha ? "ggk_cusha_fold_hubs" : "ggk_pull_fold_hubs");
        k_.update = code.kernel(cusha ? "ggk_cusha_compute" : push ? "ggk_push_apply" : "ggk_pull_apply");
        k_.finish = code.kernel(cusha ? "ggk_cusha_finish" : push ? "ggk_push_finish" : "ggk_pull_finish");
        if (desc.num_aggregates > 0) {
            k_.aggregate = code.kernel("ggk_aggregate");
            k_.aggregate_total = code.kernel("ggk_aggregate_total");
        }
        if (sharded_) {
            if (desc.edge_size > 0) k_.init_edges = code.kernel("ggk_shard_init_edges");
            k_.fold_hubs = nullptr;  // a shard's destinations fold in its warps
            k_.update = code.kernel("ggk_shard_compute");
            k_.shard_load = code.kernel("ggk_shard_load");
            k_.shard_mark = code.kernel("ggk_shard_mark");
            k_.shard_write_back = code.kernel("ggk_shard_write_back");
        }
    }

    void run(void *values, program::ProgramReport &outcome) {
        allocate();
        const uint64_t value_bytes = uint64_t(g_.n()) * desc_.vertex_size;
        copy_to_device(values_.get(), values, value_bytes, stream_.get(), report_.transfer_ms);
        initialise();
        outcome.converged = supersteps();
        copy_to_host(values, values_.get(), value_bytes, stream_.get(), report_.transfer_ms);
        report_.device_bytes = layouts_.device_bytes();
    }

private:
    const Graph &g_;
    const Desc &desc_;
    const DeviceInfo &info_;
    const program::RunSettings &settings_;
    RunReport &report_;
    const Step step_;
    const Direction direction_;
    bool may_pull_ = false;
    bool sharded_ = false;  // CuSha over G-Shards or Concatenated Windows
    Stream stream_;
    RunLayouts layouts_;
    PinnedBuffer counters_host_;
    struct Kernels {
        cudaKernel_t begin, init, init_edges, visit, visit_hubs, combine, update, finish, aggregate, aggregate_total;
        cudaKernel_t list_in_hubs, mark_active, pull_gather, pull_hubs;  // a push program's pull
        cudaKernel_t fold_hubs;                                          // CuSha's and the pull's hubs
        cudaKernel_t shard_load, shard_mark, shard_write_back;          // CuSha over shards
    } k_{};

    gg_engine s_{};
    gg_shard_engine sh_{};
    uint32_t active_max_degree_ = 0;
    DeviceArray<uint8_t> values_, shadow_, out_edges_, in_edges_, inbox_, received_;
    DeviceArray<uint32_t> lists_[2], work_, flags_, chunks_, in_chunks_, folds_, active_bits_;
    DeviceArray<uint8_t> src_values_, shard_edges_;  // per shard entry
    DeviceArray<uint32_t> hot_, dirty_;              // per shard
    DeviceArray<gg_program_globals> globals_;
    DeviceArray<gg_engine_counters> counters_;
    DeviceArray<double> partials_;

    cudaStream_t stream() const { return stream_.get(); }
    uint64_t blocks(uint64_t threads) const { return uint64_t(grid_stride_blocks(threads, GG_ENGINE_THREADS, info_)); }
    uint64_t aggregate_blocks() const {
        return std::max<uint64_t>(1, std::min<uint64_t>(GG_AGGREGATE_BLOCKS,
                                                        (uint64_t(g_.n()) + GG_ENGINE_THREADS - 1) / GG_ENGINE_THREADS));
    }

    void zero(void *device, size_t bytes, int byte = 0) {
        if (bytes > 0) GG_CUDA_CHECK(cudaMemsetAsync(device, byte, bytes, stream()));
    }

    void allocate() {
        const uint64_t n = g_.n(), m = g_.m();
        const bool push = step_ == Step::push;
        // Push reads the out-edges' values; CuSha and pull the in-edges'.
        // Both directions' structure are read (out: W and degrees; in: the
        // pulls and in_degree; over shards, the in-degrees only).
        const DeviceCsr out = layouts_.edges(EdgeDirection::out, push);
        const DeviceCsr in = layouts_.edges(EdgeDirection::in, !sharded_ && (!push || may_pull_));
        if (sharded_) allocate_shards();
        const uint64_t value_bytes = n * desc_.vertex_size;
        values_ = DeviceArray<uint8_t>(value_bytes, "the program's vertex values");
        if (step_ == Step::cusha || desc_.num_aggregates > 0)
            shadow_ = DeviceArray<uint8_t>(value_bytes, "the program's second copy of the vertex values");
        if (desc_.edge_size > 0 && !sharded_) {
            (push ? out_edges_ : in_edges_) = DeviceArray<uint8_t>(m * desc_.edge_size, "the program's edge values");
        }
        for (auto &list : lists_) list = DeviceArray<uint32_t>(n, "the program's active queues");
        work_ = DeviceArray<uint32_t>(n, push ? "the program's receivers" : "the program's computed vertices");
        flags_ = DeviceArray<uint32_t>(n, "the program's vertex flags");
        chunks_ = DeviceArray<uint32_t>(2 * (m / GG_CHUNK_EDGES + m / GG_HUB_DEGREE + 1), "the program's hub chunks");
        if (k_.fold_hubs != nullptr) folds_ = DeviceArray<uint32_t>(m / GG_HUB_DEGREE + 1, "the program's hub folds");
        if (sharded_) {
            src_values_ = DeviceArray<uint8_t>(m * desc_.vertex_size, "the program's SrcValue column (a vertex value "
                                                                       "per shard entry)");
            if (desc_.edge_size > 0)
                shard_edges_ = DeviceArray<uint8_t>(m * desc_.edge_size, "the program's edge values per shard entry");
            hot_ = DeviceArray<uint32_t>(sh_.num_shards, "the program's shard flags");
            dirty_ = DeviceArray<uint32_t>(sh_.num_shards, "the program's range flags");
            zero(hot_.get(), hot_.bytes());
            zero(dirty_.get(), dirty_.bytes());
            sh_.src_values = src_values_.get();
            sh_.edges = desc_.edge_size > 0 ? static_cast<void *>(shard_edges_.get()) : const_cast<float *>(sh_.weights);
            sh_.hot = hot_.get();
            sh_.dirty = dirty_.get();
        }
        if (may_pull_) {
            active_bits_ = DeviceArray<uint32_t>(n / 32 + 1, "the program's active bits");
            zero(active_bits_.get(), active_bits_.bytes());
            in_chunks_ =
                DeviceArray<uint32_t>(2 * (m / GG_CHUNK_EDGES + m / GG_HUB_DEGREE + 1), "the program's in-edge hub chunks");
        }
        if (step_ != Step::cusha) {
            // push: one combined key per vertex; pull: one message per candidate.
            inbox_ = DeviceArray<uint8_t>(n * desc_.message_size, "the program's messages");
            if (!push) received_ = DeviceArray<uint8_t>(n, "the program's message flags");
        }
        globals_ = DeviceArray<gg_program_globals>(1, "the program's globals");
        counters_ = DeviceArray<gg_engine_counters>(1, "the program's counters");
        if (desc_.num_aggregates > 0)
            partials_ = DeviceArray<double>(GG_AGGREGATE_BLOCKS * GG_PROGRAM_MAX_AGGREGATES, "the program's aggregates");

        zero(flags_.get(), flags_.bytes());
        zero(counters_.get(), counters_.bytes());
        // A push inbox starts at its combiner's identity: all ones for MIN
        // (on the kernels' ordered keys), zeros for MAX and SUM.
        if (push) zero(inbox_.get(), inbox_.bytes(), desc_.combiner == GG_COMBINE_MIN ? 0xff : 0);

        gg_program_globals globals{};
        globals.num_vertices = g_.n();
        globals.num_edges = g_.m();
        globals.source = settings_.source;
        std::memcpy(globals.params, settings_.params, sizeof globals.params);
        copy_to_device(globals_.get(), &globals, sizeof globals, stream(), report_.transfer_ms);

        s_.n = g_.n();
        s_.m = g_.m();
        s_.out_offsets = out.offsets;
        s_.out_indices = out.indices;
        s_.out_weights = out.weights;
        s_.in_offsets = in.offsets;
        s_.in_indices = in.indices;
        s_.in_weights = in.weights;
        s_.out_edges = desc_.edge_size > 0 ? static_cast<void *>(out_edges_.get()) : const_cast<float *>(out.weights);
        s_.in_edges = desc_.edge_size > 0 ? static_cast<void *>(in_edges_.get()) : const_cast<float *>(in.weights);
        s_.values = values_.get();
        s_.shadow = shadow_.get();
        s_.inbox = inbox_.get();
        s_.received = received_.get();
        s_.active = lists_[0].get();
        s_.next = lists_[1].get();
        s_.work = work_.get();
        s_.flags = flags_.get();
        s_.chunks = chunks_.get();
        s_.globals = globals_.get();
        s_.counters = counters_.get();
        s_.partials = partials_.get();
        s_.in_chunks = in_chunks_.get();
        s_.folds = folds_.get();
        s_.active_bits = active_bits_.get();
    }

    // CuSha's arrays from the layout cache (built and uploaded on first use).
    void allocate_shards() {
        const DeviceShards shards = layouts_.shards(EdgeDirection::out);
        if (shards.n != g_.n() || (g_.n() != 0 && (shards.vertices_per_shard == 0 || shards.num_shards == 0)))
            fail(GG_ERROR_INTERNAL, "the program engine got shards of %u vertices in %u ranges for a graph of %u "
                 "vertices", shards.n, shards.num_shards, g_.n());
        sh_.vertices_per_shard = shards.vertices_per_shard;
        sh_.num_shards = shards.num_shards;
        sh_.shard_offsets = shards.shard_offsets;
        sh_.src_index = shards.src_index;
        sh_.dst_index = shards.dst_index;
        sh_.weights = shards.weights;
        sh_.window_offsets = shards.window_offsets;
        sh_.window_list = shards.window_list;
        sh_.window_shard = shards.window_shard;
        sh_.cw_offsets = shards.cw_offsets;
        sh_.cw_src_index = shards.cw_src_index;
        sh_.cw_mapper = shards.cw_mapper;
    }

    // A grid of a block per shard, up to what the device holds at once.
    uint64_t shard_grid() const {
        return std::max<uint64_t>(1, std::min<uint64_t>(sh_.num_shards, blocks(~uint64_t(0) >> 8)));
    }

    // init_edge, init (or keep_values), the first aggregates: A_0 is left in
    // s_.next with its count in the counters, for ggk_begin.
    void initialise() {
        EventTimer timer;
        timer.start(stream());
        const uint64_t n = g_.n();
        if (desc_.edge_size > 0) {
            if (!sharded_)
                launch(k_.init_edges, blocks(n * 32), stream(), s_);  // a warp per vertex
            else if (g_.m() > 0)
                launch(k_.init_edges, blocks(g_.m()), stream(), s_, sh_);  // a thread per shard entry
        }
        if (settings_.keep_values && shadow_.get() != nullptr)
            GG_CUDA_CHECK(cudaMemcpyAsync(shadow_.get(), values_.get(), values_.bytes(), cudaMemcpyDeviceToDevice,
                                          stream()));
        launch(k_.init, blocks(n), stream(), s_);
        if (sharded_ && g_.m() > 0) launch(k_.shard_load, blocks(g_.m()), stream(), s_, sh_);
        aggregate(values_.get(), values_.get());
        if (may_pull_) {
            launch(k_.list_in_hubs, blocks(n), stream(), s_);
            s_.in_chunk_count = read_counters().in_chunk_count;
        }
        timer.stop(stream());
        report_.preprocess_ms += timer.elapsed_ms();
    }

    void aggregate(const void *old_values, const void *new_values) {
        if (desc_.num_aggregates == 0) return;
        const uint64_t grid = aggregate_blocks();
        launch(k_.aggregate, grid, stream(), s_, old_values, new_values);
        launch(k_.aggregate_total, 1, stream(), s_, uint32_t(grid));
    }

    gg_engine_counters read_counters() {
        GG_CUDA_CHECK(cudaMemcpyAsync(counters_host_.get(), counters_.get(), sizeof(gg_engine_counters),
                                      cudaMemcpyDeviceToHost, stream()));
        stream_.synchronize();
        gg_engine_counters c;
        std::memcpy(&c, counters_host_.get(), sizeof c);
        return c;
    }

    // Supersteps until halt, an empty queue or the cap (docs/programs.md 5.1-5.3).
    bool supersteps() {
        EventTimer timer;
        timer.start(stream());
        uint64_t edges = 0;
        bool converged = false;
        uint32_t t = 0;
        for (;; ++t) {
            launch(k_.begin, 1, stream(), s_, t);
            const gg_engine_counters c = read_counters();
            if (step_ == Step::cusha) edges = c.edges;
            if (c.halt != 0 || c.active_count == 0) {
                converged = true;
                break;
            }
            if (t == settings_.max_iterations) break;
            std::swap(s_.active, s_.next);  // the queue the last step built is A_t
            s_.active_count = c.active_count;
            s_.active_degrees = c.active_degrees;
            active_max_degree_ = c.active_max_degree;
            if (step_ != Step::cusha) edges += c.active_degrees;
            superstep();
        }
        timer.stop(stream());
        report_.compute_ms += timer.elapsed_ms();
        report_.iterations = t;
        report_.edges_visited = edges;
        return converged;
    }

    void superstep() {
        const uint64_t n = g_.n();
        const uint64_t active = s_.active_count, degrees = s_.active_degrees;
        // When every vertex is active, CuSha's and the pull's W is V: no W
        // list, no flags, no pass over the out-edges to build them.
        s_.dense = step_ != Step::push && active == n ? 1 : 0;
        s_.pulled = may_pull_ && (direction_ == Direction::pull || degrees > g_.m() / kPullShare) ? 1 : 0;
        if (s_.pulled) {
            // Every vertex combines its in-edges' messages from A (Beamer's
            // bottom-up step for any order-free combiner); hubs by blocks.
            // With every vertex active, no source needs its bit tested.
            s_.dense = active == n ? 1 : 0;
            if (!s_.dense) launch(k_.mark_active, blocks(active), stream(), s_);
            launch(k_.pull_gather, blocks(n), stream(), s_);
            if (s_.in_chunk_count > 0)
                launch(k_.pull_hubs, std::min<uint64_t>(blocks(~uint64_t(0) >> 8), s_.in_chunk_count), stream(), s_);
        } else if (!s_.dense) {
            // The push over A's out-edges: the sends (push) or W (CuSha,
            // pull). A warp takes up to 32 vertices; a queue too short to
            // fill the GPU that way gets fewer per warp, down to one, so
            // that a few vertices of high degree still spread over many warps.
            const uint64_t warps = blocks(~uint64_t(0) >> 8) * GG_ENGINE_WARPS;
            s_.visit_width = 1;
            while (s_.visit_width < 32 && s_.visit_width * warps < active) s_.visit_width *= 2;
            launch(k_.visit, blocks((active + s_.visit_width - 1) / s_.visit_width * 32), stream(), s_);
            if (active_max_degree_ >= GG_HUB_DEGREE)
                launch(k_.visit_hubs, std::min<uint64_t>(blocks(degrees), 2 * (degrees / GG_CHUNK_EDGES) + 1),
                       stream(), s_);
        }
        // A bound on |W| and on the receivers, which only the device knows.
        const uint64_t grid = blocks(std::min(n, active + degrees));
        if (sharded_) {
            sharded_superstep(grid);
            return;
        }
        // Hubs of W (GG_HUB_DEGREE in-edges or more, so none below m of
        // that many) fold in blocks of their own after the warps' kernel
        // listed them; the blocks loop over the list the device counted.
        const bool hubs = k_.fold_hubs != nullptr && g_.m() >= GG_HUB_DEGREE;
        const uint64_t hub_grid = std::min<uint64_t>(blocks(~uint64_t(0) >> 8), g_.m() / GG_HUB_DEGREE);
        if (step_ == Step::pull) {
            launch(k_.combine, grid, stream(), s_);
            if (hubs) launch(k_.fold_hubs, hub_grid, stream(), s_);
        }
        launch(k_.update, grid, stream(), s_);
        if (step_ == Step::cusha && hubs) launch(k_.fold_hubs, hub_grid, stream(), s_);
        // Aggregates over (old, new): CuSha keeps the new values in the
        // shadow until finish copies them back; EMV's shadow holds the old.
        if (step_ == Step::cusha)
            aggregate(values_.get(), shadow_.get());
        else
            aggregate(shadow_.get(), values_.get());
        const bool nothing_to_finish = step_ == Step::pull && s_.dense && desc_.num_aggregates == 0;
        if (!nothing_to_finish) launch(k_.finish, grid, stream(), s_);
    }

    // CuSha over shards, after the visit built W: the shards W reaches
    // compute, then (the aggregates over old and new values between) the
    // dirty ranges' SrcValue entries are rewritten and the updated values
    // copied back.
    void sharded_superstep(uint64_t grid) {
        if (!s_.dense) launch(k_.shard_mark, grid, stream(), s_, sh_);
        if (sh_.num_shards > 0) launch(k_.update, shard_grid(), stream(), s_, sh_);
        aggregate(values_.get(), shadow_.get());
        if (sh_.num_shards > 0) launch(k_.shard_write_back, shard_grid(), stream(), s_, sh_);
        launch(k_.finish, grid, stream(), s_);
    }
};

}  // namespace

void run_program(const Graph &g, program::Program &program, void *values, const program::RunSettings &settings,
                 const RunConfig &config, RunReport &report, program::ProgramReport &outcome) {
    const DeviceInfo &info = use_device(config.device_id);
    // auto runs CSR; run_api admits gshards and cw for CuSha's model only.
    const gg_layout layout = config.layout == GG_LAYOUT_AUTO ? GG_LAYOUT_CSR : config.layout;
    report.layout = layout;
    program::BuildReport build;
    Stopwatch prepare;
    const DeviceProgram &code = device_program(program, info, build);
    report.preprocess_ms += prepare.elapsed_ms();
    try {
        ProgramRun run(g, program.desc, code, info, settings, layout, report);
        run.run(values, outcome);
    } catch (const Error &error) {
        if (error.status() != GG_ERROR_DEVICE) throw;
        // A fault in the program's code (an illegal address, a trap) is a
        // sticky CUDA error: the device stays unusable in this process.
        fail(GG_ERROR_DEVICE, "program '%s' failed on CUDA device %d: %s (after a fault in a program's code the "
             "device is unusable until the process ends; docs/programs.md, \"On the GPU\")",
             program.desc.name.c_str(), info.id, error.what());
    }
}

}  // namespace gg::cuda
