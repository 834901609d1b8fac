# Vertex programs (ABI 0.5): the caller's own algorithm, as CUDA C source text or a
# program file, compiled by the library with the host's C compiler for the CPU or with
# NVRTC for the GPU (cached on disk: $GG_CACHE_DIR, else $XDG_CACHE_HOME/gg, else
# ~/.cache/gg) and run over a graph. docs/programs.md describes the two models, the
# superstep and the source language. A program is code run with your privileges: never
# run one from a source you do not trust.
#
# Inside a program, vertex ids are the library's, 0-based (gg_vertex_info.id,
# gg_program_globals.source); the `source` keyword of run_program is 1-based, as every
# id this module takes.

"A program's description as the library holds it."
struct ProgramDesc
    model::Symbol            # :cusha or :emv
    name::String             # names the program in messages and compile logs
    vertex_value_size::Int   # bytes of a vertex value
    edge_value_size::Int     # bytes of an edge value; 0: an edge's value is its Float32 weight
    message_size::Int        # EMV: bytes of a message (0 under CuSha)
    combiner::Symbol         # EMV: :user, :sum, :min, :max or :unordered_sum
    message_type::Symbol     # EMV with a built-in combiner: :int32, ..., :double; :none otherwise
    aggregates::Int          # sums the program keeps, 0 to 4
    has_halt::Bool           # the program has a halt function
    params::Vector{Float64}  # the 8 default parameters
    source::String           # the functions' source text
    output::String           # how the gg tool prints a value ("" or e.g. "depth", "float @8")
end

"What preparing a program for a backend cost."
struct BuildStats
    backend::Symbol      # :cpu or :cuda, the backend prepared
    compile_ms::Float64  # time compiling (0 when the on-disk cache had the result)
    load_ms::Float64     # time loading the compiled code
    cache_hit::Bool      # the result came from the on-disk cache or was already loaded
    compiled::Bool       # the source was compiled by this call
end

const SCALAR_JULIA_TYPES = Dict{DataType,Symbol}(Int32 => :int32, UInt32 => :uint32, Int64 => :int64,
                                                 UInt64 => :uint64, Float32 => :float, Float64 => :double)
# The Julia type of a value whose output description covers all of it at offset 0.
const OUTPUT_TYPES = Dict("depth" => UInt32, "label" => UInt32, "float" => Float32, "double" => Float64,
                          "uint32" => UInt32, "int32" => Int32, "uint64" => UInt64, "int64" => Int64)

"""
    Program

A vertex program owned by the C library, made by `Program(source; model, ...)` or
`load_program(path)`. Nothing is compiled when it is made: `prepare` compiles for
a backend, or the first run does. It may serve several tasks at once (the library
guards the code it compiles). Release with `close(p)`, or let the finalizer do it;
do not close it while a run is using it.
"""
mutable struct Program
    ptr::Ptr{Cvoid}
    context::Context   # reports the failures of prepare unless told otherwise
    desc::ProgramDesc
    type::Union{Nothing,DataType}  # the Julia type of a vertex value, when given

    function Program(ptr::Ptr{Cvoid}, context::Context, type)
        p = new(ptr, context)
        finalizer(destroy!, p)
        p.desc = read_desc(ptr)
        p.type = type === nothing ? nothing : checked_value_type(type, p.desc.vertex_value_size)
        return p
    end
end

function destroy!(p::Program)
    if p.ptr != C_NULL
        ccall(sym(:gg_program_destroy), Cvoid, (Ptr{Cvoid},), p.ptr)
        p.ptr = C_NULL
    end
    return nothing
end

"Releases the program and the code compiled for it now."
Base.close(p::Program) = destroy!(p)
Base.isopen(p::Program) = p.ptr != C_NULL

function live(p::Program)
    isopen(p) || throw(invalid_argument("this Gg.Program has been closed"))
    return p.ptr
end

Base.show(io::IO, p::Program) = print(io, isopen(p) ?
    "Gg.Program($(repr(p.desc.name)), $(p.desc.model), $(p.desc.vertex_value_size)-byte values)" :
    "Gg.Program(closed)")

"The description of a program (`ProgramDesc`)."
desc(p::Program) = p.desc

symbol_of(table::Dict{Symbol,Int32}, value::Integer) =
    something(findfirst(==(value), table), Symbol("unknown_$(value)"))

