// gg_program_*: making, loading and preparing vertex programs. Running one
// is gg_run_program (src/api/run_api.cpp), through the same dispatch as the
// built-in algorithms.
#include <cstring>

#include "api/boundary.h"
#include "cpu/cpu.h"
#include "cuda_backend.h"
#include "program/host_jit.h"
#include "program/program_file.h"

using gg::fail;
using gg::guarded;
using gg::require;

namespace {

gg_program *make_program(gg::program::Desc desc) {
    gg_program *program = new gg_program;
    program->program.desc = std::move(desc);
    return program;
}

}  // namespace

extern "C" {

void gg_program_desc_init(gg_program_desc *desc) {
    if (desc == nullptr) return;
    std::memset(desc, 0, sizeof *desc);
    desc->struct_size = sizeof *desc;
    desc->combiner = GG_COMBINE_USER;
    desc->message_type = GG_SCALAR_NONE;
}

void gg_program_run_options_init(gg_program_run_options *options) {
    if (options == nullptr) return;
    std::memset(options, 0, sizeof *options);
    options->struct_size = sizeof *options;
    options->source = UINT32_MAX;
}

void gg_program_build_stats_init(gg_program_build_stats *stats) {
    if (stats == nullptr) return;
    std::memset(stats, 0, sizeof *stats);
    stats->struct_size = sizeof *stats;
}

gg_status gg_program_create(gg_context *context, const gg_program_desc *desc, gg_program **out_program) {
    return guarded(context, "gg_program_create", [&] {
        require(desc, "desc");
        require(out_program, "out_program");
        gg_program_desc merged = gg::read_options(desc, gg_program_desc_init, "gg_program_desc");
        *out_program = make_program(gg::program::checked_desc(merged));
    });
}

gg_status gg_program_load(gg_context *context, const char *path, gg_program **out_program) {
    return guarded(context, "gg_program_load", [&] {
        require(path, "path");
        require(out_program, "out_program");
        *out_program = make_program(gg::program::load_program_file(path));
    });
}

void gg_program_destroy(gg_program *program) { delete program; }

gg_status gg_program_get_desc(const gg_program *program, gg_program_desc *desc) {
    if (program == nullptr || desc == nullptr || desc->struct_size < sizeof(size_t)) return GG_ERROR_INVALID_ARGUMENT;
    gg::program::fill_c_desc(program->program.desc, *desc);
    return GG_OK;
}

gg_status gg_program_prepare(gg_context *context, gg_program *program, gg_backend backend,
                             gg_program_build_stats *stats) {
    return guarded(context, "gg_program_prepare", [&] {
        require(program, "program");
        if (!gg::enum_in_range(backend, GG_BACKEND_AUTO, GG_BACKEND_CUDA))
            fail(GG_ERROR_INVALID_ARGUMENT, "backend is %d, not a gg_backend", gg::enum_value(backend));
        if (backend == GG_BACKEND_AUTO) backend = context->backend;
        std::string reason;
        // Auto prepares where gg_run_program would run: the GPU when one is
        // usable and the program has source for it, else the CPU.
        if (backend == GG_BACKEND_AUTO)
            backend = program->program.desc.has_source && gg::cuda::usable(context->device_id, reason) ? GG_BACKEND_CUDA
                                                                                                       : GG_BACKEND_CPU;
        gg::program::BuildReport build;
        if (backend == GG_BACKEND_CUDA && !program->program.desc.has_source)
            fail(GG_ERROR_UNSUPPORTED, "program '%s' has C function pointers and no source: there is nothing to "
                 "compile for the GPU", program->program.desc.name.c_str());
        if (backend == GG_BACKEND_CUDA) {
            if (!gg::cuda::usable(context->device_id, reason))
                fail(GG_ERROR_UNSUPPORTED, "the CUDA backend was requested but no GPU is usable: %s", reason.c_str());
            gg::cuda::CallerDeviceGuard caller_device;
            gg::cuda::prepare_program(program->program, context->device_id, build);
        } else {
            gg::program::host_functions(program->program, build);
        }
        gg_program_build_stats filled;
        gg_program_build_stats_init(&filled);
        filled.backend = backend;
        filled.compile_ms = build.compile_ms;
        filled.load_ms = build.load_ms;
        filled.cache_hit = build.cache_hit ? 1 : 0;
        filled.compiled = build.compiled ? 1 : 0;
        gg::write_stats(stats, filled);
    });
}

}  // extern "C"
