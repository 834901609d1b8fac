/* The engine state pool's answer to a device running out of memory
 * (src/backend/state_pool.h, StatePool::take): a state whose make() runs
 * out frees what no run uses on that device, a step at a time (the pool's
 * idle states there, then the layout cache's least recently used entry
 * there that no run holds), and tries again; it fails when nothing is left
 * to free, and never frees for other errors, host states or what a run
 * still holds. The states and layouts here are host objects standing for
 * device memory: the rule is the pool's, whatever the backend. */
#include <cstdint>
#include <memory>

#include "backend/state_pool.h"
#include "core/error.h"
#include "layout/layout_cache.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

int live_states = 0, live_layouts = 0;

struct FakeState final : gg::EngineState {
    FakeState() { ++live_states; }
    ~FakeState() override { --live_states; }
    uint64_t bytes() const override { return 1; }
};

struct FakeLayout final : gg::CachedLayout {
    FakeLayout() { ++live_layouts; }
    ~FakeLayout() override { --live_layouts; }
};

// A make() that runs out of memory `failures` times, then makes a state.
struct FailingMake {
    int failures;
    gg_status status = GG_ERROR_OUT_OF_MEMORY;
    int calls = 0;
    std::unique_ptr<FakeState> operator()() {
        if (calls++ < failures) throw gg::Error(status, "no room for a fake state");
        return std::make_unique<FakeState>();
    }
};

gg::StateKey key_on(int device, uint32_t engine) { return gg::StateKey{77, 0, device, engine, 0}; }

// Status of taking `key`'s state with `make`.
gg_status take(gg::StatePool *pool, const gg::StateKey &key, FailingMake &make) {
    try {
        auto state = gg::StatePool::take<FakeState>(pool, key, make);
        return GG_OK;
    } catch (const gg::Error &error) {
        return error.status();
    }
}

void test_idle_states_make_room(void **) {
    gg::StatePool pool;
    FailingMake first{0};
    assert_int_equal(take(&pool, key_on(3, 1), first), GG_OK);  // back to the pool, idle
    assert_int_equal(live_states, 1);
    // Another engine's state on the same device runs out once: the idle
    // state goes, and the second try makes it.
    FailingMake second{1};
    assert_int_equal(take(&pool, key_on(3, 2), second), GG_OK);
    assert_int_equal(second.calls, 2);
    assert_int_equal(pool.idle_totals().first, 1);  // the new one, given back
    // Out twice: one idle state to free, then nothing.
    FailingMake third{2};
    assert_int_equal(take(&pool, key_on(3, 3), third), GG_ERROR_OUT_OF_MEMORY);
    assert_int_equal(third.calls, 2);
    pool.clear();
    assert_int_equal(live_states, 0);
}

void test_idle_states_elsewhere_stay(void **) {
    gg::StatePool pool;
    FailingMake on_other_device{0}, on_host{0};
    assert_int_equal(take(&pool, key_on(4, 1), on_other_device), GG_OK);
    assert_int_equal(take(&pool, key_on(-1, 1), on_host), GG_OK);
    FailingMake out{1};
    assert_int_equal(take(&pool, key_on(5, 1), out), GG_ERROR_OUT_OF_MEMORY);
    assert_int_equal(out.calls, 1);
    assert_int_equal(pool.idle_totals().first, 2);
    // A host state running out is not retried, whatever is idle.
    FailingMake host{1};
    assert_int_equal(take(&pool, key_on(-1, 2), host), GG_ERROR_OUT_OF_MEMORY);
    assert_int_equal(host.calls, 1);
    // Nor is another error.
    FailingMake invalid{1, GG_ERROR_INVALID_ARGUMENT};
    assert_int_equal(take(&pool, key_on(4, 2), invalid), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(invalid.calls, 1);
    assert_int_equal(pool.idle_totals().first, 2);
    pool.clear();
}

void test_unheld_layouts_make_room(void **) {
    gg::LayoutCache &cache = gg::layout_cache();
    const gg::LayoutKey unheld{901, 0, 6, 1, 0}, held_key{902, 0, 6, 1, 0};
    bool built = false;
    cache.get_or_build(unheld, [] { return std::make_unique<FakeLayout>(); }, built);
    std::shared_ptr<gg::CachedLayout> held = cache.get_or_build(held_key, [] { return std::make_unique<FakeLayout>(); }, built);
    assert_int_equal(live_layouts, 2);
    // No pool (a run without a context): the unheld layout goes, the held one stays.
    FailingMake once{1};
    assert_int_equal(take(nullptr, key_on(6, 1), once), GG_OK);
    assert_int_equal(once.calls, 2);
    assert_int_equal(live_layouts, 1);
    FailingMake again{1};
    assert_int_equal(take(nullptr, key_on(6, 1), again), GG_ERROR_OUT_OF_MEMORY);
    assert_int_equal(live_layouts, 1);
    held.reset();
    cache.release_graph(902, 0, true);
    assert_int_equal(live_layouts, 0);
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_idle_states_make_room),
        cmocka_unit_test(test_idle_states_elsewhere_stay),
        cmocka_unit_test(test_unheld_layouts_make_room),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
