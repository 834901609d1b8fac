// gg_context: creation, options, last-error storage, logging.
#include <algorithm>
#include <cstring>
#include <thread>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "api/boundary.h"
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
    if (!gg::enum_in_range(o.backend, GG_BACKEND_AUTO, GG_BACKEND_CUDA)) return GG_ERROR_INVALID_ARGUMENT;
    if (o.num_threads < 0 || o.device_id < -1) return GG_ERROR_INVALID_ARGUMENT;
    if (!gg::enum_in_range(o.log_level, GG_LOG_DEBUG, GG_LOG_ERROR)) return GG_ERROR_INVALID_ARGUMENT;
    gg_context *c = new (std::nothrow) gg_context;
    if (c == nullptr) return GG_ERROR_OUT_OF_MEMORY;
    c->backend = o.backend;
    c->device_id = o.device_id < 0 ? 0 : o.device_id;
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

int32_t gg_context_num_threads(const gg_context *context) { return context ? context->num_threads : 0; }

}  // extern "C"
