//! Partitioned runs (ABI 0.3): a plan's runs equal unpartitioned ones, plan
//! statistics counted by hand, and bad plans refused with the library's message.

mod common;

use gg::{
    Backend, Context, ContextOptions, Graph, GraphOptions, PartInfo, PartitionPlanOptions, Partitioner, RunOptions,
    Status,
};

fn cpu() -> Context {
    Context::with_options(&ContextOptions::new().backend(Backend::Cpu)).expect("context")
}

fn build(ctx: &Context, e: &common::Edges) -> Graph {
    Graph::from_edges(ctx, e.n, &e.src, &e.dst, Some(&e.weights), &GraphOptions::default()).expect("graph")
}

fn metis_available(ctx: &Context) -> bool {
    let g = Graph::from_edges(ctx, 3, &[0, 1], &[1, 2], None, &GraphOptions::default()).unwrap();
    g.partition(ctx, 2, &gg::PartitionOptions::default()).is_ok()
}

fn partitioners(ctx: &Context) -> Vec<Partitioner> {
    let mut list = vec![Partitioner::Random, Partitioner::Block];
    if metis_available(ctx) {
        list.push(Partitioner::Metis);
    }
    list
}

/// 0 -> 1 -> 2 -> 3 -> 0, plus 2 -> 1 (the pair {1, 2} again), a self-loop 3 -> 3 and 0 -> 4.
/// With parts [0, 0, 1, 1, 1] the undirected pairs {0,1} {1,2} {2,3} {0,3} {0,4} are cut at
/// {1,2}, {0,3} and {0,4}: an edge cut of 3 (a self-loop never counts).
fn tiny(ctx: &Context) -> Graph {
    Graph::from_edges(ctx, 5, &[0, 1, 2, 3, 2, 3, 0], &[1, 2, 3, 0, 1, 3, 4], None, &GraphOptions::default()).unwrap()
}

#[test]
fn partitioner_names_are_the_library_ones() {
    let names: Vec<String> =
        [Partitioner::Metis, Partitioner::Random, Partitioner::Block, Partitioner::Given, Partitioner::Auto]
            .iter()
            .map(|p| p.to_string())
            .collect();
    assert_eq!(names, ["metis", "random", "block", "given", "auto"]);
    assert_eq!("BLOCK".parse::<Partitioner>().unwrap(), Partitioner::Block);
    assert_eq!("Auto".parse::<Partitioner>().unwrap(), Partitioner::Auto);
    let error = Partitioner::from_name("zigzag").unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("metis, random, block, given, auto"), "{error}");
}

#[test]
fn auto_partitioner_chooses_block_on_a_grid_and_says_why() {
    let ctx = cpu();
    let g = Graph::generate(&ctx, &gg::GeneratorOptions::grid(40, 50)).unwrap();
    let plan = g.partition_plan(&ctx, &PartitionPlanOptions::new().num_parts(4).partitioner(Partitioner::Auto)).unwrap();
    let stats = plan.stats();
    assert_eq!((stats.num_parts, stats.partitioner), (4, Partitioner::Block), "{stats:?}");
    assert!(stats.choice.contains("auto chose block"), "{:?}", stats.choice);
    let mut depths = vec![0u32; g.num_vertices() as usize];
    g.bfs_into(&ctx, 0, &mut depths, None, &RunOptions::new().partition_plan(&plan)).unwrap();
    assert_eq!(depths, g.bfs(&ctx, 0).unwrap());
    // A named partitioner has no choice to explain.
    let named = g.partition_plan(&ctx, &PartitionPlanOptions::new().num_parts(4).partitioner(Partitioner::Block)).unwrap();
    assert_eq!((named.stats().partitioner, named.stats().choice.as_str()), (Partitioner::Block, ""));
}

