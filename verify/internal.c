/* Helpers shared by the files of verify/; see internal.h. */
#include "internal.h"

#include <stdarg.h>
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

verify_finding verify_fail(const char *fmt, ...) {
    verify_finding finding;
    finding.failed = 1;
    va_list args;
    va_start(args, fmt);
    vsnprintf(finding.message, sizeof finding.message, fmt, args);
    va_end(args);
    return finding;
}

verify_finding verify_pass(void) {
    verify_finding finding;
    finding.failed = 0;
    finding.message[0] = '\0';
    return finding;
}
