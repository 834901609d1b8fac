#include "cli/output/output_writer.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "cli/cli_error.h"

namespace gg_cli {

namespace {
constexpr size_t kBufferBytes = size_t(1) << 20;
constexpr size_t kLongestValue = 64;  // longer than any formatted number plus its separator
}  // namespace

OutputWriter::OutputWriter(const std::string &path) : buffer_(kBufferBytes) {
    if (path.empty() || path == "-") {
        name_ = "<stdout>";
        fd_ = STDOUT_FILENO;
        return;
    }
    name_ = path;
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd_ < 0) runtime_error("%s: cannot open for writing: %s", path.c_str(), std::strerror(errno));
    owns_fd_ = true;
}

OutputWriter::~OutputWriter() {
    if (owns_fd_ && fd_ >= 0) ::close(fd_);
}

void OutputWriter::flush() {
    size_t done = 0;
    while (done < used_) {
        ssize_t n = ::write(fd_, buffer_.data() + done, used_ - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            int error = errno;
            used_ = 0;
            runtime_error("%s: write failed: %s", name_.c_str(), std::strerror(error));
        }
        done += size_t(n);
    }
    used_ = 0;
}

void OutputWriter::finish() {
    flush();
    if (owns_fd_) {
        int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) runtime_error("%s: write failed: %s", name_.c_str(), std::strerror(errno));
    }
}

void OutputWriter::depth(uint32_t value) {
    if (value == UINT32_MAX) {
        reserve(3);
        buffer_[used_++] = '-';
        buffer_[used_++] = '1';
        return;
    }
    unsigned_value(value);
}

void OutputWriter::unsigned_value(uint64_t value) {
    reserve(kLongestValue);
    char *begin = buffer_.data() + used_;
    used_ = size_t(std::to_chars(begin, begin + kLongestValue, value).ptr - buffer_.data());
}

void OutputWriter::shortest_float(float value) {
    reserve(kLongestValue);
    char *begin = buffer_.data() + used_;
    // Without a format, to_chars gives the shortest representation that
    // round-trips, choosing plain or exponent notation by length; infinity
    // comes out as "inf".
    used_ = size_t(std::to_chars(begin, begin + kLongestValue, value).ptr - buffer_.data());
}

void OutputWriter::double_9g(double value) {
    reserve(kLongestValue);
    char *begin = buffer_.data() + used_;
    // Same digits as printf("%.9g"), without printf's format parsing.
    used_ = size_t(std::to_chars(begin, begin + kLongestValue, value, std::chars_format::general, 9).ptr -
                   buffer_.data());
}

void OutputWriter::character(char c) {
    reserve(1);
    buffer_[used_++] = c;
}

void OutputWriter::text(const std::string &s) {
    if (s.size() > buffer_.size()) {
        flush();
        buffer_.resize(s.size());
    }
    reserve(s.size());
    std::memcpy(buffer_.data() + used_, s.data(), s.size());
    used_ += s.size();
}

}  // namespace gg_cli
