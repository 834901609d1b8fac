#include "cli/output/progress.h"

#include <chrono>
#include <cstdio>
#include <unistd.h>

namespace gg_cli {

double now_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

Progress::Progress(const std::string &doing)
    : shown_(isatty(STDERR_FILENO) == 1), open_(shown_), start_(now_seconds()) {
    if (shown_) {
        std::fprintf(stderr, "gg: %s...", doing.c_str());
        std::fflush(stderr);
    }
}

Progress::~Progress() {
    if (open_) std::fputs("\r\033[K", stderr);
}

void Progress::done(const std::string &done) {
    if (!shown_) return;
    std::fprintf(stderr, "\r\033[Kgg: %s in %.2f s\n", done.c_str(), elapsed_seconds());
    open_ = false;
}

double Progress::elapsed_seconds() const { return now_seconds() - start_; }

}  // namespace gg_cli
