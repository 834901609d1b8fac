/* gg vertex programs: the host side's exported entry points.
 *
 * Appended after the program's source (and checks.h) when the CPU backend
 * compiles it with the host's C compiler: one C function with void pointers
 * per program function, with the signatures of gg_program_functions, so the
 * CPU engine runs a compiled program and a caller's function pointers
 * through the same table (src/program/host_jit.cpp looks them up). */
#line 1 "gg-host-glue"
#define GG_EXPORT __attribute__((visibility("default")))

GG_EXPORT int gg_host_init(void *value, const gg_vertex_info *info, const gg_program_globals *globals) {
    return gg_init((gg_vertex *)value, info, globals);
}
#ifndef GG_EDGE_IS_WEIGHT
GG_EXPORT void gg_host_init_edge(void *edge_value, uint32_t src, uint32_t dst, float weight,
                                 const gg_program_globals *globals) {
    gg_init_edge((gg_edge *)edge_value, src, dst, weight, globals);
}
#endif
#ifdef GG_MODEL_CUSHA
GG_EXPORT void gg_host_init_compute(void *local, const void *value, const gg_vertex_info *info,
                                    const gg_program_globals *globals) {
    gg_init_compute((gg_vertex *)local, (const gg_vertex *)value, info, globals);
}
GG_EXPORT void gg_host_compute(const void *src_value, const void *edge_value, void *local,
                               const gg_program_globals *globals) {
    gg_compute((const gg_vertex *)src_value, (const gg_edge *)edge_value, (gg_vertex *)local, globals);
}
GG_EXPORT int gg_host_update_condition(void *local, const void *old_value, const gg_vertex_info *info,
                                       const gg_program_globals *globals) {
    return gg_update_condition((gg_vertex *)local, (const gg_vertex *)old_value, info, globals);
}
#endif
#ifdef GG_MODEL_EMV
GG_EXPORT int gg_host_send(const void *src_value, const void *edge_value, void *message,
                           const gg_program_globals *globals) {
    return gg_send((const gg_vertex *)src_value, (const gg_edge *)edge_value, (gg_message *)message, globals);
}
#ifdef GG_COMBINE_BY_USER
GG_EXPORT void gg_host_combine(void *accumulated, const void *message) {
    gg_combine((gg_message *)accumulated, (const gg_message *)message);
}
#endif
GG_EXPORT int gg_host_apply(void *value, const void *message, const gg_vertex_info *info,
                            const gg_program_globals *globals) {
    return gg_apply((gg_vertex *)value, (const gg_message *)message, info, globals);
}
#endif
#if GG_NUM_AGGREGATES > 0
GG_EXPORT void gg_host_aggregate(const void *old_value, const void *value, const gg_vertex_info *info, double *sums) {
    gg_aggregate((const gg_vertex *)old_value, (const gg_vertex *)value, info, sums);
}
#endif
#ifdef GG_HAS_HALT
GG_EXPORT int gg_host_halt(const gg_program_globals *globals) { return gg_halt(globals); }
#endif
