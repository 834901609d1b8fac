// Checking a caller's gg_program_desc (program.h).
#include <cstring>

#include "core/error.h"
#include "program/program.h"
#include "program/program_file.h"

namespace gg::program {

namespace {

constexpr uint32_t max_value_size = 4096;

uint32_t scalar_size(gg_scalar_type type) {
    switch (type) {
    case GG_SCALAR_INT32:
    case GG_SCALAR_UINT32:
    case GG_SCALAR_FLOAT:
        return 4;
    case GG_SCALAR_INT64:
    case GG_SCALAR_UINT64:
    case GG_SCALAR_DOUBLE:
        return 8;
    default:
        return 0;
    }
}

int32_t raw(const void *field) {
    int32_t v;
    std::memcpy(&v, field, sizeof v);
    return v;
}

void check_size(uint32_t size, uint32_t low, const char *field) {
    if (size < low || size > max_value_size)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.%s is %u; it must be %u to %u bytes", field, size, low,
             max_value_size);
}

// The functions the model needs, given as pointers.
void check_functions(const Desc &d) {
    const gg_program_functions &f = d.functions;
    auto need = [](const void *fn, const char *name, const char *why) {
        if (fn == nullptr) fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.functions->%s is NULL, but %s", name, why);
    };
    need(reinterpret_cast<const void *>(f.init), "init", "every program has one");
    if (d.edge_size > 0) need(reinterpret_cast<const void *>(f.init_edge), "init_edge", "edge_value_size > 0");
    if (d.emv()) {
        need(reinterpret_cast<const void *>(f.send), "send", "the EMV model needs it");
        need(reinterpret_cast<const void *>(f.apply), "apply", "the EMV model needs it");
        if (d.combiner == GG_COMBINE_USER)
            need(reinterpret_cast<const void *>(f.combine), "combine", "the combiner is GG_COMBINE_USER");
    } else {
        need(reinterpret_cast<const void *>(f.init_compute), "init_compute", "the CuSha model needs it");
        need(reinterpret_cast<const void *>(f.compute), "compute", "the CuSha model needs it");
        need(reinterpret_cast<const void *>(f.update_condition), "update_condition", "the CuSha model needs it");
    }
    if (d.num_aggregates > 0)
        need(reinterpret_cast<const void *>(f.aggregate), "aggregate", "num_aggregates > 0");
    if (d.has_halt) need(reinterpret_cast<const void *>(f.halt), "halt", "has_halt is 1");
}

}  // namespace

Desc checked_desc(const gg_program_desc &c) {
    Desc d;
    int32_t model = raw(&c.model);
    if (model != GG_PROGRAM_CUSHA && model != GG_PROGRAM_EMV)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.model is %d: GG_PROGRAM_CUSHA (1) or GG_PROGRAM_EMV (2)",
             model);
    d.model = c.model;
    if (c.name != nullptr && c.name[0] != '\0') d.name = c.name;
    if (d.name.size() > 200) d.name.resize(200);
    check_size(c.vertex_value_size, 1, "vertex_value_size");
    d.vertex_size = c.vertex_value_size;
    if (c.edge_value_size != 0) check_size(c.edge_value_size, 1, "edge_value_size");
    d.edge_size = c.edge_value_size;
    if (d.emv()) {
        int32_t combiner = raw(&c.combiner);
        if (combiner < GG_COMBINE_USER || combiner > GG_COMBINE_UNORDERED_SUM)
            fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.combiner is %d, not a gg_combiner", combiner);
        d.combiner = c.combiner;
        int32_t type = raw(&c.message_type);
        if (type < GG_SCALAR_NONE || type > GG_SCALAR_DOUBLE)
            fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.message_type is %d, not a gg_scalar_type", type);
        d.message_type = c.message_type;
        if (d.combiner == GG_COMBINE_USER) {
            check_size(c.message_size, 1, "message_size");
        } else {
            uint32_t size = scalar_size(d.message_type);
            if (size == 0)
                fail(GG_ERROR_INVALID_ARGUMENT,
                     "gg_program_desc.combiner is a built-in one, so message_type must name the message's scalar type");
            if (c.message_size != 0 && c.message_size != size)
                fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.message_size is %u, but a message of its message_type "
                     "has %u bytes", c.message_size, size);
        }
        d.message_size = d.combiner == GG_COMBINE_USER ? c.message_size : scalar_size(d.message_type);
    }
    if (c.num_aggregates > GG_PROGRAM_MAX_AGGREGATES)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.num_aggregates is %u; at most %d", c.num_aggregates,
             GG_PROGRAM_MAX_AGGREGATES);
    d.num_aggregates = c.num_aggregates;
    if (c.has_halt != 0 && c.has_halt != 1)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.has_halt is %d; it must be 0 or 1", c.has_halt);
    d.has_halt = c.has_halt == 1;
    std::memcpy(d.params, c.params, sizeof d.params);
    if (c.source == nullptr && c.functions == nullptr)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc has neither source nor functions");
    if (c.source != nullptr) {
        d.has_source = true;
        d.source = c.source;
    }
    if (c.functions != nullptr) {
        size_t size = c.functions->struct_size;
        if (size < sizeof(size_t) || size > (1u << 16))
            fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.functions->struct_size is %zu: set it to "
                 "sizeof(gg_program_functions)", size);
        std::memcpy(&d.functions, c.functions, size < sizeof d.functions ? size : sizeof d.functions);
        d.functions.struct_size = sizeof d.functions;
        d.has_functions = true;
        check_functions(d);
    }
    size_t output_length = strnlen(c.output, sizeof c.output);
    if (output_length == sizeof c.output)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.output is not NUL-terminated");
    d.output.assign(c.output, output_length);
    std::string problem = output_format_problem(d.output, d.vertex_size);
    if (!problem.empty()) fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_desc.%s", problem.c_str());
    return d;
}

