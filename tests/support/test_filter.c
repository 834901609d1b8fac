/* Test selection from the environment; see test_filter.h. */
#include "test_filter.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

void apply_test_filters(void) {
    const char *only = getenv("GG_TEST_ONLY");
    const char *skip = getenv("GG_TEST_SKIP");
    if (only && *only) {
        fprintf(stderr, "test_filter: only the tests matching GG_TEST_ONLY=\"%s\"\n", only);
        cmocka_set_test_filter(only);
    }
    if (skip && *skip) {
        fprintf(stderr, "test_filter: skipping the tests matching GG_TEST_SKIP=\"%s\"\n", skip);
        cmocka_set_skip_filter(skip);
    }
    if (test_shallow()) fprintf(stderr, "test_filter: GG_TEST_SHALLOW: the deep tests run at a small depth\n");
}

int test_shallow(void) {
    const char *shallow = getenv("GG_TEST_SHALLOW");
    return shallow && *shallow && *shallow != '0';
}
