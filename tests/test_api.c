/* The general public API of gg.h, apart from algorithms, I/O and shards
 * (their own suites cover those): versions, status strings, contexts and
 * every context option, the last-error message (copying, truncation,
 * clearing, thread-free retrieval), the struct_size rule of every options
 * and stats struct, NULL handling of every entry point, the log callback,
 * CUDA availability reporting and gg_format_from_path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gg.h"

/* A 4-vertex path 0 -> 1 -> 2 -> 3 that runs can use. */
static const uint32_t path_src[] = {0, 1, 2};
static const uint32_t path_dst[] = {1, 2, 3};

static gg_context *new_context(void) {
    gg_context *context = NULL;
    assert_int_equal(gg_context_create(NULL, &context), GG_OK);
    assert_non_null(context);
    return context;
}

static gg_graph *new_path(gg_context *context) {
    gg_graph *graph = NULL;
    gg_status status = gg_graph_create(context, 4, 3, path_src, path_dst, NULL, NULL, &graph);
    if (status != GG_OK) fail_msg("gg_graph_create failed: %s", gg_context_last_error(context));
    return graph;
}

/* Makes `context` fail once (an edge id out of range) and returns the status. */
static gg_status provoke_error(gg_context *context) {
    const uint32_t src[] = {0}, dst[] = {7};
    gg_graph *graph = (gg_graph *)&graph; /* must be reset to NULL on failure */
    gg_status status = gg_graph_create(context, 2, 1, src, dst, NULL, NULL, &graph);
    assert_null(graph);
    return status;
}

/* ---- versions and status strings ------------------------------------------ */

static void test_version_matches_header(void **state) {
    (void)state;
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", GG_VERSION_MAJOR, GG_VERSION_MINOR, GG_VERSION_PATCH);
    assert_int_equal(gg_version(), GG_VERSION_NUMBER);
    assert_int_equal(GG_VERSION_NUMBER, GG_VERSION_MAJOR * 10000 + GG_VERSION_MINOR * 100 + GG_VERSION_PATCH);
    assert_string_equal(gg_version_string(), expected);
}

static void test_status_values_are_fixed(void **state) {
    (void)state;
    /* The ABI promises these numbers; a renumbering breaks every binding. */
    assert_int_equal(GG_OK, 0);
    assert_int_equal(GG_ERROR_INVALID_ARGUMENT, -1);
    assert_int_equal(GG_ERROR_PARSE, -2);
    assert_int_equal(GG_ERROR_OUT_OF_MEMORY, -3);
    assert_int_equal(GG_ERROR_DEVICE, -4);
    assert_int_equal(GG_ERROR_UNSUPPORTED, -5);
    assert_int_equal(GG_ERROR_IO, -6);
    assert_int_equal(GG_ERROR_TOO_LARGE, -7);
    assert_int_equal(GG_ERROR_INTERNAL, -8);
}

static void test_status_strings(void **state) {
    (void)state;
    const gg_status all[] = {GG_OK,
                             GG_ERROR_INVALID_ARGUMENT,
                             GG_ERROR_PARSE,
                             GG_ERROR_OUT_OF_MEMORY,
                             GG_ERROR_DEVICE,
                             GG_ERROR_UNSUPPORTED,
                             GG_ERROR_IO,
                             GG_ERROR_TOO_LARGE,
                             GG_ERROR_INTERNAL,
                             GG_ERROR_DISTRIBUTED};
    const size_t count = sizeof all / sizeof all[0];
    assert_string_equal(gg_status_string(GG_OK), "ok");
    assert_string_equal(gg_status_string(GG_ERROR_PARSE), "parse error");
    for (size_t i = 0; i < count; ++i) {
        const char *text = gg_status_string(all[i]);
        assert_non_null(text);
        assert_true(strlen(text) > 0);
        assert_string_not_equal(text, "unknown status");
        for (size_t j = 0; j < i; ++j)
            if (strcmp(text, gg_status_string(all[j])) == 0)
                fail_msg("statuses %d and %d share the string \"%s\"", all[i], all[j], text);
    }
    assert_string_equal(gg_status_string((gg_status)1), "unknown status");
    assert_string_equal(gg_status_string((gg_status)-10), "unknown status");
    assert_string_equal(gg_status_string((gg_status)INT32_MIN), "unknown status");
}

/* ---- contexts and their options -------------------------------------------- */

static void test_context_defaults(void **state) {
    (void)state;
    gg_context_options options;
    memset(&options, 0x5a, sizeof options);
    gg_context_options_init(&options);
    assert_int_equal(options.struct_size, sizeof options);
    assert_int_equal(options.backend, GG_BACKEND_AUTO);
    assert_int_equal(options.device_id, -1);
    assert_int_equal(options.num_threads, 0);
    assert_null(options.log_fn);
    assert_null(options.log_user_data);
    assert_int_equal(options.log_level, GG_LOG_WARN);
    assert_null(options.devices);
    assert_int_equal(options.num_devices, 0);
    assert_int_equal(options.all_devices, 0);
    gg_context_options_init(NULL); /* ignored */

    gg_context *context = new_context();
    assert_true(gg_context_num_threads(context) >= 1);
    assert_string_equal(gg_context_last_error(context), "");
    assert_int_equal(gg_context_last_status(context), GG_OK);
    gg_context_destroy(context);

    gg_context *with_defaults = NULL;
    assert_int_equal(gg_context_create(&options, &with_defaults), GG_OK);
    assert_int_equal(gg_context_num_threads(with_defaults), gg_context_num_threads(context = new_context()));
    gg_context_destroy(context);
    gg_context_destroy(with_defaults);
}

static void test_context_every_option(void **state) {
    (void)state;
    const gg_backend backends[] = {GG_BACKEND_AUTO, GG_BACKEND_CPU, GG_BACKEND_CUDA};
    const int32_t devices[] = {-1, 0, 1, 7};
    const int32_t threads[] = {0, 1, 3, 64};
    const gg_log_level levels[] = {GG_LOG_DEBUG, GG_LOG_INFO, GG_LOG_WARN, GG_LOG_ERROR};
    for (size_t b = 0; b < 3; ++b)
        for (size_t d = 0; d < 4; ++d)
            for (size_t t = 0; t < 4; ++t)
                for (size_t l = 0; l < 4; ++l) {
                    gg_context_options options;
                    gg_context_options_init(&options);
                    options.backend = backends[b];
                    options.device_id = devices[d];
                    options.num_threads = threads[t];
                    options.log_level = levels[l];
                    gg_context *context = NULL;
                    /* Never fails for want of a GPU, whatever the backend or device. */
                    assert_int_equal(gg_context_create(&options, &context), GG_OK);
                    assert_non_null(context);
                    if (threads[t] > 0) assert_int_equal(gg_context_num_threads(context), threads[t]);
                    else assert_true(gg_context_num_threads(context) >= 1);
                    gg_context_destroy(context);
                }
}

