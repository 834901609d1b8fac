#include "layout/layout_cache.h"

#include <tuple>

#include "core/error.h"
#include "core/trace.h"
#include "graph/graph.h"

namespace gg {

bool LayoutKey::operator<(const LayoutKey &o) const {
    return std::tie(graph, part, device, layout, variant) < std::tie(o.graph, o.part, o.device, o.layout, o.variant);
}

std::shared_ptr<CachedLayout> LayoutCache::get_or_build(const LayoutKey &key, const Builder &build, bool &built) {
    built = false;
    std::shared_ptr<Slot> slot;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        std::shared_ptr<Slot> &found = slots_[key];
        if (!found) found = std::make_shared<Slot>();
        slot = found;
        slot->last_use = ++clock_;
        if (slot->value) return slot->value;
    }
    std::lock_guard<std::mutex> building(slot->build_mutex);
    if (slot->value) return slot->value;  // another run built it meanwhile
    while (true) {
        try {
            std::shared_ptr<CachedLayout> value(build());
            trace_line("layout %u.%u of graph %llu, part %u, device %d: built %.1f ms, uploaded %.1f ms, %.3f GB",
                       key.layout, key.variant, (unsigned long long)key.graph, key.part, key.device, value->build_ms,
                       value->transfer_ms, double(value->bytes) / 1e9);
            std::lock_guard<std::mutex> lock(mutex_);
            slot->value = value;
            slot->last_use = ++clock_;
            // release_graph may have dropped the slot while it was built:
            // put it back, the graph is alive (the caller holds it).
            slots_[key] = slot;
            built = true;
            return value;
        } catch (const Error &error) {
            if (error.status() != GG_ERROR_OUT_OF_MEMORY || key.device == kHostDevice) throw;
            std::lock_guard<std::mutex> lock(mutex_);
            if (!evict_one(key.device, key)) throw;
        }
    }
}

bool LayoutCache::evict_one(int device, const LayoutKey &keep) {
    auto victim = slots_.end();
    for (auto it = slots_.begin(); it != slots_.end(); ++it) {
        const Slot &slot = *it->second;
        // use_count 1: only the cache holds it, no run reads it.
        if (it->first.device != device || !(it->first < keep || keep < it->first) || !slot.value ||
            slot.value.use_count() != 1)
            continue;
        if (victim == slots_.end() || slot.last_use < victim->second->last_use) victim = it;
    }
    if (victim == slots_.end()) return false;
    victim->second->value.reset();
    slots_.erase(victim);
    return true;
}

bool LayoutCache::evict_unheld(int device) {
    std::lock_guard<std::mutex> lock(mutex_);
    return evict_one(device, LayoutKey{});  // the default key is a host key: no device entry is kept
}

void LayoutCache::release_graph(uint64_t graph, int device, bool all_devices) {
    std::vector<std::shared_ptr<Slot>> dropped;  // freed outside the lock
    {
        std::lock_guard<std::mutex> lock(mutex_);
        for (auto it = slots_.lower_bound(LayoutKey{graph, 0, INT32_MIN, 0, 0});
             it != slots_.end() && it->first.graph == graph;) {
            if (all_devices || it->first.device == device) {
                dropped.push_back(std::move(it->second));
                it = slots_.erase(it);
            } else {
                ++it;
            }
        }
    }
}

uint64_t LayoutCache::release_graph_devices(uint64_t graph) {
    std::vector<std::shared_ptr<Slot>> dropped;  // freed outside the lock
    uint64_t bytes = 0;
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = slots_.lower_bound(LayoutKey{graph, 0, INT32_MIN, 0, 0});
         it != slots_.end() && it->first.graph == graph;) {
        if (it->first.device == kHostDevice) {
            ++it;
            continue;
        }
        if (it->second->value) bytes += it->second->value->bytes;
        dropped.push_back(std::move(it->second));
        it = slots_.erase(it);
    }
    return bytes;
}

LayoutCacheTotals LayoutCache::totals(uint64_t graph, int device) const {
    LayoutCacheTotals t;
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = slots_.lower_bound(LayoutKey{graph, 0, INT32_MIN, 0, 0});
         it != slots_.end() && it->first.graph == graph; ++it) {
        if (it->first.device != device || !it->second->value) continue;
        ++t.entries;
        t.bytes += it->second->value->bytes;
    }
    return t;
}

LayoutCache &layout_cache() {
    // Never destroyed: graphs destroyed during static destruction (a
    // binding's finaliser) must still find it.
    static LayoutCache *cache = [] {
        auto *created = new LayoutCache;
        add_graph_release_listener(
            [](uint64_t graph, void *self) {
                static_cast<LayoutCache *>(self)->release_graph(graph, kHostDevice, true);
            },
            created);
        return created;
    }();
    return *cache;
}

}  // namespace gg
