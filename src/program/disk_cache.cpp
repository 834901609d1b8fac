// The on-disk cache of compiled programs (disk_cache.h).
#include "program/disk_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace gg::program {

namespace {

bool make_directories(const std::string &path) {
    if (path.empty()) return false;
    std::string prefix;
    std::stringstream parts(path);
    std::string part;
    if (path[0] == '/') prefix = "/";
    while (std::getline(parts, part, '/')) {
        if (part.empty()) continue;
        prefix += part + "/";
        if (mkdir(prefix.c_str(), 0700) != 0 && errno != EEXIST) return false;
    }
    struct stat info;
    return stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode) && access(path.c_str(), W_OK) == 0;
}

const char *non_empty_env(const char *name) {
    const char *value = std::getenv(name);
    return value != nullptr && value[0] != '\0' ? value : nullptr;
}

uint64_t fnv1a(const std::string &text, uint64_t hash) {
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 0x100000001b3ull;
    }
    return hash;
}

}  // namespace

std::string cache_directory() {
    std::string base;
    if (const char *dir = non_empty_env("GG_CACHE_DIR"))
        base = dir;
    else if (const char *xdg = non_empty_env("XDG_CACHE_HOME"))
        base = std::string(xdg) + "/gg";
    else if (const char *home = non_empty_env("HOME"))
        base = std::string(home) + "/.cache/gg";
    else
        return "";
    std::string dir = base + "/programs";
    return make_directories(dir) ? dir : "";
}

std::string digest(const std::string &text) {
    char hex[33];
    std::snprintf(hex, sizeof hex, "%016llx%016llx", (unsigned long long)fnv1a(text, 0xcbf29ce484222325ull),
                  (unsigned long long)fnv1a(text, 0x84222325cbf29ce4ull));
    return hex;
}

std::string cache_path(const std::string &dir, const std::string &key, const std::string &suffix) {
    return dir + "/" + key + suffix;
}

bool read_file(const std::string &path, std::string &bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream all;
    all << in.rdbuf();
    if (in.bad()) return false;
    bytes = all.str();
    return true;
}

bool write_file_atomically(const std::string &path, const std::string &bytes) {
    // Unique per process and call: two programs of one process may share a key.
    static std::atomic<unsigned> calls{0};
    std::string temporary = path + ".tmp." + std::to_string(getpid()) + "." + std::to_string(calls++);
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) return false;
        out.write(bytes.data(), std::streamsize(bytes.size()));
        if (!out) {
            out.close();
            std::remove(temporary.c_str());
            return false;
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        return false;
    }
    return true;
}

}  // namespace gg::program
