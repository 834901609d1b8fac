#include "io/output_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"

namespace gg::io {

OutputFile::OutputFile(const std::string &path) : path_(path) {
    struct stat st;
    const bool exists = ::stat(path.c_str(), &st) == 0;
    if (!exists || S_ISREG(st.st_mode)) {
        // Beside the target, so that the rename stays within one file system.
        temporary_ = path + ".tmp-gg-" + std::to_string(::getpid());
        // Read and write: write_ranges maps it shared, which needs both.
        fd_ = ::open(temporary_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd_ < 0)
            fail(GG_ERROR_IO, "%s: cannot open for writing (its temporary file %s: %s)", path.c_str(),
                 temporary_.c_str(), std::strerror(errno));
    } else {
        fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd_ < 0) fail(GG_ERROR_IO, "%s: cannot open for writing: %s", path.c_str(), std::strerror(errno));
    }
    buffer_.reset(new char[kCapacity]);
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) abandon();
}

// Closes without caring for errors and removes the temporary file (a device
// such as /dev/full is written in place and never unlinked).
void OutputFile::abandon() {
    ::close(fd_);
    fd_ = -1;
    if (!temporary_.empty()) ::unlink(temporary_.c_str());
}

void OutputFile::write_fd(const char *data, size_t n) {
    while (n > 0) {
        size_t ask = n < (size_t(1) << 30) ? n : (size_t(1) << 30);
        ssize_t done = ::write(fd_, data, ask);
        if (done < 0) {
            if (errno == EINTR) continue;
            int err = errno;
            abandon();
            fail(GG_ERROR_IO, "%s: write failed: %s", path_.c_str(), std::strerror(err));
        }
        data += done;
        n -= size_t(done);
    }
}

void OutputFile::flush() {
    write_fd(buffer_.get(), used_);
    used_ = 0;
}

void OutputFile::write(const void *data, size_t n) {
    const char *bytes = static_cast<const char *>(data);
    if (n >= kCapacity) {  // large arrays go straight to the file
        flush();
        write_fd(bytes, n);
        return;
    }
    if (kCapacity - used_ < n) flush();
    std::memcpy(buffer_.get() + used_, bytes, n);
    used_ += n;
}

void OutputFile::put(const char *text) { write(text, std::strlen(text)); }

void OutputFile::write_ranges(uint64_t bytes, const RangeFill &fill) {
    flush();
    if (bytes == 0) return;
    // One writer moves about 2 GB/s into tmpfs on the development VM: the
    // kernel's copy, not the disk, bounds a large graph's writing.
    if (!temporary_.empty() && bytes > kRangeBytes && write_ranges_mapped(bytes, fill)) return;
    for (uint64_t at = 0; at < bytes; at += kRangeBytes) {
        const size_t n = size_t(std::min<uint64_t>(kRangeBytes, bytes - at));
        fill(at, buffer_.get(), n);
        write_fd(buffer_.get(), n);
    }
}

// False, having written nothing, where the file system cannot reserve or the
// file cannot be mapped: the caller then writes in order.
bool OutputFile::write_ranges_mapped(uint64_t bytes, const RangeFill &fill) {
    const off_t start = ::lseek(fd_, 0, SEEK_CUR);
    if (start < 0) return false;
    if (::fallocate(fd_, 0, start, off_t(bytes)) != 0) {
        if (errno == EOPNOTSUPP || errno == ENOSYS || errno == EINVAL) return false;
        const int err = errno;
        abandon();
        fail(GG_ERROR_IO, "%s: cannot reserve %llu bytes to write: %s", path_.c_str(), (unsigned long long)bytes,
             std::strerror(err));
    }
    // A window of the file mapped at a time, so that the process does not
    // hold the whole file's pages mapped on top of the arrays it writes.
    constexpr uint64_t kWindowRanges = 64;
    const uint64_t page = uint64_t(::sysconf(_SC_PAGESIZE));
    const uint64_t ranges = (bytes + kRangeBytes - 1) / kRangeBytes;
    for (uint64_t first = 0; first < ranges; first += kWindowRanges) {
        const uint64_t window_at = first * kRangeBytes;
        const uint64_t window_bytes = std::min(bytes - window_at, kWindowRanges * kRangeBytes);
        const uint64_t skew = (uint64_t(start) + window_at) % page;  // a mapping starts on a page
        void *mapping = ::mmap(nullptr, size_t(window_bytes + skew), PROT_READ | PROT_WRITE, MAP_SHARED, fd_,
                               start + off_t(window_at - skew));
        if (mapping == MAP_FAILED) {
            if (first == 0) return false;  // the reserved range is then written over in order
            const int err = errno;
            abandon();
            fail(GG_ERROR_IO, "%s: cannot map the file to write it: %s", path_.c_str(), std::strerror(err));
        }
        char *base = static_cast<char *>(mapping) + skew;
        const int64_t count = int64_t(std::min(kWindowRanges, ranges - first));
#pragma omp parallel for schedule(dynamic, 1)
        for (int64_t k = 0; k < count; ++k) {
            const uint64_t at = uint64_t(k) * kRangeBytes;
            fill(window_at + at, base + at, size_t(std::min<uint64_t>(kRangeBytes, window_bytes - at)));
        }
        ::munmap(mapping, size_t(window_bytes + skew));
    }
    if (::lseek(fd_, start + off_t(bytes), SEEK_SET) < 0) {
        const int err = errno;
        abandon();
        fail(GG_ERROR_IO, "%s: seek failed: %s", path_.c_str(), std::strerror(err));
    }
    return true;
}

void OutputFile::close() {
    flush();
    if (::close(fd_) != 0) {
        int err = errno;
        fd_ = -1;
        if (!temporary_.empty()) ::unlink(temporary_.c_str());
        fail(GG_ERROR_IO, "%s: close failed: %s", path_.c_str(), std::strerror(err));
    }
    fd_ = -1;
    if (!temporary_.empty() && ::rename(temporary_.c_str(), path_.c_str()) != 0) {
        int err = errno;
        ::unlink(temporary_.c_str());
        fail(GG_ERROR_IO, "%s: cannot replace it with the written file: %s", path_.c_str(), std::strerror(err));
    }
}

}  // namespace gg::io
