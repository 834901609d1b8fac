/* What the files of verify/ share and their callers need not see. */
#ifndef GG_VERIFY_INTERNAL_H
#define GG_VERIFY_INTERNAL_H

#include <stddef.h>

/* calloc that never returns NULL: out of memory ends the program with a
 * message, as a test or a benchmark cannot go on without its reference. */
void *verify_alloc(size_t count, size_t size);

#endif