static void expect_rejected_options(const gg_context_options *options, const char *what) {
    gg_context *context = (gg_context *)&context; /* must be reset to NULL */
    gg_status status = gg_context_create(options, &context);
    if (status != GG_ERROR_INVALID_ARGUMENT)
        fail_msg("%s: expected GG_ERROR_INVALID_ARGUMENT, got %d", what, status);
    assert_null(context);
}

static void test_context_bad_options(void **state) {
    (void)state;
    gg_context_options options;
    gg_context_options_init(&options);
    options.backend = (gg_backend)3;
    expect_rejected_options(&options, "backend 3");
    gg_context_options_init(&options);
    options.backend = (gg_backend)-1;
    expect_rejected_options(&options, "backend -1");
    gg_context_options_init(&options);
    options.device_id = -2;
    expect_rejected_options(&options, "device_id -2");
    gg_context_options_init(&options);
    options.num_threads = -1;
    expect_rejected_options(&options, "num_threads -1");
    gg_context_options_init(&options);
    options.log_level = (gg_log_level)4;
    expect_rejected_options(&options, "log_level 4");
    gg_context_options_init(&options);
    options.log_level = (gg_log_level)-1;
    expect_rejected_options(&options, "log_level -1");
    gg_context_options_init(&options);
    options.struct_size = 0;
    expect_rejected_options(&options, "struct_size 0");
    options.struct_size = 3;
    expect_rejected_options(&options, "struct_size 3");
    assert_int_equal(gg_context_create(NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_context_create(&options, NULL), GG_ERROR_INVALID_ARGUMENT);
}

/* A caller compiled against an older, shorter gg_context_options: the bytes
 * past its struct_size are garbage and must not be read. */
static void test_context_older_options_struct(void **state) {
    (void)state;
    unsigned char raw[sizeof(gg_context_options)];
    memset(raw, 0xff, sizeof raw); /* backend -1, log_fn garbage, ... if ever read */
    gg_context_options old;
    gg_context_options_init(&old);
    old.backend = GG_BACKEND_CPU;
    old.num_threads = 2;
    old.struct_size = offsetof(gg_context_options, log_fn);
    memcpy(raw, &old, old.struct_size);

    gg_context *context = NULL;
    assert_int_equal(gg_context_create((const gg_context_options *)raw, &context), GG_OK);
    assert_int_equal(gg_context_num_threads(context), 2);
    /* log_fn took its default (NULL): a failure must not call the garbage pointer. */
    assert_int_equal(provoke_error(context), GG_ERROR_INVALID_ARGUMENT);
    /* backend took the caller's CPU: a run reports the CPU without a fallback reason. */
    gg_graph *graph = new_path(context);
    uint32_t depths[4];
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, NULL, &stats), GG_OK);
    assert_int_equal(stats.backend, GG_BACKEND_CPU);
    assert_string_equal(stats.fallback_reason, "");
    gg_graph_destroy(graph);
    gg_context_destroy(context);

    /* Only struct_size: every field defaults. */
    size_t size_only = sizeof(size_t);
    context = NULL;
    assert_int_equal(gg_context_create((const gg_context_options *)&size_only, &context), GG_OK);
    assert_true(gg_context_num_threads(context) >= 1);
    gg_context_destroy(context);
}

/* ---- the device list -------------------------------------------------------- */

/* The devices a context reports, into `out` (capacity 8); returns the count. */
static uint32_t devices_of(gg_context *context, int32_t *out) {
    uint32_t count = 99;
    if (gg_context_get_devices(context, out, 8, &count) != GG_OK)
        fail_msg("gg_context_get_devices failed: %s", gg_context_last_error(context));
    return count;
}

static gg_context *with_devices(const int32_t *devices, uint32_t num_devices, int32_t device_id) {
    gg_context_options options;
    gg_context_options_init(&options);
    options.devices = devices;
    options.num_devices = num_devices;
    options.device_id = device_id;
    gg_context *context = NULL;
    if (gg_context_create(&options, &context) != GG_OK) fail_msg("gg_context_create refused %u devices", num_devices);
    return context;
}

typedef struct {
    char last[512];
} captured_log;

static void capture_log(void *user_data, gg_log_level level, const char *message) {
    (void)level;
    captured_log *log = (captured_log *)user_data;
    snprintf(log->last, sizeof log->last, "%s", message);
}

/* gg_context_create refuses `options` with GG_ERROR_INVALID_ARGUMENT and tells
 * the log callback a message that contains `expected`. */
static void expect_refused_devices(gg_context_options *options, const char *expected) {
    captured_log log = {""};
    options->log_fn = capture_log;
    options->log_user_data = &log;
    expect_rejected_options(options, expected);
    if (strstr(log.last, expected) == NULL) fail_msg("the logged message \"%s\" should say \"%s\"", log.last, expected);
}

