/**
 * @file gg.h
 * @brief gg: graph analytics for NVIDIA GPUs behind a stable C ABI.
 *
 * This header is the whole public interface of gg. It is plain C99 so that it
 * can be bound from Python (ctypes), Rust, Go (cgo) and Julia (ccall).
 *
 * Map of the header:
 *  - Versions and status codes ............ stable
 *  - Context (backend, threads, logging) .. stable
 *  - Graphs: build, load, save, generate .. stable
 *  - Algorithms (gg_run_*) ................ stable
 *  - METIS partitioning (gg_partition) .... stable
 *  - Partitioned runs (gg_partition_plan) . stable since 0.3
 *  - CuSha G-Shards / CW (gg_shard) ....... stable
 *
 * Conventions:
 *  - Every fallible function returns a ::gg_status; ::GG_OK is 0 and every
 *    error is negative. Values are fixed and never renumbered.
 *  - The message of the last failure is stored on the ::gg_context the call
 *    was made with (not in thread-local storage), so it can be read from any
 *    thread afterwards: see gg_context_last_error() and gg_context_copy_last_error().
 *  - Options are structs whose first field, @c struct_size, is set by the
 *    matching @c *_init function. The library reads only the first
 *    @c struct_size bytes, so adding fields at the end never breaks callers
 *    compiled against an older header. Passing NULL means "all defaults".
 *  - Vertex ids are @c uint32_t (0-based), edge counts and offsets are
 *    @c uint64_t, edge weights are @c float.
 *  - Results are written into arrays owned by the caller (host memory, or CUDA
 *    device memory when gg_run_options.device_arrays says so). Objects the library
 *    allocates are released by the matching @c *_destroy function, which
 *    accepts NULL.
 *  - A ::gg_graph is immutable once built and may be used by concurrent runs
 *    from several threads. A ::gg_context may be shared too, but its
 *    last-error message then belongs to whichever call failed last: threads
 *    that need their own messages use one context each (contexts are cheap).
 *  - The library never aborts, exits, or writes to stdout or stderr.
 */
#ifndef GG_H
#define GG_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) && defined(GG_SHARED_BUILD)
#define GG_API __declspec(dllexport)
#elif defined(__GNUC__)
#define GG_API __attribute__((visibility("default")))
#else
#define GG_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/** @name Versions                                                          */
/* ------------------------------------------------------------------------ */
/** @{ */

/** Major version: bumped only when the ABI breaks (it is the SONAME). */
#define GG_VERSION_MAJOR 0
/** Minor version: bumped when the ABI grows. */
#define GG_VERSION_MINOR 10
/** Patch version: bumped for fixes that do not change the ABI. */
#define GG_VERSION_PATCH 0
/** The version as one number, major * 10000 + minor * 100 + patch. */
#define GG_VERSION_NUMBER (GG_VERSION_MAJOR * 10000 + GG_VERSION_MINOR * 100 + GG_VERSION_PATCH)

/**
 * @brief Version of the library actually linked, as GG_VERSION_NUMBER.
 *
 * Compare it with ::GG_VERSION_NUMBER to detect a header/library mismatch.
 * @return major * 10000 + minor * 100 + patch.
 */
GG_API uint32_t gg_version(void);

/**
 * @brief Version of the library actually linked, as a string "MAJOR.MINOR.PATCH".
 * @return A static NUL-terminated string; never NULL.
 */
GG_API const char *gg_version_string(void);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Status codes                                                      */
/* ------------------------------------------------------------------------ */
/** @{ */

/** Result of every fallible call. Values are fixed; new ones are only added. */
typedef enum gg_status {
    GG_OK = 0,                         /**< Success. */
    GG_ERROR_INVALID_ARGUMENT = -1,    /**< A NULL pointer, out-of-range id or bad option. */
    GG_ERROR_PARSE = -2,               /**< A file's contents are malformed (message names file and line). */
    GG_ERROR_OUT_OF_MEMORY = -3,       /**< Host or device memory ran out (message says how much was needed). */
    GG_ERROR_DEVICE = -4,              /**< A CUDA call failed (message carries the CUDA error). */
    GG_ERROR_UNSUPPORTED = -5,         /**< The request is valid but this build or machine cannot serve it. */
    GG_ERROR_IO = -6,                  /**< A file could not be opened, read or written. */
    GG_ERROR_TOO_LARGE = -7,           /**< The graph or the requested output exceeds a size limit. */
    GG_ERROR_INTERNAL = -8,            /**< A bug in gg; the message says where. */
    GG_ERROR_DISTRIBUTED = -9          /**< Another process of a distributed context failed, died or did not answer
                                            within gg_context_options.mpi_timeout_s, or MPI failed. Since 0.7. */
} gg_status;

/**
 * @brief A short static description of a status code, e.g. "parse error".
 * @param status Any value; unknown values give "unknown status".
 * @return A static NUL-terminated string; never NULL.
 */
GG_API const char *gg_status_string(gg_status status);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Context                                                           */
/* ------------------------------------------------------------------------ */
/** @{ */

/** Where algorithms run. */
typedef enum gg_backend {
    GG_BACKEND_AUTO = 0, /**< The GPU when one is usable, else the CPU. */
    GG_BACKEND_CPU = 1,  /**< The OpenMP CPU backend (the reference). */
    GG_BACKEND_CUDA = 2  /**< An NVIDIA GPU; fails with ::GG_ERROR_UNSUPPORTED when none is usable. */
} gg_backend;

/**
 * @brief The name of a backend as the gg tool spells it (<tt>gg run --backend</tt>):
 *        "auto", "cpu" or "cuda".
 * @param backend Any value.
 * @return A static string; NULL when @p backend is not a ::gg_backend value this library knows.
 *         Since 0.3.
 */
GG_API const char *gg_backend_name(gg_backend backend);

/**
 * @brief The backend a name gives: the inverse of gg_backend_name() (exact, lower-case names only).
 * @param name A NUL-terminated name.
 * @param[out] out_backend Receives the backend; untouched on failure.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (NULL, or not a name; no context, so no message).
 *         Since 0.3.
 */
GG_API gg_status gg_backend_from_name(const char *name, gg_backend *out_backend);

/** Severity of a log message passed to a ::gg_log_fn. */
typedef enum gg_log_level {
    GG_LOG_DEBUG = 0, /**< Details useful when tuning or debugging. */
    GG_LOG_INFO = 1,  /**< Notable events, e.g. which backend was chosen. */
    GG_LOG_WARN = 2,  /**< Something unexpected that gg worked around (e.g. a CPU fallback). */
    GG_LOG_ERROR = 3  /**< A failure that is also reported through a status code. */
} gg_log_level;

/**
 * @brief Log callback.
 *
 * It is called on the thread that made the gg call, before that call returns.
 * Calls made with one context from several threads may log concurrently, so a
 * callback shared that way must be thread-safe.
 * @param user_data The pointer given in ::gg_context_options.
 * @param level Severity of the message.
 * @param message NUL-terminated text, valid only during the call.
 */
typedef void (*gg_log_fn)(void *user_data, gg_log_level level, const char *message);

/**
 * Whether a context runs distributed over MPI processes (docs/distributed.md).
 * In a distributed context gg_graph_load() and gg_graph_generate() give each
 * process its share of the graph's edges, gg_partition_plan_create() spreads
 * the parts over the processes (part p on process p mod the process count),
 * and runs over such a plan are collective: every process makes the same
 * calls in the same order, and every process receives the whole answer.
 * Since 0.7.
 */
typedef enum gg_mpi_mode {
    GG_MPI_NONE = 0,  /**< This process runs alone (default). */
    GG_MPI_WORLD = 1, /**< Every process of MPI_COMM_WORLD; gg calls MPI_Init_thread (and MPI_Finalize at exit)
                           when the program has not initialised MPI. */
    GG_MPI_COMM = 2   /**< The processes of the caller's communicator, gg_context_options.mpi_comm; MPI must be
                           initialised. */
} gg_mpi_mode;

/** Options of gg_context_create(). Initialise with gg_context_options_init(). */
typedef struct gg_context_options {
    size_t struct_size;     /**< sizeof(gg_context_options), set by the init function. */
    gg_backend backend;     /**< Default backend of runs; default ::GG_BACKEND_AUTO. */
    int32_t device_id;      /**< CUDA device to use; -1 (default) picks device 0. */
    int32_t num_threads;    /**< CPU threads; 0 (default) uses all the cores OpenMP sees. */
    gg_log_fn log_fn;       /**< Optional log callback; NULL (default) logs nothing. */
    void *log_user_data;    /**< Passed unchanged to @c log_fn. */
    gg_log_level log_level; /**< Least severe level passed to @c log_fn; default ::GG_LOG_WARN. */
    /** CUDA devices of the context, in order; NULL (default) means the list of one, @c device_id.
        Ids must be >= 0 and distinct. The first is the device single-GPU runs use; when a list is
        given, @c device_id must be -1 or equal to its first entry. Ids beyond the visible devices
        are refused when a CUDA run needs them, as @c device_id is. The library copies the list. */
    const int32_t *devices;
    uint32_t num_devices;   /**< Entries in @c devices; 0 (default) when @c devices is NULL. */
    /** 1: every CUDA device visible when the context is created, in id order (none on a machine or
        build without CUDA); @c devices must then be NULL and @c device_id -1. Default 0. */
    int32_t all_devices;
    /** Since 0.7: ::GG_MPI_NONE (default), or run distributed over MPI processes. Creating a distributed
        context is collective over its processes; a build without MPI gives ::GG_ERROR_UNSUPPORTED. */
    gg_mpi_mode mpi;
    /** ::GG_MPI_COMM: the communicator as its Fortran handle, which every language can pass: from C
        <tt>MPI_Comm_c2f(comm)</tt>, from mpi4py <tt>comm.py2f()</tt>, from MPI.jl <tt>MPI.API.MPI_Comm_c2f(comm)</tt>.
        gg talks on a duplicate of it. Ignored otherwise. */
    int64_t mpi_comm;
    /** Longest wait, in seconds, for the other processes in a collective step before the call fails with
        ::GG_ERROR_DISTRIBUTED; 0 (default) means 600. */
    double mpi_timeout_s;
} gg_context_options;

/** Opaque context: backend choice, devices, threads, caches and the last error. */
typedef struct gg_context gg_context;

/**
 * @brief Fills @p options with defaults and sets its @c struct_size.
 * @param options Options to initialise; ignored when NULL.
 */
GG_API void gg_context_options_init(gg_context_options *options);

