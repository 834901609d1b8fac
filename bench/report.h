// The two forms of a report: JSON with every number and the machine, for
// tools; and a markdown page with the command, the machine and the tables,
// for people and for bench/results/.
#pragma once

#include <string>

#include "results.h"

namespace bench {

std::string report_json(const Report &report);
std::string report_markdown(const Report &report);

}  // namespace bench