void fill_c_desc(const Desc &d, gg_program_desc &out) {
    size_t caller_size = out.struct_size;
    gg_program_desc c;
    gg_program_desc_init(&c);
    c.model = d.model;
    c.name = d.name.c_str();
    c.vertex_value_size = d.vertex_size;
    c.edge_value_size = d.edge_size;
    c.message_size = d.message_size;
    c.combiner = d.combiner;
    c.message_type = d.message_type;
    c.num_aggregates = d.num_aggregates;
    c.has_halt = d.has_halt ? 1 : 0;
    std::memcpy(c.params, d.params, sizeof c.params);
    c.source = d.has_source ? d.source.c_str() : nullptr;
    c.functions = d.has_functions ? &d.functions : nullptr;
    std::strncpy(c.output, d.output.c_str(), sizeof c.output - 1);
    size_t n = caller_size < sizeof c ? caller_size : sizeof c;
    std::memcpy(static_cast<void *>(&out), &c, n);
    out.struct_size = caller_size;
}

RunSettings checked_run_settings(const gg_program_run_options *user, const Desc &desc, uint32_t n) {
    gg_program_run_options o;
    gg_program_run_options_init(&o);
    if (user != nullptr) {
        if (user->struct_size < sizeof(size_t))
            fail(GG_ERROR_INVALID_ARGUMENT,
                 "gg_program_run_options.struct_size is %zu: initialise it with gg_program_run_options_init",
                 user->struct_size);
        std::memcpy(static_cast<void *>(&o), user, user->struct_size < sizeof o ? user->struct_size : sizeof o);
    }
    RunSettings s;
    if (o.source != UINT32_MAX && o.source >= n)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_run_options.source %u is out of range: the graph has %u vertices",
             o.source, n);
    s.source = o.source;
    // n + 1 supersteps reach every vertex along any path; UINT32_MAX caps it.
    s.max_iterations = o.max_iterations != 0 ? o.max_iterations : (n == UINT32_MAX ? n : n + 1);
    if (o.keep_values != 0 && o.keep_values != 1)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_run_options.keep_values is %d; it must be 0 or 1", o.keep_values);
    s.keep_values = o.keep_values == 1;
    if (o.num_params > GG_PROGRAM_MAX_PARAMS)
        fail(GG_ERROR_INVALID_ARGUMENT, "gg_program_run_options.num_params is %u; at most %d", o.num_params,
             GG_PROGRAM_MAX_PARAMS);
    std::memcpy(s.params, desc.params, sizeof s.params);
    for (uint32_t i = 0; i < o.num_params; ++i) s.params[i] = o.params[i];
    return s;
}

}  // namespace gg::program