/**
 * @brief Creates a context.
 *
 * Creating a context never fails because no GPU is present: with
 * ::GG_BACKEND_AUTO the runs then use the CPU and say so in their statistics.
 * A refused option has no context to hold its message: the message goes to
 * the options' @c log_fn at ::GG_LOG_ERROR instead (when it is set).
 * @param options Options, or NULL for defaults.
 * @param[out] out_context Receives the new context; set to NULL on failure.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT if @p out_context is NULL or an
 *         option is out of range; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_context_create(const gg_context_options *options, gg_context **out_context);

/**
 * @brief Destroys a context. Graphs made with it stay valid.
 * @param context The context, or NULL (no effect).
 */
GG_API void gg_context_destroy(gg_context *context);

/**
 * @brief The message of the last failed call made with @p context.
 *
 * The message names what was wrong (argument, file and line, bytes needed).
 * The pointer stays valid until the next call with this context fails or the
 * context is destroyed; copy it with gg_context_copy_last_error() when several
 * threads share the context.
 * @param context The context; NULL gives "".
 * @return A NUL-terminated string; "" when no call has failed.
 */
GG_API const char *gg_context_last_error(const gg_context *context);

/**
 * @brief Copies the message of the last failed call into a caller's buffer.
 * @param context The context.
 * @param buffer Destination, or NULL to only measure.
 * @param capacity Size of @p buffer in bytes; the copy is truncated and always NUL-terminated.
 * @return The length of the full message in bytes, excluding the NUL.
 */
GG_API size_t gg_context_copy_last_error(const gg_context *context, char *buffer, size_t capacity);

/**
 * @brief The status of the last failed call made with @p context (::GG_OK if none).
 * @param context The context; NULL gives ::GG_ERROR_INVALID_ARGUMENT.
 * @return The status of the last failure; ::GG_OK if none.
 */
GG_API gg_status gg_context_last_status(const gg_context *context);

/**
 * @brief Forgets the last error of @p context.
 * @param context The context, or NULL (no effect).
 */
GG_API void gg_context_clear_error(gg_context *context);

/**
 * @brief Whether a CUDA device is usable by this context.
 * @param context The context.
 * @param[out] reason_buffer Optional; receives why no GPU is usable ("" when one is).
 * @param capacity Size of @p reason_buffer.
 * @return 1 when a GPU is usable, 0 otherwise (including for a CPU-only build).
 */
GG_API int32_t gg_context_cuda_available(gg_context *context, char *reason_buffer, size_t capacity);

/**
 * @brief The CUDA devices of the context, as ::gg_context_options chose them.
 *
 * Call it with @p out_devices NULL to learn the count, then with an array that
 * holds it. Single-device runs use the first device.
 * @param context The context.
 * @param[out] out_devices Receives the device ids in order, or NULL to only count them.
 * @param capacity Entries @p out_devices holds (ignored when it is NULL).
 * @param[out] out_count Receives the number of devices, also when @p capacity is too small.
 * @return ::GG_OK; ::GG_ERROR_TOO_LARGE when @p capacity is below the count (nothing is
 *         written to @p out_devices); ::GG_ERROR_INVALID_ARGUMENT (NULL context or @p out_count).
 */
GG_API gg_status gg_context_get_devices(gg_context *context, int32_t *out_devices, uint32_t capacity,
                                        uint32_t *out_count);

/**
 * @brief The number of CPU threads runs on the CPU backend use.
 * @param context The context; NULL gives 0.
 * @return The thread count; 0 for NULL.
 */
GG_API int32_t gg_context_num_threads(const gg_context *context);

/**
 * @brief This process's rank in a distributed context (gg_context_options.mpi).
 * @param context The context; NULL gives 0.
 * @return The rank, from 0; 0 in a context that is not distributed. Since 0.7.
 */
GG_API int32_t gg_context_rank(const gg_context *context);

/**
 * @brief The number of processes of a distributed context.
 * @param context The context; NULL gives 0.
 * @return The process count; 1 in a context that is not distributed, 0 for NULL. Since 0.7.
 */
GG_API int32_t gg_context_num_ranks(const gg_context *context);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Graphs                                                            */
/* ------------------------------------------------------------------------ */
/** @{ */

/** Opaque immutable graph: CSR out-edges, CSC in-edges on demand, cached device layouts. */
typedef struct gg_graph gg_graph;

/** What happens to edges that appear more than once (same source and destination). */
typedef enum gg_duplicate_policy {
    GG_DUPLICATES_KEEP_MIN = 0,  /**< Merge, keeping the minimum weight (default). */
    GG_DUPLICATES_KEEP_MAX = 1,  /**< Merge, keeping the maximum weight. */
    GG_DUPLICATES_SUM = 2,       /**< Merge, summing the weights. */
    GG_DUPLICATES_KEEP_FIRST = 3,/**< Merge, keeping the weight of the first occurrence in input order. */
    GG_DUPLICATES_KEEP_ALL = 4   /**< Keep every copy (a multigraph). */
} gg_duplicate_policy;

/** Options of graph construction and loading. Initialise with gg_graph_options_init(). */
typedef struct gg_graph_options {
    size_t struct_size;             /**< sizeof(gg_graph_options), set by the init function. */
    int32_t undirected;             /**< 1: every edge is stored in both directions; default 0. A symmetric .mtx is always undirected. */
    gg_duplicate_policy duplicates; /**< Duplicate policy; default ::GG_DUPLICATES_KEEP_MIN. */
    int32_t drop_self_loops;        /**< 1: drop edges u->u; default 0 (kept). */
    uint64_t max_edges;             /**< Refuse inputs declaring or holding more edges; 0 (default) = 2^36. */
    /** Refuse a file (.mtx, .el, .wel, .gr) whose vertex count (declared, or its largest id + 1) is above
        this, with ::GG_ERROR_TOO_LARGE before any work sized by it. 0 (default) = max(2^24, 64 x the
        file's edges): a size its entries cannot justify is refused; raise it to load graphs of mostly
        isolated vertices (UINT64_MAX: any). Not applied to .ggb, whose arrays pay for their vertices,
        nor to gg_graph_create(). Since 0.3. */
    uint64_t max_vertices;
} gg_graph_options;

/** File formats. */
typedef enum gg_format {
    GG_FORMAT_AUTO = 0,     /**< Detect from the extension, then the first bytes. */
    GG_FORMAT_MTX = 1,      /**< Matrix Market coordinate (.mtx), 1-based. */
    GG_FORMAT_EDGELIST = 2, /**< SNAP edge list (.el, .txt), 0-based "u v". */
    GG_FORMAT_WEL = 3,      /**< Weighted edge list (.wel), 0-based "u v w". */
    GG_FORMAT_DIMACS = 4,   /**< DIMACS shortest path (.gr), 1-based. */
    GG_FORMAT_GGB = 5       /**< gg binary (.ggb): header, CSR arrays, checksum. */
} gg_format;

/**
 * @brief Fills @p options with defaults and sets its @c struct_size.
 * @param options Options to initialise; ignored when NULL.
 */
GG_API void gg_graph_options_init(gg_graph_options *options);

/**
 * @brief Builds a graph from COO arrays (edge i goes from src[i] to dst[i]).
 *
 * Neighbour lists are sorted; duplicates follow @c options->duplicates;
 * unweighted graphs get weight 1 on every edge.
 * @param context Context receiving any error message.
 * @param num_vertices n; every id must be below it. May be 0 only with no edges.
 * @param num_edges Number of entries in the arrays.
 * @param src Source ids (may be NULL only when num_edges is 0).
 * @param dst Destination ids (may be NULL only when num_edges is 0).
 * @param weights Edge weights, or NULL for an unweighted graph. NaN and infinities are rejected.
 * @param options Options, or NULL for defaults.
 * @param[out] out_graph Receives the graph; NULL on failure.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (message names the edge index and id);
 *         ::GG_ERROR_TOO_LARGE; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_graph_create(gg_context *context, uint32_t num_vertices, uint64_t num_edges,
                                 const uint32_t *src, const uint32_t *dst, const float *weights,
                                 const gg_graph_options *options, gg_graph **out_graph);

/**
 * @brief Builds a graph from CSR arrays (out-edges of v are indices[offsets[v] .. offsets[v+1])).
 *
 * Offsets must start at 0 and never decrease; neighbour lists need not be sorted.
 * The options apply as in gg_graph_create().
 * @param context Context receiving any error message.
 * @param num_vertices n.
 * @param offsets n + 1 offsets.
 * @param indices offsets[n] destination ids.
 * @param weights offsets[n] weights, or NULL for an unweighted graph.
 * @param options Options, or NULL for defaults.
 * @param[out] out_graph Receives the graph; NULL on failure.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_TOO_LARGE; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_graph_create_csr(gg_context *context, uint32_t num_vertices, const uint64_t *offsets,
                                     const uint32_t *indices, const float *weights,
                                     const gg_graph_options *options, gg_graph **out_graph);

/**
 * @brief Loads a graph from a file.
 *
 * Text readers stream the file; declared sizes are checked against the file
 * and @c max_edges before anything is allocated. In a distributed context
 * (gg_context_options.mpi) the call is collective and each process reads
 * its share: a range of a .ggb's vertices, or a byte range of a text file's
 * lines (a pipe is then ::GG_ERROR_UNSUPPORTED); docs/distributed.md.
 * @param context Context receiving any error message.
 * @param path File path.
 * @param format Format, or ::GG_FORMAT_AUTO to detect it.
 * @param options Options, or NULL for defaults (ignored for .ggb except @c max_edges).
 * @param[out] out_graph Receives the graph; NULL on failure.
 * @return ::GG_OK; ::GG_ERROR_IO (file cannot be read); ::GG_ERROR_PARSE (message
 *         "path:line: what"); ::GG_ERROR_TOO_LARGE; ::GG_ERROR_OUT_OF_MEMORY;
 *         ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_graph_load(gg_context *context, const char *path, gg_format format,
                               const gg_graph_options *options, gg_graph **out_graph);

/**
 * @brief Saves a graph to a file (every stored directed edge is written once).
 *
 * Text formats write the stored directed edges; weights are written when the
 * format carries them (.mtx real, .wel, .gr, .ggb). An undirected graph keeps
 * its flag in .ggb only.
 * @param context Context receiving any error message.
 * @param graph The graph.
 * @param path File path. A regular file is written beside it under a temporary name and renamed
 *             over @p path only once complete, so a failure or a crash never leaves it truncated.
 * @param format Format, or ::GG_FORMAT_AUTO to choose from the extension.
 * @return ::GG_OK; ::GG_ERROR_IO; ::GG_ERROR_INVALID_ARGUMENT (unknown extension).
 */
GG_API gg_status gg_graph_save(gg_context *context, const gg_graph *graph, const char *path, gg_format format);

