# Context: backend choice, threads, logging, and the last-error slot.
#
# The C library keeps the message of the last failure on the context (not per
# OS thread), so tasks that migrate between threads still read it. Tasks that
# share a context could read each other's message, so each call holds the
# context's lock from the C call until its message is copied. Calls on one
# context thus run one at a time: tasks that want parallel runs take one
# Context each (graphs may be shared; they are immutable).

"Holds a log function at a fixed address while the C context may call it."
mutable struct LogHolder
    f::Any
end

const LOG_TRAMPOLINE = Ref{Ptr{Cvoid}}(C_NULL)

function log_trampoline(user_data::Ptr{Cvoid}, level::Int32, message::Cstring)::Cvoid
    try
        holder = unsafe_pointer_to_objref(user_data)::LogHolder
        holder.f(enum_name(LOG_LEVELS, level), unsafe_string(message))
    catch
        # An exception must not unwind into the C library.
    end
    return nothing
end

init_log_trampoline!() = (LOG_TRAMPOLINE[] = @cfunction(log_trampoline, Cvoid, (Ptr{Cvoid}, Int32, Cstring)))

"""
    Context(; backend=:auto, device_id=nothing, devices=nothing, num_threads=nothing, log=nothing, log_level=:warn,
            mpi=nothing, mpi_timeout_s=nothing)
    Context(f; kwargs...)

A gg context. `backend` is `:auto` (the GPU when usable, else the CPU), `:cpu`
or `:cuda`. `devices` lists the CUDA devices of the context in order (distinct
ids >= 0, the first serving single-GPU runs), or is `:all` for every device
visible now; `nothing` means `[device_id]`. `log(level::Symbol, message::String)` receives the library's
messages of `log_level` and above; it must not call gg with the same context.
Release with `close(ctx)` (a finalizer does it otherwise), or use the
do-block form, which closes the context when `f(ctx)` returns.

`mpi` (since ABI 0.7, docs/distributed.md) runs the context distributed over
MPI processes: `nothing` (default) runs this process alone; `:world` every
process of MPI_COMM_WORLD (gg calls MPI_Init_thread, and MPI_Finalize at exit,
when MPI is not initialised yet); an integer is a communicator's Fortran
handle, which MPI must already be initialised for: with MPI.jl,
`mpi=MPI.API.MPI_Comm_c2f(comm)`. Creating a distributed context is collective
over its processes; a library built without MPI throws `GgError(:unsupported)`.
`mpi_timeout_s` is the longest wait for the other processes in a collective step
before a call throws `GgError(:distributed)`; `nothing` or 0 means 600.

In a distributed context `from_edges` takes this process's share of the edges
(the graph is their union; `nv` is required, the same on every process),
`load_graph` reads this process's share of a .ggb file, or its byte range of a
text file's lines, and `generate_graph` generates this process's range of
edges. Such a graph answers `nv`, `ne`, `is_directed` and `is_weighted`;
`partition_plan` over it is collective (any replication depth; `:auto` builds 1) and
spreads the parts over the processes (part p on process p mod `num_ranks`);
`bfs`, `sssp`, `sswp`, `cc`, `pagerank`, `bc` and `spmv` with `plan=` are
collective, and every process receives the whole answer. A run without the plan
throws `GgError(:invalid_argument)`; `csr`, degrees, `save_graph`, `apsp`,
`matching` and programs throw `GgError(:unsupported)`. Every process makes the
same calls in the same order.
"""
mutable struct Context
    ptr::Ptr{Cvoid}
    lock::ReentrantLock
    log::Union{Nothing,LogHolder}
    distributed::Bool  # made with an mpi mode (since 0.7)

    function Context(; backend=:auto, device_id=nothing, devices=nothing, num_threads=nothing, log=nothing,
                     log_level=:warn, mpi=nothing, mpi_timeout_s=nothing)
        options = initialized(CContextOptions, :gg_context_options_init)
        options.mpi, options.mpi_comm = mpi_value(mpi)
        if mpi_timeout_s !== nothing
            (mpi_timeout_s isa Real && !(mpi_timeout_s isa Bool) && mpi_timeout_s >= 0) ||
                throw(invalid_argument("mpi_timeout_s is $(repr(mpi_timeout_s)); it must be a number of seconds >= 0"))
            options.mpi_timeout_s = Float64(mpi_timeout_s)
        end
        options.backend = backend_value(backend)
        device_id === nothing || (options.device_id = Int32(device_id))
        device_list = Int32[]  # preserved below until gg_context_create has copied it
        if devices === :all
            options.all_devices = 1
        elseif devices !== nothing
            device_list = Int32.(collect(devices))
            options.num_devices = length(device_list)
        end
        num_threads === nothing || (options.num_threads = Int32(num_threads))
        options.log_level = enum_value(LOG_LEVELS, log_level, "log_level")
        # A distributed context's refusal (no MPI in this build, a bad communicator, a process
        # that did not answer) is said only to the log function: catch it for the error.
        refusal = Ref{Union{Nothing,String}}(nothing)
        creating = Ref(true)
        if options.mpi != MPI_NONE
            user_log = log
            user_log === nothing && (options.log_level = LOG_LEVELS[:error])
            log = function (level, message)
                creating[] && level === :error && (refusal[] = message)
                user_log === nothing || user_log(level, message)
            end
        end
        holder = log === nothing ? nothing : LogHolder(log)
        if holder !== nothing
            options.log_fn = LOG_TRAMPOLINE[]
            options.log_user_data = pointer_from_objref(holder)
        end
        out = Ref{Ptr{Cvoid}}(C_NULL)
        status = GC.@preserve device_list holder begin
            isempty(device_list) || (options.devices = pointer(device_list))
            ccall(sym(:gg_context_create), Int32, (Ref{CContextOptions}, Ref{Ptr{Cvoid}}), options, out)
        end
        creating[] = false
        status != 0 && refusal[] !== nothing && throw(GgError(status, refusal[]))
        if status != 0
            # No context exists to hold a message, so the binding writes one.
            throw(GgError(status, "gg_context_create refused backend=$backend device_id=$device_id devices=$devices " *
                                  "num_threads=$num_threads log_level=$log_level mpi=$mpi"))
        end
        ctx = new(out[], ReentrantLock(), holder, options.mpi != MPI_NONE)
        finalizer(destroy!, ctx)
        return ctx
    end
