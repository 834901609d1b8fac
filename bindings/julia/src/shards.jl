# CuSha G-Shards and Concatenated Windows (CuSha §3) of a graph.

"Shape of a shard structure."
struct ShardStats
    num_shards::Int
    vertices_per_shard::Int
    num_edges::Int
    num_windows::Int            # |S|^2, empty ones included
    empty_windows::Int
    max_window::Int
    mean_window::Float64
    window_histogram::NTuple{8,Int}  # windows of size 0, 1, 2-3, 4-7, 8-15, 16-31, 32-63, >= 64
    max_shard::Int
    gshards_bytes::Int
    cw_bytes::Int
end

"""
    Shards

G-Shards and Concatenated Windows built by `shard(g)`, owned by the C library.
The arrays come back as Julia vectors with 1-based positions and vertex ids:
`gshards(s)` gives `(offsets, src_index, dst_index, weights)` where shard j is
entries `offsets[j]:offsets[j+1]-1`; `window_offsets(s)` gives W(i, j) as
entries `w[(j-1)*S+i]:w[(j-1)*S+i+1]-1`; `concatenated_windows(s)` gives
`(offsets, src_index, mapper)` with `mapper[k]` the position of CW entry k in
the G-Shards arrays. Release with `close(s)` or let the finalizer do it.
"""
mutable struct Shards
    ptr::Ptr{Cvoid}
    stats::ShardStats
    # The reads take no context argument (their signatures predate the C calls
    # that need one), so the structure keeps a context of its own for them.
    reads::Context

    function Shards(ptr::Ptr{Cvoid})
        reads = Context()
        raw = initialized(CShardStats, :gg_shard_stats_init)
        try
            call(c -> ccall(sym(:gg_shards_read_stats), Int32, (Ptr{Cvoid}, Ptr{Cvoid}, Ref{CShardStats}), c, ptr, raw),
                 reads)
        catch
            ccall(sym(:gg_shards_destroy), Cvoid, (Ptr{Cvoid},), ptr)
            rethrow()
        end
        stats = ShardStats(raw.num_shards, raw.vertices_per_shard, raw.num_edges, raw.num_windows,
                           raw.empty_windows, raw.max_window, raw.mean_window, Int.(raw.window_histogram),
                           raw.max_shard, raw.gshards_bytes, raw.cw_bytes)
        s = new(ptr, stats, reads)
        finalizer(destroy!, s)
        return s
    end
end

function destroy!(s::Shards)
    if s.ptr != C_NULL
        ccall(sym(:gg_shards_destroy), Cvoid, (Ptr{Cvoid},), s.ptr)
        s.ptr = C_NULL
        close(s.reads)
    end
    return nothing
end

Base.close(s::Shards) = destroy!(s)
Base.isopen(s::Shards) = s.ptr != C_NULL
stats(s::Shards) = s.stats

function live(s::Shards)
    s.ptr == C_NULL && throw(invalid_argument("this Gg.Shards has been closed"))
    return s.ptr
end

# Runs one gg_shards_read_* ccall, f(context_ptr, shards_ptr), with the structure's own context.
read_shards(f, s::Shards) = GC.@preserve s call(c -> f(c, live(s)), s.reads)

"Builds the G-Shards and Concatenated Windows of `g` on the host."
function shard(g::Graph; vertices_per_shard=nothing, shared_memory_bytes=nothing, vertex_value_bytes=nothing,
               context=nothing)
    options = initialized(CShardOptions, :gg_shard_options_init)
    vertices_per_shard === nothing || (options.vertices_per_shard = UInt32(vertices_per_shard))
    shared_memory_bytes === nothing || (options.shared_memory_bytes = UInt32(shared_memory_bytes))
    vertex_value_bytes === nothing || (options.vertex_value_bytes = UInt32(vertex_value_bytes))
    out = Ref{Ptr{Cvoid}}(C_NULL)
    call(g, context) do c, p
        ccall(sym(:gg_shard), Int32, (Ptr{Cvoid}, Ptr{Cvoid}, Ref{CShardOptions}, Ref{Ptr{Cvoid}}), c, p, options, out)
    end
    return Shards(out[])
end

function gshards(s::Shards)
    S, m = s.stats.num_shards, s.stats.num_edges
    offsets, src, dst, w = Vector{UInt64}(undef, S + 1), Vector{UInt32}(undef, m), Vector{UInt32}(undef, m),
                           Vector{Float32}(undef, m)
    # Each array goes with its length: the library refuses to write past it.
    read_shards(s) do c, p
        ccall(sym(:gg_shards_read_shards), Int32,
              (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{UInt64}, UInt64, Ptr{UInt32}, UInt64, Ptr{UInt32}, UInt64, Ptr{Float32}, UInt64),
              c, p, offsets, length(offsets), src, length(src), dst, length(dst), w, length(w))
    end
    return (offsets=Int.(offsets) .+ 1, src_index=Int.(src) .+ 1, dst_index=Int.(dst) .+ 1, weights=w)
end

function window_offsets(s::Shards)
    S = s.stats.num_shards
    out = Vector{UInt64}(undef, S * S + 1)
    read_shards(s) do c, p
        ccall(sym(:gg_shards_read_windows), Int32, (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{UInt64}, UInt64), c, p, out, length(out))
    end
    return Int.(out) .+ 1
end

function concatenated_windows(s::Shards)
    S, m = s.stats.num_shards, s.stats.num_edges
    offsets, src, mapper = Vector{UInt64}(undef, S + 1), Vector{UInt32}(undef, m), Vector{UInt64}(undef, m)
    read_shards(s) do c, p
        ccall(sym(:gg_shards_read_cw), Int32,
              (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{UInt64}, UInt64, Ptr{UInt32}, UInt64, Ptr{UInt64}, UInt64),
              c, p, offsets, length(offsets), src, length(src), mapper, length(mapper))
    end
    return (offsets=Int.(offsets) .+ 1, src_index=Int.(src) .+ 1, mapper=Int.(mapper) .+ 1)
end

"What one layout of a graph takes (`measure_layout`): bytes as the CUDA backend holds it, nodes
(vertices; shards; virtual nodes; UDT's added nodes) and the host build time."
struct LayoutInfo
    layout::Symbol
    degree_bound::Int
    bytes::Int
    nodes::Int
    build_ms::Float64
end

"""
    measure_layout(g, layout; degree_bound=0, context=nothing)

Builds `layout` (`:csr`, `:tocab`, `:gshards`, `:cw`, `:vsplit`, `:udt`) of `g` on the host,
timed, with the code the CUDA backend runs before it uploads it (gg_layout_measure), and
returns a `LayoutInfo`. `degree_bound` is K of `:vsplit` and `:udt` (0: their defaults).
"""
function measure_layout(g::Graph, layout; degree_bound::Integer=0, context=nothing)
    value = layout_value(layout)
    info = initialized(CLayoutInfo, :gg_layout_info_init)
    call(g, context) do c, p
        ccall(sym(:gg_layout_measure), Int32, (Ptr{Cvoid}, Ptr{Cvoid}, Int32, UInt32, Ref{CLayoutInfo}),
              c, p, value, UInt32(degree_bound), info)
    end
    return LayoutInfo(layout_name(info.layout), info.degree_bound, info.bytes, info.nodes, info.build_ms)
end
