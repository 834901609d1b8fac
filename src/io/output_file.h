// A file opened for writing by the graph writers: everything goes through one
// 16 MiB buffer and plain POSIX write() calls, and every failure (cannot
// create, disk full, error at close) throws GG_ERROR_IO naming the path.
// Where the path is (or will be) a regular file, the bytes go to a temporary
// file beside it, renamed over the path only by close() once everything is
// written: a crash, a kill or a full disk never leaves a truncated graph that
// loads, and an existing file stays whole until the new one replaces it. A
// writer that fails or is abandoned before close() removes its temporary
// file. Other paths (/dev/stdout, a pipe, a device) are written in place.
#pragma once

#include <charconv>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace gg::io {

class OutputFile {
public:
    explicit OutputFile(const std::string &path);
    ~OutputFile();
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    const std::string &path() const { return path_; }

    void write(const void *data, size_t n);
    void put(char c) {
        if (used_ == kCapacity) flush();
        buffer_[used_++] = c;
    }
    void put(const char *text);
    void put_uint(uint64_t value) {
        if (kCapacity - used_ < 24) flush();
        used_ = size_t(std::to_chars(buffer_.get() + used_, buffer_.get() + kCapacity, value).ptr - buffer_.get());
    }
    // Shortest decimal that reads back as the same float.
    void put_float(float value) {
        if (kCapacity - used_ < 64) flush();
        used_ = size_t(std::to_chars(buffer_.get() + used_, buffer_.get() + kCapacity, value).ptr - buffer_.get());
    }

    // Writes `bytes` bytes that fill(at, into, n) produces, in ranges of
    // kRangeBytes (the last one short): range k holds bytes k * kRangeBytes
    // onwards of what this call writes. Into a temporary file (a regular
    // one), the space is reserved first (a full disk fails here, as
    // GG_ERROR_IO, never as a fault while filling) and the ranges are
    // filled on every thread straight into a shared mapping of it; into
    // anything else, or where the file system cannot reserve or map, one
    // range after another through the buffer. fill may run on several
    // threads at once, each range once, and must not throw.
    static constexpr size_t kRangeBytes = size_t(16) << 20;
    using RangeFill = std::function<void(uint64_t at, char *into, size_t n)>;
    void write_ranges(uint64_t bytes, const RangeFill &fill);

    // Writes what is buffered and closes; GG_ERROR_IO on any failure.
    void close();

private:
    static constexpr size_t kCapacity = kRangeBytes;
    bool write_ranges_mapped(uint64_t bytes, const RangeFill &fill);
    void flush();
    void write_fd(const char *data, size_t n);
    void abandon();

    std::string path_;
    std::string temporary_;  // where a regular file is written until close(); "" when in place
    int fd_ = -1;
    std::unique_ptr<char[]> buffer_;
    size_t used_ = 0;
};

}  // namespace gg::io
