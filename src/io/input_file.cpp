#include "io/input_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"

namespace gg::io {

InputFile::InputFile(const std::string &path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) fail(GG_ERROR_IO, "%s: cannot open for reading: %s", path.c_str(), std::strerror(errno));
    struct stat st;
    if (::fstat(fd_, &st) != 0) {
        int err = errno;
        ::close(fd_);
        fd_ = -1;
        fail(GG_ERROR_IO, "%s: cannot stat: %s", path.c_str(), std::strerror(err));
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd_);
        fd_ = -1;
        fail(GG_ERROR_IO, "%s: cannot read: %s", path.c_str(), std::strerror(EISDIR));
    }
    if (S_ISREG(st.st_mode)) {
        size_known_ = true;
        size_ = uint64_t(st.st_size);
#ifdef POSIX_FADV_SEQUENTIAL
        ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    }
}

InputFile::~InputFile() {
    if (fd_ >= 0) ::close(fd_);
}

size_t InputFile::read_from_fd(char *dst, size_t n, int64_t at) {
    size_t done = 0;
    while (done < n) {
        // Linux moves at most ~2 GiB per read(); ask for at most 1 GiB at a time.
        size_t ask = n - done < (size_t(1) << 30) ? n - done : (size_t(1) << 30);
        ssize_t got = at < 0 ? ::read(fd_, dst + done, ask) : ::pread(fd_, dst + done, ask, off_t(at + int64_t(done)));
        if (got < 0) {
            if (errno == EINTR) continue;
            fail(GG_ERROR_IO, "%s: read failed after %llu bytes: %s", path_.c_str(),
                 (unsigned long long)((at < 0 ? int64_t(bytes_read_) : at) + int64_t(done)), std::strerror(errno));
        }
        if (got == 0) break;
        done += size_t(got);
    }
    return done;
}

size_t InputFile::read(void *dst, size_t n) {
    char *out = static_cast<char *>(dst);
    size_t done = 0;
    if (peeked_pos_ < peeked_.size()) {
        size_t take = peeked_.size() - peeked_pos_ < n ? peeked_.size() - peeked_pos_ : n;
        std::memcpy(out, peeked_.data() + peeked_pos_, take);
        peeked_pos_ += take;
        done = take;
        if (peeked_pos_ == peeked_.size()) {
            peeked_.clear();
            peeked_.shrink_to_fit();
            peeked_pos_ = 0;
        }
    }
    if (done < n) done += read_from_fd(out + done, n - done);
    bytes_read_ += done;
    return done;
}

size_t InputFile::read_at(uint64_t offset, void *dst, size_t n) {
    if (offset > uint64_t(INT64_MAX) - n) return 0;  // past any file: nothing there
    return read_from_fd(static_cast<char *>(dst), n, int64_t(offset));
}

void InputFile::skip(uint64_t n) {
    const uint64_t from_peeked = std::min<uint64_t>(n, peeked_.size() - peeked_pos_);
    peeked_pos_ += size_t(from_peeked);
    if (peeked_pos_ == peeked_.size()) {
        peeked_.clear();
        peeked_pos_ = 0;
    }
    const uint64_t rest = n - from_peeked;
    if (rest > uint64_t(INT64_MAX) || ::lseek(fd_, off_t(rest), SEEK_CUR) < 0)
        fail(GG_ERROR_IO, "%s: cannot move past %llu bytes: %s", path_.c_str(), (unsigned long long)(bytes_read_ + n),
             std::strerror(errno));
    bytes_read_ += n;
}

std::string InputFile::peek(size_t n) {
    if (bytes_read_ != 0) fail(GG_ERROR_INTERNAL, "%s: peek() after read()", path_.c_str());
    if (peeked_.size() < n) {
        size_t have = peeked_.size();
        peeked_.resize(n);
        size_t got = read_from_fd(&peeked_[have], n - have);
        peeked_.resize(have + got);
    }
    return peeked_.substr(0, n);
}

}  // namespace gg::io
