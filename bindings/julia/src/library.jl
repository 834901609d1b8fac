# Finding libgg and resolving its symbols once, at module initialisation.

"The gg.h version this binding was written against."
const ABI_MAJOR = 0
const ABI_MINOR = 10

const LIBRARY_HANDLE = Ref{Ptr{Cvoid}}(C_NULL)
const LIBRARY_PATH = Ref{String}("")
const SYMBOLS = Dict{Symbol,Ptr{Cvoid}}()

const SYMBOL_NAMES = (
    :gg_version, :gg_version_string, :gg_status_string,
    :gg_backend_name, :gg_backend_from_name,
    :gg_context_options_init, :gg_context_create, :gg_context_destroy, :gg_context_last_error,
    :gg_context_copy_last_error, :gg_context_last_status, :gg_context_clear_error,
    :gg_context_cuda_available, :gg_context_num_threads, :gg_context_get_devices,
    :gg_graph_options_init, :gg_graph_create, :gg_graph_create_csr, :gg_graph_load, :gg_graph_save,
    :gg_format_from_path, :gg_generator_options_init, :gg_graph_generate, :gg_graph_destroy,
    :gg_graph_num_vertices, :gg_graph_num_edges, :gg_graph_is_undirected, :gg_graph_is_weighted,
    :gg_graph_out_degrees, :gg_graph_release_device_memory, :gg_graph_in_degrees, :gg_graph_read_csr, :gg_graph_read_csc,
    :gg_layout_name, :gg_layout_from_name, :gg_layout_info_init, :gg_layout_measure,
    :gg_run_options_init, :gg_run_stats_init, :gg_run_bfs, :gg_run_sssp, :gg_run_sswp, :gg_run_cc,
    :gg_run_pagerank, :gg_run_bc, :gg_run_spmv, :gg_run_apsp, :gg_run_matching,
    :gg_partition_options_init, :gg_partition,
    :gg_partition_plan_options_init, :gg_partition_plan_stats_init, :gg_part_info_init, :gg_partition_plan_create,
    :gg_partition_plan_destroy, :gg_partition_plan_read_stats, :gg_partition_plan_read_part,
    :gg_partition_plan_read_parts, :gg_partitioner_name, :gg_partitioner_from_name,
    :gg_shard_options_init, :gg_shard_stats_init, :gg_shard, :gg_shards_destroy, :gg_shards_read_stats,
    :gg_shards_read_shards, :gg_shards_read_windows, :gg_shards_read_cw,
    :gg_program_desc_init, :gg_program_run_options_init, :gg_program_build_stats_init, :gg_program_create,
    :gg_program_load, :gg_program_destroy, :gg_program_get_desc, :gg_program_prepare, :gg_run_program,
)

function pkg_config_libdir()
    exe = Sys.which("pkg-config")
    exe === nothing && return nothing
    try
        dir = strip(read(pipeline(`$exe --variable=libdir gg`; stderr=devnull), String))
        return isempty(dir) ? nothing : String(dir)
    catch
        return nothing
    end
end

function library_candidates()
    explicit = get(ENV, "GG_LIBRARY", "")
    # An explicit choice must not silently fall back to another library.
    isempty(explicit) || return [explicit]
    names = ["libgg.so.$(ABI_MAJOR)", "libgg.so"]
    candidates = String[]
    libdir = pkg_config_libdir()
    libdir === nothing || append!(candidates, joinpath.(libdir, names))
    append!(candidates, names)
    for prefix in ("/usr/local", "/usr"), sub in ("lib", "lib64", "lib/x86_64-linux-gnu")
        append!(candidates, joinpath.(prefix, sub, names))
    end
    return candidates
end

function open_library!()
    tried = String[]
    for candidate in library_candidates()
        handle = Libdl.dlopen(candidate; throw_error=false)
        if handle === nothing || handle == C_NULL
            push!(tried, candidate)
            continue
        end
        LIBRARY_HANDLE[] = handle
        LIBRARY_PATH[] = candidate
        empty!(SYMBOLS)
        for name in SYMBOL_NAMES
            pointer = Libdl.dlsym(handle, name; throw_error=false)
            (pointer === nothing || pointer == C_NULL) && error("Gg: $candidate lacks the symbol $name")
            SYMBOLS[name] = pointer
        end
        check_version()
        return nothing
    end
    error("Gg: cannot load the gg shared library. Set ENV[\"GG_LIBRARY\"] to the path of libgg.so, " *
          "or make `pkg-config --variable=libdir gg` find it. Tried: " * join(tried, ", "))
end

"The address of a gg function (resolved in `__init__`)."
@inline sym(name::Symbol) = SYMBOLS[name]

function check_version()
    number = ccall(sym(:gg_version), UInt32, ())
    major, minor = div(number, 10000), div(number, 100) % 100
    if major != ABI_MAJOR || minor < ABI_MINOR
        error("Gg: the loaded library is $(version()), but this binding needs ABI $(ABI_MAJOR).$(ABI_MINOR) " *
              "(or a newer minor of major $(ABI_MAJOR))")
    end
end

"The version of the loaded C library, \"MAJOR.MINOR.PATCH\"."
version() = unsafe_string(ccall(sym(:gg_version_string), Cstring, ()))

"The path the C library was loaded from."
library_path() = LIBRARY_PATH[]
