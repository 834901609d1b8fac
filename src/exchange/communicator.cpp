// The communicator of plans made in one process (communicator.h).
#include "exchange/communicator.h"

#include "core/error.h"

namespace gg {

void Communicator::agree(const std::string &text, const char *what) {
    if (size() == 1) return;
    const std::vector<Bytes> all = gather_all(Bytes(text.begin(), text.end()));
    const std::string first(all[0].begin(), all[0].end());
    for (uint32_t r = 1; r < all.size(); ++r) {
        const std::string other(all[r].begin(), all[r].end());
        if (other != first)
            fail(GG_ERROR_INVALID_ARGUMENT, "the processes disagree on %s: process 0 has \"%s\", process %u \"%s\"",
                 what, first.c_str(), r, other.c_str());
    }
}

Communicator &single_process() {
    static SingleProcess one;
    return one;
}

}  // namespace gg
