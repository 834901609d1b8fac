// A file opened for reading by the graph readers. Reads are plain POSIX
// read() calls in large blocks. The size is known for regular files, so that a
// reader can check a declared count against the bytes really there before it
// allocates anything. peek() lets format detection look at the first bytes
// without losing them: later reads return them again. read_at() reads a
// range anywhere (pread), for a reader that needs only part of a file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gg::io {

class InputFile {
public:
    // Opens path; GG_ERROR_IO naming the path and strerror when it cannot.
    explicit InputFile(const std::string &path);
    ~InputFile();
    InputFile(const InputFile &) = delete;
    InputFile &operator=(const InputFile &) = delete;

    const std::string &path() const { return path_; }
    // True for regular files; pipes and devices have no size to check against.
    bool size_known() const { return size_known_; }
    uint64_t size() const { return size_; }  // 0 when unknown
    uint64_t bytes_read() const { return bytes_read_; }

    // Fills dst with up to n bytes; fewer only at the end of the file.
    // GG_ERROR_IO on a read error.
    size_t read(void *dst, size_t n);

    // Fills dst with up to n bytes from byte `offset` on; fewer only at the
    // end of the file. The position read() goes on from does not move.
    size_t read_at(uint64_t offset, void *dst, size_t n);

    // Moves the position read() goes on from n bytes on, as if read() had
    // returned them: for a reader that read them with read_at(). Regular
    // files only; GG_ERROR_IO when the position cannot move.
    void skip(uint64_t n);

    // The first (up to) n bytes of the file; only valid before any read().
    std::string peek(size_t n);

private:
    // at < 0: from the current position; else from byte `at` (pread).
    size_t read_from_fd(char *dst, size_t n, int64_t at = -1);

    std::string path_;
    int fd_ = -1;
    bool size_known_ = false;
    uint64_t size_ = 0;
    uint64_t bytes_read_ = 0;
    std::string peeked_;  // bytes read by peek() and not yet returned by read()
    size_t peeked_pos_ = 0;
};

}  // namespace gg::io
