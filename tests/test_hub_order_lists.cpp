/* The hub-ordered CSC's lists built on the device (cuda/layouts/
 * hub_order_lists.cuh) equal, entry for entry, the lists the host builds
 * (build_hub_order with HubOrderLists::host, which test_layout_builders
 * checks against the definitions), and the rest of the order is the same
 * whoever builds the lists: over kron graphs (hubs with long lists, duplicate
 * edges, self-loops), a uniform random graph, a star, a path and graphs with
 * no edges or one vertex; directed and undirected; every row kept, the first
 * rows only (a part's computed vertices) and a front set (a part's
 * boundary). Built only with the CUDA backend; on a machine without a GPU it
 * says so and checks nothing. */
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "gen/generators.h"
#include "graph/graph.h"
#include "layout/hub_order.h"
#include "layouts/device_layouts.cuh"
#include "layouts/hub_order_lists.cuh"
#include "internal_graphs.h"

// Last: cmocka defines a macro fail(), which would rename gg::fail.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern "C" {
#include <cmocka.h>
}

namespace {

bool have_device() {
    int count = 0;
    return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

using gg_test::csr_of;

template <class T>
std::vector<T> download(const T *device, size_t count) {
    std::vector<T> host(count);
    double ms = 0;
    if (count > 0) gg::cuda::copy_to_host(host.data(), device, count * sizeof(T), nullptr, ms);
    return host;
}

void check_lists(const gg::Csr &in, const gg::Csr &out, uint32_t rows, const std::vector<uint8_t> &front,
                 const char *what) {
    using namespace gg;
    const HubOrderHost want = build_hub_order(in, out, rows, front, HubOrderLists::host);
    const HubOrderHost got = build_hub_order(in, out, rows, front, HubOrderLists::device);
    assert_true(got.vertex_at == want.vertex_at);
    assert_true(got.row_at == want.row_at);
    assert_true(got.in.offsets == want.in.offsets);
    assert_int_equal(got.front_rows, want.front_rows);
    const cuda::DeviceInfo &info = cuda::use_device(0);
    double ms = 0;
    const cuda::DeviceArray<uint64_t> offsets = cuda::upload(got.in.offsets, "test offsets", nullptr, ms);
    const cuda::DeviceArray<uint32_t> vertex_at = cuda::upload(got.vertex_at, "test order", nullptr, ms);
    const cuda::DeviceArray<uint32_t> row_at = cuda::upload(got.row_at, "test rows", nullptr, ms);
    const cuda::DeviceArray<uint32_t> lists = cuda::build_hub_order_lists(
        in, got, offsets.get(), vertex_at.get(), got.row_at.empty() ? nullptr : row_at.get(), info, nullptr, ms);
    const uint64_t edges = want.in.indices.size();
    assert_true(lists.size() >= edges);
    const std::vector<uint32_t> device_lists = download(lists.get(), edges);
    for (uint64_t e = 0; e < edges; ++e)
        if (device_lists[e] != want.in.indices[e])
            fail_msg("%s: entry %llu is %u on the device, %u on the host", what, (unsigned long long)e,
                     device_lists[e], want.in.indices[e]);
}

void check_graph(const gg::Csr &out, bool undirected, const char *what) {
    const gg::Csr in = undirected ? out : gg::transpose(out);
    const uint32_t n = out.n;
    std::vector<uint8_t> front(n);
    for (uint32_t v = 0; v < n; ++v) front[v] = uint8_t((v * 2654435761u >> 7) % 3 == 0);
    check_lists(in, out, UINT32_MAX, {}, what);
    check_lists(in, out, n / 2, {}, what);
    check_lists(in, out, UINT32_MAX, front, what);
    check_lists(in, out, n - n / 3, front, what);
}

void test_device_lists_equal_the_hosts(void **state) {
    (void)state;
    if (!have_device()) {
        print_message("no CUDA device here: nothing checked\n");
        return;
    }
    for (uint32_t scale : {6u, 10u, 13u}) {
        for (int symmetrize : {0, 1}) {
            gg_generator_options o;
            gg_generator_options_init(&o);
            o.kind = GG_GENERATOR_KRON;
            o.scale = scale;
            o.degree = 16;
            o.symmetrize = symmetrize;
            o.rmat_a = 0.7;  // skewed: hubs with long lists
            o.rmat_b = o.rmat_c = 0.1;
            const gg::Graph g = gg::generate_graph(o);
            check_graph(g.out, symmetrize != 0, ("kron " + std::to_string(scale)).c_str());
            o.kind = GG_GENERATOR_URAND;
            const gg::Graph u = gg::generate_graph(o);
            check_graph(u.out, symmetrize != 0, ("urand " + std::to_string(scale)).c_str());
        }
    }
    std::vector<std::pair<uint32_t, uint32_t>> star, path;
    for (uint32_t v = 1; v < 5000; ++v) {
        star.push_back({0, v});
        star.push_back({v, 0});
        path.push_back({v - 1, v});
    }
    check_graph(csr_of(5000, star), true, "star");
    check_graph(csr_of(5000, path), false, "path");
    check_graph(csr_of(100, {}), false, "no edges");
    check_graph(csr_of(1, {{0, 0}}), false, "one vertex, a self-loop");
}

}  // namespace

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_device_lists_equal_the_hosts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
