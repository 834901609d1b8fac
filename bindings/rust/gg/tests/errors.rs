//! Failures come back as gg::Error with the status and the library's message.

use std::sync::{Arc, Mutex};

use gg::{Backend, Context, ContextOptions, Format, Graph, GraphOptions, Layout, LogLevel, RunOptions, Status};

fn cpu() -> Context {
    Context::with_options(&ContextOptions::new().backend(Backend::Cpu)).unwrap()
}

fn path3(ctx: &Context, weights: Option<&[f32]>) -> Graph {
    Graph::from_edges(ctx, 3, &[0, 1], &[1, 2], weights, &GraphOptions::default()).unwrap()
}

#[test]
fn source_out_of_range() {
    let ctx = cpu();
    let error = path3(&ctx, None).bfs(&ctx, 9).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("gg_run_bfs") && error.message().contains("source 9"), "{error}");
    assert!(error.to_string().starts_with("invalid argument: "), "{error}");
    assert_eq!(ctx.last_error(), error.message());
}

#[test]
fn negative_weight_names_the_edge() {
    let ctx = cpu();
    let error = path3(&ctx, Some(&[1.0, -2.5])).sssp(&ctx, 0).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("1 -> 2") && error.message().contains("-2.5"), "{error}");
}

#[test]
fn bad_edges_and_slices() {
    let ctx = cpu();
    let error = Graph::from_edges(&ctx, 2, &[0, 5], &[1, 1], None, &GraphOptions::default()).unwrap_err();
    assert!(error.message().contains('5'), "{error}");
    let error = Graph::from_edges(&ctx, 2, &[0], &[1], Some(&[f32::NAN]), &GraphOptions::default()).unwrap_err();
    assert!(error.message().contains("not finite"), "{error}");
    let error = Graph::from_edges(&ctx, 2, &[0, 1], &[1], None, &GraphOptions::default()).unwrap_err();
    assert_eq!(error.message(), "dst has 1 entries; 2 are needed");
    let error = Graph::from_csr(&ctx, &[0, 1, 3], &[0, 1], None, &GraphOptions::default()).unwrap_err();
    assert_eq!(error.message(), "indices has 2 entries; 3 are needed");
    let g = path3(&ctx, None);
    let mut short = vec![0.0f32; 2];
    let error = g.sssp_into(&ctx, 0, &mut short, &RunOptions::default()).unwrap_err();
    assert_eq!((error.status(), error.message()), (Status::InvalidArgument, "distances has 2 entries; 3 are needed"));
    let error = g.apsp_into(&ctx, &mut short, &RunOptions::default()).unwrap_err();
    assert_eq!(error.status(), Status::TooLarge);
    assert!(error.message().contains("36 bytes"), "{error}");
}

#[test]
fn files() {
    let ctx = cpu();
    let missing = std::env::temp_dir().join("gg-rust-no-such-file.el");
    let error = Graph::load(&ctx, &missing, Format::Auto, &GraphOptions::default()).unwrap_err();
    assert_eq!(error.status(), Status::Io);
    assert!(error.message().contains(missing.to_str().unwrap()), "{error}");

    let broken = std::env::temp_dir().join(format!("gg-rust-broken-{}.el", std::process::id()));
    std::fs::write(&broken, "0 1\n1 2\nthree four\n").unwrap();
    let error = Graph::load(&ctx, &broken, Format::Auto, &GraphOptions::default()).unwrap_err();
    std::fs::remove_file(&broken).unwrap();
    assert_eq!(error.status(), Status::Parse);
    assert!(error.message().contains(":3"), "{error}");

    let error = Graph::load(&ctx, "bad\0path", Format::Auto, &GraphOptions::default()).unwrap_err();
    assert!(error.message().contains("NUL"), "{error}");
}

#[test]
fn max_vertices_lifts_the_file_vertex_limit() {
    // 17,000,000 declared vertices for one edge: above max(2^24, 64 x 1), refused by default.
    let ctx = cpu();
    let path = std::env::temp_dir().join(format!("gg-rust-sparse-{}.mtx", std::process::id()));
    std::fs::write(&path, "%%MatrixMarket matrix coordinate pattern general\n17000000 17000000 1\n1 2\n").unwrap();
    let refused = Graph::load(&ctx, &path, Format::Auto, &GraphOptions::default());
    let loaded = Graph::load(&ctx, &path, Format::Auto, &GraphOptions::new().max_vertices(17_000_000));
    std::fs::remove_file(&path).unwrap();
    let error = refused.unwrap_err();
    assert_eq!(error.status(), Status::TooLarge);
    assert!(error.message().contains("max_vertices"), "{error}");
    let g = loaded.unwrap();
    assert_eq!((g.num_vertices(), g.num_edges()), (17_000_000, 1));
}

