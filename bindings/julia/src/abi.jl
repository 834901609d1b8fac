# Mirror of the structs and enums of include/gg.h. Each C struct is a mutable
# struct with the same fields in the same order (Julia lays out isbits fields
# with C's alignment rules), passed to C as Ref{T}, i.e. by pointer. The tests
# compare sizeof(T) with the struct_size each *_init function writes.
# C enums are Int32.

const LOG_LEVELS = Dict(:debug => Int32(0), :info => Int32(1), :warn => Int32(2), :error => Int32(3))
const DUPLICATES = Dict(:min => Int32(0), :max => Int32(1), :sum => Int32(2), :first => Int32(3), :all => Int32(4))
const FORMATS = Dict(:auto => Int32(0), :mtx => Int32(1), :edgelist => Int32(2), :wel => Int32(3),
                     :dimacs => Int32(4), :ggb => Int32(5))
const GENERATORS = Dict(:kron => Int32(0), :urand => Int32(1), :grid => Int32(2))
# gg_mpi_mode (since 0.7).
const MPI_NONE = Int32(0)   # GG_MPI_NONE: this process runs alone
const MPI_WORLD = Int32(1)  # GG_MPI_WORLD: every process of MPI_COMM_WORLD
const MPI_COMM = Int32(2)   # GG_MPI_COMM: the caller's communicator, as its Fortran handle
# Backend, layout and partitioner names are the library's own (gg_backend_name,
# gg_backend_from_name, gg_layout_name, gg_layout_from_name, gg_partitioner_name,
# gg_partitioner_from_name): see backend_value, layout_value, partitioner_value and
# their *_name below; there is no second table here.
"Spellings this binding used before gg 0.2, still accepted (deprecated)."
const DEPRECATED_LAYOUT_NAMES = Dict(:virtual_split => :vsplit)

mutable struct CContextOptions
    struct_size::Csize_t
    backend::Int32
    device_id::Int32
    num_threads::Int32
    log_fn::Ptr{Cvoid}
    log_user_data::Ptr{Cvoid}
    log_level::Int32
    devices::Ptr{Int32}
    num_devices::UInt32
    all_devices::Int32
    # Since 0.7: distributed contexts over MPI.
    mpi::Int32              # gg_mpi_mode: MPI_NONE (default), MPI_WORLD or MPI_COMM
    mpi_comm::Int64         # MPI_COMM: the communicator's Fortran handle (MPI.API.MPI_Comm_c2f(comm))
    mpi_timeout_s::Cdouble  # longest wait for the other processes; 0 (default) means 600 s
    CContextOptions() = new()
end

mutable struct CGraphOptions
    struct_size::Csize_t
    undirected::Int32
    duplicates::Int32
    drop_self_loops::Int32
    max_edges::UInt64
    max_vertices::UInt64  # since 0.3
    CGraphOptions() = new()
end

mutable struct CGeneratorOptions
    struct_size::Csize_t
    kind::Int32
    scale::UInt32
    degree::UInt32
    rows::UInt32
    cols::UInt32
    seed::UInt64
    weighted::Int32
    weight_min::UInt32
    weight_max::UInt32
    symmetrize::Int32
    rmat_a::Cdouble
    rmat_b::Cdouble
    rmat_c::Cdouble
    CGeneratorOptions() = new()
end

mutable struct CRunOptions
    struct_size::Csize_t
    backend::Int32
    layout::Int32
    tolerance::Cdouble
    max_iterations::UInt32
    damping::Cdouble
    delta::Cfloat
    partition_plan::Ptr{Cvoid}   # since 0.3
    degree_bound::UInt32         # since 0.4: K of :vsplit and :udt; 0 = Tigr's defaults (10, 1000)
    device_arrays::Int32         # since 0.6: 1 = the run's arrays are CUDA device memory (CUDA.jl's CuArray)
    CRunOptions() = new()
end

mutable struct CRunStats
    struct_size::Csize_t
    backend::Int32
    layout::Int32
    device_id::Int32
    num_threads::Int32
    total_ms::Cdouble
    compute_ms::Cdouble
    transfer_ms::Cdouble
    preprocess_ms::Cdouble
    iterations::UInt32
    edges_visited::UInt64
    device_bytes::UInt64
    fallback_reason::NTuple{160,UInt8}
    # Since 0.3: partitioned runs. The last three are inputs: caller-owned arrays.
    num_parts::UInt32
    exchange_rounds::UInt32
    edge_cut::UInt64
    replicas::UInt64
    bytes_exchanged::UInt64
    exchange_ms::Cdouble
    partition_ms::Cdouble
    part_compute_ms::Ptr{Cdouble}
    part_exchange_ms::Ptr{Cdouble}
    part_capacity::UInt32
    converged::Int32  # since 0.5: 1 when the run stopped by itself, 0 when an iteration cap stopped it
    exchange_hidden_ms::Cdouble  # since 0.8: the part of exchange_ms that ran while the parts computed
    CRunStats() = new()
