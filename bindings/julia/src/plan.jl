# Partitioned runs (ABI 0.3): a graph split into parts, with each part's local
# graph and replica maps, made once and named by any run through `plan=`.

"What a plan holds."
struct PartitionPlanStats
    num_parts::Int
    replication_depth::Int   # the depth built (:auto resolved)
    partitioner::Symbol      # :metis, :random, :block or :given (never :auto: the one it chose)
    empty_parts::Int         # parts that own no vertex
    edge_cut::Int            # undirected pairs {u, v}, u != v, whose ends lie in different parts
    replicas::Int            # replica vertices over all parts
    local_edges::Int         # edges stored over all parts' local graphs (m or more)
    max_part_vertices::Int   # vertices owned by the largest part
    partition_ms::Float64    # time of the partitioner (:auto: of every cut it measured)
    build_ms::Float64        # time to build the replica maps and local graphs
    choice::String           # :auto: how it chose (the cuts it measured, the rule that decided); "" otherwise
end

"One part of a plan."
struct PartInfo
    owned::Int        # vertices the part owns
    replicas::Int     # replicas it holds of other parts' vertices
    local_edges::Int  # edges of its local graph
    neighbours::Int   # other parts it exchanges with
end

"""
    PartitionPlan

A partition of a graph made by `partition_plan(g; ...)`, owned by the C
library. Pass it as `plan=` to any run of the same graph: the run goes part
by part with exchanges of replica values, with the answers of an
unpartitioned run. Immutable; usable by several tasks at once. Release with
`close(plan)` or let the finalizer do it.
"""
mutable struct PartitionPlan
    ptr::Ptr{Cvoid}
    graph::Graph     # the library needs the graph to outlive the plan
    nv::Int
    stats::PartitionPlanStats
    context::Context # the context reads report on unless told otherwise

    function PartitionPlan(ptr::Ptr{Cvoid}, graph::Graph, nv::Int, context::Context)
        raw = initialized(CPartitionPlanStats, :gg_partition_plan_stats_init)
        p = new(ptr, graph, nv)
        p.context = context
        finalizer(destroy!, p)
        call(c -> ccall(sym(:gg_partition_plan_read_stats), Int32, (Ptr{Cvoid}, Ptr{Cvoid}, Ref{CPartitionPlanStats}),
                        c, ptr, raw), context)
        bytes = collect(raw.choice)
        choice = String(bytes[1:something(findfirst(==(0x00), bytes), length(bytes) + 1)-1])
        p.stats = PartitionPlanStats(raw.num_parts, raw.replication_depth, partitioner_name(raw.partitioner),
                                     raw.empty_parts, raw.edge_cut, raw.replicas, raw.local_edges,
                                     raw.max_part_vertices, raw.partition_ms, raw.build_ms, choice)
        return p
    end
end

function destroy!(p::PartitionPlan)
    if p.ptr != C_NULL
        ccall(sym(:gg_partition_plan_destroy), Cvoid, (Ptr{Cvoid},), p.ptr)
        p.ptr = C_NULL
        Threads.atomic_sub!(p.graph.open_plans, 1)
        free_if_unused!(p.graph)
    end
    return nothing
end

Base.close(p::PartitionPlan) = destroy!(p)
Base.isopen(p::PartitionPlan) = p.ptr != C_NULL
stats(p::PartitionPlan) = p.stats
num_parts(p::PartitionPlan) = p.stats.num_parts

function live(p::PartitionPlan)
    p.ptr == C_NULL && throw(invalid_argument("this Gg.PartitionPlan has been closed"))
    return p.ptr
end

Base.show(io::IO, p::PartitionPlan) =
    print(io, isopen(p) ? "Gg.PartitionPlan($(p.stats.num_parts) parts, $(p.stats.partitioner), " *
                          "depth $(p.stats.replication_depth), edge cut $(p.stats.edge_cut))" : "Gg.PartitionPlan(closed)")

