# Graph: an immutable graph owned by the C library.

"""
    Graph

An immutable directed graph (an undirected one stores both directions), built
by `from_edges`, `from_csr`, `from_sparse`, `load_graph` or `generate_graph`.
It may be used by several tasks at once. Release with `close(g)`, or let the
finalizer do it; do not close it while another task is running on it. The
library needs a graph to outlive its partition plans: a graph closed while
plans of it are open is freed when the last of them is closed.
"""
mutable struct Graph
    ptr::Ptr{Cvoid}
    ctx::Context  # the context it was made with, used when a call names none
    open_plans::Threads.Atomic{Int}
    closed::Threads.Atomic{Bool}
    freed::Threads.Atomic{Bool}

    function Graph(ptr::Ptr{Cvoid}, ctx::Context)
        g = new(ptr, ctx, Threads.Atomic{Int}(0), Threads.Atomic{Bool}(false), Threads.Atomic{Bool}(false))
        finalizer(destroy!, g)
        return g
    end
end

# Frees the C graph once it is closed and no plan needs it (exactly once, whichever of
# close(g) and the last close(plan) comes last; finalizers run in no set order).
function free_if_unused!(g::Graph)
    if g.closed[] && g.open_plans[] == 0 && !Threads.atomic_xchg!(g.freed, true)
        ptr = g.ptr
        g.ptr = C_NULL
        ptr == C_NULL || ccall(sym(:gg_graph_destroy), Cvoid, (Ptr{Cvoid},), ptr)
    end
    return nothing
end

function destroy!(g::Graph)
    g.closed[] = true
    free_if_unused!(g)
end

Base.close(g::Graph) = destroy!(g)
Base.isopen(g::Graph) = g.ptr != C_NULL && !g.closed[]

function live(g::Graph)
    isopen(g) || throw(invalid_argument("this Gg.Graph has been closed"))
    return g.ptr
end

"Runs `f(ctx_ptr, graph_ptr)` under the context's lock (default: the graph's context)."
function call(f, g::Graph, ctx::Union{Nothing,Context})
    graph_ptr = live(g)
    GC.@preserve g call(c -> f(c, graph_ptr), something(ctx, g.ctx))
end

function graph_options(directed::Bool, duplicates, drop_self_loops::Bool, max_edges, max_vertices=nothing)
    options = initialized(CGraphOptions, :gg_graph_options_init)
    options.undirected = directed ? 0 : 1
    options.duplicates = enum_value(DUPLICATES, duplicates, "duplicates")
    options.drop_self_loops = drop_self_loops ? 1 : 0
    max_edges === nothing || (options.max_edges = UInt64(max_edges))
    max_vertices === nothing || (options.max_vertices = UInt64(max_vertices))
    return options
end

"1-based Julia vertex ids to the library's 0-based UInt32 ids, checked."
function zero_based(ids::AbstractVector{<:Integer}, what::AbstractString)
    out = Vector{UInt32}(undef, length(ids))
    for (i, id) in enumerate(ids)
        (1 <= id <= typemax(UInt32)) ||
            throw(invalid_argument("$what[$i] = $id is not a vertex id (ids start at 1 and fit in UInt32)"))
        out[i] = UInt32(id - 1)
    end
    return out
end

function vertex_id(v::Integer, what::AbstractString="source")
    (1 <= v <= typemax(UInt32)) || throw(invalid_argument("$what is $v; vertex ids start at 1 and fit in UInt32"))
    return UInt32(v - 1)
end

function created(ctx::Context, f)
    out = Ref{Ptr{Cvoid}}(C_NULL)
    call(c -> f(c, out), ctx)
    return Graph(out[], ctx)
end