/**
 * @brief The format gg_graph_load() would use for @p path with ::GG_FORMAT_AUTO.
 * @param path File path (only the extension is used).
 * @return The format, or ::GG_FORMAT_AUTO when the extension is unknown.
 */
GG_API gg_format gg_format_from_path(const char *path);

/** Generator kinds of gg_graph_generate(). */
typedef enum gg_generator {
    GG_GENERATOR_KRON = 0,  /**< Kronecker / R-MAT (Graph500 parameters by default): 2^scale vertices, degree * 2^scale edges. */
    GG_GENERATOR_URAND = 1, /**< Uniform random (Erdos-Renyi style): 2^scale vertices, degree * 2^scale edges. */
    GG_GENERATOR_GRID = 2   /**< rows x cols 4-neighbour grid (road-like), both directions. */
} gg_generator;

/** Options of gg_graph_generate(). Initialise with gg_generator_options_init(). */
typedef struct gg_generator_options {
    size_t struct_size;   /**< sizeof(gg_generator_options), set by the init function. */
    gg_generator kind;    /**< Default ::GG_GENERATOR_KRON. */
    uint32_t scale;       /**< kron, urand: log2 of the vertex count (1..31); default 10. */
    uint32_t degree;      /**< kron, urand: edges generated per vertex; default 16. */
    uint32_t rows;        /**< grid: rows; default 32. */
    uint32_t cols;        /**< grid: columns; default 32. */
    uint64_t seed;        /**< Seed; the same seed gives the same graph on every machine. Default 27491095. */
    int32_t weighted;     /**< 1: uniform integer weights in [weight_min, weight_max]; default 0. */
    uint32_t weight_min;  /**< Default 1. */
    uint32_t weight_max;  /**< Default 255. */
    int32_t symmetrize;   /**< 1 (default): store every edge in both directions. */
    double rmat_a;        /**< R-MAT a; default 0.57 (Graph500). */
    double rmat_b;        /**< R-MAT b; default 0.19. */
    double rmat_c;        /**< R-MAT c; default 0.19 (d = 1 - a - b - c). */
} gg_generator_options;

/**
 * @brief Fills @p options with defaults and sets its @c struct_size.
 * @param options Options to initialise; ignored when NULL.
 */
GG_API void gg_generator_options_init(gg_generator_options *options);

/**
 * @brief Generates a graph deterministically from a seed.
 *
 * Self-loops are dropped and duplicates merged (minimum weight), as the GAP
 * Benchmark Suite does for its kron and urand graphs. The graph is built
 * straight from the generator, which draws its edges twice (count, then
 * place), without holding an edge list: peak host memory is about the
 * finished graph's (1.09x for a weighted kron graph of scale 22).
 * @param context Context receiving any error message.
 * @param options Options, or NULL for defaults.
 * @param[out] out_graph Receives the graph; NULL on failure.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (bad scale, empty grid, weight range);
 *         ::GG_ERROR_TOO_LARGE; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_graph_generate(gg_context *context, const gg_generator_options *options, gg_graph **out_graph);

/**
 * @brief Destroys a graph and every layout cached on it (device memory included).
 * @param graph The graph, or NULL (no effect).
 */
GG_API void gg_graph_destroy(gg_graph *graph);

/**
 * @brief Frees the device memory cached for a graph, keeping the graph.
 *
 * A graph's device layouts (its CSR and CSC on each GPU, pull layouts, hub
 * order, source blocks) are built on first use and kept for later runs, as
 * are the engine states (depths, queues, ranks) that @p context's runs on it
 * allocated. This call drops both, on every device; the next run on the
 * graph builds and uploads again what it needs. Memory a run still in
 * progress reads is freed when that run ends. Engine states other contexts
 * keep for the graph stay until those contexts or the graph are destroyed.
 * Without a call, layouts are also evicted (least recently used first) when
 * a device runs out of memory while building another one.
 *
 * @param context The context whose engine states for @p graph are dropped (its message on failure).
 * @param graph The graph.
 * @param[out] out_released_bytes Receives the bytes dropped, or NULL.
 * @return ::GG_OK, or ::GG_ERROR_INVALID_ARGUMENT for a NULL graph.
 */
GG_API gg_status gg_graph_release_device_memory(gg_context *context, const gg_graph *graph,
                                                uint64_t *out_released_bytes);

/**
 * @brief Number of vertices n.
 * @param graph The graph, or NULL.
 * @return n; 0 for NULL.
 */
GG_API uint32_t gg_graph_num_vertices(const gg_graph *graph);
/**
 * @brief Number of stored directed edges m (an undirected edge counts twice, a self-loop once).
 * @param graph The graph, or NULL.
 * @return m; 0 for NULL.
 */
GG_API uint64_t gg_graph_num_edges(const gg_graph *graph);
/**
 * @brief Whether the graph was built undirected (every edge stored both ways).
 * @param graph The graph, or NULL.
 * @return 1 if undirected, else 0 (also for NULL).
 */
GG_API int32_t gg_graph_is_undirected(const gg_graph *graph);
/**
 * @brief Whether the graph carries weights from its input.
 * @param graph The graph, or NULL.
 * @return 1 if weighted, 0 if every weight is 1 (also for NULL).
 */
GG_API int32_t gg_graph_is_weighted(const gg_graph *graph);

/**
 * @brief Copies the out-degree of every vertex.
 * @param context Context receiving any error message.
 * @param graph The graph.
 * @param[out] out_degrees n entries.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_graph_out_degrees(gg_context *context, const gg_graph *graph, uint32_t *out_degrees);

/**
 * @brief Copies the in-degree of every vertex.
 * @param context Context receiving any error message.
 * @param graph The graph.
 * @param[out] in_degrees n entries.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_graph_in_degrees(gg_context *context, const gg_graph *graph, uint32_t *in_degrees);

/**
 * @brief Copies the CSR arrays of the graph (sorted neighbour lists) into the caller's arrays.
 *
 * Each array comes with its capacity in entries. Every capacity is checked
 * before anything is written, so a refused call leaves all the arrays as they
 * were; a NULL array is skipped and its capacity ignored.
 * @param context Context receiving any error message.
 * @param graph The graph.
 * @param[out] offsets n + 1 entries, or NULL to skip.
 * @param offsets_capacity Entries @p offsets holds.
 * @param[out] indices m entries, or NULL to skip.
 * @param indices_capacity Entries @p indices holds.
 * @param[out] weights m entries, or NULL to skip.
 * @param weights_capacity Entries @p weights holds.
 * @return ::GG_OK; ::GG_ERROR_TOO_LARGE when an array is shorter than the graph needs
 *         (the message names the array, the entries needed and the capacity given);
 *         ::GG_ERROR_INVALID_ARGUMENT (NULL graph).
 */
GG_API gg_status gg_graph_read_csr(gg_context *context, const gg_graph *graph, uint64_t *offsets,
                                   uint64_t offsets_capacity, uint32_t *indices, uint64_t indices_capacity,
                                   float *weights, uint64_t weights_capacity);

/**
 * @brief Copies the CSC (in-edge) arrays: in-edges of v come from indices[offsets[v] .. offsets[v+1]).
 *
 * Capacities work as in gg_graph_read_csr().
 * @param context Context receiving any error message.
 * @param graph The graph.
 * @param[out] offsets n + 1 entries, or NULL to skip.
 * @param offsets_capacity Entries @p offsets holds.
 * @param[out] indices m source ids, or NULL to skip.
 * @param indices_capacity Entries @p indices holds.
 * @param[out] weights m entries, or NULL to skip.
 * @param weights_capacity Entries @p weights holds.
 * @return ::GG_OK; ::GG_ERROR_TOO_LARGE (an array is too short, as in gg_graph_read_csr());
 *         ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_graph_read_csc(gg_context *context, const gg_graph *graph, uint64_t *offsets,
                                   uint64_t offsets_capacity, uint32_t *indices, uint64_t indices_capacity,
                                   float *weights, uint64_t weights_capacity);

/**
 * @brief Copies the CSR arrays of the graph, trusting the caller's array sizes.
 * @deprecated Use gg_graph_read_csr(), which checks each array's capacity. This
 *             form behaves as gg_graph_read_csr() with every capacity unlimited.
 * @param context Context receiving any error message.
 * @param graph The graph.
 * @param[out] offsets n + 1 entries, or NULL to skip.
 * @param[out] indices m entries, or NULL to skip.
 * @param[out] weights m entries, or NULL to skip.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_graph_copy_csr(gg_context *context, const gg_graph *graph, uint64_t *offsets,
                                   uint32_t *indices, float *weights);

/**
 * @brief Copies the CSC (in-edge) arrays, trusting the caller's array sizes.
 * @deprecated Use gg_graph_read_csc(), which checks each array's capacity. This
 *             form behaves as gg_graph_read_csc() with every capacity unlimited.
 * @param context Context receiving any error message.
 * @param graph The graph.
 * @param[out] offsets n + 1 entries, or NULL to skip.
 * @param[out] indices m source ids, or NULL to skip.
 * @param[out] weights m entries, or NULL to skip.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_graph_copy_csc(gg_context *context, const gg_graph *graph, uint64_t *offsets,
                                   uint32_t *indices, float *weights);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Algorithms                                                        */
/* ------------------------------------------------------------------------ */
/** @{ */

/** Graph layouts a run may use. */
typedef enum gg_layout {
    GG_LAYOUT_AUTO = 0,          /**< "auto": chosen by the backend's cost model (docs/layouts.md, "How auto
                                      chooses"); gg_run_stats.layout reports the layout that ran. */
    GG_LAYOUT_CSR = 1,           /**< "csr": CSR / CSC with load balancing; every algorithm. */
    GG_LAYOUT_GSHARDS = 2,       /**< "gshards": CuSha G-Shards and its vertex-centric engine (CUDA: BFS, SSSP,
                                      SSWP, CC, PageRank, SpMV). */
    GG_LAYOUT_CW = 3,            /**< "cw": CuSha Concatenated Windows (CUDA: as G-Shards). */
    GG_LAYOUT_VIRTUAL_SPLIT = 4, /**< "vsplit": Tigr virtual node splitting with degree bound K (CUDA: BFS, SSSP,
                                      SSWP, CC, PageRank, SpMV). */
    GG_LAYOUT_UDT = 5,           /**< "udt": Tigr physical UDT transform (CUDA: BFS, SSSP, SSWP, CC, where it is
                                      exact). */
    GG_LAYOUT_TOCAB = 6          /**< "tocab": GraphCage cache blocks: the in-edges' pull in source blocks, as
                                      many as keep each block's gathered values in half the GPU's L2, at least
                                      two (CUDA: PageRank, SpMV). */
} gg_layout;

