#include "io/output_file.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
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
        fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
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
