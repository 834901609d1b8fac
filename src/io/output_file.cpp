#include "io/output_file.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"

namespace gg::io {

OutputFile::OutputFile(const std::string &path) : path_(path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) fail(GG_ERROR_IO, "%s: cannot open for writing: %s", path.c_str(), std::strerror(errno));
    struct stat st;
    is_regular_ = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
    buffer_.reset(new char[kCapacity]);
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) abandon();
}

// Closes without caring for errors and removes what was written; only for
// regular files (never unlink a device such as /dev/full).
void OutputFile::abandon() {
    ::close(fd_);
    fd_ = -1;
    if (is_regular_) ::unlink(path_.c_str());
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

void OutputFile::close() {
    flush();
    if (::close(fd_) != 0) {
        int err = errno;
        fd_ = -1;
        if (is_regular_) ::unlink(path_.c_str());
        fail(GG_ERROR_IO, "%s: close failed: %s", path_.c_str(), std::strerror(err));
    }
    fd_ = -1;
}

}  // namespace gg::io