/**
 * @brief The name of a layout as the gg tool spells it (<tt>gg run --layout</tt>).
 *
 * The names are "auto", "csr", "gshards", "cw", "vsplit", "udt" and "tocab".
 * Bindings and tools read them here rather than keeping their own table.
 * @param layout Any value.
 * @return A static NUL-terminated string; NULL when @p layout is not a ::gg_layout
 *         value this library knows (e.g. one added by a newer header).
 */
GG_API const char *gg_layout_name(gg_layout layout);

/**
 * @brief The layout a name gives: the inverse of gg_layout_name().
 *
 * Only the exact, lower-case names gg_layout_name() returns are accepted.
 * "virtual_split", which older versions of the Python, Rust, Go and Julia
 * bindings used for ::GG_LAYOUT_VIRTUAL_SPLIT, is not a library name: those
 * bindings keep accepting it themselves as a deprecated alias of "vsplit".
 * @param name A NUL-terminated name.
 * @param[out] out_layout Receives the layout; untouched on failure.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT when @p name or @p out_layout is
 *         NULL or @p name is not a layout name (there is no context, so no message).
 */
GG_API gg_status gg_layout_from_name(const char *name, gg_layout *out_layout);

/** What one layout of a graph takes: gg_layout_measure(). Initialise with gg_layout_info_init(). Since 0.7. */
typedef struct gg_layout_info {
    size_t struct_size;    /**< sizeof(gg_layout_info), set by the init function. */
    gg_layout layout;      /**< The layout measured. */
    uint32_t degree_bound; /**< ::GG_LAYOUT_VIRTUAL_SPLIT and ::GG_LAYOUT_UDT: the bound K built with; else 0. */
    uint64_t bytes;        /**< Bytes of the layout's arrays, as the CUDA backend holds them: "csr" the CSR
                                (offsets, ids, weights); "tocab" the in-edge CSC and each list's cut between
                                two source blocks (a GPU whose L2 asks for more blocks holds 8 bytes more per
                                vertex for each further one); "gshards" the shard entries, shard and window offsets; "cw" those
                                and the windows' SrcIndex and Mapper; "vsplit" the virtual node arrays beside the
                                CSR; "udt" the transformed CSR and its virtual node arrays. */
    uint64_t nodes;        /**< "csr", "tocab": vertices; "gshards", "cw": shards; "vsplit": virtual nodes;
                                "udt": nodes added by the transform. */
    double build_ms;       /**< Host milliseconds this call took to build it from the graph's CSR (0 for "csr",
                                which is the graph's own arrays; "tocab" counts the CSC only when the graph
                                had not built it yet, since the graph keeps it). */
} gg_layout_info;

/**
 * @brief Zeroes @p info and sets its @c struct_size. Since 0.7.
 * @param info The struct to initialise; ignored when NULL.
 */
GG_API void gg_layout_info_init(gg_layout_info *info);

/**
 * @brief Builds one layout of a graph on the host, timed, and reports what it takes.
 *
 * The structure is built by the same code the CUDA backend runs before it
 * uploads the layout, then released: runs build (and cache) their own, and
 * report theirs in gg_run_stats.preprocess_ms and device_bytes. For choosing a
 * layout and sizing a device (`gg info` prints every layout's figures). Runs
 * on any machine, GPU or not.
 * @param context Context receiving any error message.
 * @param graph The graph (not a distributed one).
 * @param layout Any ::gg_layout but ::GG_LAYOUT_AUTO.
 * @param degree_bound K of "vsplit" (default 10) and "udt" (at least 2, default 1000); 0 for the default.
 *                     Ignored by the other layouts.
 * @param[out] info Its @c struct_size must be set (gg_layout_info_init()).
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (NULL, ::GG_LAYOUT_AUTO, not a layout, a bad bound);
 *         ::GG_ERROR_UNSUPPORTED (a distributed graph); ::GG_ERROR_TOO_LARGE (the layout cannot be built for
 *         this graph, e.g. G-Shards' windows outgrowing the edges, with why); ::GG_ERROR_OUT_OF_MEMORY.
 *         Since 0.7.
 */
GG_API gg_status gg_layout_measure(gg_context *context, const gg_graph *graph, gg_layout layout,
                                   uint32_t degree_bound, gg_layout_info *info);

/** Options of every gg_run_* call. Initialise with gg_run_options_init(). */
typedef struct gg_run_options {
    size_t struct_size;      /**< sizeof(gg_run_options), set by the init function. */
    gg_backend backend;      /**< ::GG_BACKEND_AUTO (default) uses the context's backend. */
    gg_layout layout;        /**< Default ::GG_LAYOUT_AUTO. The CPU backend accepts every layout, runs
                                  ::GG_LAYOUT_CSR and reports it in gg_run_stats.layout, but for PageRank runs
                                  ::GG_LAYOUT_TOCAB (two source blocks) when asked for it, or under a layout other
                                  than ::GG_LAYOUT_CSR where its contributions overflow the L2 of the run's cores.
                                  The CUDA backend runs each
                                  layout for the algorithms its ::gg_layout value lists; another pairing gives
                                  ::GG_ERROR_UNSUPPORTED with a message naming the layouts that algorithm has. */
    double tolerance;        /**< PageRank: stop when the L1 change of an iteration is below it; default 1e-6. */
    uint32_t max_iterations; /**< PageRank: iteration cap; default 100. */
    double damping;          /**< PageRank: damping factor in [0, 1); default 0.85. */
    float delta;             /**< SSSP delta-stepping bucket width; 0 (default) picks one from the weights. */
    /** Run partitioned over this plan's parts (see ::gg_partition_plan); NULL (default) runs
        unpartitioned. The plan must have been made from the same graph. The parts run on the CPU
        backend or on the CUDA backend (part p on the context's device p mod the device count),
        every algorithm but APSP, which runs unpartitioned; gg_run_matching() and gg_run_program()
        refuse a plan of more than one part (::GG_ERROR_UNSUPPORTED). Since 0.3. */
    const struct gg_partition_plan *partition_plan;
    /** The degree bound K of ::GG_LAYOUT_VIRTUAL_SPLIT (a vertex's edges are cut into groups of at most K,
        one thread each) and ::GG_LAYOUT_UDT (at least 2: each tree node keeps at most K edges); 0 (default)
        takes Tigr's defaults, 10 for the split and 1000 for UDT. Other layouts ignore it. Since 0.4. */
    uint32_t degree_bound;
    /** 1: the run's per-vertex arrays are CUDA device memory (cudaMalloc'd on the context's first
        device, or managed memory), e.g. a CuPy or PyTorch tensor's: the results (BFS depths and
        parents, distances, widths, labels, ranks, centrality, SpMV's y, the APSP matrix, mates, a
        program's values) and the inputs (SpMV's x, a program's first values). BC's @c sources and
        matching's @c out_size stay host memory. An unpartitioned run on the CUDA backend reads and
        writes them on the device, with no copy through the host; a CPU run, a partitioned run and
        auto's fallback to the CPU run on host copies that gg makes and copies back, so the answers
        are the same on every path. 0 (default): host memory. A pointer that is not device memory
        of that device gives ::GG_ERROR_INVALID_ARGUMENT naming the array; a build or machine with
        no usable GPU gives ::GG_ERROR_UNSUPPORTED. Since 0.6. */
    int32_t device_arrays;
} gg_run_options;

/** Statistics a run can fill. Initialise with gg_run_stats_init(). */
typedef struct gg_run_stats {
    size_t struct_size;          /**< sizeof(gg_run_stats), set by the init function. */
    gg_backend backend;          /**< Backend that ran (never AUTO after a run). */
    gg_layout layout;            /**< Layout that ran (never AUTO after a run). */
    int32_t device_id;           /**< CUDA device used, -1 on the CPU. */
    int32_t num_threads;         /**< CPU threads used, 0 on the GPU. */
    double total_ms;             /**< Wall time of the whole call. */
    double compute_ms;           /**< Time of the algorithm itself (graph resident). */
    double transfer_ms;          /**< Host-device copies made by this call (graph upload included when it happened);
                                      in a distributed run (docs/distributed.md) also the answer's delivery to every
                                      process (each receives the other processes' owned values). */
    double preprocess_ms;        /**< Building layouts (CSC, shards, device structures) during this call. */
    uint32_t iterations;         /**< Iterations, levels or rounds. */
    uint64_t edges_visited;      /**< Edges examined (for GTEPS, use m / compute_ms instead). */
    uint64_t device_bytes;       /**< Device memory held for this graph after the run. */
    char fallback_reason[160];   /**< Why the GPU was not used under ::GG_BACKEND_AUTO (none usable, or the run
                                      ran out of device memory and went to the CPU); "" otherwise. */
    /* Since 0.3: partitioned runs (gg_run_options.partition_plan). An unpartitioned run
       reports one part and zeros. */
    uint32_t num_parts;          /**< Parts the run used (1 when unpartitioned). */
    uint32_t exchange_rounds;    /**< Exchanges of replica values between parts. */
    uint64_t edge_cut;           /**< The plan's edge cut (see gg_partition()). */
    uint64_t replicas;           /**< Replica vertices over all parts of the plan. */
    uint64_t bytes_exchanged;    /**< Bytes the run's exchanges moved between parts. */
    double exchange_ms;          /**< Time spent exchanging (packing, moving, combining), summed over parts. */
    double partition_ms;         /**< What the plan cost to make (partitioner + replica maps), made once by
                                      gg_partition_plan_create(): reported here, never part of this run's times. */
    double *part_compute_ms;     /**< In: NULL, or an array of @c part_capacity entries that receives each
                                      part's compute time (set it after gg_run_stats_init()). */
    double *part_exchange_ms;    /**< In: NULL, or an array of @c part_capacity entries that receives each
                                      part's exchange time. */
    uint32_t part_capacity;      /**< In: entries in the two arrays; parts beyond it are not written. */
    /** Since 0.5. 1 when the run stopped by itself (a vertex program with no active vertex left, or whose
        @c halt function said so; PageRank below its tolerance; every other algorithm always), 0 when an
        iteration cap stopped it first. */
    int32_t converged;
    /** Since 0.8. The part of @c exchange_ms that ran while the parts computed, summed over parts: a GPU
        partitioned PageRank over several devices (where its refresh is worth hiding, or always with
        @c GG_PARTITIONED_OVERLAP=1, docs/building.md), and with that setting a GPU partitioned BFS's
        bottom-up levels, send their boundary's values while their parts compute their other vertices,
        and what the parts did not wait for counts here. The fraction hidden is this over
        @c exchange_ms; 0 for runs that do not overlap. */
    double exchange_hidden_ms;
} gg_run_stats;

/**
 * @brief Fills @p options with defaults and sets its @c struct_size.
 * @param options Options to initialise; ignored when NULL.
 */
