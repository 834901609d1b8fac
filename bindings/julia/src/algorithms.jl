# The algorithms. Each accepts, besides its own arguments, the keywords
#   backend  = nothing (the context's), :auto, :cpu or :cuda
#   layout   = nothing (:auto), :csr, :gshards, :cw, :vsplit, :udt, :tocab (the library's
#              names; :virtual_split is a deprecated alias of :vsplit). The CPU backend
#              accepts every layout and runs :csr, but :tocab for pagerank when asked or
#              where it pays; RunStats.layout reports which.
#   degree_bound = nothing (0): the degree bound K of :vsplit (a vertex's edges are cut
#              into groups of at most K, one thread each) and :udt (at least 2: each tree
#              node keeps at most K edges); nothing or 0 takes Tigr's defaults, 10 for
#              the split and 1000 for UDT. Other layouts ignore it. Since ABI 0.4.
#   context  = nothing (the graph's own context)
#   plan     = nothing, or a PartitionPlan of the graph (partition_plan): the run goes
#              partitioned over its parts and returns the same answers
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
    transfer_ms::Float64    # host-device copies; distributed: also the answer's delivery to every process
    preprocess_ms::Float64
    iterations::Int
    edges_visited::Int
    device_bytes::Int
    fallback_reason::String # why the GPU was not used under :auto; "" otherwise
    # Since 0.3: partitioned runs (plan=...). An unpartitioned run reports one part and zeros.
    num_parts::Int              # parts the run used
    exchange_rounds::Int        # exchanges of replica values between parts
    edge_cut::Int               # the plan's edge cut
    replicas::Int               # replica vertices over all parts of the plan
    bytes_exchanged::Int        # bytes the run's exchanges moved between parts
    exchange_ms::Float64        # time spent exchanging, summed over parts
    partition_ms::Float64       # what the plan cost to make, once: never part of this run's times
    part_compute_ms::Vector{Float64}   # each part's compute time
    part_exchange_ms::Vector{Float64}  # each part's exchange time
    # Since 0.5: true when the run stopped by itself (a vertex program with no active vertex left or
    # whose halt said so, PageRank below its tolerance, every other algorithm always), false when an
    # iteration cap stopped it first.
    converged::Bool
    # Since 0.8: the part of exchange_ms that ran while the parts computed (a GPU partitioned
    # PageRank over several devices overlaps its refresh where that is worth it, and with
    # GG_PARTITIONED_OVERLAP=1 always, as a BFS does its bottom-up levels' flags); 0 otherwise.
    exchange_hidden_ms::Float64
end

function RunStats(raw::CRunStats, part_compute::Vector{Float64}, part_exchange::Vector{Float64})
    bytes = collect(raw.fallback_reason)
    reason = String(bytes[1:something(findfirst(==(0x00), bytes), length(bytes) + 1)-1])
    count = min(Int(raw.num_parts), length(part_compute))
    RunStats(backend_name(raw.backend), layout_name(raw.layout), raw.device_id, raw.num_threads,
             raw.total_ms, raw.compute_ms, raw.transfer_ms, raw.preprocess_ms, raw.iterations, raw.edges_visited,
             raw.device_bytes, reason, raw.num_parts, raw.exchange_rounds, raw.edge_cut, raw.replicas,
             raw.bytes_exchanged, raw.exchange_ms, raw.partition_ms, part_compute[1:count], part_exchange[1:count],
             raw.converged != 0, raw.exchange_hidden_ms)
end

"""
A gg_run_stats whose per-part time arrays are `part_compute` and `part_exchange`,
one entry per part of `plan` (1 without one); preserve both during the call.
"""
function new_run_stats(plan)
    capacity = plan === nothing ? 1 : max(1, plan.stats.num_parts)
    part_compute, part_exchange = zeros(Float64, capacity), zeros(Float64, capacity)
    stats = initialized(CRunStats, :gg_run_stats_init)
    stats.part_compute_ms, stats.part_exchange_ms = pointer(part_compute), pointer(part_exchange)
    stats.part_capacity = capacity
    return stats, part_compute, part_exchange
end

function run_options(; backend=nothing, layout=nothing, tolerance=nothing, max_iterations=nothing,
                     damping=nothing, delta=nothing, plan=nothing, degree_bound=nothing)
    options = initialized(CRunOptions, :gg_run_options_init)
    plan === nothing || plan isa PartitionPlan ||
        throw(invalid_argument("plan must be a Gg.PartitionPlan, not $(typeof(plan))"))
    options.partition_plan = plan === nothing ? C_NULL : live(plan)
    backend === nothing || (options.backend = backend_value(backend))
    layout === nothing || (options.layout = layout_value(layout))
    tolerance === nothing || (options.tolerance = Float64(tolerance))
    max_iterations === nothing || (options.max_iterations = UInt32(max_iterations))
    damping === nothing || (options.damping = Float64(damping))
    delta === nothing || (options.delta = Float32(delta))
    if degree_bound !== nothing
        degree_bound isa Integer && !(degree_bound isa Bool) && 0 <= degree_bound <= typemax(UInt32) ||
            throw(invalid_argument("degree_bound is $(repr(degree_bound)); it must be an integer in " *
                                   "[0, $(typemax(UInt32))]"))
        options.degree_bound = UInt32(degree_bound)
    end
    return options
