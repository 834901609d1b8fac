//! Distributed contexts (ABI 0.7) in this one process: a `Mpi::World` context
//! of one rank is a real distributed context (gg initialises MPI itself), whose
//! graphs are distributed graphs and whose runs go through the distributed plan.
//! Its answers must be a plain context's. Skipped, saying why, when the library
//! was built without MPI.
//!
//! MPI is initialised once per process, so everything that needs it runs in one
//! test, in order; the others need no MPI.

mod common;

use gg::{
    Backend, Context, ContextOptions, Format, GeneratorOptions, Graph, GraphOptions, Mpi, PartitionPlanOptions,
    Partitioner, RunOptions, Status,
};

fn plain() -> Context {
    Context::with_options(&ContextOptions::new().backend(Backend::Cpu)).expect("context")
}

fn build(ctx: &Context, e: &common::Edges) -> Graph {
    Graph::from_edges(ctx, e.n, &e.src, &e.dst, Some(&e.weights), &GraphOptions::default()).expect("graph")
}

#[test]
fn a_plain_context_is_rank_0_of_1() {
    let ctx = plain();
    assert_eq!((ctx.rank(), ctx.num_ranks()), (0, 1));
    let none = Context::with_options(&ContextOptions::new().backend(Backend::Cpu).mpi(Mpi::None)).unwrap();
    assert_eq!(none.num_ranks(), 1);
}

#[test]
fn the_distributed_status_has_its_name() {
    assert_eq!(Status::Distributed.code(), -9);
    assert_eq!(Status::Distributed.to_string(), "distributed run failed");
}

#[test]
fn a_negative_timeout_is_refused_with_the_librarys_message() {
    let error = Context::with_options(&ContextOptions::new().mpi(Mpi::World).mpi_timeout_s(-1.0)).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("mpi_timeout_s"), "{error}");
}

/// Every run a distributed plan serves, over `g` with `options`, as f64 vectors.
fn answers(ctx: &Context, g: &Graph, options: &RunOptions) -> Vec<(&'static str, Vec<f64>)> {
    let n = g.num_vertices() as usize;
    let (mut depths, mut labels) = (vec![0u32; n], vec![0u32; n]);
    let (mut distances, mut widths, mut y) = (vec![0f32; n], vec![0f32; n], vec![0f32; n]);
    let (mut ranks, mut centrality) = (vec![0f64; n], vec![0f64; n]);
    let x: Vec<f32> = (0..n).map(|i| (i % 7) as f32 - 2.5).collect();
    g.bfs_into(ctx, 3, &mut depths, None, options).expect("bfs");
    g.sssp_into(ctx, 3, &mut distances, options).expect("sssp");
    g.sswp_into(ctx, 3, &mut widths, options).expect("sswp");
    g.cc_into(ctx, &mut labels, options).expect("cc");
    g.pagerank_into(ctx, &mut ranks, options).expect("pagerank");
    g.bc_into(ctx, Some(&[0, 3, 7]), &mut centrality, options).expect("bc");
    g.spmv_into(ctx, &x, &mut y, options).expect("spmv");
    let wide = |v: Vec<f32>| v.into_iter().map(f64::from).collect::<Vec<f64>>();
    let count = |v: Vec<u32>| v.into_iter().map(f64::from).collect::<Vec<f64>>();
    vec![
        ("bfs", count(depths)),
        ("sssp", wide(distances)),
        ("sswp", wide(widths)),
        ("cc", count(labels)),
        ("pagerank", ranks),
        ("bc", centrality),
        ("spmv", wide(y)),
    ]
}

fn assert_same(got: &[(&str, Vec<f64>)], expected: &[(&str, Vec<f64>)]) {
    for ((name, a), (_, b)) in got.iter().zip(expected) {
        assert_eq!(a.len(), b.len(), "{name}");
        for (v, (x, y)) in a.iter().zip(b).enumerate() {
            let close = x == y || (x - y).abs() <= 1e-6 * y.abs().max(1e-3);
            assert!(close, "{name}[{v}]: distributed {x}, plain {y}");
        }
    }
}

