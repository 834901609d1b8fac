// Progress lines for long loads, conversions and generations, shown only when
// stderr is a terminal: the library has no progress callback in its ABI, so
// the tool says what it is doing before a long call and how long it took
// after. When stderr is a file or a pipe nothing is printed, so scripts see
// only results and the one error line of a failure.
#pragma once

#include <string>

namespace gg_cli {

class Progress {
public:
    // Prints "gg: <doing>..." when stderr is a terminal.
    explicit Progress(const std::string &doing);
    // Erases an unfinished line, so a failure shows only its error line.
    ~Progress();
    Progress(const Progress &) = delete;
    Progress &operator=(const Progress &) = delete;

    // Replaces the line with "gg: <done> in X s".
    void done(const std::string &done);
    double elapsed_seconds() const;

private:
    bool shown_;
    bool open_;
    double start_;
};

// Monotonic time in seconds.
double now_seconds();

}  // namespace gg_cli
