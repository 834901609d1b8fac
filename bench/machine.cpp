// Machine description from /proc, uname and the library (see machine.h).
#include "machine.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>

#include "gg.h"
#include "git_revision.h"

namespace bench {

namespace {

// The value of the first "key<spaces>: value" line of a /proc file.
std::string proc_field(const char *path, const std::string &key) {
    std::ifstream file(path);
    std::string line;
    while (std::getline(file, line)) {
        if (line.compare(0, key.size(), key) != 0) continue;
        size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string name = line.substr(0, colon);
        while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
        if (name != key) continue;
        size_t start = line.find_first_not_of(" \t", colon + 1);
        return start == std::string::npos ? "" : line.substr(start);
    }
    return "";
}

std::string utc_time(const char *pattern) {
    std::time_t now = std::time(nullptr);
    std::tm parts;
    gmtime_r(&now, &parts);
    char text[64];
    std::strftime(text, sizeof text, pattern, &parts);
    return text;
}

}  // namespace

double load_average() {
    double load[1];
    return getloadavg(load, 1) == 1 ? load[0] : -1;
}

std::string date_stamp() { return utc_time("%Y-%m-%d"); }

MachineInfo describe_machine() {
    MachineInfo info;
    char host[256] = {0};
    if (gethostname(host, sizeof host - 1) == 0) info.hostname = host;
    struct utsname names;
    if (uname(&names) == 0) info.os = std::string(names.sysname) + " " + names.release + " " + names.machine;
    info.cpu_model = proc_field("/proc/cpuinfo", "model name");
    if (info.cpu_model.empty()) info.cpu_model = "unknown";
    info.logical_cpus = int(sysconf(_SC_NPROCESSORS_ONLN));
    std::string mem = proc_field("/proc/meminfo", "MemTotal");  // "24576000 kB"
    if (!mem.empty()) info.memory_gib = std::strtod(mem.c_str(), nullptr) / (1024.0 * 1024.0);
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd) != nullptr) info.working_directory = cwd;
    info.load_average_start = load_average();
    info.date_utc = utc_time("%Y-%m-%dT%H:%M:%SZ");
    info.gg_version = gg_version_string();
    info.git_revision = GG_BENCH_GIT_REVISION;
#if defined(__clang__)
    info.compiler = std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
    info.compiler = std::string("g++ ") + __VERSION__;
#endif
#ifdef GG_BENCH_BUILD_TYPE
    info.build_type = GG_BENCH_BUILD_TYPE;
#endif
    if (info.build_type.empty()) info.build_type = "unknown";
    return info;
}

}  // namespace bench