#[test]
fn a_world_context_of_one_process_answers_as_a_plain_one() {
    let world = match Context::with_options(&ContextOptions::new().backend(Backend::Cpu).mpi(Mpi::World).mpi_timeout_s(120.0)) {
        Ok(ctx) => ctx,
        Err(e) if e.status() == Status::Unsupported => {
            println!("SKIPPED: gg was built without MPI: {e}");
            return;
        }
        Err(e) => panic!("world context: {e}"),
    };
    let alone = plain();
    assert_eq!((world.rank(), world.num_ranks()), (0, 1));

    // A graph from arrays: this process's share is every edge.
    let e = common::random_edges(40, 120, 5);
    let g = build(&world, &e);
    let whole = build(&alone, &e);
    assert_eq!(
        (g.num_vertices(), g.num_edges(), g.is_directed(), g.is_weighted()),
        (whole.num_vertices(), whole.num_edges(), whole.is_directed(), whole.is_weighted())
    );
    for partitioner in [Partitioner::Block, Partitioner::Random] {
        let plan = g.partition_plan(&world, &PartitionPlanOptions::new().num_parts(2).partitioner(partitioner)).unwrap();
        assert_eq!((plan.num_parts(), plan.stats().replication_depth), (2, 1));
        let owned: u32 = plan.parts_info(&world).unwrap().iter().map(|p| p.owned).sum();
        assert_eq!(owned, 40);
        let got = answers(&world, &g, &RunOptions::new().partition_plan(&plan));
        assert_same(&got, &answers(&alone, &whole, &RunOptions::new()));
        let mut depths = vec![0u32; 40];
        let stats = g.bfs_into(&world, 3, &mut depths, None, &RunOptions::new().partition_plan(&plan)).unwrap();
        assert_eq!((stats.num_parts, stats.part_compute_ms.len()), (2, 2));
    }

    // Runs need the plan; the graph's arrays are nowhere whole.
    let error = g.bfs(&world, 0).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("partition plan"), "{error}");
    for error in [
        g.csr(&world).map(|_| ()).unwrap_err(),
        g.out_degrees(&world).map(|_| ()).unwrap_err(),
        g.apsp(&world).map(|_| ()).unwrap_err(),
        g.partition(&world, 2, &gg::PartitionOptions::default()).map(|_| ()).unwrap_err(),
    ] {
        assert_eq!(error.status(), Status::Unsupported, "{error}");
        assert!(error.message().contains("distributed"), "{error}");
    }
    // Replicas two hops deep are built over a distributed graph too.
    let deep = g.partition_plan(&world, &PartitionPlanOptions::new().num_parts(2).replication_depth(2)).unwrap();
    assert_eq!(deep.stats().replication_depth, 2);
    let csr = Graph::from_csr(&world, &[0, 1, 1], &[1], None, &GraphOptions::default()).map(|_| ());
    assert_eq!(csr.unwrap_err().status(), Status::Unsupported);

    // Generated: each process its range of the same graph.
    let options = GeneratorOptions::kron(7, 6).seed(11).weights(1, 9);
    let g = Graph::generate(&world, &options).unwrap();
    let whole = Graph::generate(&alone, &options).unwrap();
    assert_eq!((g.num_vertices(), g.num_edges()), (whole.num_vertices(), whole.num_edges()));
    let plan = g.partition_plan(&world, &PartitionPlanOptions::new().num_parts(2).partitioner(Partitioner::Block)).unwrap();
    let mut got = vec![0f64; 128];
    g.pagerank_into(&world, &mut got, &RunOptions::new().partition_plan(&plan)).unwrap();
    assert_same(&[("pagerank", got)], &[("pagerank", whole.pagerank(&alone).unwrap())]);

    // A .ggb file, read as shares; then a text file, read by byte ranges.
    let dir = std::env::temp_dir().join(format!("gg-rust-distributed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("graph.ggb");
    whole.save(&alone, &path, Format::Ggb).unwrap();
    let loaded = Graph::load(&world, &path, Format::Auto, &GraphOptions::default()).unwrap();
    assert_eq!(loaded.num_edges(), whole.num_edges());
    let plan = loaded.partition_plan(&world, &PartitionPlanOptions::new().num_parts(2).partitioner(Partitioner::Block)).unwrap();
    let mut labels = vec![0u32; 128];
    loaded.cc_into(&world, &mut labels, &RunOptions::new().partition_plan(&plan)).unwrap();
    assert_eq!(labels, whole.cc(&alone).unwrap());
    let text = dir.join("graph.el");
    std::fs::write(&text, "0 1\n1 2\n").unwrap();
    // A text file: each process parses its byte range of the lines.
    let text_graph = Graph::load(&world, &text, Format::Auto, &GraphOptions::default()).unwrap();
    assert_eq!((text_graph.num_vertices(), text_graph.num_edges()), (3, 2));
    drop(plan);
    std::fs::remove_dir_all(&dir).ok();

    a_plan_that_releases_the_edges(&world, &alone);
}

/// BFS from 3 and CC over `plan`, as the answers of `g` unpartitioned in `ctx`.
fn bfs_and_cc(ctx: &Context, g: &Graph, options: &RunOptions) -> (Vec<u32>, Vec<u32>) {
    let n = g.num_vertices() as usize;
    let (mut depths, mut labels) = (vec![0u32; n], vec![0u32; n]);
    g.bfs_into(ctx, 3, &mut depths, None, options).expect("bfs");
    g.cc_into(ctx, &mut labels, options).expect("cc");
    (depths, labels)
}

/// ABI 0.10: a plan that releases the graph's edges as it gathers them answers as a plain
/// context, and the graph makes no other plan.
fn a_plan_that_releases_the_edges(world: &Context, alone: &Context) {
    let e = common::random_edges(40, 120, 19);
    let g = build(world, &e);
    let whole = build(alone, &e);
    let releasing = PartitionPlanOptions::new()
        .num_parts(2)
        .partitioner(Partitioner::Random)
        .replication_depth(1)
        .release_graph_edges(true);
    let plan = g.partition_plan(world, &releasing).expect("a plan that releases the edges");
    assert_eq!((plan.num_parts(), plan.stats().replication_depth), (2, 1));
    let expected = bfs_and_cc(alone, &whole, &RunOptions::new());
    assert_eq!(bfs_and_cc(world, &g, &RunOptions::new().partition_plan(&plan)), expected);
    let error = g
        .partition_plan(world, &PartitionPlanOptions::new().num_parts(2).partitioner(Partitioner::Random))
        .map(|_| ())
        .expect_err("a second plan over a graph whose edges were released");
    assert_eq!(error.status(), Status::InvalidArgument, "{error}");
    assert!(error.message().contains("released") && error.message().contains("edges"), "{error}");
    // The refusal leaves the first plan serving its runs.
    assert_eq!(bfs_and_cc(world, &g, &RunOptions::new().partition_plan(&plan)), expected);
}

#[test]
fn a_plain_graph_ignores_release_graph_edges() {
    let ctx = plain();
    let g = build(&ctx, &common::random_edges(40, 120, 19));
    let expected = bfs_and_cc(&ctx, &g, &RunOptions::new());
    let releasing = PartitionPlanOptions::new().num_parts(2).partitioner(Partitioner::Random).release_graph_edges(true);
    for _ in 0..2 {
        // The edges stay: a second plan is made as the first.
        let plan = g.partition_plan(&ctx, &releasing).expect("plan over a plain graph");
        assert_eq!(bfs_and_cc(&ctx, &g, &RunOptions::new().partition_plan(&plan)), expected);
    }
}