end

"`(gg_mpi_mode, mpi_comm)` for the Context's `mpi` keyword."
function mpi_value(mpi)
    mpi === nothing && return MPI_NONE, Int64(0)
    mpi === :none && return MPI_NONE, Int64(0)
    mpi === :world && return MPI_WORLD, Int64(0)
    if mpi isa Integer && !(mpi isa Bool)
        (typemin(Int64) <= mpi <= typemax(Int64)) || throw(invalid_argument("mpi handle $mpi does not fit in Int64"))
        return MPI_COMM, Int64(mpi)
    end
    throw(invalid_argument("mpi is $(repr(mpi)); expected nothing, :world, or a communicator's Fortran handle " *
                           "(MPI.API.MPI_Comm_c2f(comm))"))
end

function Context(f::Function; kwargs...)
    ctx = Context(; kwargs...)
    try
        return f(ctx)
    finally
        close(ctx)
    end
end

function destroy!(ctx::Context)
    if ctx.ptr != C_NULL
        ccall(sym(:gg_context_destroy), Cvoid, (Ptr{Cvoid},), ctx.ptr)
        ctx.ptr = C_NULL
    end
    return nothing
end

"Destroys the context now. Graphs made with it stay usable."
Base.close(ctx::Context) = lock(() -> destroy!(ctx), ctx.lock)

Base.isopen(ctx::Context) = ctx.ptr != C_NULL

function Base.show(io::IO, ctx::Context)
    if !isopen(ctx)
        print(io, "Gg.Context(closed)")
    elseif ctx.distributed
        print(io, "Gg.Context($(num_threads(ctx)) CPU threads, rank $(rank(ctx)) of $(num_ranks(ctx)))")
    else
        print(io, "Gg.Context($(num_threads(ctx)) CPU threads)")
    end
end

