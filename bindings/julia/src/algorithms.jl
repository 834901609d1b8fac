# The algorithms. Each accepts, besides its own arguments, the keywords
#   backend  = nothing (the context's), :auto, :cpu or :cuda
#   layout   = nothing (:auto), :csr, :gshards, :cw, :vsplit, :udt, :tocab (the library's
#              names; :virtual_split is a deprecated alias of :vsplit)
#   context  = nothing (the graph's own context)
#   return_stats = false; when true the result comes back as (result, stats::RunStats)

"The BFS depth of vertices the source cannot reach."
const UNREACHABLE = typemax(UInt32)

"What a run reports about itself."
struct RunStats
    backend::Symbol         # :cpu or :cuda, the backend that ran
    layout::Symbol          # the layout that ran, e.g. :csr
    device_id::Int          # CUDA device used, -1 on the CPU
    num_threads::Int        # CPU threads used, 0 on the GPU
    total_ms::Float64
    compute_ms::Float64
    transfer_ms::Float64
    preprocess_ms::Float64
    iterations::Int
    edges_visited::Int
    device_bytes::Int
    fallback_reason::String # why the GPU was not used under :auto; "" otherwise
end

function RunStats(raw::CRunStats)
    bytes = collect(raw.fallback_reason)
    reason = String(bytes[1:something(findfirst(==(0x00), bytes), length(bytes) + 1)-1])
    RunStats(enum_name(BACKENDS, raw.backend), layout_name(raw.layout), raw.device_id, raw.num_threads,
             raw.total_ms, raw.compute_ms, raw.transfer_ms, raw.preprocess_ms, raw.iterations, raw.edges_visited,
             raw.device_bytes, reason)
end

function run_options(; backend=nothing, layout=nothing, tolerance=nothing, max_iterations=nothing,
                     damping=nothing, delta=nothing)
    options = initialized(CRunOptions, :gg_run_options_init)
    backend === nothing || (options.backend = enum_value(BACKENDS, backend, "backend"))
    layout === nothing || (options.layout = layout_value(layout))
    tolerance === nothing || (options.tolerance = Float64(tolerance))
    max_iterations === nothing || (options.max_iterations = UInt32(max_iterations))
    damping === nothing || (options.damping = Float64(damping))
    delta === nothing || (options.delta = Float32(delta))
    return options
end

"Runs one gg_run_* call: `f(ctx_ptr, graph_ptr, options, stats)` returns its status."
function run_algorithm(f, g::Graph, result, context, return_stats::Bool, options::CRunOptions)
    stats = initialized(CRunStats, :gg_run_stats_init)
    call((c, p) -> f(c, p, options, stats), g, context)
    return return_stats ? (result, RunStats(stats)) : result
end

const RUN_ARGS = (Ptr{Cvoid}, Ptr{Cvoid})