GG_API void gg_run_options_init(gg_run_options *options);

/**
 * @brief Zeroes @p stats and sets its @c struct_size.
 * @param stats Statistics to initialise; ignored when NULL.
 */
GG_API void gg_run_stats_init(gg_run_stats *stats);

/**
 * @brief Breadth-first search: hop count from @p source along out-edges.
 * @param context Context (backend, threads, error message).
 * @param graph The graph.
 * @param source Source vertex, below n.
 * @param[out] depths n entries; unreachable vertices get UINT32_MAX.
 * @param[out] parents Optional (NULL to skip), n entries: a BFS-tree parent
 *             (source: itself; unreachable: UINT32_MAX). Any parent with depth one less is valid.
 * @param options Options, or NULL for defaults.
 * @param[out] stats Optional statistics.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (source out of range, NULL arrays);
 *         ::GG_ERROR_UNSUPPORTED; ::GG_ERROR_DEVICE; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_bfs(gg_context *context, const gg_graph *graph, uint32_t source, uint32_t *depths,
                            uint32_t *parents, const gg_run_options *options, gg_run_stats *stats);

/**
 * @brief Single-source shortest paths along out-edges.
 * @param context Context.
 * @param graph The graph; a negative weight is an error naming the edge.
 * @param source Source vertex, below n.
 * @param[out] distances n entries; unreachable vertices get +inf.
 * @param options Options, or NULL for defaults.
 * @param[out] stats Optional statistics.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (source, negative weight); ::GG_ERROR_UNSUPPORTED;
 *         ::GG_ERROR_DEVICE; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_sssp(gg_context *context, const gg_graph *graph, uint32_t source, float *distances,
                             const gg_run_options *options, gg_run_stats *stats);

/**
 * @brief Single-source widest paths: the width of a path is its smallest edge weight.
 * @param context Context.
 * @param graph The graph.
 * @param source Source vertex, below n.
 * @param[out] widths n entries; the source gets +inf, unreachable vertices 0.
 * @param options Options, or NULL for defaults.
 * @param[out] stats Optional statistics.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_UNSUPPORTED; ::GG_ERROR_DEVICE;
 *         ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_sswp(gg_context *context, const gg_graph *graph, uint32_t source, float *widths,
                             const gg_run_options *options, gg_run_stats *stats);

/**
 * @brief Weakly connected components.
 * @param context Context.
 * @param graph The graph (edge directions are ignored).
 * @param[out] labels n entries; each vertex gets the smallest vertex id of its component.
 * @param options Options, or NULL for defaults.
 * @param[out] stats Optional statistics.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_UNSUPPORTED; ::GG_ERROR_DEVICE;
 *         ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_cc(gg_context *context, const gg_graph *graph, uint32_t *labels,
                           const gg_run_options *options, gg_run_stats *stats);

/**
 * @brief PageRank as networkx.pagerank(G, weight=None) defines it.
 *
 * r(v) = (1-d)/n + d * (sum over in-edges u->v of r(u)/outdeg(u) + dangling/n),
 * starting from 1/n, until the L1 change of an iteration is below the
 * tolerance or the iteration cap is reached. Ranks sum to 1.
 * @param context Context.
 * @param graph The graph (weights are ignored).
 * @param[out] ranks n entries.
 * @param options Options (tolerance, max_iterations, damping), or NULL for defaults.
 * @param[out] stats Optional statistics; @c iterations is the number of iterations run.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_UNSUPPORTED; ::GG_ERROR_DEVICE;
 *         ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_pagerank(gg_context *context, const gg_graph *graph, double *ranks,
                                 const gg_run_options *options, gg_run_stats *stats);

/**
 * @brief Betweenness centrality by Brandes' dependency accumulation.
 *
 * Unweighted shortest paths along out-edges, summed over the given sources,
 * without normalisation or halving.
 * @param context Context.
 * @param graph The graph.
 * @param sources Source vertices, or NULL for every vertex.
 * @param num_sources Number of entries in @p sources (ignored when it is NULL).
 * @param[out] centrality n entries.
 * @param options Options, or NULL for defaults.
 * @param[out] stats Optional statistics.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (a source out of range); ::GG_ERROR_UNSUPPORTED;
 *         ::GG_ERROR_DEVICE; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_bc(gg_context *context, const gg_graph *graph, const uint32_t *sources,
                           uint32_t num_sources, double *centrality, const gg_run_options *options,
                           gg_run_stats *stats);

/**
 * @brief Sparse matrix-vector product over the edges: y(v) = sum over edges u->v of w(u,v) * x(u).
 * @param context Context.
 * @param graph The graph.
 * @param x n input values.
 * @param[out] y n output values (vertices without in-edges get 0).
 * @param options Options, or NULL for defaults.
 * @param[out] stats Optional statistics.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_UNSUPPORTED; ::GG_ERROR_DEVICE;
 *         ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_spmv(gg_context *context, const gg_graph *graph, const float *x, float *y,
                             const gg_run_options *options, gg_run_stats *stats);

/**
 * @brief All-pairs shortest paths into a dense n x n row-major matrix (row = source).
 * @param context Context.
 * @param graph The graph; negative weights are an error.
 * @param[out] distances n * n entries; unreachable pairs get +inf, the diagonal 0.
 * @param capacity Number of floats @p distances holds; it must be at least n * n.
 * @param options Options, or NULL for defaults.
 * @param[out] stats Optional statistics.
 * @return ::GG_OK; ::GG_ERROR_TOO_LARGE (n * n overflows or exceeds @p capacity: the
 *         message gives the bytes needed); ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_UNSUPPORTED;
 *         ::GG_ERROR_DEVICE; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_apsp(gg_context *context, const gg_graph *graph, float *distances, uint64_t capacity,
                             const gg_run_options *options, gg_run_stats *stats);

/**
 * @brief Maximum bipartite matching (maximum cardinality).
 *
 * Vertices 0 .. @p num_left - 1 form the left side, @p num_left .. n - 1 the
 * right side. Every edge must join the two sides; its direction does not
 * matter (u -> v and v -> u both join u and v) and weights are ignored. A
 * matching is a set of edges no two of which share a vertex; the one returned
 * has the largest possible size. Many graphs have several maximum matchings:
 * which one is returned may differ between backends and runs, its size never
 * does. Since 0.5.
 * @param context Context.
 * @param graph The graph; an edge inside one side, a self-loop included, is
 *        ::GG_ERROR_INVALID_ARGUMENT naming the edge.
 * @param num_left Vertices on the left side, at most n (0 or n: one side is empty).
 * @param[out] mates n entries: the vertex matched to each vertex, UINT32_MAX
 *             when it is unmatched (mates[mates[v]] == v for every matched v).
 * @param[out] out_size Receives the number of matched pairs.
 * @param options Options, or NULL for defaults. The CPU backend runs
 *        Hopcroft-Karp, the CUDA backend level-synchronous alternating BFS
 *        from every free left vertex. The CUDA backend serves
 *        ::GG_LAYOUT_CSR only (another layout is ::GG_ERROR_UNSUPPORTED); the
 *        CPU runs CSR whatever is asked. A plan of
 *        more than one part (gg_run_options.partition_plan) is
 *        ::GG_ERROR_UNSUPPORTED.
 * @param[out] stats Optional statistics; @c iterations is the number of
 *             phases (searches for augmenting paths), the last of which found none.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (NULL arrays, @p num_left above n, an
 *         edge inside one side); ::GG_ERROR_UNSUPPORTED; ::GG_ERROR_DEVICE;
 *         ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_matching(gg_context *context, const gg_graph *graph, uint32_t num_left, uint32_t *mates,
                                 uint64_t *out_size, const gg_run_options *options, gg_run_stats *stats);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name METIS partitioning                                                */
/* ------------------------------------------------------------------------ */
/** @{ */

/** Options of gg_partition(). Initialise with gg_partition_options_init(). */
typedef struct gg_partition_options {
    size_t struct_size;  /**< sizeof(gg_partition_options), set by the init function. */
    int32_t seed;        /**< METIS random seed; default 1 (deterministic). */
    int32_t ufactor;     /**< Allowed imbalance in 1/1000 (METIS ufactor); 0 (default) = 30. */
} gg_partition_options;

/**
 * @brief Fills @p options with defaults and sets its @c struct_size.
 * @param options Options to initialise; ignored when NULL.
 */
GG_API void gg_partition_options_init(gg_partition_options *options);

/**
 * @brief METIS k-way partition of the graph's vertices (edge directions ignored).
 * @param context Context.
 * @param graph The graph.
 * @param num_parts k, at least 1.
 * @param[out] parts n entries, each in [0, k).
 * @param[out] edge_cut Optional: the number of undirected edges {u, v} (u != v) whose ends lie in different parts.
 * @param options Options, or NULL for defaults.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_UNSUPPORTED (built without METIS);
 *         ::GG_ERROR_OUT_OF_MEMORY; ::GG_ERROR_INTERNAL (METIS failed).
 */
GG_API gg_status gg_partition(gg_context *context, const gg_graph *graph, uint32_t num_parts, uint32_t *parts,
                              uint64_t *edge_cut, const gg_partition_options *options);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Partitioned runs                                                  */
/* ------------------------------------------------------------------------ */
/** @{ */

/**
 * How gg_partition_plan_create() assigns vertices to parts. The names
 * (gg_partitioner_name()) are those of <tt>gg run --partition</tt>.
 */
typedef enum gg_partitioner {
    GG_PARTITIONER_METIS = 0,  /**< "metis": METIS k-way, edge cut minimised (default; needs a build with METIS). */
    GG_PARTITIONER_RANDOM = 1, /**< "random": each vertex to a part by a seeded hash of its id. */
    GG_PARTITIONER_BLOCK = 2,  /**< "block": contiguous id ranges of about equal vertices + edges. */
    GG_PARTITIONER_GIVEN = 3,  /**< "given": the caller's array, gg_partition_plan_options.parts. */
    GG_PARTITIONER_AUTO = 4    /**< "auto": chosen per graph from measured edge cuts (docs/partitioned.md);
                                    gg_partition_plan_stats says which and why. Since 0.3. */
} gg_partitioner;

/**
 * Opaque partition plan (Medusa, 002 §4.3): which part owns each vertex and,
 * for each part, its local graph (its owned vertices, then the replicas of
 * the vertices within @c replication_depth hops of them, edge directions
 * ignored) and the maps between replicas and their owners. Built once by
 * gg_partition_plan_create(), it is read by every run that names it in
 * gg_run_options.partition_plan, from any thread. Runs on the CPU backend
 * run the parts one after another and exchange replica values by memory
 * copies; runs on the CUDA backend keep each part's values on its device and
 * exchange them with device kernels (peer copies between devices); parts
 * never read each other's values between exchanges.
 */
