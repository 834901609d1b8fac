// Making the communicator of a distributed context (gg_context_options.mpi;
// docs/distributed.md). mpi/mpi_communicator.cpp serves builds with MPI;
// nompi/mpi_unavailable.cpp refuses in builds without it.
#pragma once

#include <cstdint>
#include <memory>

#include "exchange/communicator.h"
#include "gg.h"

namespace gg {

struct MpiSettings {
    gg_mpi_mode mode = GG_MPI_NONE;
    int64_t fortran_comm = 0;  // GG_MPI_COMM: the caller's communicator, MPI_Comm_c2f's handle
    double timeout_s = 0;      // longest wait in a collective before the run fails; 0: the default
};

constexpr double kDefaultMpiTimeoutS = 600.0;

// Collective over the processes of the communicator: duplicates it (gg's
// messages never meet the caller's), then checks that every process runs
// the same gg version with the same settings.
std::shared_ptr<Communicator> make_mpi_communicator(const MpiSettings &settings);

}  // namespace gg
