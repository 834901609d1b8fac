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

    function Shards(ptr::Ptr{Cvoid})
        raw = initialized(CShardStats, :gg_shard_stats_init)
        status = ccall(sym(:gg_shards_get_stats), Int32, (Ptr{Cvoid}, Ref{CShardStats}), ptr, raw)
        if status != 0
            ccall(sym(:gg_shards_destroy), Cvoid, (Ptr{Cvoid},), ptr)
            throw(GgError(status, "gg_shards_get_stats failed"))
        end
        stats = ShardStats(raw.num_shards, raw.vertices_per_shard, raw.num_edges, raw.num_windows,
                           raw.empty_windows, raw.max_window, raw.mean_window, Int.(raw.window_histogram),
                           raw.max_shard, raw.gshards_bytes, raw.cw_bytes)
        s = new(ptr, stats)
        finalizer(destroy!, s)
        return s
    end
end

function destroy!(s::Shards)
    if s.ptr != C_NULL
        ccall(sym(:gg_shards_destroy), Cvoid, (Ptr{Cvoid},), s.ptr)
        s.ptr = C_NULL
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

# gg_shards_* take no context, so the library has no message: the binding names the call.
check_shards(status::Integer, what::AbstractString) = status == 0 || throw(GgError(status, "$what failed"))

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
    GC.@preserve s check_shards(ccall(sym(:gg_shards_copy_shards), Int32,
        (Ptr{Cvoid}, Ptr{UInt64}, Ptr{UInt32}, Ptr{UInt32}, Ptr{Float32}), live(s), offsets, src, dst, w),
        "gg_shards_copy_shards")
    return (offsets=Int.(offsets) .+ 1, src_index=Int.(src) .+ 1, dst_index=Int.(dst) .+ 1, weights=w)
end

function window_offsets(s::Shards)
    S = s.stats.num_shards
    out = Vector{UInt64}(undef, S * S + 1)
    GC.@preserve s check_shards(ccall(sym(:gg_shards_copy_windows), Int32, (Ptr{Cvoid}, Ptr{UInt64}), live(s), out),
                                "gg_shards_copy_windows")
    return Int.(out) .+ 1
end

function concatenated_windows(s::Shards)
    S, m = s.stats.num_shards, s.stats.num_edges
    offsets, src, mapper = Vector{UInt64}(undef, S + 1), Vector{UInt32}(undef, m), Vector{UInt64}(undef, m)
    GC.@preserve s check_shards(ccall(sym(:gg_shards_copy_cw), Int32,
        (Ptr{Cvoid}, Ptr{UInt64}, Ptr{UInt32}, Ptr{UInt64}), live(s), offsets, src, mapper), "gg_shards_copy_cw")
    return (offsets=Int.(offsets) .+ 1, src_index=Int.(src) .+ 1, mapper=Int.(mapper) .+ 1)
end
