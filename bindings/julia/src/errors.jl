# GgError: a failed call, with its status and the library's message.

const STATUS_SYMBOLS = Dict{Int32,Symbol}(
    -1 => :invalid_argument, -2 => :parse, -3 => :out_of_memory, -4 => :device,
    -5 => :unsupported, -6 => :io, -7 => :too_large, -8 => :internal,
    -9 => :distributed,  # since 0.7
)

"""
    GgError(status, code, message)

A failed gg call. `status` is a Symbol (`:invalid_argument`, `:parse`,
`:out_of_memory`, `:device`, `:unsupported`, `:io`, `:too_large`,
`:internal`, and since ABI 0.7 `:distributed`: another process of a
distributed context failed, died or did not answer within the context's
`mpi_timeout_s`, or MPI failed), `code` the C `gg_status` value, `message`
what was wrong.
"""
struct GgError <: Exception
    status::Symbol
    code::Int32
    message::String
end

GgError(code::Integer, message::AbstractString) =
    GgError(get(STATUS_SYMBOLS, Int32(code), :unknown), Int32(code), String(message))

status_string(code::Integer) = unsafe_string(ccall(sym(:gg_status_string), Cstring, (Int32,), code))

Base.showerror(io::IO, e::GgError) = print(io, "GgError(", e.status, "): ", e.message)

invalid_argument(message::AbstractString) = GgError(:invalid_argument, Int32(-1), String(message))