typedef struct gg_partition_plan gg_partition_plan;

/** Options of gg_partition_plan_create(). Initialise with gg_partition_plan_options_init(). */
typedef struct gg_partition_plan_options {
    size_t struct_size;          /**< sizeof(gg_partition_plan_options), set by the init function. */
    uint32_t num_parts;          /**< k, at least 1 (more parts than vertices leaves parts empty); default 2. */
    gg_partitioner partitioner;  /**< Default ::GG_PARTITIONER_METIS. */
    const uint32_t *parts;       /**< ::GG_PARTITIONER_GIVEN: the part of each vertex, each below @c num_parts. */
    uint64_t parts_length;       /**< ::GG_PARTITIONER_GIVEN: entries in @c parts; must equal n. */
    uint32_t replication_depth;  /**< Hops of replicas, 1 to 8: 1 (default) exchanges after every iteration,
                                      k > 1 every k iterations (Medusa's multi-hop replication); 0 = auto:
                                      the depth the cost model of docs/partitioned.md picks (1 for a
                                      distributed graph, which no process holds whole to measure). */
    uint64_t seed;               /**< Seed of the random partitioner and of METIS; default 1. */
    /** Since 0.10: nonzero releases a distributed graph's edges while the plan gathers them: each
        process frees its rows as it sends them to the processes whose parts need them, so that at
        its peak it holds its parts and not also its share of the graph (weighted kron scale 29 over
        two processes of one 256 GiB host needs it; docs/distributed.md). The graph then serves the
        runs over this plan only: another gg_partition_plan_create() over it returns
        ::GG_ERROR_INVALID_ARGUMENT. Every process must pass the same value. Ignored for a graph
        that is not distributed, whose runs read its edges. Default 0. */
    uint32_t release_graph_edges;
} gg_partition_plan_options;

/** What a plan holds. Initialise with gg_partition_plan_stats_init(). */
typedef struct gg_partition_plan_stats {
    size_t struct_size;          /**< sizeof(gg_partition_plan_stats), set by the init function. */
    uint32_t num_parts;          /**< k. */
    uint32_t replication_depth;  /**< The depth built (auto resolved). */
    gg_partitioner partitioner;  /**< The partitioner used (never ::GG_PARTITIONER_AUTO: the one auto chose). */
    uint32_t empty_parts;        /**< Parts that own no vertex. */
    uint64_t edge_cut;           /**< Undirected pairs {u, v}, u != v, whose ends lie in different parts. */
    uint64_t replicas;           /**< Replica vertices over all parts. */
    uint64_t local_edges;        /**< Edges stored over all parts' local graphs (m or more). */
    uint64_t max_part_vertices;  /**< Vertices owned by the largest part. */
    double partition_ms;         /**< Time of the partitioner (auto: of every cut it measured). */
    double build_ms;             /**< Time to build the replica maps and local graphs. */
    char choice[192];            /**< How the partitioner was chosen: for ::GG_PARTITIONER_AUTO, the cuts it
                                      measured and the rule that decided; "" otherwise. */
} gg_partition_plan_stats;

/** One part of a plan. Initialise with gg_part_info_init(). */
typedef struct gg_part_info {
    size_t struct_size;          /**< sizeof(gg_part_info), set by the init function. */
    uint32_t owned;              /**< Vertices the part owns. */
    uint32_t replicas;           /**< Replicas it holds of other parts' vertices. */
    uint64_t local_edges;        /**< Edges of its local graph. */
    uint32_t neighbours;         /**< Other parts it exchanges with. */
} gg_part_info;

/**
 * @brief Fills @p options with defaults and sets its @c struct_size.
 * @param options Options to initialise; ignored when NULL.
 */
GG_API void gg_partition_plan_options_init(gg_partition_plan_options *options);
/**
 * @brief Zeroes @p stats and sets its @c struct_size.
 * @param stats Statistics to initialise; ignored when NULL.
 */
GG_API void gg_partition_plan_stats_init(gg_partition_plan_stats *stats);
/**
 * @brief Zeroes @p info and sets its @c struct_size.
 * @param info Structure to initialise; ignored when NULL.
 */
GG_API void gg_part_info_init(gg_part_info *info);

/**
 * @brief Partitions a graph and builds the replica maps of its parts.
 *
 * The cost (partitioner, then maps) is paid here, once, and reported in
 * ::gg_partition_plan_stats; runs that use the plan never repeat it.
 * @param context Context receiving any error message.
 * @param graph The graph; it must outlive the plan.
 * @param options Options, or NULL for defaults (2 parts, METIS, depth 1).
 * @param[out] out_plan Receives the plan; free it with gg_partition_plan_destroy(). NULL on failure.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (zero parts, a @c parts array that is NULL, of the wrong
 *         length or with an entry out of range, a depth above 8, an unknown partitioner, a distributed
 *         graph whose edges an earlier plan released);
 *         ::GG_ERROR_UNSUPPORTED (METIS asked of a build without it); ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_partition_plan_create(gg_context *context, const gg_graph *graph,
                                          const gg_partition_plan_options *options, gg_partition_plan **out_plan);

/**
 * @brief Destroys a plan.
 * @param plan The plan, or NULL (no effect).
 */
GG_API void gg_partition_plan_destroy(gg_partition_plan *plan);

/**
 * @brief Reads a plan's statistics.
 * @param context Context receiving any error message.
 * @param plan The plan.
 * @param[out] stats Initialised with gg_partition_plan_stats_init().
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_partition_plan_read_stats(gg_context *context, const gg_partition_plan *plan,
                                              gg_partition_plan_stats *stats);

/**
 * @brief Reads one part of a plan.
 * @param context Context receiving any error message.
 * @param plan The plan.
 * @param part The part, below @c num_parts.
 * @param[out] info Initialised with gg_part_info_init().
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (part out of range).
 */
GG_API gg_status gg_partition_plan_read_part(gg_context *context, const gg_partition_plan *plan, uint32_t part,
                                             gg_part_info *info);

/**
 * @brief Copies the part of every vertex.
 * @param context Context receiving any error message.
 * @param plan The plan.
 * @param[out] parts n entries.
 * @param capacity Entries @p parts holds.
 * @return ::GG_OK; ::GG_ERROR_TOO_LARGE (capacity below n); ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_partition_plan_read_parts(gg_context *context, const gg_partition_plan *plan, uint32_t *parts,
                                              uint64_t capacity);

/**
 * @brief The name of a partitioner ("metis", "random", "block", "given", "auto").
 * @param partitioner Any value.
 * @return A static string; NULL when @p partitioner is not a ::gg_partitioner value.
 */
GG_API const char *gg_partitioner_name(gg_partitioner partitioner);

/**
 * @brief The partitioner a name gives: the inverse of gg_partitioner_name().
 * @param name A NUL-terminated name.
 * @param[out] out_partitioner Receives the partitioner; untouched on failure.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (NULL, or not a name; there is no context, so no message).
 */
GG_API gg_status gg_partitioner_from_name(const char *name, gg_partitioner *out_partitioner);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name CuSha G-Shards and Concatenated Windows                           */
/* ------------------------------------------------------------------------ */
/** @{ */

/**
 * Opaque G-Shards + Concatenated Windows representation of a graph (CuSha §3).
 *
 * Vertices are cut into consecutive ranges of @c vertices_per_shard; shard j
 * holds every edge whose destination lies in range j, ordered by source
 * (then destination). Window W(i, j) is the part of shard j whose sources
 * lie in range i. Concatenated window CW_i lists the entries of W(i, 0),
 * W(i, 1), ... in order; for each CW entry the mapper gives the position of
 * that edge in the shard arrays.
 */
typedef struct gg_shards gg_shards;

/** Options of gg_shard(). Initialise with gg_shard_options_init(). */
typedef struct gg_shard_options {
    size_t struct_size;           /**< sizeof(gg_shard_options), set by the init function. */
    uint32_t vertices_per_shard;  /**< |N|; 0 (default) applies CuSha's rule (average window size 32, bounded by shared memory). */
    uint32_t shared_memory_bytes; /**< Shared memory per block that bounds |N| under the rule; 0 (default) = 48 KiB. */
    uint32_t vertex_value_bytes;  /**< Bytes of one vertex value in shared memory; 0 (default) = 4. */
} gg_shard_options;

/** Statistics of a ::gg_shards. Initialise with gg_shard_stats_init(). */
typedef struct gg_shard_stats {
    size_t struct_size;           /**< sizeof(gg_shard_stats), set by the init function. */
    uint32_t num_shards;          /**< |S| = ceil(n / |N|). */
    uint32_t vertices_per_shard;  /**< |N|. */
    uint64_t num_edges;           /**< m, the entries over all shards. */
    uint64_t num_windows;         /**< |S|^2 windows, empty ones included. */
    uint64_t empty_windows;       /**< Windows holding no entry. */
    uint64_t max_window;          /**< Largest window, in entries. */
    double mean_window;           /**< m / num_windows. */
    uint64_t window_histogram[8]; /**< Windows of size 0, 1, 2-3, 4-7, 8-15, 16-31, 32-63, >= 64. */
    uint64_t max_shard;           /**< Largest shard, in entries. */
    uint64_t gshards_bytes;       /**< Bytes of G-Shards: per entry src index, dst index, weight, src value. */
    uint64_t cw_bytes;            /**< Extra bytes of CW: per entry its src index and 64-bit mapper. */
} gg_shard_stats;

/**
 * @brief Fills @p options with defaults and sets its @c struct_size.
 * @param options Options to initialise; ignored when NULL.
 */
GG_API void gg_shard_options_init(gg_shard_options *options);

/**
 * @brief Zeroes @p stats and sets its @c struct_size.
 * @param stats Statistics to initialise; ignored when NULL.
 */
GG_API void gg_shard_stats_init(gg_shard_stats *stats);

/**
 * @brief Builds CuSha's G-Shards and Concatenated Windows for a graph, on the host.
 * @param context Context.
 * @param graph The graph.
 * @param options Options, or NULL for defaults.
 * @param[out] out_shards Receives the structure; free it with gg_shards_destroy().
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT; ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_shard(gg_context *context, const gg_graph *graph, const gg_shard_options *options,
                          gg_shards **out_shards);

/**
 * @brief Destroys a shard structure.
 * @param shards The structure, or NULL (no effect).
 */
GG_API void gg_shards_destroy(gg_shards *shards);

/**
 * @brief Reads the statistics of a shard structure.
 * @param context Context receiving any error message.
 * @param shards The structure.
 * @param[out] stats Statistics; its @c struct_size must be set (gg_shard_stats_init()).
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (NULL argument, @c struct_size unset).
 */
