// gg_context: creation, options, last-error storage, logging.
#include <algorithm>
#include <cstring>
#include <thread>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "api/boundary.h"
#include "exchange/distributed.h"
#include "cuda_backend.h"

void gg_context::log(gg_log_level level, const std::string &message) const {
    if (log_fn != nullptr && level >= log_level) log_fn(log_user_data, level, message.c_str());
}

namespace gg {
void record_error(gg_context *context, gg_status status, const std::string &message) {
    {
        std::lock_guard<std::mutex> lock(context->error_mutex);
        context->last_status = status;
        context->last_error = message;
    }
    context->log(GG_LOG_ERROR, message);
}
}  // namespace gg

namespace {
int default_threads() {
#ifdef _OPENMP
    return std::max(1, omp_get_max_threads());
#else
    return std::max(1u, std::thread::hardware_concurrency());
#endif
}
}  // namespace

extern "C" {

uint32_t gg_version(void) { return GG_VERSION_NUMBER; }

const char *gg_version_string(void) {
#define GG_STR2(x) #x
#define GG_STR(x) GG_STR2(x)
    return GG_STR(GG_VERSION_MAJOR) "." GG_STR(GG_VERSION_MINOR) "." GG_STR(GG_VERSION_PATCH);
}

const char *gg_status_string(gg_status status) {
    switch (status) {
    case GG_OK: return "ok";
    case GG_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case GG_ERROR_PARSE: return "parse error";
    case GG_ERROR_OUT_OF_MEMORY: return "out of memory";
    case GG_ERROR_DEVICE: return "device error";
    case GG_ERROR_UNSUPPORTED: return "unsupported";
    case GG_ERROR_IO: return "I/O error";
    case GG_ERROR_TOO_LARGE: return "too large";
    case GG_ERROR_INTERNAL: return "internal error";
    case GG_ERROR_DISTRIBUTED: return "distributed run failed";
    }
    return "unknown status";
}

void gg_context_options_init(gg_context_options *options) {
    if (options == nullptr) return;
    std::memset(options, 0, sizeof *options);
    options->struct_size = sizeof *options;
    options->backend = GG_BACKEND_AUTO;
    options->device_id = -1;
    options->num_threads = 0;
    options->log_level = GG_LOG_WARN;
}

gg_status gg_context_create(const gg_context_options *options, gg_context **out_context) {
    if (out_context == nullptr) return GG_ERROR_INVALID_ARGUMENT;
    *out_context = nullptr;
    gg_context_options o;
    gg_context_options_init(&o);
    if (options != nullptr) {
        if (options->struct_size < sizeof(size_t)) return GG_ERROR_INVALID_ARGUMENT;
        std::memcpy(&o, options, std::min(options->struct_size, sizeof o));
    }
    // No context exists yet to hold a message, so a refusal is told to the
    // caller's log callback, the one place the caller can read it.
    const auto refuse = [&o](const std::string &why) {
        if (o.log_fn != nullptr && GG_LOG_ERROR >= o.log_level)
            o.log_fn(o.log_user_data, GG_LOG_ERROR, ("gg_context_create: " + why).c_str());
        return GG_ERROR_INVALID_ARGUMENT;
    };
    if (!gg::enum_in_range(o.log_level, GG_LOG_DEBUG, GG_LOG_ERROR)) return GG_ERROR_INVALID_ARGUMENT;
    if (!gg::enum_in_range(o.backend, GG_BACKEND_AUTO, GG_BACKEND_CUDA))
        return refuse(gg::format("backend %d is not a gg_backend", gg::enum_value(o.backend)));
    if (o.num_threads < 0) return refuse(gg::format("num_threads is %d; it must be >= 0", o.num_threads));
    if (o.device_id < -1) return refuse(gg::format("device_id is %d; it must be >= -1", o.device_id));

    std::vector<int> devices;
    try {
        if (o.all_devices != 0 && o.all_devices != 1)
            return refuse(gg::format("all_devices is %d; it must be 0 or 1", o.all_devices));
        if (o.devices == nullptr && o.num_devices != 0)
            return refuse(gg::format("devices is NULL but num_devices is %u", o.num_devices));
        if (o.all_devices == 1) {
            if (o.devices != nullptr || o.device_id != -1)
                return refuse("all_devices is 1, so devices must be NULL and device_id -1");
            for (int d = 0; d < gg::cuda::device_count(); ++d) devices.push_back(d);
        } else if (o.devices != nullptr) {
            for (uint32_t i = 0; i < o.num_devices; ++i) {
                const int32_t id = o.devices[i];
                if (id < 0) return refuse(gg::format("devices[%u] is %d; device ids are >= 0", i, id));
                for (uint32_t j = 0; j < i; ++j)
                    if (o.devices[j] == id)
                        return refuse(gg::format("devices[%u] is %d, which devices[%u] already names", i, id, j));
                devices.push_back(id);
            }
            if (devices.empty()) return refuse("devices is given but num_devices is 0");
            if (o.device_id != -1 && o.device_id != devices[0])
                return refuse(gg::format("device_id is %d but devices[0] is %d: leave device_id at -1 with a list",
                                         o.device_id, devices[0]));
        } else {
            devices.push_back(o.device_id < 0 ? 0 : o.device_id);
        }
    } catch (...) {
        return GG_ERROR_OUT_OF_MEMORY;  // the vector, or the message, could not be allocated
    }

    if (!gg::enum_in_range(o.mpi, GG_MPI_NONE, GG_MPI_COMM))
        return refuse(gg::format("mpi is %d, not a gg_mpi_mode", gg::enum_value(o.mpi)));
    if (!(o.mpi_timeout_s >= 0)) return refuse(gg::format("mpi_timeout_s is %g; it must be >= 0", o.mpi_timeout_s));
    std::shared_ptr<gg::Communicator> comm;
    if (o.mpi != GG_MPI_NONE) {
        try {
            comm = gg::make_mpi_communicator(gg::MpiSettings{o.mpi, o.mpi_comm, o.mpi_timeout_s});
        } catch (const gg::Error &e) {
            refuse(e.what());
            return e.status();
        } catch (const std::bad_alloc &) {
            return GG_ERROR_OUT_OF_MEMORY;
        }
    }

    gg_context *c = new (std::nothrow) gg_context;
    if (c == nullptr) return GG_ERROR_OUT_OF_MEMORY;
    c->comm = std::move(comm);
    c->backend = o.backend;
    c->devices = std::move(devices);
    c->device_id = c->devices.empty() ? 0 : c->devices[0];
    c->num_threads = o.num_threads > 0 ? o.num_threads : default_threads();
    c->log_fn = o.log_fn;
    c->log_user_data = o.log_user_data;
    c->log_level = o.log_level;
    *out_context = c;
    return GG_OK;
}

void gg_context_destroy(gg_context *context) { delete context; }

const char *gg_context_last_error(const gg_context *context) {
    if (context == nullptr) return "";
    std::lock_guard<std::mutex> lock(context->error_mutex);
    return context->last_error.c_str();
}

size_t gg_context_copy_last_error(const gg_context *context, char *buffer, size_t capacity) {
    if (context == nullptr) {
        if (buffer != nullptr && capacity > 0) buffer[0] = '\0';
        return 0;
    }
    std::lock_guard<std::mutex> lock(context->error_mutex);
    const std::string &msg = context->last_error;
    if (buffer != nullptr && capacity > 0) {
        size_t n = std::min(capacity - 1, msg.size());
        std::memcpy(buffer, msg.data(), n);
        buffer[n] = '\0';
    }
    return msg.size();
}

gg_status gg_context_last_status(const gg_context *context) {
    if (context == nullptr) return GG_ERROR_INVALID_ARGUMENT;
    std::lock_guard<std::mutex> lock(context->error_mutex);
    return context->last_status;
}

void gg_context_clear_error(gg_context *context) {
    if (context == nullptr) return;
    std::lock_guard<std::mutex> lock(context->error_mutex);
    context->last_status = GG_OK;
    context->last_error.clear();
}

int32_t gg_context_cuda_available(gg_context *context, char *reason_buffer, size_t capacity) {
    std::string reason;
    bool ok = false;
    try {
        ok = gg::cuda::usable(context ? context->device_id : 0, reason);
    } catch (...) {
        ok = false;
        reason = "CUDA probe failed";
    }
    if (reason_buffer != nullptr && capacity > 0) {
        size_t n = std::min(capacity - 1, reason.size());
        std::memcpy(reason_buffer, reason.data(), n);
        reason_buffer[n] = '\0';
    }
    return ok ? 1 : 0;
}

gg_status gg_context_get_devices(gg_context *context, int32_t *out_devices, uint32_t capacity, uint32_t *out_count) {
    return gg::guarded(context, "gg_context_get_devices", [&] {
        gg::require(out_count, "out_count");
        const std::vector<int> &devices = context->devices;
        *out_count = uint32_t(devices.size());
        gg::require_capacity(out_devices, capacity, devices.size(), "out_devices", "the context's devices");
        if (out_devices) std::copy(devices.begin(), devices.end(), out_devices);
    });
}

int32_t gg_context_num_threads(const gg_context *context) { return context ? context->num_threads : 0; }

int32_t gg_context_rank(const gg_context *context) {
    return context && context->comm ? int32_t(context->comm->rank()) : 0;
}

int32_t gg_context_num_ranks(const gg_context *context) {
    if (context == nullptr) return 0;
    return context->comm ? int32_t(context->comm->size()) : 1;
}

}  // extern "C"
