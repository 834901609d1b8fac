"""
    Gg

Julia binding of gg, graph analytics on NVIDIA GPUs with a CPU fallback,
calling libgg through `ccall`.

Vertices are numbered from 1, as everywhere in Julia: every id given to or
returned by this module (sources, edge endpoints, component labels, BFS
parents, partition parts) is the C library's 0-based id plus one.

```julia
using Gg
g = Gg.load_graph("road.gr")
d = Gg.sssp(g, 1)          # Vector{Float32}, Inf where unreachable
```

The library is located through `ENV["GG_LIBRARY"]` (path of libgg.so), then
`pkg-config --variable=libdir gg`, then the dynamic loader (`libgg.so.0`).
"""
module Gg

using Libdl
using SparseArrays

include("library.jl")
include("abi.jl")
include("errors.jl")
include("context.jl")
include("graph.jl")
include("plan.jl")
include("algorithms.jl")
include("shards.jl")
include("program.jl")

export GgError

function __init__()
    open_library!()
    init_log_trampoline!()
end

end # module