"""
    from_edges(src, dst, weights=nothing; nv=maximum id, directed=true, duplicates=:min,
               drop_self_loops=false, max_edges=nothing, context=nothing)

A graph whose edge i goes from `src[i]` to `dst[i]` (1-based ids), with
`weights[i]` (else every weight is 1). `duplicates` is `:min`, `:max`, `:sum`,
`:first` or `:all` (keep a multigraph). `directed=false` stores both directions.

In a distributed context (`Context(mpi=...)`, since ABI 0.7) this is collective:
the arrays are this process's share of the edges, the graph is the union of
every process's share, and `nv` must be given, the same on every process.
"""
function from_edges(src::AbstractVector{<:Integer}, dst::AbstractVector{<:Integer},
                    weights::Union{Nothing,AbstractVector{<:Real}}=nothing;
                    nv::Union{Nothing,Integer}=nothing, directed::Bool=true, duplicates=:min,
                    drop_self_loops::Bool=false, max_edges=nothing, context::Union{Nothing,Context}=nothing)
    length(dst) == length(src) || throw(invalid_argument("dst has $(length(dst)) entries; $(length(src)) are needed"))
    ctx = something(context, default_context())
    nv === nothing && ctx.distributed &&
        throw(invalid_argument("nv must be given in a distributed context: each process passes only its share of " *
                               "the edges, so the largest id it sees is not the graph's"))
    s, d = zero_based(src, "src"), zero_based(dst, "dst")
    w = weights === nothing ? nothing : Vector{Float32}(weights)
    w === nothing || length(w) == length(s) ||
        throw(invalid_argument("weights has $(length(w)) entries; $(length(s)) are needed"))
    n = nv === nothing ? (isempty(s) ? 0 : Int(max(maximum(s), maximum(d))) + 1) : Int(nv)
    (0 <= n <= typemax(UInt32)) || throw(invalid_argument("nv is $n; it must fit in UInt32"))
    options = graph_options(directed, duplicates, drop_self_loops, max_edges)
    created(ctx, (c, out) -> ccall(sym(:gg_graph_create), Int32,
        (Ptr{Cvoid}, UInt32, UInt64, Ptr{UInt32}, Ptr{UInt32}, Ptr{Float32}, Ref{CGraphOptions}, Ref{Ptr{Cvoid}}),
        c, n, length(s), s, d, w === nothing ? C_NULL : w, options, out))
end

"""
    from_csr(offsets, indices, weights=nothing; directed=true, ..., context=nothing)

A graph from 1-based CSR arrays (as SparseArrays' colptr/rowval): the
out-neighbours of v are `indices[offsets[v]:offsets[v+1]-1]`; `offsets[1] == 1`.
"""
function from_csr(offsets::AbstractVector{<:Integer}, indices::AbstractVector{<:Integer},
                  weights::Union{Nothing,AbstractVector{<:Real}}=nothing;
                  directed::Bool=true, duplicates=:min, drop_self_loops::Bool=false, max_edges=nothing,
                  context::Union{Nothing,Context}=nothing)
    isempty(offsets) && throw(invalid_argument("offsets needs n + 1 entries (at least one)"))
    all(o -> o >= 1, offsets) || throw(invalid_argument("offsets are 1-based: every entry must be at least 1"))
    o = UInt64.(offsets) .- 1
    o[end] == length(indices) ||
        throw(invalid_argument("offsets[end] - 1 is $(o[end]) but indices has $(length(indices)) entries"))
    i = zero_based(indices, "indices")
    w = weights === nothing ? nothing : Vector{Float32}(weights)
    w === nothing || length(w) == length(i) ||
        throw(invalid_argument("weights has $(length(w)) entries; $(length(i)) are needed"))
    n = length(o) - 1
    n <= typemax(UInt32) || throw(invalid_argument("$n vertices do not fit in UInt32"))
    options = graph_options(directed, duplicates, drop_self_loops, max_edges)
    ctx = something(context, default_context())
    created(ctx, (c, out) -> ccall(sym(:gg_graph_create_csr), Int32,
        (Ptr{Cvoid}, UInt32, Ptr{UInt64}, Ptr{UInt32}, Ptr{Float32}, Ref{CGraphOptions}, Ref{Ptr{Cvoid}}),
        c, n, o, i, w === nothing ? C_NULL : w, options, out))
end

