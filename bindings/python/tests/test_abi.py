"""The ctypes mirror of gg.h agrees with the library it loaded."""

import ctypes

import pytest

import gg
from gg import _abi


@pytest.mark.parametrize(
    "struct, init",
    [
        (_abi.gg_context_options, "gg_context_options_init"),
        (_abi.gg_graph_options, "gg_graph_options_init"),
        (_abi.gg_generator_options, "gg_generator_options_init"),
        (_abi.gg_run_options, "gg_run_options_init"),
        (_abi.gg_run_stats, "gg_run_stats_init"),
        (_abi.gg_partition_options, "gg_partition_options_init"),
        (_abi.gg_shard_options, "gg_shard_options_init"),
        (_abi.gg_shard_stats, "gg_shard_stats_init"),
        (_abi.gg_layout_info, "gg_layout_info_init"),
        (_abi.gg_program_desc, "gg_program_desc_init"),
        (_abi.gg_program_run_options, "gg_program_run_options_init"),
        (_abi.gg_program_build_stats, "gg_program_build_stats_init"),
    ],
)
def test_struct_size_matches_the_library(struct, init):
    value = _abi.initialized(struct, init)
    assert value.struct_size == ctypes.sizeof(struct), "%s: C says %d bytes, ctypes %d" % (
        struct.__name__, value.struct_size, ctypes.sizeof(struct))


def test_documented_defaults_land_in_the_right_fields():
    run = _abi.initialized(_abi.gg_run_options, "gg_run_options_init")
    assert (run.backend, run.layout, run.max_iterations) == (0, 0, 100)
    assert run.tolerance == pytest.approx(1e-6) and run.damping == pytest.approx(0.85) and run.delta == 0
    assert not run.partition_plan and run.degree_bound == 0
    gen = _abi.initialized(_abi.gg_generator_options, "gg_generator_options_init")
    assert (gen.kind, gen.scale, gen.degree, gen.rows, gen.cols, gen.seed) == (0, 10, 16, 32, 32, 27491095)
    assert (gen.weighted, gen.weight_min, gen.weight_max, gen.symmetrize) == (0, 1, 255, 1)
    assert (gen.rmat_a, gen.rmat_b, gen.rmat_c) == pytest.approx((0.57, 0.19, 0.19))
    ctx = _abi.initialized(_abi.gg_context_options, "gg_context_options_init")
    assert (ctx.backend, ctx.device_id, ctx.num_threads, ctx.log_level) == (0, -1, 0, 2)
    part = _abi.initialized(_abi.gg_partition_options, "gg_partition_options_init")
    assert (part.seed, part.ufactor) == (1, 0)
    stats = _abi.initialized(_abi.gg_run_stats, "gg_run_stats_init")
    assert stats.device_id == -1 and stats.fallback_reason == b"" and stats.converged == 0
    desc = _abi.initialized(_abi.gg_program_desc, "gg_program_desc_init")
    assert (desc.model, desc.vertex_value_size, desc.combiner, desc.message_type, desc.has_halt) == (0, 0, 0, 0, 0)
    assert desc.name is None and desc.source is None and not desc.functions and desc.output == b""
    program_run = _abi.initialized(_abi.gg_program_run_options, "gg_program_run_options_init")
    assert (program_run.source, program_run.max_iterations, program_run.keep_values, program_run.num_params) == \
        (0xFFFFFFFF, 0, 0, 0)
    info = _abi.initialized(_abi.gg_layout_info, "gg_layout_info_init")
    assert (info.layout, info.degree_bound, info.bytes, info.nodes, info.build_ms) == (0, 0, 0, 0, 0.0)


def test_status_names_match_the_library():
    for status, name in _abi.STATUS_NAMES.items():
        assert _abi.lib.gg_status_string(status).decode() == name


def test_version_is_the_one_the_binding_was_written_for():
    major, minor, _ = (int(x) for x in gg.library_version.split("."))
    assert major == gg.ABI_MAJOR and minor >= gg.ABI_MINOR
    assert _abi.lib.gg_version() == major * 10000 + minor * 100 + int(gg.library_version.split(".")[2])


def test_format_from_path():
    assert gg.format_from_path("a/b/graph.mtx") == "mtx"
    assert gg.format_from_path("roads.gr") == "dimacs"
    assert gg.format_from_path("x.wel") == "wel"
    assert gg.format_from_path("x.unknown") is None
