#include "cli/output/json.h"

#include <cmath>
#include <cstdio>

namespace gg_cli {

std::string json_quote(const std::string &text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
                out += escaped;
            } else {
                out += char(c);
            }
        }
    }
    return out + "\"";
}

void JsonObject::key(const char *name) {
    if (!body_.empty()) body_ += ", ";
    body_ += json_quote(name) + ": ";
}

JsonObject &JsonObject::add(const char *name, const std::string &value) {
    key(name);
    body_ += json_quote(value);
    return *this;
}

JsonObject &JsonObject::add(const char *name, uint64_t value) {
    key(name);
    body_ += std::to_string(value);
    return *this;
}

JsonObject &JsonObject::add(const char *name, int64_t value) {
    key(name);
    body_ += std::to_string(value);
    return *this;
}

namespace {
std::string number_text(double value) {
    if (!std::isfinite(value)) return "null";  // JSON has no infinity or NaN
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}
}  // namespace

JsonObject &JsonObject::add(const char *name, double value) {
    key(name);
    body_ += number_text(value);
    return *this;
}

JsonObject &JsonObject::add_bool(const char *name, bool value) {
    key(name);
    body_ += value ? "true" : "false";
    return *this;
}

JsonObject &JsonObject::add(const char *name, const JsonObject &value) {
    key(name);
    body_ += value.str();
    return *this;
}

JsonObject &JsonObject::add(const char *name, const std::vector<uint64_t> &values) {
    key(name);
    body_ += "[";
    for (size_t i = 0; i < values.size(); ++i) body_ += (i ? ", " : "") + std::to_string(values[i]);
    body_ += "]";
    return *this;
}

JsonObject &JsonObject::add(const char *name, const std::vector<double> &values) {
    key(name);
    body_ += "[";
    for (size_t i = 0; i < values.size(); ++i) body_ += (i ? ", " : "") + number_text(values[i]);
    body_ += "]";
    return *this;
}

JsonObject &JsonObject::add(const char *name, const std::vector<std::string> &values) {
    key(name);
    body_ += "[";
    for (size_t i = 0; i < values.size(); ++i) body_ += (i ? ", " : "") + json_quote(values[i]);
    body_ += "]";
    return *this;
}

}  // namespace gg_cli