GG_API gg_status gg_shards_read_stats(gg_context *context, const gg_shards *shards, gg_shard_stats *stats);

/**
 * @brief Copies the G-Shards arrays into the caller's arrays.
 *
 * Each array comes with its capacity in entries. Every capacity is checked
 * before anything is written, so a refused call leaves all the arrays as they
 * were; a NULL array is skipped and its capacity ignored. S = @c num_shards
 * and m = @c num_edges of gg_shards_read_stats().
 * @param context Context receiving any error message.
 * @param shards The structure.
 * @param[out] shard_offsets Optional, S + 1 entries: shard j is entries [shard_offsets[j], shard_offsets[j+1]).
 * @param shard_offsets_capacity Entries @p shard_offsets holds.
 * @param[out] src_index Optional, m entries: source vertex of each entry.
 * @param src_index_capacity Entries @p src_index holds.
 * @param[out] dst_index Optional, m entries: destination vertex of each entry.
 * @param dst_index_capacity Entries @p dst_index holds.
 * @param[out] weights Optional, m entries: edge weight of each entry.
 * @param weights_capacity Entries @p weights holds.
 * @return ::GG_OK; ::GG_ERROR_TOO_LARGE when an array is too short (the message names
 *         the array, the entries needed and the capacity given); ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_shards_read_shards(gg_context *context, const gg_shards *shards, uint64_t *shard_offsets,
                                       uint64_t shard_offsets_capacity, uint32_t *src_index,
                                       uint64_t src_index_capacity, uint32_t *dst_index, uint64_t dst_index_capacity,
                                       float *weights, uint64_t weights_capacity);

/**
 * @brief Copies the window boundaries into the caller's array.
 *
 * The capacity works as in gg_shards_read_shards().
 * @param context Context receiving any error message.
 * @param shards The structure.
 * @param[out] window_offsets Optional (NULL to skip), S * S + 1 entries, ordered (shard j, window i) by j then i:
 *             W(i, j) is entries [window_offsets[j * S + i], window_offsets[j * S + i + 1]) of the shard arrays.
 * @param window_offsets_capacity Entries @p window_offsets holds.
 * @return ::GG_OK; ::GG_ERROR_TOO_LARGE (the array is too short); ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_shards_read_windows(gg_context *context, const gg_shards *shards, uint64_t *window_offsets,
                                        uint64_t window_offsets_capacity);

/**
 * @brief Copies the Concatenated Windows arrays into the caller's arrays.
 *
 * Capacities work as in gg_shards_read_shards().
 * @param context Context receiving any error message.
 * @param shards The structure.
 * @param[out] cw_offsets Optional, S + 1 entries: CW_i is entries [cw_offsets[i], cw_offsets[i+1]).
 * @param cw_offsets_capacity Entries @p cw_offsets holds.
 * @param[out] cw_src_index Optional, m entries: the SrcIndex of each CW entry.
 * @param cw_src_index_capacity Entries @p cw_src_index holds.
 * @param[out] cw_mapper Optional, m entries: position of each CW entry in the shard arrays.
 * @param cw_mapper_capacity Entries @p cw_mapper holds.
 * @return ::GG_OK; ::GG_ERROR_TOO_LARGE (an array is too short); ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_shards_read_cw(gg_context *context, const gg_shards *shards, uint64_t *cw_offsets,
                                   uint64_t cw_offsets_capacity, uint32_t *cw_src_index,
                                   uint64_t cw_src_index_capacity, uint64_t *cw_mapper, uint64_t cw_mapper_capacity);

/**
 * @brief Reads the statistics of a shard structure, without a context.
 * @deprecated Use gg_shards_read_stats(), whose failures leave a message on its context.
 * @param shards The structure.
 * @param[out] stats Statistics; its @c struct_size must be set (gg_shard_stats_init()).
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_shards_get_stats(const gg_shards *shards, gg_shard_stats *stats);

/**
 * @brief Copies the G-Shards arrays, trusting the caller's array sizes.
 * @deprecated Use gg_shards_read_shards(), which checks each array's capacity and
 *             leaves a message on its context. This form behaves as it does with
 *             every capacity unlimited, and reports only a status.
 * @param shards The structure.
 * @param[out] shard_offsets Optional, num_shards + 1 entries.
 * @param[out] src_index Optional, m entries.
 * @param[out] dst_index Optional, m entries.
 * @param[out] weights Optional, m entries.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_shards_copy_shards(const gg_shards *shards, uint64_t *shard_offsets, uint32_t *src_index,
                                       uint32_t *dst_index, float *weights);

/**
 * @brief Copies the window boundaries, trusting the caller's array size.
 * @deprecated Use gg_shards_read_windows() (see gg_shards_copy_shards()).
 * @param shards The structure.
 * @param[out] window_offsets Optional, num_shards * num_shards + 1 entries.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_shards_copy_windows(const gg_shards *shards, uint64_t *window_offsets);

/**
 * @brief Copies the Concatenated Windows arrays, trusting the caller's array sizes.
 * @deprecated Use gg_shards_read_cw() (see gg_shards_copy_shards()).
 * @param shards The structure.
 * @param[out] cw_offsets Optional, num_shards + 1 entries.
 * @param[out] cw_src_index Optional, m entries.
 * @param[out] cw_mapper Optional, m entries.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT.
 */
GG_API gg_status gg_shards_copy_cw(const gg_shards *shards, uint64_t *cw_offsets, uint32_t *cw_src_index,
                                   uint64_t *cw_mapper);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Vertex programs                                                   */
/* ------------------------------------------------------------------------ */
/** @{
 * A vertex program is the caller's own algorithm, written in one of the two
 * programming models of the papers gg follows, and run by gg's engine over
 * the graph on the CPU or the GPU. docs/programs.md describes both models,
 * the exact order of a superstep and worked examples; examples/programs/
 * holds CuSha's eight benchmarks and Medusa's bipartite matching.
 *
 * A program is plain data (the vertex value, an optional edge value and, in
 * the EMV model, a message, each of a stated size) and functions. The
 * functions come as CUDA C source text, compiled at run time with NVRTC for
 * the GPU and with the host's C compiler for the CPU (both results cached on
 * disk), or, for the CPU only, as C function pointers. A program is code run
 * with the caller's privileges: gg compiles and runs it as given.
 */

/** The programming model of a vertex program. */
typedef enum gg_program_model {
    /** CuSha (paper 000, §3): for each vertex to compute, @c init_compute copies its value into a
        local copy, @c compute folds each in-edge's source value into it, and @c update_condition
        decides whether the local copy becomes the new value (and the vertex active). */
    GG_PROGRAM_CUSHA = 1,
    /** Medusa's Edge-Message-Vertex (paper 002, §3): the out-edges of each active vertex @c send a
        message, messages to one vertex are combined, and @c apply updates each vertex that received one
        (or is active) and says whether it stays active. */
    GG_PROGRAM_EMV = 2
} gg_program_model;

/** How the EMV model combines the messages sent to one vertex. */
typedef enum gg_combiner {
    GG_COMBINE_USER = 0, /**< The program's @c combine function. */
    GG_COMBINE_SUM = 1,  /**< Sum of a scalar message of type gg_program_desc.message_type. */
    GG_COMBINE_MIN = 2,  /**< Minimum of a scalar message. */
    GG_COMBINE_MAX = 3,  /**< Maximum of a scalar message. */
    /** Sum of a scalar message, added in an order the backend chooses (since 0.9): integer sums equal
        ::GG_COMBINE_SUM's; float and double sums may differ from them in the last bits, from one GPU run
        to the next, and a sum of zeros may lose its sign. The CPU adds in in-edge order, as
        ::GG_COMBINE_SUM does; the GPU adds a vertex's messages in parallel (a hub's over many threads),
        where ::GG_COMBINE_SUM of floats keeps the in-edge order and so one thread a vertex. */
    GG_COMBINE_UNORDERED_SUM = 4
} gg_combiner;

/** The type of a scalar message (built-in combiners). */
typedef enum gg_scalar_type {
    GG_SCALAR_NONE = 0,   /**< No scalar: the message is the caller's struct (::GG_COMBINE_USER). */
    GG_SCALAR_INT32 = 1,  /**< int32_t. */
    GG_SCALAR_UINT32 = 2, /**< uint32_t. */
    GG_SCALAR_INT64 = 3,  /**< int64_t. */
    GG_SCALAR_UINT64 = 4, /**< uint64_t. */
    GG_SCALAR_FLOAT = 5,  /**< float. */
    GG_SCALAR_DOUBLE = 6  /**< double. */
} gg_scalar_type;

/** The most aggregates a program may keep (gg_program_desc.num_aggregates). */
#define GG_PROGRAM_MAX_AGGREGATES 4
/** The most parameters a program may take (gg_program_desc.params). */
#define GG_PROGRAM_MAX_PARAMS 8

/** What a program's functions learn about a vertex. */
typedef struct gg_vertex_info {
    uint32_t id;         /**< The vertex. */
    uint32_t out_degree; /**< Its out-edges. */
    uint32_t in_degree;  /**< Its in-edges. */
    uint32_t reserved;   /**< Zero. */
} gg_vertex_info;

/** What a program's functions learn about the run; the same on every vertex of a superstep. */
typedef struct gg_program_globals {
    uint32_t num_vertices; /**< n. */
    uint32_t source;       /**< gg_program_run_options.source (UINT32_MAX when the run has none). */
    uint64_t num_edges;    /**< m. */
    uint32_t iteration;    /**< The superstep, from 0. */
    uint32_t reserved;     /**< Zero. */
    /** The sums of the program's @c aggregate over every vertex after the previous superstep (after
        initialisation for superstep 0); zeros when the program keeps none. */
    double aggregates[GG_PROGRAM_MAX_AGGREGATES];
    double params[GG_PROGRAM_MAX_PARAMS]; /**< The run's parameters (the program's, or the run's override). */
} gg_program_globals;

/**
 * The functions of a program as C function pointers, for the CPU backend.
 * Values arrive as pointers to the program's plain data of the sizes its
 * gg_program_desc states. The source text names the same functions with
 * typed pointers (docs/programs.md); their meaning is the same.
 */