c_string_or_empty(ptr::Ptr{UInt8}) = ptr == C_NULL ? "" : unsafe_string(ptr)

function nul_terminated(bytes)
    v = collect(bytes)
    return String(v[1:something(findfirst(==(0x00), v), length(v) + 1)-1])
end

function read_desc(ptr::Ptr{Cvoid})
    raw = initialized(CProgramDesc, :gg_program_desc_init)
    status = ccall(sym(:gg_program_get_desc), Int32, (Ptr{Cvoid}, Ref{CProgramDesc}), ptr, raw)
    status == 0 || throw(GgError(status, "gg_program_get_desc failed"))
    return ProgramDesc(symbol_of(PROGRAM_MODELS, raw.model), c_string_or_empty(raw.name), raw.vertex_value_size,
                       raw.edge_value_size, raw.message_size, symbol_of(COMBINERS, raw.combiner),
                       symbol_of(SCALAR_TYPES, raw.message_type), raw.num_aggregates, raw.has_halt != 0,
                       collect(raw.params), c_string_or_empty(raw.source), nul_terminated(raw.output))
end

"`T` as the type of a vertex value of `size` bytes: plain data (`isbitstype`) of exactly that size."
function checked_value_type(T, size::Integer)
    T isa DataType && isbitstype(T) ||
        throw(invalid_argument("$T cannot hold a vertex value: it must be plain data (isbitstype), " *
                               "a struct of numbers mirroring the source's gg_vertex"))
    sizeof(T) == size ||
        throw(invalid_argument("$T has $(sizeof(T)) bytes, but the program's vertex_value_size is $size"))
    return T
end

"""
The type of a program's vertex values when none was given: the output description's
number type when it covers the whole value (`"depth"` of a 4-byte value: `UInt32`),
else `NTuple{vertex_value_size,UInt8}` (to `reinterpret` as your own type).
"""
function value_type(p::Program)
    p.type === nothing || return p.type
    words = split(p.desc.output)
    if length(words) == 1 && haskey(OUTPUT_TYPES, words[1])
        T = OUTPUT_TYPES[words[1]]
        sizeof(T) == p.desc.vertex_value_size && return T
    end
    return NTuple{p.desc.vertex_value_size,UInt8}
end

function c_text(text::AbstractString, what::AbstractString)
    occursin('\0', text) && throw(invalid_argument("$what contains a NUL character"))
    return String(text)
end

function eight_params(params, what::AbstractString)
    length(params) <= PROGRAM_MAX_PARAMS ||
        throw(invalid_argument("$what has $(length(params)) entries; at most $PROGRAM_MAX_PARAMS"))
    values = Float64[Float64(x) for x in params]
    return ntuple(i -> i <= length(values) ? values[i] : 0.0, PROGRAM_MAX_PARAMS), length(values)
end

function scalar_type_value(message_type)
    message_type isa DataType && haskey(SCALAR_JULIA_TYPES, message_type) &&
        return SCALAR_TYPES[SCALAR_JULIA_TYPES[message_type]]
    message_type isa DataType &&
        throw(invalid_argument("message_type is $message_type; expected one of " *
                               "$(join(sort(collect(keys(SCALAR_JULIA_TYPES)); by=string), ", ")) or their names"))
    return enum_value(SCALAR_TYPES, message_type, "message_type")
end

