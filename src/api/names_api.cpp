// The one table of spellings of each named enum: gg_backend_name() /
// gg_backend_from_name(), gg_layout_name() / gg_layout_from_name() and
// gg_partitioner_name() / gg_partitioner_from_name(). The gg tool (--backend,
// --layout, --partition, the --stats report) and every binding read these
// names through the C API, so a new value is named here and nowhere else.
#include <cstring>

#include "api/boundary.h"

namespace {

template <class Enum>
struct Name {
    Enum value;
    const char *name;
};

// Tables are in enum order (entry v names value v), so a table also bounds its enum.
constexpr Name<gg_backend> kBackendNames[] = {
    {GG_BACKEND_AUTO, "auto"},
    {GG_BACKEND_CPU, "cpu"},
    {GG_BACKEND_CUDA, "cuda"},
};

constexpr Name<gg_layout> kLayoutNames[] = {
    {GG_LAYOUT_AUTO, "auto"},   {GG_LAYOUT_CSR, "csr"},           {GG_LAYOUT_GSHARDS, "gshards"},
    {GG_LAYOUT_CW, "cw"},       {GG_LAYOUT_VIRTUAL_SPLIT, "vsplit"}, {GG_LAYOUT_UDT, "udt"},
    {GG_LAYOUT_TOCAB, "tocab"},
};

constexpr Name<gg_partitioner> kPartitionerNames[] = {
    {GG_PARTITIONER_METIS, "metis"}, {GG_PARTITIONER_RANDOM, "random"}, {GG_PARTITIONER_BLOCK, "block"},
    {GG_PARTITIONER_GIVEN, "given"}, {GG_PARTITIONER_AUTO, "auto"},
};

// Read as an integer: a C caller may pass a value outside the enum.
template <class Enum, size_t N>
const char *name_of(const Name<Enum> (&table)[N], Enum value) {
    const int32_t v = gg::enum_value(value);
    if (v < 0 || v >= int32_t(N)) return nullptr;
    return table[v].name;
}

// Only the exact names are accepted.
template <class Enum, size_t N>
gg_status value_of(const Name<Enum> (&table)[N], const char *name, Enum *out) {
    if (name == nullptr || out == nullptr) return GG_ERROR_INVALID_ARGUMENT;
    for (const Name<Enum> &entry : table) {
        if (std::strcmp(name, entry.name) == 0) {
            *out = entry.value;
            return GG_OK;
        }
    }
    return GG_ERROR_INVALID_ARGUMENT;
}

}  // namespace

extern "C" {

const char *gg_backend_name(gg_backend backend) { return name_of(kBackendNames, backend); }

gg_status gg_backend_from_name(const char *name, gg_backend *out_backend) {
    return value_of(kBackendNames, name, out_backend);
}

const char *gg_layout_name(gg_layout layout) { return name_of(kLayoutNames, layout); }

gg_status gg_layout_from_name(const char *name, gg_layout *out_layout) {
    return value_of(kLayoutNames, name, out_layout);
}

const char *gg_partitioner_name(gg_partitioner partitioner) { return name_of(kPartitionerNames, partitioner); }

gg_status gg_partitioner_from_name(const char *name, gg_partitioner *out_partitioner) {
    return value_of(kPartitionerNames, name, out_partitioner);
}

}  // extern "C"
