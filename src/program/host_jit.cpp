// Compiling a program's source for the CPU (host_jit.h).
#include "program/host_jit.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

#include "core/error.h"
#include "core/timer.h"
#include "program/disk_cache.h"
#include "program/translation_unit.h"

extern char **environ;

namespace gg::program {

namespace {

// Flags fixed for every program: C99 (the subset the source must keep),
// no contraction of a * b + c into one rounding so float results match
// NVRTC's --fmad=false, and only gg_host_* exported.
const char *const fixed_flags[] = {"-std=c99", "-O2", "-fPIC", "-shared", "-ffp-contract=off",
                                   "-fvisibility=hidden", "-x", "c"};

struct HostCode final : CompiledCode {
    gg_program_functions functions{};
    void *library = nullptr;
    ~HostCode() override {
        if (library != nullptr) dlclose(library);
    }
};

std::vector<std::string> compiler_command() {
    const char *cc = std::getenv("GG_CC");
    std::string text = cc != nullptr && cc[0] != '\0' ? cc : "cc";
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

std::string machine() {
    struct utsname u;
    return uname(&u) == 0 ? u.machine : "unknown";
}

// Runs the compiler; returns its exit status (-1: it could not start),
// with its stdout and stderr in `log`.
int run_compiler(const std::vector<std::string> &argv, const std::string &log_path, std::string &log) {
    std::vector<char *> args;
    for (const std::string &a : argv) args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    pid_t pid = 0;
    int started = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (started != 0) {
        log = std::strerror(started);
        return -1;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    read_file(log_path, log);
    std::remove(log_path.c_str());
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

// Compiles `unit` into the shared object `so_path`.
void compile(const Desc &desc, const std::string &unit, const std::string &so_path) {
    // Unique per process and call: two handles of one source may compile at once.
    static std::atomic<unsigned> builds{0};
    std::string stem = so_path + ".build." + std::to_string(getpid()) + "." + std::to_string(builds++);
    std::string c_path = stem + ".c", out_path = stem + ".so", log_path = stem + ".log";
    if (!write_file_atomically(c_path, unit))
        fail(GG_ERROR_IO, "cannot write %s to compile program '%s'", c_path.c_str(), desc.name.c_str());
    std::vector<std::string> argv = compiler_command();
    if (argv.empty()) fail(GG_ERROR_UNSUPPORTED, "GG_CC is set but names no compiler");
    for (const char *flag : fixed_flags) argv.push_back(flag);
    argv.insert(argv.end(), {c_path, "-o", out_path});
    std::string log;
    int status = run_compiler(argv, log_path, log);
    std::remove(c_path.c_str());
    if (status == -1)
        fail(GG_ERROR_UNSUPPORTED, "program '%s' cannot run on the CPU: the host C compiler '%s' did not start (%s); "
             "install one (apt-get install gcc), set GG_CC, or give gg_program_desc.functions",
             desc.name.c_str(), argv[0].c_str(), log.c_str());
    if (status != 0) {
        std::remove(out_path.c_str());
        fail(GG_ERROR_PARSE, "program '%s' does not compile for the CPU (%s exited with %d):\n%s", desc.name.c_str(),
             argv[0].c_str(), status, log.c_str());
    }
    if (std::rename(out_path.c_str(), so_path.c_str()) != 0) {
        std::remove(out_path.c_str());
        fail(GG_ERROR_IO, "cannot move the compiled program to %s: %s", so_path.c_str(), std::strerror(errno));
    }
}

template <class Fn>
void look_up(void *library, const char *symbol, Fn &slot, bool wanted, const Desc &desc) {
    if (!wanted) return;
    void *address = dlsym(library, symbol);
    if (address == nullptr)
        fail(GG_ERROR_INTERNAL, "program '%s' compiled without its entry point %s", desc.name.c_str(), symbol);
    slot = reinterpret_cast<Fn>(address);
}

std::unique_ptr<HostCode> load(const Desc &desc, const std::string &so_path, bool may_fail = false) {
    auto code = std::make_unique<HostCode>();
    code->library = dlopen(so_path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (code->library == nullptr) {
        if (may_fail) return nullptr;
        const char *why = dlerror();
        fail(GG_ERROR_IO, "cannot load the compiled program '%s' (%s): %s", desc.name.c_str(), so_path.c_str(),
             why != nullptr ? why : "unknown error");
    }
    gg_program_functions &f = code->functions;
    f.struct_size = sizeof f;
    void *l = code->library;
    const bool cusha = !desc.emv();
    look_up(l, "gg_host_init", f.init, true, desc);
    look_up(l, "gg_host_init_edge", f.init_edge, desc.edge_size > 0, desc);
    look_up(l, "gg_host_init_compute", f.init_compute, cusha, desc);
    look_up(l, "gg_host_compute", f.compute, cusha, desc);
    look_up(l, "gg_host_update_condition", f.update_condition, cusha, desc);
    look_up(l, "gg_host_send", f.send, desc.emv(), desc);
    look_up(l, "gg_host_combine", f.combine, desc.emv() && desc.combiner == GG_COMBINE_USER, desc);
    look_up(l, "gg_host_apply", f.apply, desc.emv(), desc);
    look_up(l, "gg_host_aggregate", f.aggregate, desc.num_aggregates > 0, desc);
    look_up(l, "gg_host_halt", f.halt, desc.has_halt, desc);
    return code;
}

}  // namespace

const gg_program_functions &host_functions(Program &program, BuildReport &build) {
    std::lock_guard<std::mutex> lock(program.mutex);
    if (program.host) {
        build.cache_hit = true;
        return static_cast<HostCode &>(*program.host).functions;
    }
    const Desc &desc = program.desc;
    if (desc.has_functions) {
        auto code = std::make_unique<HostCode>();
        code->functions = desc.functions;
        program.host = std::move(code);
        return static_cast<HostCode &>(*program.host).functions;
    }
    std::string unit = translation_unit(desc, embedded::program_host_glue);
    std::string identity = std::string("gg ") + gg_version_string() + " host " + machine();
    for (const std::string &w : compiler_command()) identity += " " + w;
    for (const char *flag : fixed_flags) identity += std::string(" ") + flag;
    std::string key = digest(identity + "\n" + unit);

    std::string dir = cache_directory();
    bool cached = !dir.empty();
    if (!cached) {
        // No cache: compile into a private temporary directory.
        char scratch[] = "/tmp/gg-program-XXXXXX";
        if (mkdtemp(scratch) == nullptr)
            fail(GG_ERROR_IO, "no cache directory and no temporary directory to compile program '%s'",
                 desc.name.c_str());
        dir = scratch;
    }
    std::string so_path = cache_path(dir, key, "-" + machine() + ".so");
    Stopwatch clock;
    std::unique_ptr<HostCode> code;
    if (cached && access(so_path.c_str(), R_OK) == 0) {
        // A cache file that does not load (truncated by a full disk, say)
        // is compiled again rather than trusted.
        code = load(desc, so_path, true);
        if (code) {
            build.cache_hit = true;
            build.load_ms = clock.elapsed_ms();
        } else {
            std::remove(so_path.c_str());
        }
    }
    if (!code) {
        clock.restart();
        compile(desc, unit, so_path);
        build.compiled = true;
        build.compile_ms = clock.elapsed_ms();
        clock.restart();
        code = load(desc, so_path);
        build.load_ms = clock.elapsed_ms();
    }
    if (!cached) {
        std::remove(so_path.c_str());  // the loaded mapping stays valid
        rmdir(dir.c_str());
    }
    program.host = std::move(code);
    return static_cast<HostCode &>(*program.host).functions;
}

}  // namespace gg::program