"""
    Program(source; model, vertex_value_size=nothing, type=nothing, edge_value_size=0, message_size=0,
            combiner=:user, message_type=:none, aggregates=0, has_halt=false, params=Float64[],
            output="", name=nothing, context=nothing)

A program whose functions are `source`, CUDA C source text in the restricted C that
compiles both for the GPU and as C99 (docs/programs.md). `model` is `:cusha` (each
vertex pulls from its in-edges) or `:emv` (Medusa's Edge-Message-Vertex: active
vertices send messages along out-edges). `type` is the Julia type of a vertex value
(an isbits struct mirroring the source's `gg_vertex`); `vertex_value_size` defaults
to `sizeof(type)`. `combiner` (EMV) is `:user` (the source's `gg_combine`), `:sum`,
`:min`, `:max` or `:unordered_sum` (a sum the GPU adds in parallel, in no fixed order),
the built-in ones with `message_type` `:int32`, `:uint32`, `:int64`,
`:uint64`, `:float`, `:double` (or the Julia type: `UInt32`, `Float64`, ...).
`params` are up to 8 default parameters; `output` how the gg tool prints a value.
Failures throw `GgError` with the library's message.
"""
function Program(source::AbstractString; model, vertex_value_size=nothing, type=nothing, edge_value_size=0,
                 message_size=0, combiner=:user, message_type=:none, aggregates=0, has_halt::Bool=false,
                 params=Float64[], output::AbstractString="", name=nothing, context::Union{Nothing,Context}=nothing)
    ctx = something(context, default_context())
    if vertex_value_size === nothing
        type === nothing && throw(invalid_argument("a program needs its vertex_value_size, or a type to take it from"))
        type isa DataType && isbitstype(type) || checked_value_type(type, 0)
        vertex_value_size = sizeof(type)
    end
    raw = initialized(CProgramDesc, :gg_program_desc_init)
    raw.model = enum_value(PROGRAM_MODELS, model, "model")
    for (field, value) in ((:vertex_value_size, vertex_value_size), (:edge_value_size, edge_value_size),
                           (:message_size, message_size), (:num_aggregates, aggregates))
        value isa Integer && 0 <= value <= typemax(UInt32) ||
            throw(invalid_argument("$field is $(repr(value)); it must be an integer in [0, $(typemax(UInt32))]"))
        setfield!(raw, field, UInt32(value))
    end
    raw.combiner = enum_value(COMBINERS, combiner, "combiner")
    raw.message_type = scalar_type_value(message_type)
    raw.has_halt = has_halt ? 1 : 0
    raw.params = eight_params(params, "params")[1]
    out = codeunits(c_text(output, "output"))
    length(out) <= 31 || throw(invalid_argument("output is $(length(out)) bytes long; at most 31 fit"))
    raw.output = ntuple(i -> i <= length(out) ? out[i] : 0x00, 32)
    text = c_text(source, "source")
    label = name === nothing ? nothing : c_text(name, "name")
    type === nothing || checked_value_type(type, vertex_value_size)
    handle = Ref{Ptr{Cvoid}}(C_NULL)
    GC.@preserve text label begin
        raw.source = pointer(text)
        raw.name = label === nothing ? Ptr{UInt8}(C_NULL) : pointer(label)
        call(c -> ccall(sym(:gg_program_create), Int32, (Ptr{Cvoid}, Ref{CProgramDesc}, Ref{Ptr{Cvoid}}),
                        c, raw, handle), ctx)
    end
    return Program(handle[], ctx, type)
end

"""
    load_program(path; type=nothing, context=nothing) -> Program

Reads a program file ("//! key: value" lines, then the source; docs/programs.md). A
malformed file throws `GgError(:parse)` naming the file and line; a missing one
`GgError(:io)`. `type`: the Julia type of a vertex value (default: `value_type`).
"""
function load_program(path::AbstractString; type=nothing, context::Union{Nothing,Context}=nothing)
    ctx = something(context, default_context())
    handle = Ref{Ptr{Cvoid}}(C_NULL)
    file = c_text(path, "path")
    call(c -> ccall(sym(:gg_program_load), Int32, (Ptr{Cvoid}, Cstring, Ref{Ptr{Cvoid}}), c, file, handle), ctx)
    return Program(handle[], ctx, type)
end

"""
    prepare(p; backend=:auto, context=nothing) -> BuildStats

Compiles and loads the program for a backend now rather than on its first run:
`:cpu` with the host's C compiler (`\$GG_CC`, else cc), `:cuda` with NVRTC, `:auto`
the context's choice. A compile error throws `GgError(:parse)` carrying the
compiler's log, whose line numbers count from the source's first line.
"""
function prepare(p::Program; backend=:auto, context::Union{Nothing,Context}=nothing)
    stats = initialized(CProgramBuildStats, :gg_program_build_stats_init)
    b = backend_value(backend)
    ptr = live(p)
    GC.@preserve p call(c -> ccall(sym(:gg_program_prepare), Int32,
                                   (Ptr{Cvoid}, Ptr{Cvoid}, Int32, Ref{CProgramBuildStats}), c, ptr, b, stats),
                        something(context, p.context))
    return BuildStats(backend_name(stats.backend), stats.compile_ms, stats.load_ms, stats.cache_hit != 0,
                      stats.compiled != 0)
end