end

"""
Runs one gg_run_* call: `f(ctx_ptr, graph_ptr, options, stats)` returns its status. `plan`
(the one `options` names, or nothing) is kept alive during the call.
"""
function run_algorithm(f, g::Graph, result, context, return_stats::Bool, options::CRunOptions, plan=nothing)
    stats, part_compute, part_exchange = new_run_stats(plan)
    GC.@preserve plan part_compute part_exchange call((c, p) -> f(c, p, options, stats), g, context)
    return return_stats ? (result, RunStats(stats, part_compute, part_exchange)) : result
end

const RUN_ARGS = (Ptr{Cvoid}, Ptr{Cvoid})

"""
    bfs(g, source; parents=false, ...) -> depths (or (depths, parents))

Hop counts from `source` along out-edges (`UNREACHABLE` where none). With
`parents=true`, also a BFS-tree parent per vertex: the source is its own
parent, unreachable vertices get 0.
"""
function bfs(g::Graph, source::Integer; parents::Bool=false, backend=nothing, layout=nothing, context=nothing,
             return_stats::Bool=false, plan=nothing, degree_bound=nothing)
    s = vertex_id(source)
    n = nv(g)
    depths = Vector{UInt32}(undef, n)
    tree = parents ? Vector{UInt32}(undef, n) : nothing
    options = run_options(; backend, layout, plan, degree_bound)
    stats, part_compute, part_exchange = new_run_stats(plan)
    GC.@preserve plan part_compute part_exchange begin
        call(g, context) do c, p
            ccall(sym(:gg_run_bfs), Int32,
                  (RUN_ARGS..., UInt32, Ptr{UInt32}, Ptr{UInt32}, Ref{CRunOptions}, Ref{CRunStats}),
                  c, p, s, depths, tree === nothing ? C_NULL : tree, options, stats)
        end
    end
    result = if tree === nothing
        depths
    else
        (depths, [t == UNREACHABLE ? 0 : Int(t) + 1 for t in tree])
    end
    return return_stats ? (result, RunStats(stats, part_compute, part_exchange)) : result
end