end

mutable struct CPartitionOptions
    struct_size::Csize_t
    seed::Int32
    ufactor::Int32
    CPartitionOptions() = new()
end

mutable struct CPartitionPlanOptions
    struct_size::Csize_t
    num_parts::UInt32
    partitioner::Int32
    parts::Ptr{UInt32}
    parts_length::UInt64
    replication_depth::UInt32
    seed::UInt64
    release_graph_edges::UInt32  # since 0.10
    CPartitionPlanOptions() = new()
end

mutable struct CPartitionPlanStats
    struct_size::Csize_t
    num_parts::UInt32
    replication_depth::UInt32
    partitioner::Int32
    empty_parts::UInt32
    edge_cut::UInt64
    replicas::UInt64
    local_edges::UInt64
    max_part_vertices::UInt64
    partition_ms::Cdouble
    build_ms::Cdouble
    choice::NTuple{192,UInt8}
    CPartitionPlanStats() = new()
end

mutable struct CPartInfo
    struct_size::Csize_t
    owned::UInt32
    replicas::UInt32
    local_edges::UInt64
    neighbours::UInt32
    CPartInfo() = new()
end

mutable struct CShardOptions
    struct_size::Csize_t
    vertices_per_shard::UInt32
    shared_memory_bytes::UInt32
    vertex_value_bytes::UInt32
    CShardOptions() = new()
end

mutable struct CShardStats
    struct_size::Csize_t
    num_shards::UInt32
    vertices_per_shard::UInt32
    num_edges::UInt64
    num_windows::UInt64
    empty_windows::UInt64
    max_window::UInt64
    mean_window::Cdouble
    window_histogram::NTuple{8,UInt64}
    max_shard::UInt64
    gshards_bytes::UInt64
    cw_bytes::UInt64
    CShardStats() = new()
end

# gg_layout_measure (since 0.7).
mutable struct CLayoutInfo
    struct_size::Csize_t
    layout::Int32
    degree_bound::UInt32
    bytes::UInt64
    nodes::UInt64
    build_ms::Cdouble
    CLayoutInfo() = new()
end

# Vertex programs (since 0.5).
const PROGRAM_MODELS = Dict(:cusha => Int32(1), :emv => Int32(2))
const COMBINERS = Dict(:user => Int32(0), :sum => Int32(1), :min => Int32(2), :max => Int32(3),
                       :unordered_sum => Int32(4))
const SCALAR_TYPES = Dict(:none => Int32(0), :int32 => Int32(1), :uint32 => Int32(2), :int64 => Int32(3),
                          :uint64 => Int32(4), :float => Int32(5), :double => Int32(6))
const PROGRAM_MAX_AGGREGATES = 4
const PROGRAM_MAX_PARAMS = 8

# `functions` (a gg_program_functions of C function pointers, CPU only) is not bound:
# this binding gives programs as source text.
mutable struct CProgramDesc
    struct_size::Csize_t
    model::Int32
    name::Ptr{UInt8}
    vertex_value_size::UInt32
    edge_value_size::UInt32
    message_size::UInt32
    combiner::Int32
    message_type::Int32
    num_aggregates::UInt32
    has_halt::Int32
    params::NTuple{8,Cdouble}
    source::Ptr{UInt8}
    functions::Ptr{Cvoid}
    output::NTuple{32,UInt8}
    CProgramDesc() = new()
end

mutable struct CProgramRunOptions
    struct_size::Csize_t
    source::UInt32          # typemax(UInt32): none
    max_iterations::UInt32  # 0: n + 1
    keep_values::Int32
    num_params::UInt32
    params::NTuple{8,Cdouble}
    CProgramRunOptions() = new()
end

mutable struct CProgramBuildStats
    struct_size::Csize_t
    backend::Int32
    compile_ms::Cdouble
    load_ms::Cdouble
    cache_hit::Int32
    compiled::Int32
    CProgramBuildStats() = new()
end

"A C options or stats struct filled by its `*_init` function (defaults and struct_size)."
function initialized(::Type{T}, init::Symbol) where {T}
    value = T()
    ccall(sym(init), Cvoid, (Ref{T},), value)
    return value
