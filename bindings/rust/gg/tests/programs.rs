//! Vertex programs (ABI 0.5): sources compiled by the host C compiler, program files, typed and
//! byte values, and the library's compile errors.

mod common;

use std::path::PathBuf;
use std::sync::Once;

use gg::{
    Backend, Combiner, Context, ContextOptions, GeneratorOptions, Graph, GraphOptions, Layout, Program, ProgramDesc,
    ProgramModel, ProgramRunOptions, ScalarType, Status, VertexValue,
};

/// BFS in the CuSha model: each vertex pulls the smallest depth + 1 from its in-edges.
const CUSHA_BFS: &str = "\
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
";

/// Each vertex counts its supersteps while iteration + 1 < params[1]; x starts at params[0].
const COUNTER: &str = "\
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
";

#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
struct Depth {
    depth: u32,
}
// SAFETY: plain data; every bit pattern is a valid Depth.
unsafe impl VertexValue for Depth {}

/// The source's `struct { double x; uint32_t rounds; }`, its C padding spelled out.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
struct Counter {
    x: f64,
    rounds: u32,
    padding: u32,
}
// SAFETY: plain data; every bit pattern is a valid Counter.
unsafe impl VertexValue for Counter {}

static CACHE: Once = Once::new();

/// A CPU context, with compiled programs cached in a directory of this test run.
fn cpu() -> Context {
    CACHE.call_once(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gg-program-cache");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("cache directory");
        std::env::set_var("GG_CACHE_DIR", &dir);
    });
    Context::with_options(&ContextOptions::new().backend(Backend::Cpu)).expect("context")
}

fn cache_dir() -> PathBuf {
    PathBuf::from(std::env::var_os("GG_CACHE_DIR").expect("GG_CACHE_DIR is set"))
}

fn bfs_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples/programs/bfs.ggp")
}

fn pagerank_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples/programs/pagerank.ggp")
}

fn random_graph(ctx: &Context) -> (common::Edges, Graph) {
    let e = common::random_edges(80, 240, 9);
    let g = Graph::from_edges(ctx, e.n, &e.src, &e.dst, Some(&e.weights), &GraphOptions::default()).expect("graph");
    (e, g)
}

#[test]
fn bfs_from_a_source_string_matches_the_built_in_bfs() {
    let ctx = cpu();
    let (e, g) = random_graph(&ctx);
    // A comment of its own makes this source's cache entry this test's.
    let source = format!("// {}\n{CUSHA_BFS}", module_path!());
    let program = Program::create(&ctx, &ProgramDesc::new(ProgramModel::CuSha, 4, source.clone()).name("cusha_bfs"))
        .expect("create");
    let build = program.prepare(&ctx, Backend::Cpu).expect("prepare");
    assert_eq!(build.backend, Backend::Cpu);
    assert!(build.compiled && !build.cache_hit && build.compile_ms > 0.0, "{build:?}");
    assert!(std::fs::read_dir(cache_dir()).unwrap().next().is_some(), "GG_CACHE_DIR holds the compiled program");
    for s in [0, 17, 79] {
        let (values, stats) =
            program.run::<Depth>(&ctx, &g, &ProgramRunOptions::new().source(s)).expect("run");
        let depths: Vec<u32> = values.iter().map(|v| v.depth).collect();
        assert_eq!(depths, g.bfs(&ctx, s).unwrap(), "source {s}");
        assert_eq!(depths, common::bfs(&e, s), "source {s}");
        assert!(stats.converged && stats.backend == Backend::Cpu);
        let deepest = depths.iter().filter(|&&d| d != gg::UNREACHABLE).max().copied().unwrap();
        assert_eq!(stats.iterations, deepest + 1, "one superstep per level and one that updates nothing");
    }
    // Plain u32 values and raw bytes hold the same.
    let (plain, _) = program.run::<u32>(&ctx, &g, &ProgramRunOptions::new().source(17)).unwrap();
    let mut bytes = vec![0u32; g.num_vertices() as usize];
    let byte_view = unsafe { std::slice::from_raw_parts_mut(bytes.as_mut_ptr() as *mut u8, bytes.len() * 4) };
    program.run_bytes(&ctx, &g, byte_view, &ProgramRunOptions::new().source(17)).unwrap();
    assert_eq!(plain, bytes);
    assert_eq!(plain, common::bfs(&e, 17));
    // The same source and name in a second program come from the on-disk cache.
    let again = Program::create(&ctx, &ProgramDesc::new(ProgramModel::CuSha, 4, source).name("cusha_bfs")).unwrap();
    let build = again.prepare(&ctx, Backend::Cpu).unwrap();
    assert!(build.cache_hit && !build.compiled, "{build:?}");
}