"""
    bfs(g, source; parents=false, ...) -> depths (or (depths, parents))

Hop counts from `source` along out-edges (`UNREACHABLE` where none). With
`parents=true`, also a BFS-tree parent per vertex: the source is its own
parent, unreachable vertices get 0.
"""
function bfs(g::Graph, source::Integer; parents::Bool=false, backend=nothing, layout=nothing, context=nothing,
             return_stats::Bool=false)
    s = vertex_id(source)
    n = nv(g)
    depths = Vector{UInt32}(undef, n)
    tree = parents ? Vector{UInt32}(undef, n) : nothing
    options = run_options(; backend, layout)
    stats = initialized(CRunStats, :gg_run_stats_init)
    call(g, context) do c, p
        ccall(sym(:gg_run_bfs), Int32, (RUN_ARGS..., UInt32, Ptr{UInt32}, Ptr{UInt32}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, s, depths, tree === nothing ? C_NULL : tree, options, stats)
    end
    result = if tree === nothing
        depths
    else
        (depths, [t == UNREACHABLE ? 0 : Int(t) + 1 for t in tree])
    end
    return return_stats ? (result, RunStats(stats)) : result
end

"Shortest distances from `source` (Float32, `Inf` where unreachable). `delta`: delta-stepping bucket width."
function sssp(g::Graph, source::Integer; delta=nothing, backend=nothing, layout=nothing, context=nothing,
              return_stats::Bool=false)
    s = vertex_id(source)
    distances = Vector{Float32}(undef, nv(g))
    run_algorithm(g, distances, context, return_stats, run_options(; backend, layout, delta)) do c, p, o, st
        ccall(sym(:gg_run_sssp), Int32, (RUN_ARGS..., UInt32, Ptr{Float32}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, s, distances, o, st)
    end
end

"Widest-path widths from `source` (Float32): `Inf` at the source, 0 where unreachable."
function sswp(g::Graph, source::Integer; backend=nothing, layout=nothing, context=nothing, return_stats::Bool=false)
    s = vertex_id(source)
    widths = Vector{Float32}(undef, nv(g))
    run_algorithm(g, widths, context, return_stats, run_options(; backend, layout)) do c, p, o, st
        ccall(sym(:gg_run_sswp), Int32, (RUN_ARGS..., UInt32, Ptr{Float32}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, s, widths, o, st)
    end
end

"Weakly connected components: each vertex gets the smallest (1-based) vertex id of its component."
function cc(g::Graph; backend=nothing, layout=nothing, context=nothing, return_stats::Bool=false)
    labels = Vector{UInt32}(undef, nv(g))
    result = run_algorithm(g, labels, context, return_stats, run_options(; backend, layout)) do c, p, o, st
        ccall(sym(:gg_run_cc), Int32, (RUN_ARGS..., Ptr{UInt32}, Ref{CRunOptions}, Ref{CRunStats}), c, p, labels, o, st)
    end
    one_based = Int.(labels) .+ 1
    return return_stats ? (one_based, result[2]) : one_based
end

"PageRank as networkx.pagerank(G, weight=None) defines it (Float64, sums to 1)."
function pagerank(g::Graph; damping=nothing, tolerance=nothing, max_iterations=nothing, backend=nothing,
                  layout=nothing, context=nothing, return_stats::Bool=false)
    ranks = Vector{Float64}(undef, nv(g))
    options = run_options(; backend, layout, damping, tolerance, max_iterations)
    run_algorithm(g, ranks, context, return_stats, options) do c, p, o, st
        ccall(sym(:gg_run_pagerank), Int32, (RUN_ARGS..., Ptr{Float64}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, ranks, o, st)
    end
end

"Betweenness centrality over `sources` (1-based; `nothing` = every vertex), unnormalised."
function bc(g::Graph, sources::Union{Nothing,AbstractVector{<:Integer}}=nothing; backend=nothing, layout=nothing,
            context=nothing, return_stats::Bool=false)
    list = sources === nothing ? nothing : zero_based(sources, "sources")
    list === nothing || length(list) <= typemax(UInt32) || throw(invalid_argument("too many sources"))
    count = list === nothing ? 0 : length(list)
    # An empty, non-nothing list means no sources (NULL would mean every vertex).
    pointer_arg = list === nothing ? C_NULL : (isempty(list) ? UInt32[0] : list)
    centrality = Vector{Float64}(undef, nv(g))
    run_algorithm(g, centrality, context, return_stats, run_options(; backend, layout)) do c, p, o, st
        ccall(sym(:gg_run_bc), Int32,
              (RUN_ARGS..., Ptr{UInt32}, UInt32, Ptr{Float64}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, pointer_arg, count, centrality, o, st)
    end
end

"`y[v] = sum over edges u -> v of w(u, v) * x[u]` (Float32)."
function spmv(g::Graph, x::AbstractVector{<:Real}; backend=nothing, layout=nothing, context=nothing,
              return_stats::Bool=false)
    n = nv(g)
    length(x) == n || throw(invalid_argument("x has $(length(x)) entries; $n are needed"))
    input = Vector{Float32}(x)
    y = Vector{Float32}(undef, n)
    run_algorithm(g, y, context, return_stats, run_options(; backend, layout)) do c, p, o, st
        ccall(sym(:gg_run_spmv), Int32, (RUN_ARGS..., Ptr{Float32}, Ptr{Float32}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, input, y, o, st)
    end
end

"All-pairs shortest distances: an n x n Matrix{Float32} with `D[s, t]` the distance from s to t."
function apsp(g::Graph; backend=nothing, layout=nothing, context=nothing, return_stats::Bool=false)
    n = nv(g)
    # The library writes row-major (row = source): read as column-major, column s is source s.
    buffer = Matrix{Float32}(undef, n, n)
    result = run_algorithm(g, buffer, context, return_stats, run_options(; backend, layout)) do c, p, o, st
        ccall(sym(:gg_run_apsp), Int32, (RUN_ARGS..., Ptr{Float32}, UInt64, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, buffer, UInt64(n) * UInt64(n), o, st)
    end
    distances = permutedims(buffer)
    return return_stats ? (distances, result[2]) : distances
end

"""
    partition(g, num_parts; seed=nothing, ufactor=nothing, context=nothing) -> (parts, edge_cut)

METIS k-way partition (edge directions ignored): `parts[v]` in 1:num_parts,
and the number of undirected edges cut. Without METIS: `GgError(:unsupported)`.
"""
function partition(g::Graph, num_parts::Integer; seed=nothing, ufactor=nothing, context=nothing)
    1 <= num_parts <= typemax(UInt32) || throw(invalid_argument("num_parts is $num_parts; it must be at least 1"))
    options = initialized(CPartitionOptions, :gg_partition_options_init)
    seed === nothing || (options.seed = Int32(seed))
    ufactor === nothing || (options.ufactor = Int32(ufactor))
    parts = Vector{UInt32}(undef, nv(g))
    cut = Ref{UInt64}(0)
    call(g, context) do c, p
        ccall(sym(:gg_partition), Int32, (RUN_ARGS..., UInt32, Ptr{UInt32}, Ref{UInt64}, Ref{CPartitionOptions}),
              c, p, num_parts, parts, cut, options)
    end
    return (parts=Int.(parts) .+ 1, edge_cut=Int(cut[]))
end
