// The one table of layout spellings: gg_layout_name() and gg_layout_from_name().
// The gg tool (--layout, the --stats report) and every binding read these
// names through the C API, so a new layout is named here and nowhere else.
#include <cstring>

#include "api/boundary.h"

namespace {

struct LayoutName {
    gg_layout layout;
    const char *name;
};

// In enum order: kLayoutNames[v].layout == v, so the table also bounds the enum.
constexpr LayoutName kLayoutNames[] = {
    {GG_LAYOUT_AUTO, "auto"},   {GG_LAYOUT_CSR, "csr"},           {GG_LAYOUT_GSHARDS, "gshards"},
    {GG_LAYOUT_CW, "cw"},       {GG_LAYOUT_VIRTUAL_SPLIT, "vsplit"}, {GG_LAYOUT_UDT, "udt"},
    {GG_LAYOUT_TOCAB, "tocab"},
};
constexpr int32_t kNumLayouts = int32_t(sizeof kLayoutNames / sizeof kLayoutNames[0]);

}  // namespace

extern "C" {

const char *gg_layout_name(gg_layout layout) {
    // Read as an integer: a C caller may pass a value outside the enum.
    const int32_t v = gg::enum_value(layout);
    if (v < 0 || v >= kNumLayouts) return nullptr;
    return kLayoutNames[v].name;
}

gg_status gg_layout_from_name(const char *name, gg_layout *out_layout) {
    if (name == nullptr || out_layout == nullptr) return GG_ERROR_INVALID_ARGUMENT;
    for (const LayoutName &entry : kLayoutNames) {
        if (std::strcmp(name, entry.name) == 0) {
            *out_layout = entry.layout;
            return GG_OK;
        }
    }
    return GG_ERROR_INVALID_ARGUMENT;
}

}  // extern "C"