"""
    from_sparse(A::SparseMatrixCSC; directed=true, weighted=true, context=nothing)

A graph from a square sparse adjacency matrix: entry `A[u, v]` is the edge
u -> v with its value as weight (stored zeros are edges of weight 0).
"""
function from_sparse(A::SparseMatrixCSC; directed::Bool=true, weighted::Bool=true, duplicates=:min,
                     context::Union{Nothing,Context}=nothing)
    size(A, 1) == size(A, 2) || throw(invalid_argument("the matrix must be square, not $(size(A, 1))x$(size(A, 2))"))
    rows, cols, values = findnz(A)
    from_edges(rows, cols, weighted ? values : nothing; nv=size(A, 1), directed=directed, duplicates=duplicates,
               context=context)
end

"""
    load_graph(path; format=:auto, directed=true, duplicates=:min, drop_self_loops=false,
               max_edges=nothing, max_vertices=nothing, context=nothing)

Loads .mtx, .el/.txt, .wel, .gr or .ggb (`format=:auto` detects it). A
malformed file throws `GgError(:parse)` whose message names the file and line.
`max_edges` (default 2^36) caps the edges of any input. `max_vertices` caps the
vertex count of a text file (declared, or its largest id + 1); the default
(`nothing` or 0) is max(2^24, 64 x the file's edges), and a file above it throws
`GgError(:too_large)`. Raise it for graphs of mostly isolated vertices
(`typemax(UInt64)`: any). .ggb files are not subject to it.

In a distributed context (since ABI 0.7) this is collective and each process
reads its share of a .ggb file's edges, or its byte range of a text file's lines.
"""
function load_graph(path::AbstractString; format=:auto, directed::Bool=true, duplicates=:min,
                    drop_self_loops::Bool=false, max_edges=nothing, max_vertices=nothing,
                    context::Union{Nothing,Context}=nothing)
    options = graph_options(directed, duplicates, drop_self_loops, max_edges, max_vertices)
    f = enum_value(FORMATS, format, "format")
    ctx = something(context, default_context())
    created(ctx, (c, out) -> ccall(sym(:gg_graph_load), Int32,
        (Ptr{Cvoid}, Cstring, Int32, Ref{CGraphOptions}, Ref{Ptr{Cvoid}}), c, path, f, options, out))
end

"""
    generate_graph(kind; scale, degree, rows, cols, seed, weighted, weight_range, symmetrize, rmat, context)

Generates a graph deterministically: `kind` is `:kron`, `:urand` or `:grid`.
Keywords left as `nothing` keep the library's defaults. In a distributed context
(since ABI 0.7) this is collective: each process generates its range of the same
graph's edges.
"""
function generate_graph(kind; scale=nothing, degree=nothing, rows=nothing, cols=nothing, seed=nothing,
                        weighted=nothing, weight_range=nothing, symmetrize=nothing, rmat=nothing,
                        context::Union{Nothing,Context}=nothing)
    options = initialized(CGeneratorOptions, :gg_generator_options_init)
    options.kind = enum_value(GENERATORS, kind, "kind")
    scale === nothing || (options.scale = UInt32(scale))
    degree === nothing || (options.degree = UInt32(degree))
    rows === nothing || (options.rows = UInt32(rows))
    cols === nothing || (options.cols = UInt32(cols))
    seed === nothing || (options.seed = UInt64(seed))
    weighted === nothing || (options.weighted = weighted ? 1 : 0)
    if weight_range !== nothing
        options.weight_min, options.weight_max = UInt32(first(weight_range)), UInt32(last(weight_range))
    end
    symmetrize === nothing || (options.symmetrize = symmetrize ? 1 : 0)
    if rmat !== nothing
        options.rmat_a, options.rmat_b, options.rmat_c = Float64.(rmat)
    end
    ctx = something(context, default_context())
    created(ctx, (c, out) -> ccall(sym(:gg_graph_generate), Int32,
        (Ptr{Cvoid}, Ref{CGeneratorOptions}, Ref{Ptr{Cvoid}}), c, options, out))
end

