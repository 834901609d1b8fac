// Settings read from the environment (docs/building.md lists them).
#pragma once

#include <cstdint>

namespace gg {

// A byte count from environment variable `name`: a number, or one with K,
// M or G; 0 when unset, empty or malformed (ignored, as if unset).
uint64_t bytes_from_environment(const char *name);

// Whether environment variable `name` switches something on: set, not
// empty and not "0".
bool flag_from_environment(const char *name);

// The same as a choice with a default: `unset` where the variable is unset
// or empty (the library decides), else on or off ("0").
enum class EnvironmentSwitch { unset, on, off };
EnvironmentSwitch switch_from_environment(const char *name);

}  // namespace gg
