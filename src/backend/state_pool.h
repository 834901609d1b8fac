// Engine state allocated once and reset per run (Gunrock's problem /
// enactor split): the arrays an engine works in (depths, queues, ranks,
// counters) live as long as the context that ran it, keyed by (graph, part,
// device, engine, variant). A run takes a state from its context's pool,
// resets it and gives it back when it ends; a run that finds none idle (the
// first, or one concurrent with another on the same key) makes one. So the
// second run of an algorithm on a graph allocates nothing on the device.
//
// A state holds only its own arrays: the layouts it reads are fetched again
// by every run (an O(1) cache lookup), so a layout evicted meanwhile is
// rebuilt rather than read after free. States go with their graph (a graph
// release listener), with gg_graph_release_device_memory, or with the
// context.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <utility>

namespace gg {

class EngineState {
public:
    virtual ~EngineState() = default;
    // Device (or host) memory the state holds.
    virtual uint64_t bytes() const = 0;
};

struct StateKey {
    uint64_t graph = 0;
    uint32_t part = 0;
    int device = -1;
    uint32_t engine = 0;   // the backend's engine id
    uint64_t variant = 0;  // what else sizes the state (tracked parents, value kind ...)

    bool operator<(const StateKey &o) const {
        return std::tie(graph, part, device, engine, variant) < std::tie(o.graph, o.part, o.device, o.engine, o.variant);
    }
};

class StatePool {
public:
    StatePool();
    ~StatePool();
    StatePool(const StatePool &) = delete;
    StatePool &operator=(const StatePool &) = delete;

    // A state checked out by one run; back to the pool when it goes.
    template <class State>
    class Checkout {
    public:
        Checkout(StatePool *pool, StateKey key, std::unique_ptr<EngineState> state, bool fresh)
            : pool_(pool), key_(key), state_(std::move(state)), fresh_(fresh) {}
        Checkout(Checkout &&) = default;
        ~Checkout() {
            if (state_ && pool_) pool_->give_back(key_, std::move(state_));
        }
        State &operator*() const { return static_cast<State &>(*state_); }
        State *operator->() const { return static_cast<State *>(state_.get()); }
        // Whether this run allocated the state (its first run on the key).
        bool fresh() const { return fresh_; }

    private:
        StatePool *pool_;
        StateKey key_;
        std::unique_ptr<EngineState> state_;
        bool fresh_;
    };

    // An idle state of `key`, or one made by make() (which returns
    // std::unique_ptr<State>). A null pool (no context, as in the backend's
    // own tests) makes a state that is freed when the checkout ends.
    //
    // A make() that runs out of device memory (a key on a device) frees
    // what no run uses on that device, a step at a time (make_room), and
    // tries again; it fails only when nothing is left to free. Over
    // weighted kron 29 on two H200s, BC's exchange buffers found the
    // devices full of what SSSP and PageRank had left cached, and the run
    // failed where a layout's build would have evicted them
    // (bench/results/multi-gpu-h200x2-2026-11-29-s56.md).
    template <class State, class Make>
    static Checkout<State> take(StatePool *pool, const StateKey &key, Make &&make) {
        if (pool) {
            std::unique_ptr<EngineState> idle = pool->take_idle(key);
            if (idle) return Checkout<State>(pool, key, std::move(idle), false);
        }
        std::unique_ptr<EngineState> made =
            make_with_room(pool, key.device, [&] { return std::unique_ptr<EngineState>(make()); });
        return Checkout<State>(pool, key, std::move(made), true);
    }

    // Drops the idle states of `graph` (every graph when clear()) and
    // returns their bytes.
    uint64_t release_graph(uint64_t graph);
    // Drops the idle states on `device`; returns how many.
    uint64_t release_device(int device);
    void clear();
    // Idle states and their bytes.
    std::pair<uint64_t, uint64_t> idle_totals() const;

private:
    // make(), again after each make_room(pool, device) while it runs out of
    // device memory (device >= 0), until nothing is left to free.
    static std::unique_ptr<EngineState> make_with_room(StatePool *pool, int device,
                                                       const std::function<std::unique_ptr<EngineState>()> &make);

    // One step of freeing device memory no run uses on `device`: the pool's
    // idle states there (any graph's), else the layout cache's least
    // recently used entry there that no run holds (its own eviction rule).
    // False when neither had anything.
    static bool make_room(StatePool *pool, int device);

    std::unique_ptr<EngineState> take_idle(const StateKey &key);
    void give_back(const StateKey &key, std::unique_ptr<EngineState> state);

    mutable std::mutex mutex_;
    std::multimap<StateKey, std::unique_ptr<EngineState>> idle_;
};

}  // namespace gg