"Shortest distances from `source` (Float32, `Inf` where unreachable). `delta`: delta-stepping bucket width."
function sssp(g::Graph, source::Integer; delta=nothing, backend=nothing, layout=nothing, context=nothing,
              return_stats::Bool=false, plan=nothing, degree_bound=nothing)
    s = vertex_id(source)
    distances = Vector{Float32}(undef, nv(g))
    options = run_options(; backend, layout, delta, plan, degree_bound)
    run_algorithm(g, distances, context, return_stats, options, plan) do c, p, o, st
        ccall(sym(:gg_run_sssp), Int32, (RUN_ARGS..., UInt32, Ptr{Float32}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, s, distances, o, st)
    end
end

"Widest-path widths from `source` (Float32): `Inf` at the source, 0 where unreachable."
function sswp(g::Graph, source::Integer; backend=nothing, layout=nothing, context=nothing, return_stats::Bool=false,
              plan=nothing, degree_bound=nothing)
    s = vertex_id(source)
    widths = Vector{Float32}(undef, nv(g))
    options = run_options(; backend, layout, plan, degree_bound)
    run_algorithm(g, widths, context, return_stats, options, plan) do c, p, o, st
        ccall(sym(:gg_run_sswp), Int32, (RUN_ARGS..., UInt32, Ptr{Float32}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, s, widths, o, st)
    end
end

"Weakly connected components: each vertex gets the smallest (1-based) vertex id of its component."
function cc(g::Graph; backend=nothing, layout=nothing, context=nothing, return_stats::Bool=false, plan=nothing,
            degree_bound=nothing)
    labels = Vector{UInt32}(undef, nv(g))
    options = run_options(; backend, layout, plan, degree_bound)
    result = run_algorithm(g, labels, context, return_stats, options, plan) do c, p, o, st
        ccall(sym(:gg_run_cc), Int32, (RUN_ARGS..., Ptr{UInt32}, Ref{CRunOptions}, Ref{CRunStats}), c, p, labels, o, st)
    end
    one_based = Int.(labels) .+ 1
    return return_stats ? (one_based, result[2]) : one_based
end

"PageRank as networkx.pagerank(G, weight=None) defines it (Float64, sums to 1)."
function pagerank(g::Graph; damping=nothing, tolerance=nothing, max_iterations=nothing, backend=nothing,
                  layout=nothing, context=nothing, return_stats::Bool=false, plan=nothing, degree_bound=nothing)
    ranks = Vector{Float64}(undef, nv(g))
    options = run_options(; backend, layout, damping, tolerance, max_iterations, plan, degree_bound)
    run_algorithm(g, ranks, context, return_stats, options, plan) do c, p, o, st
        ccall(sym(:gg_run_pagerank), Int32, (RUN_ARGS..., Ptr{Float64}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, ranks, o, st)
    end
end

"Betweenness centrality over `sources` (1-based; `nothing` = every vertex), unnormalised."
function bc(g::Graph, sources::Union{Nothing,AbstractVector{<:Integer}}=nothing; backend=nothing, layout=nothing,
            context=nothing, return_stats::Bool=false, plan=nothing, degree_bound=nothing)
    list = sources === nothing ? nothing : zero_based(sources, "sources")
    list === nothing || length(list) <= typemax(UInt32) || throw(invalid_argument("too many sources"))
    count = list === nothing ? 0 : length(list)
    # An empty, non-nothing list means no sources (NULL would mean every vertex).
    pointer_arg = list === nothing ? C_NULL : (isempty(list) ? UInt32[0] : list)
    centrality = Vector{Float64}(undef, nv(g))
    options = run_options(; backend, layout, plan, degree_bound)
    run_algorithm(g, centrality, context, return_stats, options, plan) do c, p, o, st
        ccall(sym(:gg_run_bc), Int32,
              (RUN_ARGS..., Ptr{UInt32}, UInt32, Ptr{Float64}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, pointer_arg, count, centrality, o, st)
    end
end

"`y[v] = sum over edges u -> v of w(u, v) * x[u]` (Float32)."
function spmv(g::Graph, x::AbstractVector{<:Real}; backend=nothing, layout=nothing, context=nothing,
              return_stats::Bool=false, plan=nothing, degree_bound=nothing)
    n = nv(g)
    length(x) == n || throw(invalid_argument("x has $(length(x)) entries; $n are needed"))
    input = Vector{Float32}(x)
    y = Vector{Float32}(undef, n)
    options = run_options(; backend, layout, plan, degree_bound)
    run_algorithm(g, y, context, return_stats, options, plan) do c, p, o, st
        ccall(sym(:gg_run_spmv), Int32, (RUN_ARGS..., Ptr{Float32}, Ptr{Float32}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, input, y, o, st)
    end
end

"All-pairs shortest distances: an n x n Matrix{Float32} with `D[s, t]` the distance from s to t."
function apsp(g::Graph; backend=nothing, layout=nothing, context=nothing, return_stats::Bool=false, plan=nothing,
              degree_bound=nothing)
    n = nv(g)
    # The library writes row-major (row = source): read as column-major, column s is source s.
    buffer = Matrix{Float32}(undef, n, n)
    options = run_options(; backend, layout, plan, degree_bound)
    result = run_algorithm(g, buffer, context, return_stats, options, plan) do c, p, o, st
        ccall(sym(:gg_run_apsp), Int32, (RUN_ARGS..., Ptr{Float32}, UInt64, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, buffer, UInt64(n) * UInt64(n), o, st)
    end
    distances = permutedims(buffer)
    return return_stats ? (distances, result[2]) : distances
end

"""
    matching(g, num_left; backend, layout, context, return_stats, plan) -> (mates, size)

Maximum bipartite matching: vertices 1..num_left are the left side, the others the right
side. Every edge must join the two sides (its direction does not matter, weights are
ignored), else `GgError(:invalid_argument)` names the edge (with the library's 0-based
ids). `mates[v]` is the vertex matched to v, 0 when v is unmatched; `size` is the number
of pairs, as large as any matching of the graph has. Which maximum matching comes back
may differ between backends; its size does not. A plan of more than one part is
`GgError(:unsupported)`. Since ABI 0.5.
"""
function matching(g::Graph, num_left::Integer; backend=nothing, layout=nothing, context=nothing,
                  return_stats::Bool=false, plan=nothing)
    0 <= num_left <= typemax(UInt32) ||
        throw(invalid_argument("num_left is $num_left; it must lie in [0, $(typemax(UInt32))]"))
    raw = Vector{UInt32}(undef, nv(g))
    pairs = Ref{UInt64}(0)
    options = run_options(; backend, layout, plan)
    result = run_algorithm(g, raw, context, return_stats, options, plan) do c, p, o, st
        ccall(sym(:gg_run_matching), Int32,
              (RUN_ARGS..., UInt32, Ptr{UInt32}, Ref{UInt64}, Ref{CRunOptions}, Ref{CRunStats}),
              c, p, num_left, raw, pairs, o, st)
    end
    answer = (mates=[m == typemax(UInt32) ? 0 : Int(m) + 1 for m in raw], size=Int(pairs[]))
    return return_stats ? (answer, result[2]) : answer
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