const DEFAULT_CONTEXT = Ref{Union{Nothing,Context}}(nothing)
const DEFAULT_CONTEXT_LOCK = ReentrantLock()

"The context used when a call names none (created on first use, backend `:auto`)."
function default_context()
    lock(DEFAULT_CONTEXT_LOCK) do
        current = DEFAULT_CONTEXT[]
        if current === nothing || !isopen(current)
            DEFAULT_CONTEXT[] = Context()
        end
        return DEFAULT_CONTEXT[]::Context
    end
end

"""
    call(f, ctx)

Calls `f(ptr)` (a ccall returning a gg_status) with the live context pointer
under the context's lock; throws a GgError carrying this call's message.
"""
function call(f, ctx::Context)
    lock(ctx.lock) do
        ctx.ptr == C_NULL && throw(invalid_argument("this Gg.Context has been closed"))
        status = GC.@preserve ctx f(ctx.ptr)
        status == 0 || throw(GgError(status, copy_last_error(ctx.ptr)))
        return nothing
    end
end

function copy_last_error(ptr::Ptr{Cvoid})
    size = ccall(sym(:gg_context_copy_last_error), Csize_t, (Ptr{Cvoid}, Ptr{UInt8}, Csize_t), ptr, C_NULL, 0)
    buffer = Vector{UInt8}(undef, size + 1)
    ccall(sym(:gg_context_copy_last_error), Csize_t, (Ptr{Cvoid}, Ptr{UInt8}, Csize_t), ptr, buffer, length(buffer))
    return String(buffer[1:size])
end

"CPU threads the CPU backend uses."
function num_threads(ctx::Context)
    lock(ctx.lock) do
        ctx.ptr == C_NULL && throw(invalid_argument("this Gg.Context has been closed"))
        return Int(ccall(sym(:gg_context_num_threads), Int32, (Ptr{Cvoid},), ctx.ptr))
    end
end

"This process's rank in a distributed context (`mpi=`), from 0; 0 in one that is not distributed. Since ABI 0.7."
function rank(ctx::Context)
    lock(ctx.lock) do
        ctx.ptr == C_NULL && throw(invalid_argument("this Gg.Context has been closed"))
        return Int(ccall(sym(:gg_context_rank), Int32, (Ptr{Cvoid},), ctx.ptr))
    end
end

"The number of processes of a distributed context (`mpi=`); 1 in one that is not distributed. Since ABI 0.7."
function num_ranks(ctx::Context)
    lock(ctx.lock) do
        ctx.ptr == C_NULL && throw(invalid_argument("this Gg.Context has been closed"))
        return Int(ccall(sym(:gg_context_num_ranks), Int32, (Ptr{Cvoid},), ctx.ptr))
    end
end

"Whether the context was made with an `mpi` mode (runs distributed over MPI processes). Since ABI 0.7."
is_distributed(ctx::Context) = ctx.distributed

"The CUDA device ids of the context, in order (the first serves single-GPU runs)."
function devices(ctx::Context)
    count = Ref{UInt32}(0)
    call(p -> ccall(sym(:gg_context_get_devices), Int32, (Ptr{Cvoid}, Ptr{Int32}, UInt32, Ref{UInt32}),
                    p, C_NULL, 0, count), ctx)
    ids = Vector{Int32}(undef, count[])
    call(p -> ccall(sym(:gg_context_get_devices), Int32, (Ptr{Cvoid}, Ptr{Int32}, UInt32, Ref{UInt32}),
                    p, ids, length(ids), count), ctx)
    return Int.(ids[1:count[]])
end

"`(true, \"\")` when a GPU is usable, else `(false, reason)`."
function cuda_available(ctx::Context)
    buffer = zeros(UInt8, 512)
    usable = lock(ctx.lock) do
        ctx.ptr == C_NULL && throw(invalid_argument("this Gg.Context has been closed"))
        ccall(sym(:gg_context_cuda_available), Int32, (Ptr{Cvoid}, Ptr{UInt8}, Csize_t), ctx.ptr, buffer, length(buffer))
    end
    reason = String(buffer[1:something(findfirst(==(0x00), buffer), length(buffer) + 1)-1])
    return usable != 0, reason
end
