// Minimal JSON writer (see json_writer.h).
#include "json_writer.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace bench {

void JsonWriter::separate() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) out_ += ',';
        first_.back() = false;
        out_ += '\n';
        out_.append(2 * first_.size(), ' ');
    }
}

void JsonWriter::begin_object() {
    separate();
    out_ += '{';
    first_.push_back(true);
}

void JsonWriter::end_object() {
    bool empty = first_.back();
    first_.pop_back();
    if (!empty) {
        out_ += '\n';
        out_.append(2 * first_.size(), ' ');
    }
    out_ += '}';
    if (first_.empty()) out_ += '\n';
}

void JsonWriter::begin_array() {
    separate();
    out_ += '[';
    first_.push_back(true);
}

void JsonWriter::end_array() {
    bool empty = first_.back();
    first_.pop_back();
    if (!empty) {
        out_ += '\n';
        out_.append(2 * first_.size(), ' ');
    }
    out_ += ']';
}

JsonWriter &JsonWriter::key(const std::string &name) {
    value(name);
    out_ += ": ";
    after_key_ = true;
    return *this;
}

void JsonWriter::value(const std::string &text) {
    separate();
    out_ += '"';
    for (unsigned char c : text) {
        switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\n': out_ += "\\n"; break;
        case '\t': out_ += "\\t"; break;
        case '\r': out_ += "\\r"; break;
        default:
            if (c < 0x20) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
                out_ += escaped;
            } else {
                out_ += char(c);
            }
        }
    }
    out_ += '"';
}

void JsonWriter::value(double number) {
    if (!std::isfinite(number)) {
        null();
        return;
    }
    separate();
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", number);
    out_ += text;
}

void JsonWriter::value(uint64_t number) {
    separate();
    out_ += std::to_string(number);
}

void JsonWriter::value(int64_t number) {
    separate();
    out_ += std::to_string(number);
}

void JsonWriter::value(bool flag) {
    separate();
    out_ += flag ? "true" : "false";
}

void JsonWriter::null() {
    separate();
    out_ += "null";
}

void JsonWriter::numbers(const std::vector<double> &values) {
    begin_array();
    for (double v : values) value(v);
    end_array();
}

}  // namespace bench
