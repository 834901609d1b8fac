"""Vertex programs (ABI 0.5): sources compiled by the host C compiler, program files,
NumPy structured values, and the library's compile errors."""

import os
import re

import numpy as np
import pytest

import gg

BFS_FILE = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "programs", "bfs.ggp")
PAGERANK_FILE = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "programs", "pagerank.ggp")

# BFS in the CuSha model: each vertex pulls the smallest depth + 1 from its in-edges.
CUSHA_BFS = """\
typedef struct { uint32_t depth; } gg_vertex;

GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {
    v->depth = info->id == g->source ? 0u : UINT32_MAX;
    return info->id == g->source;
}

GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,
                                 const gg_program_globals *g) {
    local->depth = v->depth;
}

GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local, const gg_program_globals *g) {
    if (src->depth != UINT32_MAX && src->depth + 1 < local->depth) local->depth = src->depth + 1;
}

GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,
                                    const gg_program_globals *g) {
    return local->depth < old->depth;
}
"""

# Connected components in the EMV model with the built-in min combiner: every
# vertex starts with its own id and keeps the smallest label it hears of.
EMV_CC = """\
typedef struct { uint32_t label; } gg_vertex;
typedef uint32_t gg_message;

GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {
    v->label = info->id;
    return 1;
}

GG_FUNCTION int gg_send(const gg_vertex *src, const gg_edge *e, gg_message *m, const gg_program_globals *g) {
    *m = src->label;
    return 1;
}

GG_FUNCTION int gg_apply(gg_vertex *v, const gg_message *m, const gg_vertex_info *info, const gg_program_globals *g) {
    if (m == 0 || *m >= v->label) return 0;
    v->label = *m;
    return 1;
}
"""

# SSSP in the CuSha model over the float weights (the edge value when edge_value_size is 0).
CUSHA_SSSP = """\
typedef struct { float distance; } gg_vertex;

GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {
    v->distance = info->id == g->source ? 0.0f : INFINITY;
    return info->id == g->source;
}

GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,
                                 const gg_program_globals *g) {
    *local = *v;
}

GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local, const gg_program_globals *g) {
    float d = src->distance + *e;
    if (d < local->distance) local->distance = d;
}

GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,
                                    const gg_program_globals *g) {
    return local->distance < old->distance;
}
"""

# Every vertex counts its supersteps: x starts at params[0], and a vertex stays
# active while iteration + 1 < params[1]. The C struct has 16 bytes: 4 of
# padding follow `rounds`.
COUNTER = """\
typedef struct { double x; uint32_t rounds; } gg_vertex;

GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {
    v->x = g->params[0];
    v->rounds = 0;
    return 1;
}

GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,
                                 const gg_program_globals *g) {
    *local = *v;
    local->rounds += 1;
}

GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local, const gg_program_globals *g) {
}

GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,
                                    const gg_program_globals *g) {
    return g->iteration + 1 < (uint32_t)g->params[1];
}
"""
# With a halt: stop once the rounds summed over every vertex reach 2 n.
COUNTER_HALT = COUNTER + """
GG_FUNCTION void gg_aggregate(const gg_vertex *old, const gg_vertex *v, const gg_vertex_info *info, double *sums) {
    sums[0] += v->rounds;
}

GG_FUNCTION int gg_halt(const gg_program_globals *g) {
    return g->aggregates[0] >= 2.0 * g->num_vertices;
}
"""
COUNTER_DTYPE = np.dtype([("x", np.float64), ("rounds", np.uint32)], align=True)


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    """Compiled programs go to a fresh cache directory of each test."""
    directory = tmp_path / "gg-cache"
    directory.mkdir()
    monkeypatch.setenv("GG_CACHE_DIR", str(directory))
    return directory


@pytest.fixture(scope="module")
def kron():
    """A directed R-MAT graph with integer weights, and a source that reaches much of it."""
    with gg.Context(backend="cpu") as ctx:
        g = gg.generate("kron", scale=7, degree=6, seed=11, weighted=True, weight_range=(1, 9), symmetrize=False,
                        context=ctx)
        source = int(np.argmax(g.out_degrees()))
        yield g, source
        g.close()


def test_bfs_from_a_source_string_matches_the_built_in_bfs(kron, cache_dir):
    g, source = kron
    with gg.Program(CUSHA_BFS, "cusha", dtype=[("depth", np.uint32)], name="cusha_bfs") as program:
        build = program.prepare("cpu")
        assert build.backend == "cpu" and build.compiled and not build.cache_hit and build.compile_ms > 0
        assert os.listdir(cache_dir), "the compiled program is cached in GG_CACHE_DIR"
        for s in (source, 0, g.n - 1):
            values, stats = program.run(g, source=s, backend="cpu")
            assert values.dtype == np.dtype([("depth", np.uint32)]) and values.shape == (g.n,)
            np.testing.assert_array_equal(values["depth"], g.bfs(s, backend="cpu"))
            assert stats.backend == "cpu" and stats.converged
        depths = g.bfs(source, backend="cpu")
        reached = depths[depths != gg.UNREACHABLE]
        # The supersteps: one per level below the source, and one that updates nothing.
        _, stats = program.run(g, source=source, backend="cpu")
        assert stats.iterations == int(reached.max()) + 1 and reached.max() >= 2
        assert program.prepare("cpu").cache_hit
    # A second program of the same source finds it in the on-disk cache.
    with gg.Program(CUSHA_BFS, "cusha", vertex_value_size=4, name="cusha_bfs") as again:
        build = again.prepare("cpu")
        assert build.cache_hit and not build.compiled


