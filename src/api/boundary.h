// The one wrapper every extern "C" body runs through (after cuGraph's C API):
// it catches every C++ failure, turns it into a gg_status, and stores the
// message on the context. Nothing thrown inside gg crosses the C boundary.
#pragma once

#include <cstring>
#include <new>
#include <string>

#include "api/handles.h"
#include "core/error.h"
#include "core/omp_threads.h"

namespace gg {

void record_error(gg_context *context, gg_status status, const std::string &message);

template <class Body>
gg_status guarded(gg_context *context, const char *function, Body &&body) noexcept {
    if (context == nullptr) return GG_ERROR_INVALID_ARGUMENT;
    try {
        ScopedOmpThreads threads(context->num_threads);
        body();
        return GG_OK;
    } catch (const Error &e) {
        record_error(context, e.status(), std::string(function) + ": " + e.what());
        return e.status();
    } catch (const std::bad_alloc &) {
        record_error(context, GG_ERROR_OUT_OF_MEMORY, std::string(function) + ": out of host memory");
        return GG_ERROR_OUT_OF_MEMORY;
    } catch (const std::exception &e) {
        record_error(context, GG_ERROR_INTERNAL, std::string(function) + ": internal error: " + e.what());
        return GG_ERROR_INTERNAL;
    } catch (...) {
        record_error(context, GG_ERROR_INTERNAL, std::string(function) + ": internal error: unknown exception");
        return GG_ERROR_INTERNAL;
    }
}

// The integer behind an enum that came from C. A C caller may pass any int;
// reading it as the C++ enum type would be undefined outside the enum's
// range, so range checks read the bytes instead.
template <class Enum>
int32_t enum_value(const Enum &e) {
    static_assert(sizeof(Enum) == sizeof(int32_t), "gg enums are int-sized");
    int32_t v;
    std::memcpy(&v, &e, sizeof v);
    return v;
}

template <class Enum>
bool enum_in_range(const Enum &e, int32_t lo, int32_t hi) {
    int32_t v = enum_value(e);
    return v >= lo && v <= hi;
}

// Throws GG_ERROR_INVALID_ARGUMENT naming `what` when p is NULL.
inline void require(const void *p, const char *what) {
    if (p == nullptr) fail(GG_ERROR_INVALID_ARGUMENT, "%s must not be NULL", what);
}

// Throws GG_ERROR_TOO_LARGE when a caller's output array `what` holds fewer
// than `needed` entries. The C API cannot see the length of a caller's array,
// so every output array comes with its capacity; a NULL array is skipped and
// its capacity ignored. `needed_as` says how the count follows from the
// object ("n + 1", "m"), so the message tells the caller how to size it.
inline void require_capacity(const void *array, uint64_t capacity, uint64_t needed, const char *what,
                             const char *needed_as) {
    if (array != nullptr && capacity < needed)
        fail(GG_ERROR_TOO_LARGE, "%s holds %llu entries, but %llu (%s) are needed", what,
             (unsigned long long)capacity, (unsigned long long)needed, needed_as);
}

// The graph behind a handle, or GG_ERROR_INVALID_ARGUMENT when it is NULL.
// A distributed graph has no whole graph here: GG_ERROR_UNSUPPORTED.
inline const Graph &graph_of(const gg_graph *graph) {
    require(graph, "graph");
    if (graph->distributed)
        fail(GG_ERROR_UNSUPPORTED,
             "the graph is distributed over %u processes, each holding a share of its edges: only "
             "gg_partition_plan_create and runs over its plan read it (docs/distributed.md)",
             graph->distributed->comm->size());
    return graph->graph;
}

// Options structs grow at their end: copy the caller's first struct_size
// bytes over the defaults, so that a caller built against an older header
// gets defaults for the fields it does not know.
template <class Options>
Options read_options(const Options *user, void (*init)(Options *), const char *what) {
    Options merged;
    init(&merged);
    if (user == nullptr) return merged;
    if (user->struct_size < sizeof(size_t))
        fail(GG_ERROR_INVALID_ARGUMENT, "%s.struct_size is %zu: initialise it with its _init function", what,
             user->struct_size);
    size_t n = user->struct_size < sizeof(Options) ? user->struct_size : sizeof(Options);
    std::memcpy(static_cast<void *>(&merged), user, n);
    merged.struct_size = sizeof(Options);
    return merged;
}

// Writes a filled struct back into the caller's, up to its struct_size.
template <class Stats>
void write_stats(Stats *user, const Stats &filled) {
    if (user == nullptr || user->struct_size < sizeof(size_t)) return;
    size_t caller_size = user->struct_size;
    size_t n = caller_size < sizeof(Stats) ? caller_size : sizeof(Stats);
    std::memcpy(static_cast<void *>(user), &filled, n);
    user->struct_size = caller_size;
}

}  // namespace gg