#[test]
fn partitioned_runs_equal_unpartitioned_runs() {
    let ctx = cpu();
    for (n, m, seed) in [(20u32, 50usize, 1u64), (60, 90, 2), (40, 300, 3)] {
        let e = common::random_edges(n, m, seed);
        let g = build(&ctx, &e);
        for partitioner in partitioners(&ctx) {
            for depth in [1, 2, 0] {
                let options = PartitionPlanOptions::new().num_parts(3).partitioner(partitioner).replication_depth(depth).seed(7);
                let plan = g.partition_plan(&ctx, &options).unwrap();
                assert_eq!((plan.num_parts(), plan.stats().partitioner), (3, partitioner));
                assert!((1..=8).contains(&plan.stats().replication_depth));
                let run = RunOptions::new().partition_plan(&plan);
                let what = format!("n={n} {partitioner} depth {depth}");
                let nv = n as usize;
                for source in [0, n / 2] {
                    let mut depths = vec![0u32; nv];
                    g.bfs_into(&ctx, source, &mut depths, None, &run).unwrap();
                    assert_eq!(depths, g.bfs(&ctx, source).unwrap(), "bfs {what}");
                    let mut distances = vec![0f32; nv];
                    g.sssp_into(&ctx, source, &mut distances, &run).unwrap();
                    assert_eq!(distances, g.sssp(&ctx, source).unwrap(), "sssp {what}");
                    let mut widths = vec![0f32; nv];
                    g.sswp_into(&ctx, source, &mut widths, &run).unwrap();
                    assert_eq!(widths, g.sswp(&ctx, source).unwrap(), "sswp {what}");
                }
                let mut labels = vec![0u32; nv];
                g.cc_into(&ctx, &mut labels, &run).unwrap();
                assert_eq!(labels, g.cc(&ctx).unwrap(), "cc {what}");

                let exact = RunOptions::new().tolerance(1e-10).max_iterations(1000);
                let (mut want, mut got) = (vec![0f64; nv], vec![0f64; nv]);
                g.pagerank_into(&ctx, &mut want, &exact).unwrap();
                g.pagerank_into(&ctx, &mut got, &exact.partition_plan(&plan)).unwrap();
                for v in 0..nv {
                    assert!((got[v] - want[v]).abs() < 1e-7, "pagerank {what} vertex {v}: {} vs {}", got[v], want[v]);
                }
                let x: Vec<f32> = (0..n).map(|v| (v % 5) as f32 + 0.5).collect();
                let mut y = vec![0f32; nv];
                g.spmv_into(&ctx, &x, &mut y, &run).unwrap();
                for (a, b) in y.iter().zip(g.spmv(&ctx, &x).unwrap()) {
                    assert!((a - b).abs() <= 1e-5 * b.abs().max(1.0), "spmv {what}: {a} vs {b}");
                }
            }
        }
    }
}

#[test]
fn partitioned_bc_and_apsp() {
    let ctx = cpu();
    let e = common::random_edges(30, 80, 5);
    let g = build(&ctx, &e);
    let plan = g.partition_plan(&ctx, &PartitionPlanOptions::new().num_parts(2).partitioner(Partitioner::Block)).unwrap();
    let run = RunOptions::new().partition_plan(&plan);
    let mut centrality = vec![0f64; 30];
    g.bc_into(&ctx, None, &mut centrality, &run).unwrap();
    for (a, b) in centrality.iter().zip(g.bc(&ctx, None).unwrap()) {
        assert!((a - b).abs() <= 1e-9 * b.max(1.0), "bc {a} vs {b}");
    }
    let mut distances = vec![0f32; 900];
    g.apsp_into(&ctx, &mut distances, &run).unwrap();
    assert_eq!(distances, g.apsp(&ctx).unwrap());
}

#[test]
fn run_stats_of_a_partitioned_run() {
    let ctx = cpu();
    let e = common::random_edges(50, 150, 9);
    let g = build(&ctx, &e);
    let plan = g.partition_plan(&ctx, &PartitionPlanOptions::new().num_parts(4).partitioner(Partitioner::Block)).unwrap();
    let mut distances = vec![0f32; 50];
    let stats = g.sssp_into(&ctx, 0, &mut distances, &RunOptions::new().partition_plan(&plan)).unwrap();
    assert_eq!((stats.backend, stats.num_parts), (Backend::Cpu, 4));
    assert_eq!((stats.edge_cut, stats.replicas), (plan.stats().edge_cut, plan.stats().replicas));
    assert!(stats.exchange_rounds >= 1 && stats.bytes_exchanged > 0, "{stats:?}");
    assert!(stats.exchange_ms >= 0.0 && stats.partition_ms >= 0.0);
    assert_eq!(stats.exchange_hidden_ms, 0.0, "the CPU's parts overlap nothing (ABI 0.8)");
    assert_eq!((stats.part_compute_ms.len(), stats.part_exchange_ms.len()), (4, 4));
    assert!(stats.part_compute_ms.iter().chain(&stats.part_exchange_ms).all(|&t| t >= 0.0));

    let stats = g.sssp_into(&ctx, 0, &mut distances, &RunOptions::new()).unwrap();
    assert_eq!((stats.num_parts, stats.exchange_rounds, stats.edge_cut, stats.bytes_exchanged), (1, 0, 0, 0));
    assert!(stats.part_compute_ms.len() <= 1);
}

