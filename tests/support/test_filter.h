/*
 * Narrowing a suite's tests from the environment, for runs that cannot
 * afford them all (compute-sanitizer's racecheck on the deep GPU tests: see
 * scripts/gpu-check --sanitize). GG_TEST_ONLY runs only the tests whose name
 * matches its pattern, GG_TEST_SKIP skips those that match its; patterns are
 * cmocka's (`*` and `?`). Each one in force is named on stderr. Normal runs
 * leave both unset.
 */
#ifndef GG_TEST_FILTER_H
#define GG_TEST_FILTER_H

/* Call in main() before cmocka_run_group_tests(). */
void apply_test_filters(void);

#endif
