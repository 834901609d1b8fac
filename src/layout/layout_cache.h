// The one cache of built layouts, for every backend and device: an entry is
// whatever was built from a graph (or, once graphs are partitioned, one part
// of it) for one device or for the host, keyed by (graph, part, device,
// layout). Backends define the layout types (cuda/layouts/ for the GPU); this
// file knows only sizes, build times and lifetimes.
//
// Why one cache rather than a slot on each graph: the graph handle is
// immutable and shared by concurrent runs, so what is derived from it must
// live beside it with its own lock, be freed with it, and be evictable when
// device memory runs short, whichever graph holds it.
//
// Lifetimes. get_or_build() hands out shared pointers: a run holds the
// entries it reads until it ends, so an eviction or an explicit release
// while it runs only drops the cache's reference and the memory goes when
// the run lets go. Entries of a graph go when the graph is destroyed
// (release_graph from Graph's destructor) or when the caller asks
// (gg_graph_release_device_memory).
//
// Eviction rule. A device layout whose build runs out of device memory
// makes the cache drop that device's least recently used entries that no run
// holds, one at a time, retrying the build after each, before the run fails
// with GG_ERROR_OUT_OF_MEMORY. Nothing is evicted while memory suffices: a
// layout is built once and reused by every later run.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace gg {

// The device of a host-side entry (derived facts, host layouts).
constexpr int kHostDevice = -1;

// LayoutKey::layout: the CUDA backend's entry types are numbered below this
// (cuda/layouts/device_layouts.cuh), the CPU backend's from it, so that the
// two backends' host entries of one graph never share a key.
constexpr uint32_t kFirstCpuLayout = 100;

struct LayoutKey {
    uint64_t graph = 0;    // Graph::uid()
    uint32_t part = 0;     // 0 for an unpartitioned graph
    int device = kHostDevice;
    uint32_t layout = 0;   // the backend's layout type id
    uint32_t variant = 0;  // a layout type's parameter (direction, value width ...)

    bool operator<(const LayoutKey &o) const;
};

// What every cached layout reports.
class CachedLayout {
public:
    virtual ~CachedLayout() = default;
    uint64_t bytes = 0;       // memory it holds (device memory for a device entry)
    double build_ms = 0;      // host-side building
    double transfer_ms = 0;   // uploading
};

// Totals for statistics and gg info.
struct LayoutCacheTotals {
    uint64_t entries = 0;
    uint64_t bytes = 0;
};

class LayoutCache {
public:
    using Builder = std::function<std::unique_ptr<CachedLayout>()>;

    // The entry for `key`, built by `build` when absent (once, even when
    // several runs ask at the same time; other keys build concurrently).
    // `built` says whether this call built it. A build that throws
    // GG_ERROR_OUT_OF_MEMORY on a device evicts by the rule above and
    // retries.
    std::shared_ptr<CachedLayout> get_or_build(const LayoutKey &key, const Builder &build, bool &built);

    // Drops the graph's entries on `device` (kHostDevice included when
    // device is kHostDevice; every device when all_devices).
    void release_graph(uint64_t graph, int device, bool all_devices);

    // Drops the graph's device entries (every device; host entries stay)
    // and returns their bytes. Memory a running run still holds goes when
    // that run ends.
    uint64_t release_graph_devices(uint64_t graph);

    // Drops the least recently used entry of `device` that no run holds
    // (the eviction rule above, for callers whose own allocation ran out:
    // StatePool::make_room). False when there is none.
    bool evict_unheld(int device);

    // Entries and bytes of one graph on one device.
    LayoutCacheTotals totals(uint64_t graph, int device) const;

private:
    struct Slot {
        std::mutex build_mutex;  // held while the entry is built
        std::shared_ptr<CachedLayout> value;
        uint64_t last_use = 0;
    };
    // Drops the least recently used entry of `device` that no run holds,
    // other than `keep`. False when there is none.
    bool evict_one(int device, const LayoutKey &keep);

    mutable std::mutex mutex_;
    std::map<LayoutKey, std::shared_ptr<Slot>> slots_;
    uint64_t clock_ = 0;
};

// The process's cache.
LayoutCache &layout_cache();

}  // namespace gg
