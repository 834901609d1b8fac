// A local step whose failure becomes every process's failure: the
// collective steps of distributed graphs and plans (docs/distributed.md).
#pragma once

#include <cstring>
#include <new>
#include <string>

#include "core/error.h"
#include "exchange/communicator.h"

namespace gg {

// Runs `step` on every process; when it failed on any, every process fails
// with the status and message of the first that failed (by rank), so that
// no process goes on to wait for the others in a collective.
template <class Step>
void on_every_process(Communicator &comm, Step step) {
    int32_t status = GG_OK;
    std::string message;
    try {
        step();
    } catch (const Error &e) {
        status = e.status();
        message = e.what();
    } catch (const std::bad_alloc &) {
        status = GG_ERROR_OUT_OF_MEMORY;
        message = "out of host memory";
    }
    if (comm.size() == 1) {
        if (status != GG_OK) throw Error(gg_status(status), message);
        return;
    }
    Bytes mine(sizeof status + message.size());
    std::memcpy(mine.data(), &status, sizeof status);
    std::memcpy(mine.data() + sizeof status, message.data(), message.size());
    const std::vector<Bytes> all = comm.gather_all(mine);
    for (uint32_t r = 0; r < all.size(); ++r) {
        int32_t theirs = GG_OK;
        std::memcpy(&theirs, all[r].data(), sizeof theirs);
        if (theirs == GG_OK) continue;
        const std::string text(all[r].begin() + sizeof theirs, all[r].end());
        if (r == comm.rank()) throw Error(gg_status(theirs), text);
        throw Error(gg_status(theirs), format("process %u: %s", r, text.c_str()));
    }
}

}  // namespace gg
