// Fast, checked output of one value per line. Values are formatted into a
// large buffer with std::to_chars (no locale, no printf parsing) and written
// with write(2) in big blocks, so millions of lines per second reach the
// file; every failed write (a full disk, /dev/full, a closed pipe) is an error
// naming the destination.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gg_cli {

class OutputWriter {
public:
    // path "" or "-" writes to stdout; otherwise the file is created or truncated.
    explicit OutputWriter(const std::string &path);
    ~OutputWriter();
    OutputWriter(const OutputWriter &) = delete;
    OutputWriter &operator=(const OutputWriter &) = delete;

    // BFS depth: UINT32_MAX (unreachable) prints as -1.
    void depth(uint32_t value);
    void unsigned_value(uint64_t value);
    // Shortest decimal that reads back as the same float; "inf" for infinity;
    // integers print without a decimal point ("12").
    void shortest_float(float value);
    // printf "%.9g".
    void double_9g(double value);
    void character(char c);
    void text(const std::string &s);

    // Flushes and closes; throws on any write error. Must be called on success.
    void finish();
    const std::string &name() const { return name_; }

private:
    void reserve(size_t bytes) {
        if (used_ + bytes > buffer_.size()) flush();
    }
    void flush();

    std::string name_;
    int fd_ = -1;
    bool owns_fd_ = false;
    std::vector<char> buffer_;
    size_t used_ = 0;
};

}  // namespace gg_cli