static void test_context_devices(void **state) {
    (void)state;
    int32_t out[8];
    /* No list: the list of one, device_id (-1 meaning device 0). */
    gg_context *context = new_context();
    assert_int_equal(devices_of(context, out), 1);
    assert_int_equal(out[0], 0);
    gg_context_destroy(context);
    context = with_devices(NULL, 0, 3);
    assert_int_equal(devices_of(context, out), 1);
    assert_int_equal(out[0], 3);
    gg_context_destroy(context);

    /* A list, kept in the caller's order; device_id may repeat its first entry. */
    const int32_t list[] = {2, 0, 5};
    context = with_devices(list, 3, -1);
    assert_int_equal(devices_of(context, out), 3);
    assert_memory_equal(out, list, sizeof list);
    gg_context_destroy(context);
    context = with_devices(list, 3, 2);
    assert_int_equal(devices_of(context, out), 3);
    gg_context_destroy(context);

    /* Counting with a NULL array; a capacity one short fails and writes nothing; exact passes. */
    context = with_devices(list, 3, -1);
    uint32_t count = 0;
    assert_int_equal(gg_context_get_devices(context, NULL, 0, &count), GG_OK);
    assert_int_equal(count, 3);
    out[0] = -7;
    count = 0;
    assert_int_equal(gg_context_get_devices(context, out, 2, &count), GG_ERROR_TOO_LARGE);
    assert_int_equal(count, 3);
    assert_int_equal(out[0], -7);
    if (strstr(gg_context_last_error(context), "out_devices holds 2 entries, but 3") == NULL)
        fail_msg("the message should name out_devices, 3 needed and 2 given: \"%s\"", gg_context_last_error(context));
    assert_int_equal(gg_context_get_devices(context, out, 3, &count), GG_OK);
    assert_int_equal(out[2], 5);
    assert_int_equal(gg_context_get_devices(context, out, 3, NULL), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_context_get_devices(NULL, out, 3, &count), GG_ERROR_INVALID_ARGUMENT);
    gg_context_destroy(context);

    /* Every visible device: as many as CUDA sees, in id order; none without a usable GPU build. */
    gg_context_options options;
    gg_context_options_init(&options);
    options.all_devices = 1;
    assert_int_equal(gg_context_create(&options, &context), GG_OK);
    count = devices_of(context, out);
    for (uint32_t i = 0; i < count && i < 8; ++i) assert_int_equal(out[i], (int32_t)i);
    if (count == 0) assert_int_equal(gg_context_cuda_available(context, NULL, 0), 0);
    gg_context_destroy(context);

    /* Refusals name the entry. */
    const int32_t negative[] = {0, -1}, duplicate[] = {1, 4, 1};
    gg_context_options_init(&options);
    options.devices = negative;
    options.num_devices = 2;
    expect_refused_devices(&options, "devices[1] is -1");
    gg_context_options_init(&options);
    options.devices = duplicate;
    options.num_devices = 3;
    expect_refused_devices(&options, "devices[2] is 1, which devices[0] already names");
    gg_context_options_init(&options);
    options.num_devices = 2;
    expect_refused_devices(&options, "devices is NULL but num_devices is 2");
    gg_context_options_init(&options);
    options.devices = list;
    options.num_devices = 0;
    expect_refused_devices(&options, "num_devices is 0");
    gg_context_options_init(&options);
    options.devices = list;
    options.num_devices = 3;
    options.device_id = 0;
    expect_refused_devices(&options, "device_id is 0 but devices[0] is 2");
    gg_context_options_init(&options);
    options.all_devices = 1;
    options.devices = list;
    options.num_devices = 1;
    expect_refused_devices(&options, "all_devices is 1");
    gg_context_options_init(&options);
    options.all_devices = 2;
    expect_refused_devices(&options, "all_devices is 2");
    gg_context_options_init(&options);
    options.device_id = -2;
    expect_refused_devices(&options, "device_id is -2");

    /* A caller built before the list existed: its device_id is the list. */
    unsigned char raw[sizeof(gg_context_options)];
    memset(raw, 0xff, sizeof raw); /* devices, num_devices, all_devices garbage if ever read */
    gg_context_options old;
    gg_context_options_init(&old);
    old.device_id = 1;
    old.struct_size = offsetof(gg_context_options, devices);
    memcpy(raw, &old, old.struct_size);
    context = NULL;
    assert_int_equal(gg_context_create((const gg_context_options *)raw, &context), GG_OK);
    assert_int_equal(devices_of(context, out), 1);
    assert_int_equal(out[0], 1);
    gg_context_destroy(context);
}

/* ---- backend names ----------------------------------------------------------- */

static void test_backend_names(void **state) {
    (void)state;
    const struct {
        gg_backend backend;
        const char *name;
    } expected[] = {{GG_BACKEND_AUTO, "auto"}, {GG_BACKEND_CPU, "cpu"}, {GG_BACKEND_CUDA, "cuda"}};
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; ++i) {
        const char *name = gg_backend_name(expected[i].backend);
        if (name == NULL || strcmp(name, expected[i].name) != 0)
            fail_msg("gg_backend_name(%d) is \"%s\", expected \"%s\"", expected[i].backend, name ? name : "(null)",
                     expected[i].name);
        gg_backend backend = (gg_backend)-1;
        assert_int_equal(gg_backend_from_name(expected[i].name, &backend), GG_OK);
        assert_int_equal(backend, expected[i].backend);
    }
    assert_null(gg_backend_name((gg_backend)3));
    assert_null(gg_backend_name((gg_backend)-1));
    gg_backend backend = GG_BACKEND_CPU;
    assert_int_equal(gg_backend_from_name("CUDA", &backend), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_backend_from_name("gpu", &backend), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(backend, GG_BACKEND_CPU); /* untouched */
    assert_int_equal(gg_backend_from_name(NULL, &backend), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_backend_from_name("cpu", NULL), GG_ERROR_INVALID_ARGUMENT);
}

/* ---- layout names ------------------------------------------------------------ */

static void test_layout_names(void **state) {
    (void)state;
    const struct {
        gg_layout layout;
        const char *name;
    } expected[] = {
        {GG_LAYOUT_AUTO, "auto"}, {GG_LAYOUT_CSR, "csr"},     {GG_LAYOUT_GSHARDS, "gshards"},
        {GG_LAYOUT_CW, "cw"},     {GG_LAYOUT_VIRTUAL_SPLIT, "vsplit"}, {GG_LAYOUT_UDT, "udt"},
        {GG_LAYOUT_TOCAB, "tocab"},
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; ++i) {
        const char *name = gg_layout_name(expected[i].layout);
        if (name == NULL || strcmp(name, expected[i].name) != 0)
            fail_msg("gg_layout_name(%d) is \"%s\", expected \"%s\"", expected[i].layout, name ? name : "(null)",
                     expected[i].name);
        gg_layout layout = (gg_layout)-1;
        assert_int_equal(gg_layout_from_name(expected[i].name, &layout), GG_OK);
        assert_int_equal(layout, expected[i].layout);
    }
    /* Values outside the enum have no name. */
    assert_null(gg_layout_name((gg_layout)7));
    assert_null(gg_layout_name((gg_layout)-1));
    assert_null(gg_layout_name((gg_layout)INT32_MAX));
    /* Only exact names: the bindings' old spelling is theirs to keep, not the library's. */
    const char *refused[] = {"virtual_split", "VSPLIT", "Csr", "csr ", "", "unknown"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
        gg_layout layout = GG_LAYOUT_UDT;
        if (gg_layout_from_name(refused[i], &layout) != GG_ERROR_INVALID_ARGUMENT)
            fail_msg("gg_layout_from_name(\"%s\") should be refused", refused[i]);
        assert_int_equal(layout, GG_LAYOUT_UDT); /* untouched */
    }
    gg_layout layout;
    assert_int_equal(gg_layout_from_name(NULL, &layout), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_layout_from_name("csr", NULL), GG_ERROR_INVALID_ARGUMENT);
}

/* ---- reading the CSR and CSC arrays with capacities ---------------------------- */

static void expect_short_array(gg_context *context, gg_status status, const char *expected) {
    if (status != GG_ERROR_TOO_LARGE) fail_msg("expected GG_ERROR_TOO_LARGE for \"%s\", got %d", expected, status);
    if (strstr(gg_context_last_error(context), expected) == NULL)
        fail_msg("the message \"%s\" should say \"%s\"", gg_context_last_error(context), expected);
}