def test_cusha_program_over_cushas_layouts(kron):
    """A CuSha-model program takes layout gshards or cw: the GPU runs it over the shards, the
    CPU over its CSR; either way the built-in's depths, and the stats name the layout that ran."""
    g, source = kron
    backends = ["cpu"] + (["cuda"] if gg.Context().cuda_available()[0] else [])
    with gg.Program(CUSHA_BFS, "cusha", dtype=[("depth", np.uint32)], name="cusha_bfs") as program:
        for backend in backends:
            for layout in ("gshards", "cw"):
                values, stats = program.run(g, source=source, backend=backend, layout=layout)
                np.testing.assert_array_equal(values["depth"], g.bfs(source, backend="cpu"))
                assert stats.layout == (layout if backend == "cuda" else "csr")
        if "cuda" in backends:
            with gg.Program(EMV_CC, "emv", dtype=[("label", np.uint32)], combiner="min",
                            message_type=np.uint32) as cc:
                with pytest.raises(gg.UnsupportedError, match="EMV programs such as"):
                    cc.run(g, backend="cuda", layout="gshards")


def test_emv_components_and_cusha_sssp_match_the_built_ins(kron):
    g, source = kron
    with gg.Program(EMV_CC, "emv", dtype=[("label", np.uint32)], combiner="min", message_type=np.uint32) as cc:
        assert cc.desc.message_size == 4 and cc.desc.message_type == "uint32" and cc.desc.combiner == "min"
        undirected = gg.generate("urand", scale=6, degree=1, seed=4)  # symmetrized: several components
        labels, stats = cc.run(undirected, backend="cpu")
        np.testing.assert_array_equal(labels["label"], undirected.cc(backend="cpu"))
        assert stats.converged
    with gg.Program(CUSHA_SSSP, "cusha", dtype=[("distance", np.float32)]) as sssp:
        distances, _ = sssp.run(g, source=source, backend="cpu")
        np.testing.assert_array_equal(distances["distance"], g.sssp(source, backend="cpu"))


def test_keep_values_starts_from_the_callers_values(kron):
    g, source = kron
    with gg.Program(CUSHA_SSSP, "cusha", dtype=[("distance", np.float32)]) as sssp:
        start = np.full(g.n, np.inf, dtype=sssp.dtype)
        start["distance"][source] = 0
        distances, stats = sssp.run(g, start, keep_values=True, backend="cpu")
        np.testing.assert_array_equal(distances["distance"], g.sssp(source, backend="cpu"))
        assert np.isinf(start["distance"]).sum() == g.n - 1, "the caller's array is left as it was"
        with pytest.raises(gg.InvalidArgumentError, match="keep_values"):
            sssp.run(g, keep_values=True)


def test_params_iteration_cap_aggregates_and_halt():
    g = gg.generate("grid", rows=3, cols=4)
    n = g.n
    with gg.Program(COUNTER, "cusha", dtype=COUNTER_DTYPE, params=[1.5, 5]) as counter:
        assert counter.desc.vertex_value_size == 16 and counter.desc.params[:2] == (1.5, 5.0)
        values, stats = counter.run(g, backend="cpu")
        # Supersteps 0-3 update every vertex; superstep 4 updates none, so the run converges.
        assert (stats.iterations, stats.converged) == (5, True)
        assert (values["x"] == 1.5).all() and (values["rounds"] == 4).all()
        values, stats = counter.run(g, params=[-2.0], max_iterations=3, backend="cpu")
        assert (stats.iterations, stats.converged) == (3, False)
        assert (values["x"] == -2.0).all() and (values["rounds"] == 3).all()
        # The built-in algorithms converge too, and say so.
        assert g.bfs(0, return_stats=True)[1].converged
    with gg.Program(COUNTER_HALT, "cusha", dtype=COUNTER_DTYPE, params=[0, 100], aggregates=1,
                    has_halt=True) as halting:
        values, stats = halting.run(g, backend="cpu")
        # After superstep t the rounds sum to (t + 1) n: the halt stops the run before superstep 2.
        assert (stats.iterations, stats.converged) == (2, True)
        assert (values["rounds"] == 2).all() and n == 12


def test_bfs_program_file(kron):
    g, source = kron
    with gg.Program.load(BFS_FILE, context=gg.Context(backend="cpu")) as bfs:
        d = bfs.desc
        assert (d.model, d.name, d.vertex_value_size, d.combiner, d.message_type, d.output) == \
            ("emv", "bfs", 4, "min", "uint32", "depth")
        assert d.message_size == 4 and "gg_send" in d.source and not d.has_halt
        assert bfs.dtype.names == ("depth",) and bfs.dtype.itemsize == 4
        values, stats = bfs.run(g, source=source, backend="cpu")
        np.testing.assert_array_equal(values["depth"], g.bfs(source, backend="cpu"))
        assert stats.converged and stats.iterations >= 2
        # The values may be read as any dtype of the same size.
        plain, _ = bfs.run(g, source=source, backend="cpu", dtype=np.uint32)
        np.testing.assert_array_equal(plain, values["depth"])


