// C side of the log callback: gg calls ggGoLogTrampoline, which hands the
// message to the Go function registered under a cgo.Handle. Kept in a .c file
// because a cgo preamble next to //export may only hold declarations.
#include <stdint.h>
#include <gg.h>
#include "_cgo_export.h"

static void ggGoLogTrampoline(void *user_data, gg_log_level level, const char *message) {
    ggGoLog((uintptr_t)user_data, (int)level, (char *)message);
}

void ggGoSetLog(gg_context_options *options, uintptr_t handle) {
    options->log_fn = ggGoLogTrampoline;
    options->log_user_data = (void *)handle;
}