"""
    run_program!(values, p, g; source=nothing, max_iterations=nothing, keep_values=false, params=nothing,
                 backend=nothing, layout=nothing, context=nothing) -> (values, stats)

Runs `p` over `g` to convergence or to its superstep cap, updating `values` in place:
a `Vector{T}` of `nv(g)` values of an isbits type `T` of the program's
vertex_value_size, or a `Vector{UInt8}` of `nv(g) * vertex_value_size` bytes.
`source` is the run's source vertex (1-based; `nothing` for none); `max_iterations`
caps the supersteps (`nothing` or 0: n + 1); `keep_values=true` makes `values` the
first values (the program's init is not called, every vertex is active in superstep
0); `params` replace the program's first parameters for this run. `stats.iterations`
are the supersteps run, `stats.converged` whether the run stopped by itself. The
layout on the GPU is `:auto` or `:csr`, or for a CuSha-model program `:gshards` or `:cw`;
`context` defaults to the graph's.
"""
function run_program!(values::Vector, p::Program, g::Graph; source=nothing, max_iterations=nothing,
                      keep_values::Bool=false, params=nothing, backend=nothing, layout=nothing,
                      context::Union{Nothing,Context}=nothing)
    T = eltype(values)
    size = p.desc.vertex_value_size
    n = nv(g)
    if T === UInt8 && size != 1
        length(values) == n * size ||
            throw(invalid_argument("values has $(length(values)) bytes; $(n * size) are needed " *
                                   "($n vertices of $size bytes)"))
        alignment = 1 << min(trailing_zeros(size), 3)
        UInt(pointer(values)) % alignment == 0 ||
            throw(invalid_argument("values is not aligned to $alignment bytes, " *
                                   "as a vertex value of $size bytes may need"))
    else
        checked_value_type(T, size)
        length(values) == n || throw(invalid_argument("values has $(length(values)) entries; $n are needed"))
    end
    options = initialized(CProgramRunOptions, :gg_program_run_options_init)
    source === nothing || (options.source = vertex_id(source))
    if max_iterations !== nothing
        max_iterations isa Integer && 0 <= max_iterations <= typemax(UInt32) ||
            throw(invalid_argument("max_iterations is $(repr(max_iterations)); it must be an integer in " *
                                   "[0, $(typemax(UInt32))]"))
        options.max_iterations = UInt32(max_iterations)
    end
    options.keep_values = keep_values ? 1 : 0
    if params !== nothing
        run_params, count = eight_params(params, "params")
        options.params = run_params
        options.num_params = UInt32(count)
    end
    run = run_options(; backend, layout)
    stats, part_compute, part_exchange = new_run_stats(nothing)
    bytes = sizeof(values)
    ptr = live(p)
    # gg rejects NULL values even for a graph of no vertex.
    dummy = UInt64[0]
    GC.@preserve p values dummy part_compute part_exchange begin
        address = isempty(values) ? Ptr{Cvoid}(pointer(dummy)) : Ptr{Cvoid}(pointer(values))
        call(g, context) do c, graph
            ccall(sym(:gg_run_program), Int32,
                  (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Ptr{Cvoid}, Csize_t, Ref{CProgramRunOptions}, Ref{CRunOptions},
                   Ref{CRunStats}),
                  c, graph, ptr, address, bytes, options, run, stats)
        end
    end
    return values, RunStats(stats, part_compute, part_exchange)
end

"""
    run_program(p, g; values=nothing, type=nothing, kwargs...) -> (values, stats)

As `run_program!`, into a new vector: a copy of `values` when given, else `nv(g)`
zeroed values of `type` (default: `value_type(p)`; `run_program(bfs, g; source=1)` of
examples/programs/bfs.ggp gives `Vector{UInt32}` depths).
"""
function run_program(p::Program, g::Graph; values=nothing, type=nothing, keep_values::Bool=false, kwargs...)
    if values === nothing
        keep_values && throw(invalid_argument("keep_values=true keeps the given values, but none were given"))
        T = checked_value_type(something(type, value_type(p)), p.desc.vertex_value_size)
        buffer = Vector{T}(undef, nv(g))
        # Zero bytes, padding included (reinterpret refuses types with padding).
        GC.@preserve buffer ccall(:memset, Ptr{Cvoid}, (Ptr{Cvoid}, Cint, Csize_t), buffer, 0, sizeof(buffer))
    else
        buffer = type === nothing ? collect(values) : collect(type, values)
    end
    return run_program!(buffer, p, g; keep_values, kwargs...)
end