end

function enum_value(table::Dict{Symbol,Int32}, value, what::AbstractString)
    key = value isa AbstractString ? Symbol(lowercase(value)) : value
    key isa Symbol && haskey(table, key) && return table[key]
    throw(GgError(:invalid_argument, Int32(-1),
                  "$what is $(repr(value)); expected one of $(join(sort(collect(keys(table))), ", "))"))
end

function enum_name(table::Dict{Symbol,Int32}, value::Integer)
    for (name, number) in table
        number == value && return name
    end
    return Symbol("unknown_$(value)")
end

"The library's name of a backend value as a Symbol; `:unknown_<value>` for one it does not know."
function backend_name(value::Integer)
    name = ccall(sym(:gg_backend_name), Ptr{UInt8}, (Int32,), value)
    return name == C_NULL ? Symbol("unknown_$(value)") : Symbol(unsafe_string(name))
end

"Every backend name the library knows, in enum order."
function backend_names()
    names = Symbol[]
    while ccall(sym(:gg_backend_name), Ptr{UInt8}, (Int32,), length(names)) != C_NULL
        push!(names, backend_name(length(names)))
    end
    return names
end

"The C value of a backend given by the library's name (Symbol or string, any case)."
function backend_value(backend)
    key = backend isa AbstractString ? lowercase(backend) : backend isa Symbol ? lowercase(String(backend)) : nothing
    if key !== nothing && !occursin('\0', key)   # a Cstring may not hold a NUL
        out = Ref{Int32}(0)
        ccall(sym(:gg_backend_from_name), Int32, (Cstring, Ref{Int32}), key, out) == 0 && return out[]
    end
    throw(GgError(:invalid_argument, Int32(-1),
                  "backend is $(repr(backend)); expected one of $(join(backend_names(), ", "))"))
end

"The library's name of a layout value as a Symbol; `:unknown_<value>` for one it does not know."
function layout_name(value::Integer)
    name = ccall(sym(:gg_layout_name), Ptr{UInt8}, (Int32,), value)
    return name == C_NULL ? Symbol("unknown_$(value)") : Symbol(unsafe_string(name))
end

"Every layout name the library knows, in enum order."
function layout_names()
    names = Symbol[]
    while ccall(sym(:gg_layout_name), Ptr{UInt8}, (Int32,), length(names)) != C_NULL
        push!(names, layout_name(length(names)))
    end
    return names
end

"The C value of a layout given by the library's name (Symbol or string, any case)."
function layout_value(layout)
    key = layout isa AbstractString ? Symbol(lowercase(layout)) : layout
    if key isa Symbol && haskey(DEPRECATED_LAYOUT_NAMES, key)
        Base.depwarn("layout :$key is deprecated; the library calls it :$(DEPRECATED_LAYOUT_NAMES[key])", :layout)
        key = DEPRECATED_LAYOUT_NAMES[key]
    end
    if key isa Symbol
        out = Ref{Int32}(0)
        ccall(sym(:gg_layout_from_name), Int32, (Cstring, Ref{Int32}), String(key), out) == 0 && return out[]
    end
    throw(GgError(:invalid_argument, Int32(-1),
                  "layout is $(repr(layout)); expected one of $(join(layout_names(), ", "))"))
end

"The library's name of a partitioner value as a Symbol; `:unknown_<value>` for one it does not know."
function partitioner_name(value::Integer)
    name = ccall(sym(:gg_partitioner_name), Ptr{UInt8}, (Int32,), value)
    return name == C_NULL ? Symbol("unknown_$(value)") : Symbol(unsafe_string(name))
end

"Every partitioner name the library knows, in enum order."
function partitioner_names()
    names = Symbol[]
    while ccall(sym(:gg_partitioner_name), Ptr{UInt8}, (Int32,), length(names)) != C_NULL
        push!(names, partitioner_name(length(names)))
    end
    return names
end

"The C value of a partitioner given by the library's name (Symbol or string, any case)."
function partitioner_value(partitioner)
    key = partitioner isa AbstractString ? Symbol(lowercase(partitioner)) : partitioner
    if key isa Symbol
        out = Ref{Int32}(0)
        ccall(sym(:gg_partitioner_from_name), Int32, (Cstring, Ref{Int32}), lowercase(String(key)), out) == 0 &&
            return out[]
    end
    throw(GgError(:invalid_argument, Int32(-1),
                  "partitioner is $(repr(partitioner)); expected one of $(join(partitioner_names(), ", ")), " *
                  "or a vector of one part per vertex"))
end
