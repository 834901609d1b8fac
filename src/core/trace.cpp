#include "core/trace.h"

#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <utility>

#include <unistd.h>

#include "core/environment.h"
#include "core/error.h"

namespace gg {
namespace {

double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The process's resident memory now, in MiB (Linux's /proc/self/statm; 0
// elsewhere): the builds at scale are bounded by the host's memory, and a
// phase's line says what it left resident.
double resident_mib() {
    FILE *file = std::fopen("/proc/self/statm", "r");
    if (file == nullptr) return 0;
    unsigned long long size = 0, resident = 0;
    const int read = std::fscanf(file, "%llu %llu", &size, &resident);
    std::fclose(file);
    return read == 2 ? double(resident) * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0) : 0;
}

void print_line(const char *format, va_list args) {
    const std::string text = vformat(format, args);
    std::fprintf(stderr, "gg trace: %s\n", text.c_str());
}

}  // namespace

bool tracing_builds() {
    static const bool on = flag_from_environment("GG_TRACE_BUILD");
    return on;
}

bool tracing_runs() {
    static const bool on = flag_from_environment("GG_TRACE_RUN");
    return on;
}

BuildTrace::BuildTrace(std::string what) : what_(std::move(what)), on_(tracing_builds()) {
    if (on_) last_ms_ = now_ms();
}

void BuildTrace::phase(const char *name) {
    if (!on_) return;
    const double at = now_ms();
    std::fprintf(stderr, "gg trace: %s: %s %.1f ms (resident %.0f MiB)\n", what_.c_str(), name, at - last_ms_,
                 resident_mib());
    last_ms_ = at;
}

void trace_line(const char *format, ...) {
    if (!tracing_builds()) return;
    va_list args;
    va_start(args, format);
    print_line(format, args);
    va_end(args);
}

void trace_run_line(const char *format, ...) {
    if (!tracing_runs()) return;
    va_list args;
    va_start(args, format);
    print_line(format, args);
    va_end(args);
}

}  // namespace gg