def test_pagerank_program_file_sums_in_any_order(kron):
    g, _ = kron
    with gg.Program.load(PAGERANK_FILE, context=gg.Context(backend="cpu")) as pagerank:
        d = pagerank.desc
        assert (d.model, d.combiner, d.message_type, d.message_size, d.has_halt) == \
            ("emv", "unordered_sum", "double", 8, True)
        values, stats = pagerank.run(g, backend="cpu", dtype=[("rank", np.float64), ("out_degree", np.uint32),
                                                              ("unused", np.uint32)])
        # The CPU adds in in-edge order, as the built-in does.
        np.testing.assert_allclose(values["rank"], g.pagerank(backend="cpu"), rtol=0, atol=1e-12)
        assert stats.converged


def test_program_file_errors(tmp_path):
    broken = tmp_path / "broken.ggp"
    broken.write_text("//! model: emv\n//! vertex: 4\n//! combiner: smallest uint32\ntypedef int gg_vertex;\n")
    with pytest.raises(gg.ParseError) as info:
        gg.Program.load(broken)
    assert "broken.ggp:3:" in info.value.message and "combiner" in info.value.message
    with pytest.raises(gg.InputOutputError):
        gg.Program.load(tmp_path / "missing.ggp")


def test_syntax_error_is_the_librarys_parse_error_with_a_line_number(kron):
    g, _ = kron
    lines = CUSHA_BFS.splitlines()
    wrong = next(i for i, line in enumerate(lines) if "local->depth = v->depth;" in line)
    lines[wrong] = lines[wrong].replace(";", "")  # line wrong + 1 lacks its semicolon
    source = "\n".join(lines) + "\n"
    with gg.Program(source, "cusha", vertex_value_size=4, name="broken_bfs") as program:
        for attempt in (lambda: program.prepare("cpu"), lambda: program.run(g, source=0, backend="cpu")):
            with pytest.raises(gg.ParseError) as info:
                attempt()
            message = info.value.message
            assert "does not compile" in message, message
            # The compiler's log names the program and the line, counted from the source's first line.
            found = [int(m) for m in re.findall(r"broken_bfs:(\d+):\d+: error", message)]
            assert found and found[0] in (wrong + 1, wrong + 2), message


def test_sizes_and_dtypes_are_checked(kron):
    g, _ = kron
    with pytest.raises(gg.InvalidArgumentError, match="vertex_value_size is 0"):
        gg.Program(CUSHA_BFS, "cusha", vertex_value_size=0)
    with pytest.raises(gg.InvalidArgumentError, match="model is 'pregel'"):
        gg.Program(CUSHA_BFS, "pregel", vertex_value_size=4)
    with pytest.raises(gg.InvalidArgumentError, match="vertex_value_size"):
        gg.Program(CUSHA_BFS, "cusha")
    packed = np.dtype([("x", np.float64), ("rounds", np.uint32)])
    with pytest.raises(gg.InvalidArgumentError, match="12 bytes per item.*16.*align=True"):
        gg.Program(COUNTER, "cusha", vertex_value_size=16, dtype=packed)
    with gg.Program(COUNTER, "cusha", vertex_value_size=16, params=[1, 2]) as counter:
        # No dtype of its own and no output: one field of raw bytes.
        assert counter.dtype == np.dtype([("bytes", np.uint8, (16,))])
        values, _ = counter.run(g, backend="cpu")
        assert (values.view(COUNTER_DTYPE)["x"] == 1).all()
        with pytest.raises(gg.InvalidArgumentError, match="12 bytes per item"):
            counter.run(g, dtype=packed)
        with pytest.raises(gg.InvalidArgumentError, match="values' dtype"):
            counter.run(g, np.zeros(g.n, np.float64))
        with pytest.raises(gg.InvalidArgumentError, match="values has 3 entries"):
            counter.run(g, np.zeros(3, COUNTER_DTYPE))
        with pytest.raises(gg.InvalidArgumentError, match="params has 9 entries"):
            counter.run(g, params=range(9))
        with pytest.raises(gg.InvalidArgumentError, match="source"):
            counter.run(g, source=g.n, backend="cpu")
    # A mismatch between the stated size and the source's struct is the compiler's to find.
    with gg.Program(CUSHA_BFS, "cusha", vertex_value_size=8, name="sized") as wrong_size:
        with pytest.raises(gg.ParseError, match="gg_error_vertex_value_size_is_not_sizeof_gg_vertex"):
            wrong_size.prepare("cpu")
    program = gg.Program(CUSHA_BFS, "cusha", vertex_value_size=4)
    program.close()
    assert program.closed
    with pytest.raises(gg.InvalidArgumentError, match="closed"):
        program.run(g)