#[test]
fn given_partition_counted_by_hand() {
    let ctx = cpu();
    let g = tiny(&ctx);
    let parts = [0, 0, 1, 1, 1];
    let plan = g.partition_plan(&ctx, &PartitionPlanOptions::new().num_parts(2).given(&parts)).unwrap();
    let s = plan.stats().clone();
    assert_eq!((s.num_parts, s.partitioner, s.replication_depth), (2, Partitioner::Given, 1));
    assert_eq!((s.edge_cut, s.empty_parts, s.max_part_vertices), (3, 0, 3));
    assert!(s.local_edges >= g.num_edges());
    assert_eq!(plan.parts(&ctx).unwrap(), parts);
    let infos = plan.parts_info(&ctx).unwrap();
    assert_eq!(infos.iter().map(|i| i.owned).collect::<Vec<_>>(), [2, 3]);
    // Depth 1: part 0 ({0, 1}) replicates 2, 3, 4; part 1 ({2, 3, 4}) replicates 0, 1.
    assert_eq!(infos.iter().map(|i| i.replicas).collect::<Vec<_>>(), [3, 2]);
    assert_eq!(s.replicas, 5);
    assert_eq!(infos.iter().map(|i| i.neighbours).collect::<Vec<_>>(), [1, 1]);
    assert_eq!(infos.iter().map(|i| i.local_edges).sum::<u64>(), s.local_edges);
    assert_eq!(plan.part(&ctx, 1).unwrap(), infos[1]);
    let error = plan.part(&ctx, 2).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains('2'), "{error}");

    let mut depths = vec![0u32; 5];
    g.bfs_into(&ctx, 0, &mut depths, None, &RunOptions::new().partition_plan(&plan)).unwrap();
    assert_eq!(depths, [0, 1, 2, 3, 1]);

    // Parts that own nothing are counted.
    let parts = [2, 2, 0, 0, 0];
    let plan = g.partition_plan(&ctx, &PartitionPlanOptions::new().num_parts(3).given(&parts)).unwrap();
    assert_eq!(plan.stats().empty_parts, 1);
    assert_eq!(plan.part(&ctx, 1).unwrap(), PartInfo { owned: 0, replicas: 0, local_edges: 0, neighbours: 0 });
}

#[test]
fn bad_plans_carry_the_library_message() {
    let ctx = cpu();
    let g = tiny(&ctx);
    let short = [0, 1, 0];
    let error = g.partition_plan(&ctx, &PartitionPlanOptions::new().given(&short)).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains('3') && error.message().contains('5'), "{error}");
    assert_eq!(ctx.last_error(), error.message());

    let out_of_range = [0, 1, 0, 2, 1];
    let error = g.partition_plan(&ctx, &PartitionPlanOptions::new().num_parts(2).given(&out_of_range)).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("parts[3] = 2"), "{error}");

    let error = g
        .partition_plan(&ctx, &PartitionPlanOptions::new().num_parts(0).partitioner(Partitioner::Random))
        .unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("parts"), "{error}");

    let error = g
        .partition_plan(&ctx, &PartitionPlanOptions::new().partitioner(Partitioner::Random).replication_depth(9))
        .unwrap_err();
    assert!(error.message().contains("depth"), "{error}");

    // Given without an array.
    let error = g.partition_plan(&ctx, &PartitionPlanOptions::new().partitioner(Partitioner::Given)).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);

    if !metis_available(&ctx) {
        let error = g.partition_plan(&ctx, &PartitionPlanOptions::new()).unwrap_err();
        assert_eq!(error.status(), Status::Unsupported);
        assert!(error.message().contains("metis"), "{error}");
    }
}

#[test]
fn a_plan_of_another_graph_is_refused() {
    let ctx = cpu();
    let (g, other) = (tiny(&ctx), tiny(&ctx));
    let plan = other.partition_plan(&ctx, &PartitionPlanOptions::new().partitioner(Partitioner::Block)).unwrap();
    let error = g.bfs_into(&ctx, 0, &mut [0; 5], None, &RunOptions::new().partition_plan(&plan)).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
}

#[test]
fn plans_are_send_and_sync_and_serve_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<gg::PartitionPlan<'static>>();
    let ctx = cpu();
    let e = common::random_edges(80, 200, 13);
    let g = build(&ctx, &e);
    let want = g.sssp(&ctx, 0).unwrap();
    let plan = g.partition_plan(&ctx, &PartitionPlanOptions::new().num_parts(3).partitioner(Partitioner::Random)).unwrap();
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                let ctx = Context::with_options(&ContextOptions::new().backend(Backend::Cpu).threads(1)).unwrap();
                for _ in 0..10 {
                    let mut d = vec![0f32; 80];
                    g.sssp_into(&ctx, 0, &mut d, &RunOptions::new().partition_plan(&plan)).unwrap();
                    assert_eq!(d, want);
                }
            });
        }
    });
}
