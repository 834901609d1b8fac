// The gg command-line tool: `gg run | convert | generate | info`. It uses
// only the public C API of include/gg.h, as any other program would.
// main() is the one place that prints a failure: one "gg: error: " line on
// stderr and the exit status of its kind (see cli_error.h).
#include <cstdio>
#include <cstring>
#include <new>
#include <string>

#include "cli/cli_error.h"
#include "cli/commands/commands.h"
#include "gg.h"

namespace gg_cli {
namespace {

#define GG_CLI_STRINGIFY2(x) #x
#define GG_CLI_STRINGIFY(x) GG_CLI_STRINGIFY2(x)
// The version of gg.h this tool was compiled against.
const char kHeaderVersion[] = GG_CLI_STRINGIFY(GG_VERSION_MAJOR) "." GG_CLI_STRINGIFY(
    GG_VERSION_MINOR) "." GG_CLI_STRINGIFY(GG_VERSION_PATCH);

int print_version() {
    char reason[256] = "";
    int32_t gpu = 0;
    gg_context *context = nullptr;
    if (gg_context_create(nullptr, &context) == GG_OK) {
        gpu = gg_context_cuda_available(context, reason, sizeof reason);
        gg_context_destroy(context);
    }
    std::string text = std::string("gg ") + kHeaderVersion + " (library " + gg_version_string() + ")\n";
    if (gg_version() != GG_VERSION_NUMBER)
        text += "warning: the library linked is not the version this tool was built against\n";
    text += gpu ? std::string("GPU: usable\n") : "GPU: not usable (" + std::string(reason) + ")\n";
    return print_help(text.c_str());
}

int dispatch(int argc, char **argv) {
    if (argc < 2) usage_error("missing COMMAND (run, convert, generate or info; see 'gg --help')");
    const std::string command = argv[1];
    if (command == "run") return run_command(argc, argv, 2);
    if (command == "convert") return convert_command(argc, argv, 2);
    if (command == "generate") return generate_command(argc, argv, 2);
    if (command == "info") return info_command(argc, argv, 2);
    if (command == "--help" || command == "-h" || command == "help") return print_help(kMainHelp);
    if (command == "--version" || command == "-V" || command == "version") return print_version();
    usage_error("unknown command '%s' (expected run, convert, generate or info; see 'gg --help')", command.c_str());
}

}  // namespace
}  // namespace gg_cli

int main(int argc, char **argv) {
    using namespace gg_cli;
    try {
        return dispatch(argc, argv);
    } catch (const CliError &e) {
        std::fprintf(stderr, "gg: error: %s\n", e.what());
        return e.code();
    } catch (const std::bad_alloc &) {
        std::fputs("gg: error: out of memory\n", stderr);
        return kExitFailure;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "gg: error: internal error: %s\n", e.what());
        return kExitFailure;
    }
}
