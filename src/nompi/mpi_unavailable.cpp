// A build without MPI (CMake found no MPI, or GG_ENABLE_MPI=OFF): a
// distributed context is refused with a message saying how to get one.
#include "core/error.h"
#include "exchange/distributed.h"

namespace gg {

std::shared_ptr<Communicator> make_mpi_communicator(const MpiSettings &) {
    fail(GG_ERROR_UNSUPPORTED,
         "this gg was built without MPI: install an MPI (apt-get install libopenmpi-dev openmpi-bin) and rebuild");
}

}  // namespace gg