typedef struct gg_program_functions {
    size_t struct_size; /**< sizeof(gg_program_functions); set it, or zero the struct and set it. */
    /** Both models: sets a vertex's first value; nonzero makes the vertex active in superstep 0.
        Not called when gg_program_run_options.keep_values is set. */
    int (*init)(void *value, const gg_vertex_info *info, const gg_program_globals *globals);
    /** When gg_program_desc.edge_value_size > 0: sets the value of edge @p src -> @p dst of weight
        @p weight once per run, before superstep 0. */
    void (*init_edge)(void *edge_value, uint32_t src, uint32_t dst, float weight, const gg_program_globals *globals);
    /** CuSha: copies (or derives) the local copy from the vertex's current value. */
    void (*init_compute)(void *local, const void *value, const gg_vertex_info *info,
                         const gg_program_globals *globals);
    /** CuSha: folds one in-edge into the local copy; @p edge_value is the edge's value (a float weight
        when gg_program_desc.edge_value_size is 0). */
    void (*compute)(const void *src_value, const void *edge_value, void *local, const gg_program_globals *globals);
    /** CuSha: nonzero when the local copy becomes the vertex's value and the vertex is active next. */
    int (*update_condition)(void *local, const void *old_value, const gg_vertex_info *info,
                            const gg_program_globals *globals);
    /** EMV: writes the message an out-edge of an active vertex sends; returns 0 to send none. */
    int (*send)(const void *src_value, const void *edge_value, void *message, const gg_program_globals *globals);
    /** EMV with ::GG_COMBINE_USER: folds @p message into @p accumulated. */
    void (*combine)(void *accumulated, const void *message);
    /** EMV: updates a vertex that received messages (@p message is their combination) or is active
        (@p message is NULL when it received none); nonzero keeps it active. */
    int (*apply)(void *value, const void *message, const gg_vertex_info *info, const gg_program_globals *globals);
    /** When gg_program_desc.num_aggregates > 0: adds the vertex's terms to @p sums (one per aggregate),
        given its value before and after the superstep (the same value after initialisation). */
    void (*aggregate)(const void *old_value, const void *value, const gg_vertex_info *info, double *sums);
    /** Optional: nonzero stops the run before superstep globals->iteration (converged). */
    int (*halt)(const gg_program_globals *globals);
} gg_program_functions;

/** Describes a program to gg_program_create(). Initialise with gg_program_desc_init(). */
typedef struct gg_program_desc {
    size_t struct_size;         /**< sizeof(gg_program_desc), set by the init function. */
    gg_program_model model;     /**< ::GG_PROGRAM_CUSHA or ::GG_PROGRAM_EMV; no default. */
    const char *name;           /**< Names the program in messages and compile logs; default "program". */
    uint32_t vertex_value_size; /**< Bytes of a vertex value, 1 to 4096; no default. */
    uint32_t edge_value_size;   /**< Bytes of an edge value, up to 4096; 0 (default): the edge value is its
                                     float weight. */
    uint32_t message_size;      /**< EMV: bytes of a message, 1 to 4096 (the scalar's size with a built-in
                                     combiner). */
    gg_combiner combiner;       /**< EMV: default ::GG_COMBINE_USER. */
    gg_scalar_type message_type; /**< EMV with a built-in combiner: the scalar type; default ::GG_SCALAR_NONE. */
    uint32_t num_aggregates;    /**< 0 (default) to ::GG_PROGRAM_MAX_AGGREGATES sums the program keeps. */
    int32_t has_halt;           /**< 1: the program has a @c halt function. Default 0. */
    double params[GG_PROGRAM_MAX_PARAMS]; /**< Default parameters (gg_program_globals.params); zeros. */
    /** The functions as CUDA C source text (docs/programs.md: the names, types and the restricted C
        that compiles for both the GPU and the host). NULL: @c functions only. The library copies it. */
    const char *source;
    /** The functions as C function pointers for the CPU; NULL: the CPU compiles @c source. The
        library copies the table. */
    const gg_program_functions *functions;
    /** How the gg tool prints a value (gg_program_load() sets it from the file): "" (default) or one
        of "depth", "label", "float", "double", "uint32", "int32", "uint64", "int64", optionally
        followed by " @OFFSET", the value's byte offset. */
    char output[32];
} gg_program_desc;

/** Options of gg_run_program(). Initialise with gg_program_run_options_init(). */
typedef struct gg_program_run_options {
    size_t struct_size;      /**< sizeof(gg_program_run_options), set by the init function. */
    uint32_t source;         /**< gg_program_globals.source; UINT32_MAX (default) for none, else below n. */
    /** Superstep cap; 0 (default) means n + 1. A run the cap stops returns ::GG_OK with
        gg_run_stats.converged 0 and the values of its last superstep. */
    uint32_t max_iterations;
    /** 1: @p values already hold the first values (init is not called) and every vertex is active in
        superstep 0. Default 0. */
    int32_t keep_values;
    uint32_t num_params;     /**< > 0: the first @c num_params entries of @c params replace the program's. */
    double params[GG_PROGRAM_MAX_PARAMS]; /**< The run's parameters. */
} gg_program_run_options;

/** What preparing a program for a backend cost (gg_program_prepare()). */
typedef struct gg_program_build_stats {
    size_t struct_size;  /**< sizeof(gg_program_build_stats), set by the init function. */
    gg_backend backend;  /**< The backend prepared. */
    double compile_ms;   /**< Time compiling (0 when the on-disk cache had the result). */
    double load_ms;      /**< Time loading the compiled code. */
    int32_t cache_hit;   /**< 1 when the result came from the on-disk cache or was already loaded. */
    int32_t compiled;    /**< 1 when the source was compiled (0 for function pointers or a cache hit). */
} gg_program_build_stats;

/** Opaque vertex program: its description and the code compiled from it, per backend and device.
    One program may be prepared and run from several threads at once (each run has its own state);
    it must outlive every run using it. */
typedef struct gg_program gg_program;

/**
 * @brief Fills @p desc with defaults and sets its @c struct_size.
 * @param desc Description to initialise; ignored when NULL.
 */
GG_API void gg_program_desc_init(gg_program_desc *desc);

/**
 * @brief Fills @p options with defaults and sets its @c struct_size.
 * @param options Options to initialise; ignored when NULL.
 */
GG_API void gg_program_run_options_init(gg_program_run_options *options);

/**
 * @brief Zeroes @p stats and sets its @c struct_size.
 * @param stats Statistics to initialise; ignored when NULL.
 */
GG_API void gg_program_build_stats_init(gg_program_build_stats *stats);

/**
 * @brief Makes a program from a description; nothing is compiled yet.
 *
 * The description is checked (sizes, model, combiner, that the functions the
 * model needs are given); the source is compiled on first use by a backend or
 * by gg_program_prepare().
 * @param context Context (for the error message).
 * @param desc The description; the library copies what it needs.
 * @param[out] out_program Receives the program; release it with gg_program_destroy().
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT naming the field at fault.
 */
GG_API gg_status gg_program_create(gg_context *context, const gg_program_desc *desc, gg_program **out_program);

/**
 * @brief Reads a program file (docs/programs.md: "//! key: value" lines, then the source).
 * @param context Context.
 * @param path The file (the gg tool's examples/programs/ use the extension .ggp).
 * @param[out] out_program Receives the program.
 * @return ::GG_OK; ::GG_ERROR_IO; ::GG_ERROR_PARSE naming the file and line at fault.
 */
GG_API gg_status gg_program_load(gg_context *context, const char *path, gg_program **out_program);

/**
 * @brief Releases a program and the code compiled for it. NULL is ignored.
 *
 * No run may be using the program.
 * @param program The program.
 */
GG_API void gg_program_destroy(gg_program *program);

/**
 * @brief Copies a program's description out (its @c source and @c functions point into the program).
 * @param program The program.
 * @param[out] desc Receives the description, up to its @c struct_size.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT when an argument is NULL.
 */
GG_API gg_status gg_program_get_desc(const gg_program *program, gg_program_desc *desc);

/**
 * @brief Compiles and loads a program for a backend now rather than on its first run.
 *
 * ::GG_BACKEND_CUDA compiles the source with NVRTC for the context's first device;
 * ::GG_BACKEND_CPU compiles it with the host's C compiler ($GG_CC, else cc) unless the
 * program has function pointers. Both keep the result in the on-disk cache
 * ($GG_CACHE_DIR, else $XDG_CACHE_HOME/gg, else ~/.cache/gg) keyed by the source's
 * hash, gg's version and the architecture, so a second process starts without compiling.
 * @param context Context.
 * @param program The program.
 * @param backend ::GG_BACKEND_CPU, ::GG_BACKEND_CUDA or ::GG_BACKEND_AUTO (the context's choice).
 * @param[out] stats Optional: what it cost.
 * @return ::GG_OK; ::GG_ERROR_PARSE with the compiler's log (line numbers point into the
 *         program's source); ::GG_ERROR_UNSUPPORTED (no GPU, or no host C compiler for a
 *         source-only program on the CPU); ::GG_ERROR_DEVICE; ::GG_ERROR_IO.
 */
GG_API gg_status gg_program_prepare(gg_context *context, gg_program *program, gg_backend backend,
                                    gg_program_build_stats *stats);

/**
 * @brief Runs a vertex program to convergence or to its superstep cap.
 *
 * Every backend runs the same supersteps and returns the same values (exactly,
 * when the program's arithmetic is exact; docs/programs.md says where the order
 * of floating-point sums may differ). Statistics: @c iterations are the supersteps
 * run, @c converged says whether the run stopped by itself, @c preprocess_ms
 * includes compiling on first use.
 * @param context Context.
 * @param graph The graph.
 * @param program The program.
 * @param[in,out] values n vertex values (gg_program_desc.vertex_value_size bytes each): the first
 *                values when @c keep_values is set, the final values on return.
 * @param values_size Bytes in @p values; it must be n * vertex_value_size. @p values must be
 *        aligned to the largest power of two dividing vertex_value_size, at most 8 (malloc's
 *        memory always is), since the CPU backend works on it in place through the program's types.
 * @param program_options Options, or NULL for defaults.
 * @param options Run options, or NULL. On the GPU the layout is auto or csr, or for a CuSha-model
 *        program gshards or cw (CuSha's G-Shards and Concatenated Windows; docs/programs.md, "On
 *        the GPU"); the CPU accepts every layout and runs CSR.
 * @param[out] stats Optional statistics.
 * @return ::GG_OK; ::GG_ERROR_INVALID_ARGUMENT (sizes, source out of range);
 *         ::GG_ERROR_PARSE (compile errors); ::GG_ERROR_UNSUPPORTED; ::GG_ERROR_DEVICE (a
 *         fault in the program's code on the GPU, with the CUDA error: docs/programs.md says
 *         what state the context is in afterwards); ::GG_ERROR_OUT_OF_MEMORY.
 */
GG_API gg_status gg_run_program(gg_context *context, const gg_graph *graph, gg_program *program, void *values,
                                size_t values_size, const gg_program_run_options *program_options,
                                const gg_run_options *options, gg_run_stats *stats);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* GG_H */
