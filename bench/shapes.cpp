// The graphs outside the suite (see shapes.h).
#include "shapes.h"

#include <algorithm>
#include <vector>

#include "format.h"

namespace bench {

namespace {

// splitmix64 of (seed, stream, index): every edge's draw is a pure function
// of its position, so the shapes are the same on every machine and thread count.
uint64_t draw(uint64_t seed, uint64_t stream, uint64_t index) {
    uint64_t z = seed + 0x9e3779b97f4a7c15ull * (stream * 0x100000001b3ull + index + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

double unit(uint64_t bits) { return double(bits >> 11) * (1.0 / 9007199254740992.0); }  // [0, 1)

struct Coo {
    std::vector<uint32_t> src, dst;
    std::vector<float> weight;
    void resize(size_t m) {
        src.resize(m);
        dst.resize(m);
        weight.resize(m);
    }
};

float weight_of(uint64_t seed, uint64_t edge) { return float(1 + draw(seed, 3, edge) % 255); }

Coo road(uint32_t rows, uint64_t seed) {
    Coo coo;
    const uint64_t horizontal = uint64_t(rows) * (rows - 1);
    const uint64_t candidates = 2 * horizontal;  // as many vertical as horizontal
    for (uint64_t i = 0; i < candidates; ++i) {
        if (unit(draw(seed, 1, i)) >= 0.75) continue;  // a quarter of the streets are missing
        const uint64_t k = i < horizontal ? i : i - horizontal;
        uint32_t u, v;
        if (i < horizontal) {  // (r, c) - (r, c + 1)
            const uint32_t r = uint32_t(k / (rows - 1)), c = uint32_t(k % (rows - 1));
            u = r * rows + c;
            v = u + 1;
        } else {  // (r, c) - (r + 1, c)
            u = uint32_t(k);
            v = u + rows;
        }
        coo.src.push_back(u);
        coo.dst.push_back(v);
        coo.weight.push_back(weight_of(seed, i));
    }
    return coo;
}

Coo bipartite(uint32_t scale, uint32_t degree, uint64_t seed) {
    Coo coo;
    const uint64_t users = uint64_t(1) << (scale - 1), items = users;
    coo.resize(size_t(users * degree));
#pragma omp parallel for schedule(static)
    for (int64_t e = 0; e < int64_t(users * degree); ++e) {
        const double x = unit(draw(seed, 2, uint64_t(e)));
        const uint64_t item = std::min<uint64_t>(items - 1, uint64_t(double(items) * x * x));
        coo.src[size_t(e)] = uint32_t(uint64_t(e) / degree);
        coo.dst[size_t(e)] = uint32_t(users + item);
        coo.weight[size_t(e)] = weight_of(seed, uint64_t(e));
    }
    return coo;
}

Coo smallworld(uint32_t scale, uint32_t degree, uint64_t seed) {
    Coo coo;
    const uint64_t n = uint64_t(1) << scale, k = std::max<uint32_t>(degree / 2, 1);
    coo.resize(size_t(n * k));
#pragma omp parallel for schedule(static)
    for (int64_t e = 0; e < int64_t(n * k); ++e) {
        const uint64_t v = uint64_t(e) / k, step = uint64_t(e) % k + 1;
        uint64_t target = (v + step) % n;
        if (unit(draw(seed, 4, uint64_t(e))) < 0.1) target = draw(seed, 5, uint64_t(e)) % n;
        coo.src[size_t(e)] = uint32_t(v);
        coo.dst[size_t(e)] = uint32_t(target);
        coo.weight[size_t(e)] = weight_of(seed, uint64_t(e));
    }
    return coo;
}

}  // namespace

bool is_built_shape(const std::string &name) { return name == "road" || name == "bipartite" || name == "smallworld"; }

std::string shape_description(const std::string &name, uint32_t scale, uint32_t degree, uint32_t rows, uint64_t seed) {
    std::string text;
    if (name == "road")
        text = format("road: grid %u x %u with about 1/4 of its edges removed", rows, rows);
    else if (name == "bipartite")
        text = format("bipartite: 2^%u users x 2^%u items, %u skewed picks per user", scale - 1, scale - 1, degree);
    else
        text = format("smallworld: Watts-Strogatz ring of 2^%u, %u successors each, rewired with p 0.1", scale,
                      std::max<uint32_t>(degree / 2, 1));
    return text + format(", undirected, weights 1..255, seed %llu", (unsigned long long)seed);
}

bool build_shape(gg_context *context, const std::string &name, uint32_t scale, uint32_t degree, uint32_t rows,
                 uint64_t seed, gg_graph **out_graph, std::string &error) {
    uint64_t n = 0;
    Coo coo;
    if (name == "road") {
        if (rows < 2 || uint64_t(rows) * rows > UINT32_MAX) {
            error = format("road needs a grid of 2 to 65535 rows (--grid %u)", rows);
            return false;
        }
        n = uint64_t(rows) * rows;
        coo = road(rows, seed);
    } else if (name == "bipartite" || name == "smallworld") {
        if (scale < 2 || scale > 31 || degree == 0) {
            error = format("%s needs a scale of 2 to 31 and a degree above 0 (--scale %u --degree %u)", name.c_str(),
                           scale, degree);
            return false;
        }
        n = uint64_t(1) << scale;
        coo = name == "bipartite" ? bipartite(scale, degree, seed) : smallworld(scale, degree, seed);
    } else {
        error = "no shape named " + name;
        return false;
    }
    gg_graph_options options;
    gg_graph_options_init(&options);
    options.undirected = 1;
    options.drop_self_loops = 1;
    options.duplicates = GG_DUPLICATES_KEEP_MIN;
    if (gg_graph_create(context, uint32_t(n), coo.src.size(), coo.src.data(), coo.dst.data(), coo.weight.data(),
                        &options, out_graph) != GG_OK) {
        error = format("gg_graph_create(%s) failed: %s", name.c_str(), gg_context_last_error(context));
        return false;
    }
    return true;
}

}  // namespace bench
