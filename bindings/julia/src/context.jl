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
    Context(; backend=:auto, device_id=nothing, devices=nothing, num_threads=nothing, log=nothing, log_level=:warn)
    Context(f; kwargs...)

A gg context. `backend` is `:auto` (the GPU when usable, else the CPU), `:cpu`
or `:cuda`. `devices` lists the CUDA devices of the context in order (distinct
ids >= 0, the first serving single-GPU runs), or is `:all` for every device
visible now; `nothing` means `[device_id]`. `log(level::Symbol, message::String)` receives the library's
messages of `log_level` and above; it must not call gg with the same context.
Release with `close(ctx)` (a finalizer does it otherwise), or use the
do-block form, which closes the context when `f(ctx)` returns.
"""
mutable struct Context
    ptr::Ptr{Cvoid}
    lock::ReentrantLock
    log::Union{Nothing,LogHolder}

    function Context(; backend=:auto, device_id=nothing, devices=nothing, num_threads=nothing, log=nothing,
                     log_level=:warn)
        options = initialized(CContextOptions, :gg_context_options_init)
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
        holder = log === nothing ? nothing : LogHolder(log)
        if holder !== nothing
            options.log_fn = LOG_TRAMPOLINE[]
            options.log_user_data = pointer_from_objref(holder)
        end
        out = Ref{Ptr{Cvoid}}(C_NULL)
        status = GC.@preserve device_list begin
            isempty(device_list) || (options.devices = pointer(device_list))
            ccall(sym(:gg_context_create), Int32, (Ref{CContextOptions}, Ref{Ptr{Cvoid}}), options, out)
        end
        if status != 0
            # No context exists to hold a message, so the binding writes one.
            throw(GgError(status, "gg_context_create refused backend=$backend device_id=$device_id devices=$devices " *
                                  "num_threads=$num_threads log_level=$log_level"))
        end
        ctx = new(out[], ReentrantLock(), holder)
        finalizer(destroy!, ctx)
        return ctx
    end
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

Base.show(io::IO, ctx::Context) =
    print(io, isopen(ctx) ? "Gg.Context($(num_threads(ctx)) CPU threads)" : "Gg.Context(closed)")

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
