/* Helpers shared by the files of verify/; see internal.h. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

void *verify_alloc(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (p == NULL) {
        fprintf(stderr, "verify: out of memory allocating %zu x %zu bytes\n", count, size);
        abort();
    }
    return p;
}