#[test]
fn gpu_layouts_on_the_cpu_and_bad_options() {
    let ctx = cpu();
    let g = path3(&ctx, None);
    // Since 0.4 the CPU backend accepts every layout and runs (and reports) csr.
    for layout in [Layout::GShards, Layout::ConcatenatedWindows, Layout::VirtualSplit, Layout::Udt, Layout::Tocab] {
        let mut depths = [0; 3];
        let stats = g.bfs_into(&ctx, 0, &mut depths, None, &RunOptions::new().layout(layout)).unwrap();
        assert_eq!((depths, stats.layout), ([0, 1, 2], Layout::Csr), "{layout}");
    }
    let mut centrality = [0.0; 3];
    let stats = g.bc_into(&ctx, None, &mut centrality, &RunOptions::new().layout(Layout::Udt)).unwrap();
    assert_eq!((centrality, stats.layout), ([0.0, 1.0, 0.0], Layout::Csr));
    // A value that is no gg_layout is still refused, by name.
    let error = g.bfs_into(&ctx, 0, &mut [0; 3], None, &RunOptions::new().layout(Layout::Unknown(99))).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("layout is 99"), "{error}");
    let error = g.pagerank_into(&ctx, &mut [0.0; 3], &RunOptions::new().damping(1.5)).unwrap_err();
    assert!(error.message().contains("damping"), "{error}");
    let error = g.partition(&ctx, 0, &gg::PartitionOptions::default()).unwrap_err();
    assert!(error.message().contains("num_parts"), "{error}");
}

#[test]
fn measure_layout_refusals() {
    let ctx = cpu();
    let g = path3(&ctx, None);
    let error = g.measure_layout(&ctx, Layout::Auto, 0).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("gg_layout_measure") && error.message().contains("auto"), "{error}");
    let error = g.measure_layout(&ctx, Layout::Unknown(99), 0).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    // UDT needs at least 2 edges per node.
    let error = g.measure_layout(&ctx, Layout::Udt, 1).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("degree_bound"), "{error}");
    // The split takes any bound, and the context works on after the errors.
    assert_eq!(g.measure_layout(&ctx, Layout::VirtualSplit, 1).unwrap().degree_bound, 1);
}

#[test]
fn log_callback_receives_errors() {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    let ctx = Context::with_options(
        &ContextOptions::new()
            .backend(Backend::Cpu)
            .log(LogLevel::Error, move |level, message| sink.lock().unwrap().push((level, message.to_string()))),
    )
    .unwrap();
    let _ = path3(&ctx, None).sssp(&ctx, 7).unwrap_err();
    drop(ctx);
    let lines = lines.lock().unwrap();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].0, LogLevel::Error);
    assert!(lines[0].1.contains("source 7"), "{:?}", lines[0]);
}

#[test]
fn graphs_are_send_and_sync_contexts_send() {
    fn send_sync<T: Send + Sync>() {}
    fn send<T: Send>() {}
    send_sync::<Graph>();
    send_sync::<gg::Shards>();
    send::<Context>();
    send_sync::<gg::Error>();
}

#[test]
fn one_graph_many_threads_each_with_its_own_context() {
    let ctx = cpu();
    let n = 200u32;
    let src: Vec<u32> = (0..n - 1).collect();
    let dst: Vec<u32> = (1..n).collect();
    let graph = Arc::new(Graph::from_edges(&ctx, n, &src, &dst, None, &GraphOptions::default()).unwrap());
    let handles: Vec<_> = (0..8u32)
        .map(|t| {
            let graph = graph.clone();
            std::thread::spawn(move || {
                let ctx = Context::with_options(&ContextOptions::new().backend(Backend::Cpu).threads(1)).unwrap();
                for round in 0..50u32 {
                    let bad = 1000 + t * 100 + round;
                    let error = graph.bfs(&ctx, bad).unwrap_err();
                    assert!(error.message().contains(&format!("source {bad} ")), "{error}");
                    let depths = graph.bfs(&ctx, t).unwrap();
                    assert_eq!(depths[(n - 1) as usize], n - 1 - t);
                }
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
}