static void test_read_csr_capacities(void **state) {
    (void)state;
    gg_context *context = new_context();
    gg_graph *graph = new_path(context); /* n = 4, m = 3 */
    uint64_t offsets[5];
    uint32_t indices[3];
    float weights[3];
    typedef gg_status (*read_fn)(gg_context *, const gg_graph *, uint64_t *, uint64_t, uint32_t *, uint64_t, float *,
                                 uint64_t);
    const read_fn reads[] = {gg_graph_read_csr, gg_graph_read_csc};
    for (size_t r = 0; r < 2; ++r) {
        memset(offsets, 0xab, sizeof offsets);
        memset(indices, 0xab, sizeof indices);
        expect_short_array(context, reads[r](context, graph, offsets, 4, indices, 3, weights, 3),
                           "offsets holds 4 entries, but 5 (n + 1)");
        expect_short_array(context, reads[r](context, graph, offsets, 5, indices, 2, weights, 3),
                           "indices holds 2 entries, but 3 (m)");
        expect_short_array(context, reads[r](context, graph, offsets, 5, indices, 3, weights, 2),
                           "weights holds 2 entries, but 3 (m)");
        /* Refused before anything was written. */
        assert_int_equal(offsets[0], 0xababababababababull);
        assert_int_equal(indices[0], 0xababababu);
        assert_int_equal(reads[r](context, graph, offsets, 5, indices, 3, weights, 3), GG_OK);
        assert_int_equal(offsets[4], 3);
        assert_int_equal(indices[0], r == 0 ? 1 : 0); /* out-edge 0->1; in-edge of 1 from 0 */
        /* NULL arrays are skipped whatever their capacity. */
        assert_int_equal(reads[r](context, graph, NULL, 0, indices, 3, NULL, 0), GG_OK);
    }
    if (strstr(gg_context_last_error(context), "gg_graph_read_csc") == NULL)
        fail_msg("the message should name the call: \"%s\"", gg_context_last_error(context));
    /* The deprecated forms still copy, unchecked. */
    uint64_t old_offsets[5];
    assert_int_equal(gg_graph_copy_csr(context, graph, old_offsets, NULL, NULL), GG_OK);
    assert_int_equal(gg_graph_read_csr(context, graph, offsets, 5, NULL, 0, NULL, 0), GG_OK);
    assert_memory_equal(old_offsets, offsets, sizeof offsets);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* ---- the last error -------------------------------------------------------- */

static void test_last_error_message_and_status(void **state) {
    (void)state;
    gg_context *context = new_context();
    assert_int_equal(provoke_error(context), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_context_last_status(context), GG_ERROR_INVALID_ARGUMENT);
    const char *message = gg_context_last_error(context);
    assert_non_null(message);
    if (strstr(message, "7") == NULL) fail_msg("the message should name the bad id 7: \"%s\"", message);

    /* A later success keeps the message of the last failure. */
    gg_graph *graph = new_path(context);
    assert_int_equal(gg_context_last_status(context), GG_ERROR_INVALID_ARGUMENT);
    assert_string_equal(gg_context_last_error(context), message);

    /* A later failure replaces it. */
    uint32_t depths[4];
    assert_int_equal(gg_run_bfs(context, graph, 4, depths, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    if (strstr(gg_context_last_error(context), "source") == NULL)
        fail_msg("expected a message about the source, got \"%s\"", gg_context_last_error(context));

    gg_context_clear_error(context);
    assert_string_equal(gg_context_last_error(context), "");
    assert_int_equal(gg_context_last_status(context), GG_OK);
    gg_context_clear_error(NULL);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

static void test_last_error_copy_and_truncation(void **state) {
    (void)state;
    gg_context *context = new_context();
    char buffer[512];

    /* No error yet: length 0 and an empty string. */
    memset(buffer, 'x', sizeof buffer);
    assert_int_equal(gg_context_copy_last_error(context, buffer, sizeof buffer), 0);
    assert_string_equal(buffer, "");

    provoke_error(context);
    const char *message = gg_context_last_error(context);
    const size_t length = strlen(message);
    assert_true(length > 8);

    assert_int_equal(gg_context_copy_last_error(context, NULL, 0), length);   /* measure only */
    assert_int_equal(gg_context_copy_last_error(context, NULL, 100), length); /* NULL buffer: measure only */

    memset(buffer, 'x', sizeof buffer);
    assert_int_equal(gg_context_copy_last_error(context, buffer, sizeof buffer), length);
    assert_string_equal(buffer, message);

    /* Exactly enough room. */
    memset(buffer, 'x', sizeof buffer);
    assert_int_equal(gg_context_copy_last_error(context, buffer, length + 1), length);
    assert_string_equal(buffer, message);

    /* One byte short: truncated, NUL-terminated, nothing past the capacity touched. */
    memset(buffer, 'x', sizeof buffer);
    assert_int_equal(gg_context_copy_last_error(context, buffer, length), length);
    assert_int_equal(strlen(buffer), length - 1);
    assert_memory_equal(buffer, message, length - 1);
    assert_int_equal(buffer[length], 'x');

    /* Capacity 5: four characters and the NUL. */
    memset(buffer, 'x', sizeof buffer);
    assert_int_equal(gg_context_copy_last_error(context, buffer, 5), length);
    assert_int_equal(strlen(buffer), 4);
    assert_memory_equal(buffer, message, 4);
    assert_int_equal(buffer[5], 'x');

    /* Capacity 1: just the NUL. Capacity 0: nothing written. */
    memset(buffer, 'x', sizeof buffer);
    assert_int_equal(gg_context_copy_last_error(context, buffer, 1), length);
    assert_int_equal(buffer[0], '\0');
    assert_int_equal(buffer[1], 'x');
    memset(buffer, 'x', sizeof buffer);
    assert_int_equal(gg_context_copy_last_error(context, buffer, 0), length);
    assert_int_equal(buffer[0], 'x');

    /* After clearing: length 0 again. */
    gg_context_clear_error(context);
    assert_int_equal(gg_context_copy_last_error(context, buffer, sizeof buffer), 0);
    assert_string_equal(buffer, "");
    gg_context_destroy(context);
}

static void test_errors_belong_to_their_context(void **state) {
    (void)state;
    gg_context *failing = new_context(), *quiet = new_context();
    provoke_error(failing);
    assert_int_equal(gg_context_last_status(quiet), GG_OK);
    assert_string_equal(gg_context_last_error(quiet), "");
    gg_context_destroy(failing);
    gg_context_destroy(quiet);
}

/* ---- options structs: struct_size ------------------------------------------ */

static void test_init_functions(void **state) {
    (void)state;
    gg_graph_options graph_options;
    memset(&graph_options, 0x5a, sizeof graph_options);
    gg_graph_options_init(&graph_options);
    assert_int_equal(graph_options.struct_size, sizeof graph_options);
    assert_int_equal(graph_options.undirected, 0);
    assert_int_equal(graph_options.duplicates, GG_DUPLICATES_KEEP_MIN);
    assert_int_equal(graph_options.drop_self_loops, 0);
    assert_int_equal(graph_options.max_edges, 0);

    gg_run_options run_options;
    memset(&run_options, 0x5a, sizeof run_options);
    gg_run_options_init(&run_options);
    assert_int_equal(run_options.struct_size, sizeof run_options);
    assert_int_equal(run_options.backend, GG_BACKEND_AUTO);
    assert_int_equal(run_options.layout, GG_LAYOUT_AUTO);
    assert_true(run_options.tolerance == 1e-6);
    assert_int_equal(run_options.max_iterations, 100);
    assert_true(run_options.damping == 0.85);
    assert_true(run_options.delta == 0.0f);

    gg_run_stats stats;
    memset(&stats, 0x5a, sizeof stats);
    gg_run_stats_init(&stats);
    assert_int_equal(stats.struct_size, sizeof stats);
    assert_int_equal(stats.iterations, 0);
    assert_string_equal(stats.fallback_reason, "");

    gg_generator_options generator;
    memset(&generator, 0x5a, sizeof generator);
    gg_generator_options_init(&generator);
    assert_int_equal(generator.struct_size, sizeof generator);
    assert_int_equal(generator.kind, GG_GENERATOR_KRON);
    assert_int_equal(generator.symmetrize, 1);
    assert_int_equal(generator.weighted, 0);
    assert_true(generator.rmat_a == 0.57 && generator.rmat_b == 0.19 && generator.rmat_c == 0.19);

    gg_partition_options partition;
    gg_partition_options_init(&partition);
    assert_int_equal(partition.struct_size, sizeof partition);
    gg_shard_options shard;
    gg_shard_options_init(&shard);
    assert_int_equal(shard.struct_size, sizeof shard);
    gg_shard_stats shard_stats;
    gg_shard_stats_init(&shard_stats);
    assert_int_equal(shard_stats.struct_size, sizeof shard_stats);

    /* Every init function ignores NULL. */
    gg_graph_options_init(NULL);
    gg_run_options_init(NULL);
    gg_run_stats_init(NULL);
    gg_generator_options_init(NULL);
    gg_partition_options_init(NULL);
    gg_shard_options_init(NULL);
    gg_shard_stats_init(NULL);
}

static void test_struct_size_zero_rejected(void **state) {
    (void)state;
    gg_context *context = new_context();
    gg_graph *graph = new_path(context);
    uint32_t depths[4];

    gg_graph_options graph_options;
    gg_graph_options_init(&graph_options);
    graph_options.struct_size = 0;
    gg_graph *other = NULL;
    assert_int_equal(gg_graph_create(context, 4, 3, path_src, path_dst, NULL, &graph_options, &other),
                     GG_ERROR_INVALID_ARGUMENT);
    assert_null(other);
    if (strstr(gg_context_last_error(context), "struct_size") == NULL)
        fail_msg("the message should name struct_size: \"%s\"", gg_context_last_error(context));

    gg_run_options run_options;
    gg_run_options_init(&run_options);
    run_options.struct_size = 0;
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &run_options, NULL), GG_ERROR_INVALID_ARGUMENT);

    gg_generator_options generator;
    gg_generator_options_init(&generator);
    generator.struct_size = 0;
    assert_int_equal(gg_graph_generate(context, &generator, &other), GG_ERROR_INVALID_ARGUMENT);
    assert_null(other);

    gg_partition_options partition;
    gg_partition_options_init(&partition);
    partition.struct_size = 0;
    uint32_t parts[4];
    assert_int_equal(gg_partition(context, graph, 2, parts, NULL, &partition), GG_ERROR_INVALID_ARGUMENT);

    gg_shard_options shard;
    gg_shard_options_init(&shard);
    shard.struct_size = 0;
    gg_shards *shards = NULL;
    assert_int_equal(gg_shard(context, graph, &shard, &shards), GG_ERROR_INVALID_ARGUMENT);
    assert_null(shards);

    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

static void test_older_graph_options_struct(void **state) {
    (void)state;
    gg_context *context = new_context();
    /* An older caller knew only struct_size and undirected; garbage follows. */
    unsigned char raw[sizeof(gg_graph_options)];
    memset(raw, 0xff, sizeof raw); /* duplicates -1, drop_self_loops -1, max_edges 2^64-1 if read */
    gg_graph_options old;
    gg_graph_options_init(&old);
    old.undirected = 1;
    old.struct_size = offsetof(gg_graph_options, duplicates);
    memcpy(raw, &old, old.struct_size);

    const uint32_t src[] = {0, 0, 1}, dst[] = {1, 1, 1};
    const float weights[] = {5.0f, 2.0f, 1.0f};
    gg_graph *graph = NULL;
    assert_int_equal(gg_graph_create(context, 2, 3, src, dst, weights, (const gg_graph_options *)raw, &graph), GG_OK);
    assert_int_equal(gg_graph_is_undirected(graph), 1);
    /* Defaults for the rest: duplicates merged keeping the minimum, the self-loop kept. */
    uint64_t offsets[3];
    uint32_t indices[8];
    float w[8];
    assert_int_equal(gg_graph_num_edges(graph), 3); /* 0->1, 1->0, 1->1 */
    assert_int_equal(gg_graph_copy_csr(context, graph, offsets, indices, w), GG_OK);
    assert_int_equal(indices[0], 1);
    assert_true(w[0] == 2.0f);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

static void test_older_run_options_struct(void **state) {
    (void)state;
    gg_context *context = new_context();
    /* Cycle 0 -> 1 -> 2 -> 0: PageRank is 1/3 everywhere with the default damping. */
    const uint32_t src[] = {0, 1, 2}, dst[] = {1, 2, 0};
    gg_graph *graph = NULL;
    assert_int_equal(gg_graph_create(context, 3, 3, src, dst, NULL, NULL, &graph), GG_OK);

    unsigned char raw[sizeof(gg_run_options)];
    memset(raw, 0xff, sizeof raw); /* tolerance NaN, damping NaN, delta NaN if read */
    gg_run_options old;
    gg_run_options_init(&old);
    old.backend = GG_BACKEND_CPU;
    old.struct_size = offsetof(gg_run_options, tolerance);
    memcpy(raw, &old, old.struct_size);

    double ranks[3];
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    gg_status status = gg_run_pagerank(context, graph, ranks, (const gg_run_options *)raw, &stats);
    if (status != GG_OK) fail_msg("pagerank with an older options struct: %s", gg_context_last_error(context));
    for (int v = 0; v < 3; ++v) assert_true(ranks[v] > 0.3333 && ranks[v] < 0.3334);
    assert_int_equal(stats.backend, GG_BACKEND_CPU);
    assert_true(stats.iterations >= 1 && stats.iterations <= 100);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* An older caller's gg_run_stats is shorter: nothing past its struct_size may be written. */
static void test_older_run_stats_struct(void **state) {
    (void)state;
    gg_context *context = new_context();
    gg_graph *graph = new_path(context);
    uint32_t depths[4];

    unsigned char raw[sizeof(gg_run_stats) + 16];
    memset(raw, 0xab, sizeof raw);
    const size_t old_size = offsetof(gg_run_stats, num_threads);
    memcpy(raw, &old_size, sizeof old_size);
    gg_run_options options;
    gg_run_options_init(&options);
    options.backend = GG_BACKEND_CPU;
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, (gg_run_stats *)raw), GG_OK);
    size_t size_after;
    memcpy(&size_after, raw, sizeof size_after);
    assert_int_equal(size_after, old_size);
    gg_run_stats filled;
    memcpy(&filled, raw, old_size);
    assert_int_equal(filled.backend, GG_BACKEND_CPU);
    assert_int_equal(filled.layout, GG_LAYOUT_CSR);
    assert_int_equal(filled.device_id, -1);
    for (size_t i = old_size; i < sizeof raw; ++i)
        if (raw[i] != 0xab) fail_msg("byte %zu past the caller's struct_size %zu was written", i, old_size);

    /* A stats struct of struct_size 0 is left alone. */
    memset(raw, 0xab, sizeof raw);
    memset(raw, 0, sizeof(size_t));
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, (gg_run_stats *)raw), GG_OK);
    for (size_t i = sizeof(size_t); i < sizeof raw; ++i) assert_int_equal(raw[i], 0xab);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* ---- NULL handling --------------------------------------------------------- */

static void test_null_context_everywhere(void **state) {
    (void)state;
    gg_context *context = new_context();
    gg_graph *graph = new_path(context);
    gg_graph *out = NULL;
    gg_shards *shards = NULL;
    uint32_t u32[16] = {0};
    uint64_t u64[16] = {0};
    float f[16] = {0};
    double d[16] = {0};
    const gg_status invalid = GG_ERROR_INVALID_ARGUMENT;

    assert_int_equal(gg_graph_create(NULL, 4, 3, path_src, path_dst, NULL, NULL, &out), invalid);
    assert_int_equal(gg_graph_create_csr(NULL, 1, u64, u32, NULL, NULL, &out), invalid);
    assert_int_equal(gg_graph_load(NULL, "x.el", GG_FORMAT_AUTO, NULL, &out), invalid);
    assert_int_equal(gg_graph_save(NULL, graph, "x.el", GG_FORMAT_AUTO), invalid);
    assert_int_equal(gg_graph_generate(NULL, NULL, &out), invalid);
    assert_int_equal(gg_graph_out_degrees(NULL, graph, u32), invalid);
    assert_int_equal(gg_graph_in_degrees(NULL, graph, u32), invalid);
    assert_int_equal(gg_graph_copy_csr(NULL, graph, u64, u32, f), invalid);
    assert_int_equal(gg_graph_copy_csc(NULL, graph, u64, u32, f), invalid);
    assert_int_equal(gg_graph_read_csr(NULL, graph, u64, 16, u32, 16, f, 16), invalid);
    assert_int_equal(gg_graph_read_csc(NULL, graph, u64, 16, u32, 16, f, 16), invalid);
    assert_int_equal(gg_run_bfs(NULL, graph, 0, u32, NULL, NULL, NULL), invalid);
    assert_int_equal(gg_run_sssp(NULL, graph, 0, f, NULL, NULL), invalid);
    assert_int_equal(gg_run_sswp(NULL, graph, 0, f, NULL, NULL), invalid);
    assert_int_equal(gg_run_cc(NULL, graph, u32, NULL, NULL), invalid);
    assert_int_equal(gg_run_pagerank(NULL, graph, d, NULL, NULL), invalid);
    assert_int_equal(gg_run_bc(NULL, graph, NULL, 0, d, NULL, NULL), invalid);
    assert_int_equal(gg_run_spmv(NULL, graph, f, f, NULL, NULL), invalid);
    assert_int_equal(gg_run_apsp(NULL, graph, f, 16, NULL, NULL), invalid);
    assert_int_equal(gg_run_matching(NULL, graph, 2, u32, u64, NULL, NULL), invalid);
    assert_int_equal(gg_partition(NULL, graph, 2, u32, NULL, NULL), invalid);
    assert_int_equal(gg_shard(NULL, graph, NULL, &shards), invalid);
    assert_null(shards);

    /* Queries and destructors of NULL. */
    assert_string_equal(gg_context_last_error(NULL), "");
    char buffer[8] = "xxxxxxx";
    assert_int_equal(gg_context_copy_last_error(NULL, buffer, sizeof buffer), 0);
    assert_string_equal(buffer, "");
    assert_int_equal(gg_context_copy_last_error(NULL, NULL, 0), 0);
    assert_int_equal(gg_context_last_status(NULL), invalid);
    assert_int_equal(gg_context_num_threads(NULL), 0);
    gg_context_clear_error(NULL);
    gg_context_destroy(NULL);
    gg_graph_destroy(NULL);
    gg_shards_destroy(NULL);

    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* Each call must fail with GG_ERROR_INVALID_ARGUMENT and a message naming `what`. */
#define EXPECT_NULL_REJECTED(call, what)                                                                       \
    do {                                                                                                       \
        gg_context_clear_error(context);                                                                       \
        gg_status status_ = (call);                                                                            \
        if (status_ != GG_ERROR_INVALID_ARGUMENT)                                                              \
            fail_msg("%s: expected GG_ERROR_INVALID_ARGUMENT, got %d", #call, status_);                        \
        if (strstr(gg_context_last_error(context), what) == NULL)                                              \
            fail_msg("%s: the message \"%s\" should name %s", #call, gg_context_last_error(context), what);    \
        assert_int_equal(gg_context_last_status(context), GG_ERROR_INVALID_ARGUMENT);                          \
    } while (0)

static void test_null_graph_and_outputs(void **state) {
    (void)state;
    gg_context *context = new_context();
    gg_graph *graph = new_path(context);
    gg_graph *out = NULL;
    uint32_t u32[16];
    uint64_t u64[1];
    float f[16];
    double d[16];

    EXPECT_NULL_REJECTED(gg_graph_create(context, 4, 3, path_src, path_dst, NULL, NULL, NULL), "out_graph");
    EXPECT_NULL_REJECTED(gg_graph_create_csr(context, 1, NULL, u32, NULL, NULL, &out), "offsets");
    EXPECT_NULL_REJECTED(gg_graph_load(context, NULL, GG_FORMAT_AUTO, NULL, &out), "path");
    EXPECT_NULL_REJECTED(gg_graph_load(context, "x.el", GG_FORMAT_AUTO, NULL, NULL), "out_graph");
    EXPECT_NULL_REJECTED(gg_graph_save(context, NULL, "x.el", GG_FORMAT_AUTO), "graph");
    EXPECT_NULL_REJECTED(gg_graph_save(context, graph, NULL, GG_FORMAT_AUTO), "path");
    EXPECT_NULL_REJECTED(gg_graph_generate(context, NULL, NULL), "out_graph");
    EXPECT_NULL_REJECTED(gg_graph_out_degrees(context, NULL, u32), "graph");
    EXPECT_NULL_REJECTED(gg_graph_release_device_memory(context, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_graph_out_degrees(context, graph, NULL), "out_degrees");
    EXPECT_NULL_REJECTED(gg_graph_in_degrees(context, NULL, u32), "graph");
    EXPECT_NULL_REJECTED(gg_graph_in_degrees(context, graph, NULL), "in_degrees");
    EXPECT_NULL_REJECTED(gg_graph_copy_csr(context, NULL, NULL, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_graph_copy_csc(context, NULL, NULL, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_graph_read_csr(context, NULL, NULL, 0, NULL, 0, NULL, 0), "graph");
    EXPECT_NULL_REJECTED(gg_graph_read_csc(context, NULL, NULL, 0, NULL, 0, NULL, 0), "graph");

    EXPECT_NULL_REJECTED(gg_run_bfs(context, NULL, 0, u32, NULL, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_run_bfs(context, graph, 0, NULL, NULL, NULL, NULL), "depths");
    EXPECT_NULL_REJECTED(gg_run_sssp(context, NULL, 0, f, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_run_sssp(context, graph, 0, NULL, NULL, NULL), "distances");
    EXPECT_NULL_REJECTED(gg_run_sswp(context, NULL, 0, f, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_run_sswp(context, graph, 0, NULL, NULL, NULL), "widths");
    EXPECT_NULL_REJECTED(gg_run_cc(context, NULL, u32, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_run_cc(context, graph, NULL, NULL, NULL), "labels");
    EXPECT_NULL_REJECTED(gg_run_pagerank(context, NULL, d, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_run_pagerank(context, graph, NULL, NULL, NULL), "ranks");
    EXPECT_NULL_REJECTED(gg_run_bc(context, NULL, NULL, 0, d, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_run_bc(context, graph, NULL, 0, NULL, NULL, NULL), "centrality");
    EXPECT_NULL_REJECTED(gg_run_spmv(context, NULL, f, f, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_run_spmv(context, graph, NULL, f, NULL, NULL), "x");
    EXPECT_NULL_REJECTED(gg_run_spmv(context, graph, f, NULL, NULL, NULL), "y");
    EXPECT_NULL_REJECTED(gg_run_apsp(context, NULL, f, 16, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_run_apsp(context, graph, NULL, 16, NULL, NULL), "distances");
    EXPECT_NULL_REJECTED(gg_run_matching(context, NULL, 2, u32, u64, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_run_matching(context, graph, 2, NULL, u64, NULL, NULL), "mates");
    EXPECT_NULL_REJECTED(gg_run_matching(context, graph, 2, u32, NULL, NULL, NULL), "out_size");
    EXPECT_NULL_REJECTED(gg_partition(context, NULL, 2, u32, NULL, NULL), "graph");
    EXPECT_NULL_REJECTED(gg_partition(context, graph, 2, NULL, NULL, NULL), "parts");
    EXPECT_NULL_REJECTED(gg_shard(context, NULL, NULL, NULL), "out_shards");

    /* Graph queries of NULL answer 0. */
    assert_int_equal(gg_graph_num_vertices(NULL), 0);
    assert_int_equal(gg_graph_num_edges(NULL), 0);
    assert_int_equal(gg_graph_is_undirected(NULL), 0);
    assert_int_equal(gg_graph_is_weighted(NULL), 0);

    /* Shard accessors of NULL. */
    gg_shard_stats shard_stats;
    gg_shard_stats_init(&shard_stats);
    uint64_t offsets[4];
    assert_int_equal(gg_shards_get_stats(NULL, &shard_stats), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_shards_copy_shards(NULL, offsets, NULL, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_shards_copy_windows(NULL, offsets), GG_ERROR_INVALID_ARGUMENT);
    assert_int_equal(gg_shards_copy_cw(NULL, offsets, NULL, NULL), GG_ERROR_INVALID_ARGUMENT);

    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* ---- the log callback ------------------------------------------------------ */

typedef struct {
    int calls;
    int errors;
    int infos;
    gg_log_level lowest;
    char last[512];
} log_record;

static void record_log(void *user_data, gg_log_level level, const char *message) {
    log_record *record = (log_record *)user_data;
    assert_non_null(message);
    record->calls++;
    if (level == GG_LOG_ERROR) record->errors++;
    if (level == GG_LOG_INFO) record->infos++;
    if (level < record->lowest) record->lowest = level;
    snprintf(record->last, sizeof record->last, "%s", message);
}

static gg_context *logging_context(log_record *record, gg_log_level level, gg_backend backend) {
    memset(record, 0, sizeof *record);
    record->lowest = GG_LOG_ERROR;
    gg_context_options options;
    gg_context_options_init(&options);
    options.log_fn = record_log;
    options.log_user_data = record;
    options.log_level = level;
    options.backend = backend;
    gg_context *context = NULL;
    assert_int_equal(gg_context_create(&options, &context), GG_OK);
    return context;
}

static void test_log_callback_gets_errors(void **state) {
    (void)state;
    log_record record;
    gg_context *context = logging_context(&record, GG_LOG_WARN, GG_BACKEND_AUTO);
    provoke_error(context);
    assert_int_equal(record.errors, 1);
    /* The callback carries the same text the context keeps. */
    assert_string_equal(record.last, gg_context_last_error(context));
    gg_context_destroy(context);
}

static void test_log_level_filters(void **state) {
    (void)state;
    log_record record;
    char reason[256];
    /* Under AUTO without a GPU, a run falls back to the CPU and says so at INFO. */
    gg_context *context = logging_context(&record, GG_LOG_DEBUG, GG_BACKEND_AUTO);
    const int gpu = gg_context_cuda_available(context, reason, sizeof reason);
    gg_graph *graph = new_path(context);
    uint32_t depths[4];
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, NULL, NULL), GG_OK);
    if (!gpu) assert_true(record.infos >= 1);
    gg_graph_destroy(graph);
    gg_context_destroy(context);

    /* At level ERROR, nothing less severe arrives. */
    context = logging_context(&record, GG_LOG_ERROR, GG_BACKEND_AUTO);
    graph = new_path(context);
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, NULL, NULL), GG_OK);
    provoke_error(context);
    assert_int_equal(record.calls, record.errors);
    assert_int_equal(record.errors, 1);
    assert_int_equal(record.lowest, GG_LOG_ERROR);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* ---- CUDA availability ----------------------------------------------------- */

static void test_cuda_availability_reporting(void **state) {
    (void)state;
    gg_context *context = new_context();
    char reason[256];
    memset(reason, 'x', sizeof reason);
    const int32_t available = gg_context_cuda_available(context, reason, sizeof reason);
    assert_true(available == 0 || available == 1);
    if (available) assert_string_equal(reason, "");
    else assert_true(strlen(reason) > 0 && strlen(reason) < sizeof reason);
    /* Same answer without a buffer, and a truncated reason stays terminated. */
    assert_int_equal(gg_context_cuda_available(context, NULL, 0), available);
    char small[4];
    memset(small, 'x', sizeof small);
    assert_int_equal(gg_context_cuda_available(context, small, sizeof small), available);
    assert_true(strlen(small) < sizeof small);
    const int32_t without_context = gg_context_cuda_available(NULL, NULL, 0);
    assert_true(without_context == 0 || without_context == 1);

    /* The runs agree with the report. */
    gg_graph *graph = new_path(context);
    uint32_t depths[4];
    gg_run_stats stats;
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, NULL, &stats), GG_OK);
    if (available) {
        assert_int_equal(stats.backend, GG_BACKEND_CUDA);
        assert_string_equal(stats.fallback_reason, "");
    } else {
        assert_int_equal(stats.backend, GG_BACKEND_CPU);
        assert_string_equal(stats.fallback_reason, reason);
        gg_run_options options;
        gg_run_options_init(&options);
        options.backend = GG_BACKEND_CUDA;
        assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, NULL), GG_ERROR_UNSUPPORTED);
        assert_non_null(strstr(gg_context_last_error(context), reason));
    }
    /* CPU runs never report a fallback. */
    gg_run_options cpu;
    gg_run_options_init(&cpu);
    cpu.backend = GG_BACKEND_CPU;
    gg_run_stats_init(&stats);
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &cpu, &stats), GG_OK);
    assert_int_equal(stats.backend, GG_BACKEND_CPU);
    assert_int_equal(stats.device_id, -1);
    assert_true(stats.num_threads >= 1);
    assert_string_equal(stats.fallback_reason, "");
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

/* ---- gg_format_from_path --------------------------------------------------- */

/* Without device memory to drop (a CPU run, or no run yet) the release is
 * a successful no-op, and the graph keeps answering. */
static void test_release_device_memory_without_device(void **state) {
    (void)state;
    gg_context *context = new_context();
    gg_graph *graph = new_path(context);
    uint32_t depths[4];
    gg_run_options options;
    gg_run_options_init(&options);
    options.backend = GG_BACKEND_CPU;
    uint64_t released = 99;
    assert_int_equal(gg_graph_release_device_memory(context, graph, &released), GG_OK);
    assert_int_equal(released, 0);
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, NULL), GG_OK);
    assert_int_equal(gg_graph_release_device_memory(context, graph, NULL), GG_OK);
    assert_int_equal(gg_run_bfs(context, graph, 0, depths, NULL, &options, NULL), GG_OK);
    assert_int_equal(depths[3], 3);
    gg_graph_destroy(graph);
    gg_context_destroy(context);
}

static void test_format_from_path(void **state) {
    (void)state;
    assert_int_equal(gg_format_from_path("graph.mtx"), GG_FORMAT_MTX);
    assert_int_equal(gg_format_from_path("dir/graph.el"), GG_FORMAT_EDGELIST);
    assert_int_equal(gg_format_from_path("/abs/path/soc-LiveJournal1.txt"), GG_FORMAT_EDGELIST);
    assert_int_equal(gg_format_from_path("road.wel"), GG_FORMAT_WEL);
    assert_int_equal(gg_format_from_path("USA-road-d.NY.gr"), GG_FORMAT_DIMACS);
    assert_int_equal(gg_format_from_path("kron.ggb"), GG_FORMAT_GGB);
    assert_int_equal(gg_format_from_path("a.b.c.mtx"), GG_FORMAT_MTX);
    assert_int_equal(gg_format_from_path("graph"), GG_FORMAT_AUTO);
    assert_int_equal(gg_format_from_path("graph.png"), GG_FORMAT_AUTO);
    assert_int_equal(gg_format_from_path("graph.mtx.gz"), GG_FORMAT_AUTO);
    assert_int_equal(gg_format_from_path("dir.mtx/graph"), GG_FORMAT_AUTO);
    assert_int_equal(gg_format_from_path(""), GG_FORMAT_AUTO);
    assert_int_equal(gg_format_from_path(NULL), GG_FORMAT_AUTO);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version_matches_header),
        cmocka_unit_test(test_status_values_are_fixed),
        cmocka_unit_test(test_status_strings),
        cmocka_unit_test(test_context_defaults),
        cmocka_unit_test(test_context_every_option),
        cmocka_unit_test(test_context_bad_options),
        cmocka_unit_test(test_context_older_options_struct),
        cmocka_unit_test(test_context_devices),
        cmocka_unit_test(test_backend_names),
        cmocka_unit_test(test_layout_names),
        cmocka_unit_test(test_read_csr_capacities),
        cmocka_unit_test(test_last_error_message_and_status),
        cmocka_unit_test(test_last_error_copy_and_truncation),
        cmocka_unit_test(test_errors_belong_to_their_context),
        cmocka_unit_test(test_init_functions),
        cmocka_unit_test(test_struct_size_zero_rejected),
        cmocka_unit_test(test_older_graph_options_struct),
        cmocka_unit_test(test_older_run_options_struct),
        cmocka_unit_test(test_older_run_stats_struct),
        cmocka_unit_test(test_null_context_everywhere),
        cmocka_unit_test(test_null_graph_and_outputs),
        cmocka_unit_test(test_log_callback_gets_errors),
        cmocka_unit_test(test_log_level_filters),
        cmocka_unit_test(test_cuda_availability_reporting),
        cmocka_unit_test(test_format_from_path),
        cmocka_unit_test(test_release_device_memory_without_device),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
