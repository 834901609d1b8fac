// The description of the machine and run that goes with every result, so
// that a committed number can be traced to where and how it was measured.
#pragma once

#include <string>

#include "device_probe.h"

namespace bench {

struct MachineInfo {
    std::string hostname;
    std::string os;             // uname: sysname release machine
    std::string cpu_model;      // /proc/cpuinfo "model name"
    int logical_cpus = 0;
    double memory_gib = 0;      // /proc/meminfo MemTotal
    int threads = 0;            // CPU threads the context runs with
    double load_average_start = -1, load_average_end = -1;  // 1-minute load, to flag a busy machine
    std::string date_utc;       // ISO 8601
    std::string command_line;
    std::string working_directory;
    std::string gg_version;
    std::string git_revision;   // of the source tree at build time
    std::string compiler;
    std::string build_type;     // CMAKE_BUILD_TYPE of this build (bench and library share it)
    DeviceInfo device;
};

MachineInfo describe_machine();

// The 1-minute load average, or -1 when unknown.
double load_average();

// Today's date as YYYY-MM-DD (UTC), for result file names.
std::string date_stamp();

}  // namespace bench
