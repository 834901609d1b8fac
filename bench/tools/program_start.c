/*
 * gg-program-start: what a vertex program costs before its first superstep.
 * For each program file, on the chosen backend: the first gg_program_prepare
 * in a fresh on-disk cache (the source compiled: NVRTC on the GPU, the host
 * C compiler on the CPU), then a second program handle from the same file,
 * as a second process would start (the compiled code loaded from the cache).
 * Prints one markdown row per file; medians of --trials fresh caches.
 *
 * usage: gg-program-start [--backend cpu|cuda] [--trials N] FILE...
 * The caches are made under $TMPDIR (default /tmp) and removed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gg.h"

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int prepare(gg_context *context, const char *path, gg_backend backend, gg_program_build_stats *stats) {
    gg_program *program = NULL;
    if (gg_program_load(context, path, &program) != GG_OK ||
        gg_program_prepare(context, program, backend, stats) != GG_OK) {
        fprintf(stderr, "gg-program-start: %s: %s\n", path, gg_context_last_error(context));
        gg_program_destroy(program);
        return 0;
    }
    gg_program_destroy(program);
    return 1;
}

int main(int argc, char **argv) {
    gg_backend backend = GG_BACKEND_CPU;
    int trials = 3, first = 1;
    for (; first < argc && argv[first][0] == '-'; first += 2) {
        if (first + 1 >= argc) break;
        if (strcmp(argv[first], "--backend") == 0 && gg_backend_from_name(argv[first + 1], &backend) == GG_OK) continue;
        if (strcmp(argv[first], "--trials") == 0 && (trials = atoi(argv[first + 1])) > 0 && trials <= 100) continue;
        fprintf(stderr, "usage: gg-program-start [--backend cpu|cuda] [--trials N] FILE...\n");
        return 2;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: gg-program-start [--backend cpu|cuda] [--trials N] FILE...\n");
        return 2;
    }
    gg_context *context = NULL;
    if (gg_context_create(NULL, &context) != GG_OK) return 1;
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    printf("| program | backend | compile (ms) | load after compile (ms) | cache-hit start (ms) |\n");
    printf("|---|---|---:|---:|---:|\n");
    int failed = 0;
    for (int f = first; f < argc; ++f) {
        double *compile = calloc((size_t)trials, sizeof *compile), *load = calloc((size_t)trials, sizeof *load),
               *hit = calloc((size_t)trials, sizeof *hit);
        int ok = 1;
        for (int t = 0; t < trials && ok; ++t) {
            char dir[512];
            snprintf(dir, sizeof dir, "%s/gg-program-start-XXXXXX", tmp);
            if (mkdtemp(dir) == NULL) return 1;
            setenv("GG_CACHE_DIR", dir, 1);
            gg_program_build_stats cold, warm;
            gg_program_build_stats_init(&cold);
            gg_program_build_stats_init(&warm);
            ok = prepare(context, argv[f], backend, &cold) && prepare(context, argv[f], backend, &warm);
            if (ok && (!cold.compiled || warm.compiled || !warm.cache_hit)) {
                fprintf(stderr, "gg-program-start: %s: the second start compiled again\n", argv[f]);
                ok = 0;
            }
            compile[t] = cold.compile_ms;
            load[t] = cold.load_ms;
            hit[t] = warm.load_ms + warm.compile_ms;
            char command[600];
            snprintf(command, sizeof command, "rm -rf '%s'", dir);
            if (system(command) != 0) fprintf(stderr, "gg-program-start: could not remove %s\n", dir);
        }
        if (ok)
            printf("| %s | %s | %.1f | %.2f | %.2f |\n", argv[f], gg_backend_name(backend), median(compile, trials),
                   median(load, trials), median(hit, trials));
        failed |= !ok;
        free(compile);
        free(load);
        free(hit);
    }
    gg_context_destroy(context);
    return failed;
}
