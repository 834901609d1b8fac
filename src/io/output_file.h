// A file opened for writing by the graph writers: everything goes through one
// 16 MiB buffer and plain POSIX write() calls, and every failure (cannot
// create, disk full, error at close) throws GG_ERROR_IO naming the path. A
// writer that fails or is abandoned before close() removes the partial file
// when it is a regular file, so that a half-written graph is never mistaken
// for a good one.
#pragma once

#include <charconv>
#include <cstdint>
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

    // Writes what is buffered and closes; GG_ERROR_IO on any failure.
    void close();

private:
    static constexpr size_t kCapacity = size_t(16) << 20;
    void flush();
    void write_fd(const char *data, size_t n);
    void abandon();

    std::string path_;
    int fd_ = -1;
    bool is_regular_ = false;
    std::unique_ptr<char[]> buffer_;
    size_t used_ = 0;
};

}  // namespace gg::io
