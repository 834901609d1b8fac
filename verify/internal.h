/* What the files of verify/ share and their callers need not see. */
#ifndef GG_VERIFY_INTERNAL_H
#define GG_VERIFY_INTERNAL_H

#include <stddef.h>

#include "verify.h"

/* calloc that never returns NULL: out of memory ends the program with a
 * message, as a test or a benchmark cannot go on without its reference. */
void *verify_alloc(size_t count, size_t size);

/* A failed finding whose message is printf(fmt, ...), truncated to fit. */
verify_finding verify_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The finding of a result that holds. */
verify_finding verify_pass(void);

#endif
