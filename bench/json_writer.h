// A minimal streaming JSON writer: it tracks commas and escapes strings;
// non-finite numbers become null (JSON has no NaN or infinity).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bench {

class JsonWriter {
public:
    void begin_object();
    void end_object();
    void begin_array();
    void end_array();
    JsonWriter &key(const std::string &name);
    void value(const std::string &text);
    void value(const char *text) { value(std::string(text)); }
    void value(double number);
    void value(uint64_t number);
    void value(int64_t number);
    void value(int number) { value(int64_t(number)); }
    void value(uint32_t number) { value(uint64_t(number)); }
    void value(bool flag);
    void null();
    void numbers(const std::vector<double> &values);
    const std::string &text() const { return out_; }

private:
    void separate();  // writes the comma and indentation before a new item
    std::string out_;
    std::vector<bool> first_;  // per open container: no item written yet
    bool after_key_ = false;
};

}  // namespace bench
