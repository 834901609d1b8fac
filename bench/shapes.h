// Graphs outside the standard suite, for measurements that must hold beyond
// it (issue 14 item 5: layout=auto within 10% of the best layout on
// road-like, power-law of other exponents, bipartite and small-world
// graphs). Each is deterministic in its seed and built through the public
// gg_graph_create, undirected, self-loops dropped, duplicates merged at the
// minimum weight, integer weights in [1, 255], like the suite.
//
//   road        the rows x rows grid with about a quarter of its edges
//               removed at random: degree ~3, a long diameter, some
//               vertices cut off, as road networks are
//   bipartite   2^(scale-1) users x 2^(scale-1) items, each user linked to
//               `degree` items drawn with a skewed popularity (item
//               i = floor(I * x^2), x uniform: a few items are hubs)
//   smallworld  Watts-Strogatz: 2^scale vertices on a ring, each linked to
//               its degree/2 successors, each link rewired with
//               probability 0.1 to a uniform vertex
// (The power-law graphs of other exponents, plaw-mild and plaw-steep, are
// R-MAT graphs of gg_graph_generate with other parameters: suite.cpp.)
#pragma once

#include <cstdint>
#include <string>

#include "gg.h"

namespace bench {

// Whether `name` is one of the shapes built here.
bool is_built_shape(const std::string &name);

// A one-line description of the shape with its sizes, for the reports.
std::string shape_description(const std::string &name, uint32_t scale, uint32_t degree, uint32_t rows, uint64_t seed);

// Builds the shape into *out_graph. Returns false with `error` naming what
// failed (sizes out of range, or the library's message).
bool build_shape(gg_context *context, const std::string &name, uint32_t scale, uint32_t degree, uint32_t rows,
                 uint64_t seed, gg_graph **out_graph, std::string &error);

}  // namespace bench
