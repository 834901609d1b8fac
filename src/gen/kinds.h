// One entry point per generator kind (one file each); generators.cpp checks
// the options before calling them, so they receive only valid options.
#pragma once

#include "gg.h"
#include "graph/builder.h"

namespace gg {
namespace gen {

EdgeList generate_kron(const gg_generator_options &options);   // kron.cpp
EdgeList generate_urand(const gg_generator_options &options);  // urand.cpp
EdgeList generate_grid(const gg_generator_options &options);   // grid.cpp

}  // namespace gen
}  // namespace gg
