/* gg vertex programs: what a program's source sees before its first line.
 *
 * This text is compiled twice: by NVRTC as CUDA C++ for the GPU and by the
 * host's C compiler as C99 for the CPU (docs/programs.md). It must therefore
 * stay in the common subset of both, as the programs themselves must. The
 * library prepends it (and the GG_* macros naming the program's model, sizes
 * and optional functions) to every program's source; it is not installed.
 *
 * gg_vertex_info and gg_program_globals repeat include/gg.h's layouts, which
 * NVRTC cannot include; tests/test_programs.c reads every field of both
 * through a compiled program, so a drift fails a test. */
#ifndef GG_PROGRAM_PRELUDE
#define GG_PROGRAM_PRELUDE

#ifdef __CUDACC_RTC__
/* NVRTC: no C library headers; the fixed-width types and limits by hand. */
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
#define INT32_MAX 2147483647
#define INT32_MIN (-INT32_MAX - 1)
#define UINT32_MAX 4294967295u
#define INT64_MAX 9223372036854775807ll
#define INT64_MIN (-INT64_MAX - 1)
#define UINT64_MAX 18446744073709551615ull
#define INFINITY __int_as_float(0x7f800000)
#define NAN __int_as_float(0x7fffffff)
#define FLT_MAX 3.402823466e+38f
#define DBL_MAX 1.7976931348623158e+308
/* Every program function is a device function, inlined into gg's kernels. */
#define GG_FUNCTION static __device__ __forceinline__
#else
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#define GG_FUNCTION static inline
#endif

typedef struct gg_vertex_info {
    uint32_t id;
    uint32_t out_degree;
    uint32_t in_degree;
    uint32_t reserved;
} gg_vertex_info;

typedef struct gg_program_globals {
    uint32_t num_vertices;
    uint32_t source;
    uint64_t num_edges;
    uint32_t iteration;
    uint32_t reserved;
    double aggregates[4];
    double params[8];
} gg_program_globals;

/* Without an edge value of its own a program's edges carry their weight. */
#ifdef GG_EDGE_IS_WEIGHT
typedef float gg_edge;
#endif

#endif /* GG_PROGRAM_PRELUDE */