#[test]
fn pagerank_program_file_sums_in_any_order() {
    let ctx = cpu();
    let (_, g) = random_graph(&ctx);
    let program = Program::load(&ctx, pagerank_file()).expect("load examples/programs/pagerank.ggp");
    let desc = program.desc();
    assert_eq!((desc.model, desc.vertex_value_size), (ProgramModel::Emv, 16));
    assert_eq!((desc.combiner, desc.message_type, desc.message_size), (Combiner::UnorderedSum, ScalarType::Double, 8));
    // The value is { double rank; uint32_t out_degree; uint32_t unused; }, Counter's layout.
    let (values, stats) = program.run::<Counter>(&ctx, &g, &ProgramRunOptions::new()).unwrap();
    let want = g.pagerank(&ctx).unwrap();
    // The CPU adds in in-edge order, as the built-in does.
    for (v, (got, want)) in values.iter().zip(want.iter()).enumerate() {
        assert!((got.x - want).abs() <= 1e-12, "vertex {v}: {} against {want}", got.x);
    }
    assert!(stats.converged);
}

#[test]
fn bfs_program_file() {
    let ctx = cpu();
    let (e, g) = random_graph(&ctx);
    let program = Program::load(&ctx, bfs_file()).expect("load examples/programs/bfs.ggp");
    let desc = program.desc();
    assert_eq!((desc.model, desc.name.as_deref(), desc.vertex_value_size), (ProgramModel::Emv, Some("bfs"), 4));
    assert_eq!((desc.combiner, desc.message_type, desc.message_size), (Combiner::Min, ScalarType::UInt32, 4));
    assert_eq!(desc.output, "depth");
    assert!(desc.source.contains("gg_send") && !desc.has_halt);
    let (values, stats) = program.run::<Depth>(&ctx, &g, &ProgramRunOptions::new().source(3)).unwrap();
    assert_eq!(values.iter().map(|v| v.depth).collect::<Vec<_>>(), g.bfs(&ctx, 3).unwrap());
    assert_eq!(values.iter().map(|v| v.depth).collect::<Vec<_>>(), common::bfs(&e, 3));
    assert!(stats.converged && stats.iterations >= 2);

    let missing = Program::load(&ctx, PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such.ggp")).unwrap_err();
    assert_eq!(missing.status(), Status::Io);
    let broken = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("broken-model.ggp");
    std::fs::write(&broken, "//! model: pregel\n//! vertex: 4\n").unwrap();
    let error = Program::load(&ctx, &broken).unwrap_err();
    assert_eq!(error.status(), Status::Parse);
    assert!(error.message().contains("broken-model.ggp:1:") && error.message().contains("pregel"), "{error}");
}

/// A CuSha-model program file asked to run over CuSha's layouts: the CPU accepts them, runs its
/// CSR and says so; the hop counts are BFS's.
#[test]
fn cusha_program_file_over_cushas_layouts() {
    let ctx = cpu();
    let (e, g) = random_graph(&ctx);
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples/programs/bfs_cusha.ggp");
    let program = Program::load(&ctx, file).expect("load examples/programs/bfs_cusha.ggp");
    assert_eq!((program.desc().model, program.desc().name.as_deref()), (ProgramModel::CuSha, Some("bfs_cusha")));
    for layout in [Layout::GShards, Layout::ConcatenatedWindows] {
        let options = ProgramRunOptions::new().source(3).layout(layout);
        let (values, stats) = program.run::<Depth>(&ctx, &g, &options).unwrap();
        assert_eq!(values.iter().map(|v| v.depth).collect::<Vec<_>>(), common::bfs(&e, 3), "{layout:?}");
        assert_eq!(stats.layout, Layout::Csr, "{layout:?}");
        assert!(stats.converged);
    }
}

#[test]
fn syntax_error_is_the_librarys_parse_error_with_a_line_number() {
    let ctx = cpu();
    let (_, g) = random_graph(&ctx);
    let mut lines: Vec<String> = CUSHA_BFS.lines().map(String::from).collect();
    let wrong = lines.iter().position(|l| l.contains("local->depth = v->depth;")).unwrap();
    lines[wrong] = lines[wrong].replace(';', ""); // line wrong + 1 lacks its semicolon
    let program = Program::create(&ctx, &ProgramDesc::new(ProgramModel::CuSha, 4, lines.join("\n")).name("broken_bfs"))
        .expect("nothing is compiled at creation");
    let errors = [
        program.prepare(&ctx, Backend::Cpu).unwrap_err(),
        program.run::<Depth>(&ctx, &g, &ProgramRunOptions::new().source(0)).unwrap_err(),
    ];
    for error in errors {
        assert_eq!(error.status(), Status::Parse, "{error}");
        let message = error.message();
        assert!(message.contains("does not compile"), "{message}");
        // The compiler's log names the program and the line, counted from the source's first line.
        let line: u32 = message
            .split("broken_bfs:")
            .skip(1)
            .find_map(|rest| {
                let mut fields = rest.splitn(3, ':');
                let line = fields.next()?.parse().ok()?;
                let _column: u32 = fields.next()?.parse().ok()?;
                fields.next()?.trim_start().starts_with("error").then(|| line)
            })
            .unwrap_or_else(|| panic!("no broken_bfs:LINE:COLUMN: error in {message}"));
        assert!(line == wrong as u32 + 1 || line == wrong as u32 + 2, "line {line} in {message}");
    }
}

#[test]
fn params_cap_keep_values_and_sizes() {
    let ctx = cpu();
    let g = Graph::generate(&ctx, &GeneratorOptions::grid(3, 4)).unwrap();
    let n = g.num_vertices() as usize;
    let program =
        Program::create(&ctx, &ProgramDesc::new(ProgramModel::CuSha, 16, COUNTER).params(&[1.5, 5.0])).unwrap();
    assert_eq!(program.desc().params[..3], [1.5, 5.0, 0.0]);
    let (values, stats) = program.run::<Counter>(&ctx, &g, &ProgramRunOptions::new()).unwrap();
    // Supersteps 0-3 update every vertex, superstep 4 none: the run converges after 5.
    assert_eq!((stats.iterations, stats.converged), (5, true));
    assert!(values.iter().all(|v| v.x == 1.5 && v.rounds == 4), "{values:?}");
    let options = ProgramRunOptions::new().params(&[-2.0]).max_iterations(3).backend(Backend::Cpu);
    let (values, stats) = program.run::<Counter>(&ctx, &g, &options).unwrap();
    assert_eq!((stats.iterations, stats.converged), (3, false));
    assert!(values.iter().all(|v| v.x == -2.0 && v.rounds == 3), "{values:?}");
    // keep_values: init is skipped, the caller's values are the first ones.
    let mut start = vec![Counter { x: 7.0, rounds: 10, padding: 0 }; n];
    let stats = program.run_into(&ctx, &g, &mut start, &ProgramRunOptions::new().keep_values(true)).unwrap();
    assert!(stats.converged);
    assert!(start.iter().all(|v| v.x == 7.0 && v.rounds == 14), "{start:?}");

    let error = program.run::<Depth>(&ctx, &g, &ProgramRunOptions::new()).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("has 4 bytes, but the program's vertex_value_size is 16"), "{error}");
    let mut short = vec![Counter { x: 0.0, rounds: 0, padding: 0 }; n - 1];
    let error = program.run_into(&ctx, &g, &mut short, &ProgramRunOptions::new()).unwrap_err();
    assert_eq!(error.message(), format!("values has {} entries; {n} are needed", n - 1));
    let error = program.run::<Counter>(&ctx, &g, &ProgramRunOptions::new().params(&[0.0; 9])).unwrap_err();
    assert_eq!(error.message(), "params has 9 entries; at most 8");
    let error = program.run::<Counter>(&ctx, &g, &ProgramRunOptions::new().source(n as u32)).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("source"), "{error}");
    let mut bytes = vec![0u64; 2 * n + 1];
    let view = unsafe { std::slice::from_raw_parts_mut((bytes.as_mut_ptr() as *mut u8).add(4), 16 * n) };
    let error = program.run_bytes(&ctx, &g, view, &ProgramRunOptions::new()).unwrap_err();
    assert!(error.message().contains("not aligned to 8 bytes"), "{error}");

    let error = Program::create(&ctx, &ProgramDesc::new(ProgramModel::CuSha, 0, COUNTER)).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("vertex_value_size"), "{error}");
    let desc = ProgramDesc::new(ProgramModel::Emv, 4, CUSHA_BFS).combiner(Combiner::Min, ScalarType::None);
    let error = Program::create(&ctx, &desc).unwrap_err();
    assert!(error.message().contains("message_type"), "{error}");
    // A stated size that is not the source's is the compiler's to find.
    let wrong = Program::create(&ctx, &ProgramDesc::new(ProgramModel::CuSha, 8, CUSHA_BFS)).unwrap();
    let error = wrong.prepare(&ctx, Backend::Cpu).unwrap_err();
    assert_eq!(error.status(), Status::Parse);
    assert!(error.message().contains("gg_error_vertex_value_size_is_not_sizeof_gg_vertex"), "{error}");
}

#[test]
fn one_program_serves_several_threads() {
    let ctx = cpu();
    let (e, g) = random_graph(&ctx);
    let program = Program::create(&ctx, &ProgramDesc::new(ProgramModel::CuSha, 4, CUSHA_BFS)).unwrap();
    std::thread::scope(|scope| {
        for s in 0..4u32 {
            let (program, g, e) = (&program, &g, &e);
            scope.spawn(move || {
                let ctx = cpu();
                let (values, _) = program.run::<u32>(&ctx, g, &ProgramRunOptions::new().source(s * 11)).unwrap();
                assert_eq!(values, common::bfs(e, s * 11));
            });
        }
    });
}
