#include "backend/state_pool.h"

#include <vector>

#include "core/error.h"
#include "core/trace.h"
#include "graph/graph.h"
#include "layout/layout_cache.h"

namespace gg {

StatePool::StatePool() {
    add_graph_release_listener([](uint64_t graph, void *self) { static_cast<StatePool *>(self)->release_graph(graph); },
                               this);
}

StatePool::~StatePool() {
    remove_graph_release_listener(this);
    clear();
}

std::unique_ptr<EngineState> StatePool::take_idle(const StateKey &key) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = idle_.find(key);
    if (found == idle_.end()) return nullptr;
    std::unique_ptr<EngineState> state = std::move(found->second);
    idle_.erase(found);
    return state;
}

void StatePool::give_back(const StateKey &key, std::unique_ptr<EngineState> state) {
    std::lock_guard<std::mutex> lock(mutex_);
    idle_.emplace(key, std::move(state));
}

uint64_t StatePool::release_graph(uint64_t graph) {
    std::vector<std::unique_ptr<EngineState>> dropped;  // freed outside the lock
    uint64_t bytes = 0;
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = idle_.lower_bound(StateKey{graph, 0, INT32_MIN, 0, 0}); it != idle_.end() && it->first.graph == graph;) {
        bytes += it->second->bytes();
        dropped.push_back(std::move(it->second));
        it = idle_.erase(it);
    }
    return bytes;
}

uint64_t StatePool::release_device(int device) {
    std::vector<std::unique_ptr<EngineState>> dropped;  // freed outside the lock
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = idle_.begin(); it != idle_.end();) {
        if (it->first.device == device) {
            dropped.push_back(std::move(it->second));
            it = idle_.erase(it);
        } else {
            ++it;
        }
    }
    return dropped.size();
}

bool StatePool::make_room(StatePool *pool, int device) {
    if (pool && pool->release_device(device) > 0) return true;
    return layout_cache().evict_unheld(device);
}

std::unique_ptr<EngineState> StatePool::make_with_room(StatePool *pool, int device,
                                                      const std::function<std::unique_ptr<EngineState>()> &make) {
    while (true) {
        try {
            return make();
        } catch (const Error &error) {
            if (error.status() != GG_ERROR_OUT_OF_MEMORY || device < 0 || !make_room(pool, device)) throw;
            trace_line("an engine state ran out of memory on device %d: freed what no run used there, trying again",
                       device);
        }
    }
}

void StatePool::clear() {
    std::multimap<StateKey, std::unique_ptr<EngineState>> dropped;
    std::lock_guard<std::mutex> lock(mutex_);
    dropped.swap(idle_);
}

std::pair<uint64_t, uint64_t> StatePool::idle_totals() const {
    std::lock_guard<std::mutex> lock(mutex_);
    uint64_t bytes = 0;
    for (const auto &[key, state] : idle_) bytes += state->bytes();
    return {idle_.size(), bytes};
}

}  // namespace gg
