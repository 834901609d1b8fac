/* gg vertex programs: appended after a program's source on both targets.
 *
 * The stated sizes (gg_program_desc) must be the sizes of the program's
 * types, or the engines would read the caller's arrays with the wrong
 * stride. A mismatch stops the compile with an error naming what differs
 * (an array of negative size is the one check C99 and C++ share). */
#line 1 "gg-checks"
typedef char gg_error_vertex_value_size_is_not_sizeof_gg_vertex[(sizeof(gg_vertex) == GG_VERTEX_SIZE) ? 1 : -1];
#ifndef GG_EDGE_IS_WEIGHT
typedef char gg_error_edge_value_size_is_not_sizeof_gg_edge[(sizeof(gg_edge) == GG_EDGE_SIZE) ? 1 : -1];
#endif
#ifdef GG_MODEL_EMV
typedef char gg_error_message_size_is_not_sizeof_gg_message[(sizeof(gg_message) == GG_MESSAGE_SIZE) ? 1 : -1];
#endif
