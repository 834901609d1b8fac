// The 64-bit checksum of .ggb files: a streaming hash in the style of xxHash64
// (four independent multiply-rotate lanes over 32-byte stripes, merged and
// avalanched at the end). Four lanes keep several multiplies in flight, so it
// runs at many GB/s and verifying a big file costs about as much as reading it.
// It detects corruption and truncation; it is not a cryptographic hash.
// Words are read little-endian, so a file hashes the same on every machine.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gg::io {

class Checksum {
public:
    Checksum();
    void update(const void *data, size_t n);
    uint64_t digest() const;

private:
    void consume_stripe(const unsigned char *stripe);

    uint64_t lanes_[4];
    unsigned char pending_[32];  // bytes not yet making a full stripe
    size_t pending_size_ = 0;
    uint64_t total_ = 0;
};

}  // namespace gg::io
