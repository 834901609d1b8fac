// Packing records into one buffer per process, in parallel: the first step
// of the all-to-all moves that build distributed graphs and plans
// (graph/distributed_graph.cpp, partition/distributed_plan.cpp). Each
// thread takes a contiguous range of the items, counts what each of its
// items sends where, then writes at offsets from those counts, so each
// process's buffer holds its records in item order, as a serial loop
// would, with no locks and no reallocation.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include <omp.h>

#include "exchange/communicator.h"

namespace gg {

// emit(i, send) calls send(process, record) for each record of item i.
template <class Record, class Emit>
std::vector<Bytes> route(uint64_t items, uint32_t processes, Emit emit) {
    const int threads = omp_get_max_threads();
    std::vector<uint64_t> counts(size_t(threads) * processes, 0);  // [thread][process]
    auto range = [&](int t, uint64_t &begin, uint64_t &end) {
        begin = items * uint64_t(t) / uint64_t(threads);
        end = items * uint64_t(t + 1) / uint64_t(threads);
    };
#pragma omp parallel num_threads(threads)
    {
        const int t = omp_get_thread_num();
        uint64_t begin, end;
        range(t, begin, end);
        uint64_t *mine = counts.data() + size_t(t) * processes;
        for (uint64_t i = begin; i < end; ++i) emit(i, [&](uint32_t process, const Record &) { ++mine[process]; });
    }
    std::vector<Bytes> out(processes);
    for (uint32_t r = 0; r < processes; ++r) {
        uint64_t total = 0;
        for (int t = 0; t < threads; ++t) {
            const uint64_t count = counts[size_t(t) * processes + r];
            counts[size_t(t) * processes + r] = total;  // now this thread's first slot
            total += count;
        }
        out[r].resize(total * sizeof(Record));
    }
#pragma omp parallel num_threads(threads)
    {
        const int t = omp_get_thread_num();
        uint64_t begin, end;
        range(t, begin, end);
        uint64_t *next = counts.data() + size_t(t) * processes;
        for (uint64_t i = begin; i < end; ++i)
            emit(i, [&](uint32_t process, const Record &record) {
                std::memcpy(out[process].data() + next[process]++ * sizeof(Record), &record, sizeof(Record));
            });
    }
    return out;
}

}  // namespace gg