"""
    partition_plan(g; parts=nothing, partitioner=:metis, replication_depth=1, seed=nothing,
                   release_graph_edges=false, context=nothing)

Partitions `g` for partitioned runs. `parts` is the number of parts (default
2; with a given vector, its maximum). `partitioner` is `:metis` (default;
needs a library built with METIS), `:random` (a seeded hash of the vertex id),
`:block` (contiguous id ranges of about equal vertices + edges), `:auto`
(block, random or METIS chosen for `g` from the edge cuts the library
measures; `stats(plan).partitioner` names the one chosen and
`stats(plan).choice` says why), or a vector of one part per vertex, 1-based
(`:given`). `replication_depth` is 1 to 8
(1 exchanges after every iteration, k every k iterations) or `:auto` for the
depth the library's cost model picks. The partitioner and the replica maps
are paid for here, once (see `stats(plan)`).

Over a distributed graph (a `Context(mpi=...)`'s, since ABI 0.7) this is
collective: every process makes the same call, the parts are spread over the
processes (part p on process p mod `num_ranks`), and `replication_depth` must
be 1 or `:auto`. Runs over such a plan are collective, and every process
receives the whole answer. There `release_graph_edges=true` (since ABI 0.10)
frees each process's edges as the plan gathers them, so that at its peak a
process holds its parts and not also its share of the graph; the graph then
serves the runs over this plan only, and another `partition_plan` over it
throws `GgError(:invalid_argument)`. Every process must pass the same value.
A graph that is not distributed ignores it.
"""
function partition_plan(g::Graph; parts=nothing, partitioner=:metis, replication_depth=1, seed=nothing,
                        release_graph_edges::Bool=false, context::Union{Nothing,Context}=nothing)
    options = initialized(CPartitionPlanOptions, :gg_partition_plan_options_init)
    given = nothing
    if partitioner isa AbstractVector
        # 1-based parts, as everywhere in this module: part k is the library's part k - 1.
        given = Vector{UInt32}(undef, length(partitioner))
        for (i, p) in enumerate(partitioner)
            (1 <= p <= typemax(UInt32)) ||
                throw(invalid_argument("partitioner[$i] = $p is not a part (parts start at 1 and fit in UInt32)"))
            given[i] = UInt32(p - 1)
        end
        options.partitioner = partitioner_value(:given)
        options.parts_length = length(given)
        parts === nothing && !isempty(given) && (parts = Int(maximum(given)) + 1)
    else
        options.partitioner = partitioner_value(partitioner)
    end
    if parts !== nothing
        (0 <= parts <= typemax(UInt32)) || throw(invalid_argument("parts is $parts; it must fit in UInt32"))
        options.num_parts = UInt32(parts)  # 0: the library says why not
    end
    if replication_depth === :auto || replication_depth == "auto"
        options.replication_depth = 0
    elseif replication_depth isa Integer && 0 <= replication_depth <= typemax(UInt32)
        options.replication_depth = UInt32(replication_depth)
    else
        throw(invalid_argument("replication_depth is $(repr(replication_depth)); expected 1 to 8 or :auto"))
    end
    seed === nothing || (options.seed = UInt64(seed))
    options.release_graph_edges = release_graph_edges ? 1 : 0
    ctx = something(context, g.ctx)
    out = Ref{Ptr{Cvoid}}(C_NULL)
    n = nv(g)
    GC.@preserve given begin
        # A Julia vector's address, kept alive (preserved) during the call.
        given === nothing || (options.parts = pointer(given))
        call(g, ctx) do c, p
            status = ccall(sym(:gg_partition_plan_create), Int32,
                           (Ptr{Cvoid}, Ptr{Cvoid}, Ref{CPartitionPlanOptions}, Ref{Ptr{Cvoid}}), c, p, options, out)
            status == 0 && Threads.atomic_add!(g.open_plans, 1)
            status
        end
    end
    return PartitionPlan(out[], g, n, ctx)
end

"""
    part_info(plan, part; context=nothing) -> PartInfo

Part `part` of the plan (1-based, as every id of this module).
"""
function part_info(p::PartitionPlan, part::Integer; context::Union{Nothing,Context}=nothing)
    (1 <= part <= typemax(UInt32)) || throw(invalid_argument("part is $part; parts start at 1 and fit in UInt32"))
    raw = initialized(CPartInfo, :gg_part_info_init)
    ptr = live(p)
    GC.@preserve p call(c -> ccall(sym(:gg_partition_plan_read_part), Int32,
                                   (Ptr{Cvoid}, Ptr{Cvoid}, UInt32, Ref{CPartInfo}), c, ptr, part - 1, raw),
                        something(context, p.context))
    return PartInfo(raw.owned, raw.replicas, raw.local_edges, raw.neighbours)
end

"Every part of the plan, in order."
part_infos(p::PartitionPlan; context=nothing) = [part_info(p, k; context) for k in 1:p.stats.num_parts]

"The part of every vertex, 1-based."
function parts(p::PartitionPlan; context::Union{Nothing,Context}=nothing)
    out = Vector{UInt32}(undef, p.nv)
    ptr = live(p)
    GC.@preserve p call(c -> ccall(sym(:gg_partition_plan_read_parts), Int32,
                                   (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{UInt32}, UInt64), c, ptr, out, length(out)),
                        something(context, p.context))
    return Int.(out) .+ 1
end
