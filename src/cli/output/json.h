// A minimal JSON object writer for --json output (stats and info): flat or
// nested objects of strings, numbers, booleans and number arrays, with
// strings escaped per RFC 8259.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gg_cli {

class JsonObject {
public:
    JsonObject &add(const char *key, const std::string &value);
    JsonObject &add(const char *key, const char *value) { return add(key, std::string(value)); }
    JsonObject &add(const char *key, uint64_t value);
    JsonObject &add(const char *key, int64_t value);
    JsonObject &add(const char *key, uint32_t value) { return add(key, uint64_t(value)); }
    JsonObject &add(const char *key, int32_t value) { return add(key, int64_t(value)); }
    JsonObject &add(const char *key, double value);
    JsonObject &add_bool(const char *key, bool value);
    JsonObject &add(const char *key, const JsonObject &value);
    JsonObject &add(const char *key, const std::vector<uint64_t> &values);
    JsonObject &add(const char *key, const std::vector<double> &values);
    JsonObject &add(const char *key, const std::vector<std::string> &values);
    // "{...}" on one line.
    std::string str() const { return "{" + body_ + "}"; }

private:
    void key(const char *name);
    std::string body_;
};

std::string json_quote(const std::string &text);

}  // namespace gg_cli