"Writes the graph; `format=:auto` picks the format from the extension."
function save_graph(g::Graph, path::AbstractString; format=:auto, context::Union{Nothing,Context}=nothing)
    f = enum_value(FORMATS, format, "format")
    call(g, context) do c, p
        ccall(sym(:gg_graph_save), Int32, (Ptr{Cvoid}, Ptr{Cvoid}, Cstring, Int32), c, p, path, f)
    end
end

"The format `load_graph` would pick for `path`, or `nothing` when the extension is unknown."
function format_from_path(path::AbstractString)
    name = enum_name(FORMATS, ccall(sym(:gg_format_from_path), Int32, (Cstring,), path))
    return name === :auto ? nothing : name
end

"Number of vertices."
nv(g::Graph) = Int(ccall(sym(:gg_graph_num_vertices), UInt32, (Ptr{Cvoid},), live(g)))
"Number of stored directed edges (an undirected edge counts twice, a self-loop once)."
ne(g::Graph) = Int(ccall(sym(:gg_graph_num_edges), UInt64, (Ptr{Cvoid},), live(g)))
is_directed(g::Graph) = ccall(sym(:gg_graph_is_undirected), Int32, (Ptr{Cvoid},), live(g)) == 0
is_weighted(g::Graph) = ccall(sym(:gg_graph_is_weighted), Int32, (Ptr{Cvoid},), live(g)) != 0

function Base.show(io::IO, g::Graph)
    if !isopen(g)
        print(io, "Gg.Graph(closed)")
    else
        print(io, "Gg.Graph(nv=", nv(g), ", ne=", ne(g), is_directed(g) ? ", directed" : ", undirected",
              is_weighted(g) ? ", weighted)" : ", unweighted)")
    end
end

function degrees(g::Graph, name::Symbol, context)
    out = Vector{UInt32}(undef, nv(g))
    call(g, context) do c, p
        ccall(sym(name), Int32, (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{UInt32}), c, p, out)
    end
    return Int.(out)
end

outdegrees(g::Graph; context=nothing) = degrees(g, :gg_graph_out_degrees, context)

"""
    release_device_memory(g; context=nothing) -> Int

Frees the device layouts cached for `g` (every GPU) and the context's engine
states for it; returns the bytes dropped. Later runs rebuild what they need.
"""
function release_device_memory(g::Graph; context=nothing)
    released = Ref{UInt64}(0)
    call(g, context) do c, p
        ccall(sym(:gg_graph_release_device_memory), Int32, (Ptr{Cvoid}, Ptr{Cvoid}, Ref{UInt64}), c, p, released)
    end
    return Int(released[])
end
indegrees(g::Graph; context=nothing) = degrees(g, :gg_graph_in_degrees, context)

"""
    csr(g; context=nothing) -> (offsets, indices, weights)

The out-edges as 1-based CSR arrays: the out-neighbours of v are
`indices[offsets[v]:offsets[v+1]-1]`, sorted.
"""
function csr(g::Graph; context=nothing)
    n, m = nv(g), ne(g)
    offsets, indices, weights = Vector{UInt64}(undef, n + 1), Vector{UInt32}(undef, m), Vector{Float32}(undef, m)
    call(g, context) do c, p
        # Each array goes with its length: the library refuses to write past it.
        ccall(sym(:gg_graph_read_csr), Int32,
              (Ptr{Cvoid}, Ptr{Cvoid}, Ptr{UInt64}, UInt64, Ptr{UInt32}, UInt64, Ptr{Float32}, UInt64),
              c, p, offsets, length(offsets), indices, length(indices), weights, length(weights))
    end
    return Int.(offsets) .+ 1, Int.(indices) .+ 1, weights
end

"""
    adjacency_matrix(g; context=nothing) -> SparseMatrixCSC{Float32,Int}

`A[u, v]` is the weight of u -> v. Parallel edges of a multigraph are merged keeping the minimum.
"""
function adjacency_matrix(g::Graph; context=nothing)
    offsets, indices, weights = csr(g; context=context)
    sources = Vector{Int}(undef, length(indices))
    for v in 1:nv(g), k in offsets[v]:offsets[v+1]-1
        sources[k] = v
    end
    return sparse(sources, indices, weights, nv(g), nv(g), min)
end
