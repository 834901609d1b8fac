// libFuzzer harness of the program file reader (.ggp, docs/programs.md):
// the input is the file's bytes, read with gg_program_load(). Whatever the
// bytes, the load returns a status, never crashes, leaks or hits undefined
// behaviour; a program it returns has a description that reads back
// consistently. Nothing is compiled here: compiling is the compilers'
// business, and the reader is what handles untrusted bytes first.
#include <cstring>

#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static gg_fuzz::MemFile file;
    const char *path = file.write(data, size);
    gg_program *program = nullptr;
    gg_status s = gg_program_load(gg_fuzz::context(), path, &program);
    if (s == GG_OK) {
        if (program == nullptr) gg_fuzz::finding("gg_program_load returned GG_OK and no program");
        gg_program_desc desc;
        gg_program_desc_init(&desc);
        if (gg_program_get_desc(program, &desc) != GG_OK) gg_fuzz::finding("gg_program_get_desc failed");
        if (desc.vertex_value_size == 0 || desc.vertex_value_size > 4096)
            gg_fuzz::finding("a loaded program has an out-of-range vertex_value_size");
        if (desc.source == nullptr || std::strlen(desc.source) != size)
            gg_fuzz::finding("a loaded program's source is not the file's text");
        gg_program_destroy(program);
    } else {
        if (program != nullptr) gg_fuzz::finding("gg_program_load failed but returned a program");
        if (s == GG_ERROR_INTERNAL) gg_fuzz::finding(gg_context_last_error(gg_fuzz::context()));
    }
    return 0;
}
