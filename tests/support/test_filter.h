/*
 * Narrowing a suite's tests from the environment, for runs that cannot
 * afford them all (compute-sanitizer's racecheck on the deep GPU tests: see
 * scripts/gpu-check --sanitize). GG_TEST_ONLY runs only the tests whose name
 * matches its pattern, GG_TEST_SKIP skips those that match its; patterns are
 * cmocka's (`*` and `?`). Each one in force is named on stderr. Normal runs
 * leave both unset.
 *
 * GG_TEST_SHALLOW=1 runs the deep GPU tests of test_cuda_runtime at a small
 * depth (a path of 100 vertices instead of 100,000; a 10 x 15 grid instead
 * of 200 x 300, two runs per thread instead of five): the same kernels and
 * code paths, few enough grid barriers for racecheck to finish (on the
 * H100 it ran 480 s unfinished at full depth, and over 300 s on a path of
 * 2,000 vertices).
 */
#ifndef GG_TEST_FILTER_H
#define GG_TEST_FILTER_H

/* Call in main() before cmocka_run_group_tests(). */
void apply_test_filters(void);

/* Whether GG_TEST_SHALLOW asks for the deep tests' small depth. */
int test_shallow(void);

#endif
