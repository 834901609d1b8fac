// The one table of layout spellings, gg_layout_name() and
// gg_layout_from_name(), and of partitioner spellings, gg_partitioner_name()
// and gg_partitioner_from_name(). The gg tool (--layout, --partition, the
// --stats report) and every binding read these names through the C API, so a
// new layout or partitioner is named here and nowhere else.
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

struct PartitionerName {
    gg_partitioner partitioner;
    const char *name;
};

// In enum order, as above.
constexpr PartitionerName kPartitionerNames[] = {
    {GG_PARTITIONER_METIS, "metis"},
    {GG_PARTITIONER_RANDOM, "random"},
    {GG_PARTITIONER_BLOCK, "block"},
    {GG_PARTITIONER_GIVEN, "given"},
    {GG_PARTITIONER_AUTO, "auto"},
};
constexpr int32_t kNumPartitioners = int32_t(sizeof kPartitionerNames / sizeof kPartitionerNames[0]);

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

const char *gg_partitioner_name(gg_partitioner partitioner) {
    const int32_t v = gg::enum_value(partitioner);
    if (v < 0 || v >= kNumPartitioners) return nullptr;
    return kPartitionerNames[v].name;
}

gg_status gg_partitioner_from_name(const char *name, gg_partitioner *out_partitioner) {
    if (name == nullptr || out_partitioner == nullptr) return GG_ERROR_INVALID_ARGUMENT;
    for (const PartitionerName &entry : kPartitionerNames) {
        if (std::strcmp(name, entry.name) == 0) {
            *out_partitioner = entry.partitioner;
            return GG_OK;
        }
    }
    return GG_ERROR_INVALID_ARGUMENT;
}

}  // extern "C"
