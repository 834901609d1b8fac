// The communicator of plans made in one process (communicator.h).
#include "exchange/communicator.h"

namespace gg {

Communicator &single_process() {
    static SingleProcess one;
    return one;
}

}  // namespace gg
