//! Every algorithm of the safe API against a reference computed in the test.

mod common;

use gg::{Backend, Context, ContextOptions, Graph, GraphOptions, Layout, RunOptions, ShardOptions, Status};

fn cpu() -> Context {
    Context::with_options(&ContextOptions::new().backend(Backend::Cpu)).expect("context")
}

fn build(ctx: &Context, e: &common::Edges) -> Graph {
    Graph::from_edges(ctx, e.n, &e.src, &e.dst, Some(&e.weights), &GraphOptions::default()).expect("graph")
}

const SHAPES: [(u32, usize, u64); 3] = [(20, 50, 1), (60, 90, 2), (40, 300, 3)];

#[test]
fn bfs_sssp_sswp_match_references() {
    let ctx = cpu();
    for (n, m, seed) in SHAPES {
        let e = common::random_edges(n, m, seed);
        let g = build(&ctx, &e);
        for source in [0, n / 2] {
            assert_eq!(g.bfs(&ctx, source).unwrap(), common::bfs(&e, source), "bfs n={n} source={source}");
            assert_eq!(g.sssp(&ctx, source).unwrap(), common::dijkstra(&e, source), "sssp n={n} source={source}");
            assert_eq!(g.sswp(&ctx, source).unwrap(), common::widest(&e, source), "sswp n={n} source={source}");
        }
    }
}

#[test]
fn bfs_parents_form_a_bfs_tree() {
    let ctx = cpu();
    let e = common::random_edges(50, 120, 7);
    let g = build(&ctx, &e);
    let n = g.num_vertices() as usize;
    let (mut depths, mut parents) = (vec![0; n], vec![0; n]);
    let stats = g.bfs_into(&ctx, 3, &mut depths, Some(&mut parents), &RunOptions::default()).unwrap();
    assert_eq!(stats.backend, Backend::Cpu);
    assert_eq!(parents[3], 3);
    let edges: std::collections::HashSet<(u32, u32)> = e.src.iter().copied().zip(e.dst.iter().copied()).collect();
    for v in 0..n {
        if v == 3 {
            continue;
        }
        if depths[v] == gg::UNREACHABLE {
            assert_eq!(parents[v], gg::UNREACHABLE);
        } else {
            let p = parents[v];
            assert!(edges.contains(&(p, v as u32)) && depths[p as usize] + 1 == depths[v], "vertex {v}");
        }
    }
}

#[test]
fn cc_pagerank_bc_spmv_apsp_match_references() {
    let ctx = cpu();
    for (n, m, seed) in SHAPES {
        let e = common::random_edges(n, m, seed);
        let g = build(&ctx, &e);
        assert_eq!(g.cc(&ctx).unwrap(), common::components(&e), "cc n={n}");

        let mut ranks = vec![0.0; n as usize];
        let options = RunOptions::new().tolerance(0.0).max_iterations(30);
        let stats = g.pagerank_into(&ctx, &mut ranks, &options).unwrap();
        assert_eq!(stats.iterations, 30);
        for (got, want) in ranks.iter().zip(common::pagerank(&e, 0.85, 30)) {
            assert!((got - want).abs() < 1e-9, "pagerank n={n}: {got} vs {want}");
        }
        let sum: f64 = g.pagerank(&ctx).unwrap().iter().sum();
        assert!((sum - 1.0).abs() < 1e-6);

        for (got, want) in g.bc(&ctx, None).unwrap().iter().zip(common::brandes(&e)) {
            assert!((got - want).abs() <= 1e-9 * want.max(1.0), "bc n={n}: {got} vs {want}");
        }

        let x: Vec<f32> = (0..n).map(|v| (v % 5) as f32 + 0.5).collect();
        let mut want = vec![0.0f32; n as usize];
        for i in 0..e.src.len() {
            want[e.dst[i] as usize] += e.weights[i] * x[e.src[i] as usize];
        }
        for (got, want) in g.spmv(&ctx, &x).unwrap().iter().zip(want) {
            assert!((got - want).abs() <= 1e-5 * want.abs().max(1.0), "spmv n={n}");
        }

        let apsp = g.apsp(&ctx).unwrap();
        for s in [0, n - 1] {
            let row = &apsp[(s * n) as usize..((s + 1) * n) as usize];
            assert_eq!(row, &common::dijkstra(&e, s)[..], "apsp row {s}");
        }
    }
}

#[test]
fn bc_over_some_sources_sums_their_dependencies() {
    let ctx = cpu();
    let g = Graph::from_edges(&ctx, 4, &[0, 1, 2], &[1, 2, 3], None, &GraphOptions::default()).unwrap();
    // Path 0 -> 1 -> 2 -> 3: from source 0, vertices 1 and 2 lie on 2 and 1 shortest paths.
    assert_eq!(g.bc(&ctx, Some(&[0])).unwrap(), vec![0.0, 2.0, 1.0, 0.0]);
    assert_eq!(g.bc(&ctx, None).unwrap(), vec![0.0, 2.0, 2.0, 0.0]);
}

#[test]
fn construction_csr_and_options() {
    let ctx = cpu();
    let g = Graph::from_edges(&ctx, 3, &[2, 0, 0, 0], &[0, 2, 1, 1], Some(&[4.0, 3.0, 5.0, 1.5]), &GraphOptions::new())
        .unwrap();
    assert_eq!((g.num_vertices(), g.num_edges(), g.is_directed(), g.is_weighted()), (3, 3, true, true));
    let csr = g.csr(&ctx).unwrap();
    assert_eq!(csr.offsets, vec![0, 2, 2, 3]);
    assert_eq!(csr.indices, vec![1, 2, 0]);
    assert_eq!(csr.weights, vec![1.5, 3.0, 4.0]); // duplicate 0 -> 1 kept its minimum
    assert_eq!(g.out_degrees(&ctx).unwrap(), vec![2, 0, 1]);
    assert_eq!(g.in_degrees(&ctx).unwrap(), vec![1, 1, 1]);
    assert_eq!(g.csc(&ctx).unwrap().indices, vec![2, 0, 0]);

    let same = Graph::from_csr(&ctx, &csr.offsets, &csr.indices, Some(&csr.weights), &GraphOptions::new()).unwrap();
    assert_eq!(same.csr(&ctx).unwrap(), csr);

    let undirected = Graph::from_edges(&ctx, 3, &[0, 1], &[1, 2], None, &GraphOptions::new().undirected(true)).unwrap();
    assert!(!undirected.is_directed() && !undirected.is_weighted());
    assert_eq!(undirected.num_edges(), 4);
    let summed = Graph::from_edges(&ctx, 2, &[0, 0], &[1, 1], Some(&[2.0, 3.0]),
        &GraphOptions::new().duplicates(gg::Duplicates::Sum)).unwrap();
    assert_eq!(summed.csr(&ctx).unwrap().weights, vec![5.0]);
}

#[test]
fn generate_save_load_round_trip() {
    let ctx = cpu();
    let grid = Graph::generate(&ctx, &gg::GeneratorOptions::grid(3, 4)).unwrap();
    assert_eq!((grid.num_vertices(), grid.num_edges(), grid.is_directed()), (12, 34, false));
    let a = Graph::generate(&ctx, &gg::GeneratorOptions::kron(6, 4).seed(5).weights(1, 9)).unwrap();
    let b = Graph::generate(&ctx, &gg::GeneratorOptions::kron(6, 4).seed(5).weights(1, 9)).unwrap();
    assert_eq!(a.csr(&ctx).unwrap(), b.csr(&ctx).unwrap());
    assert!(a.is_weighted() && a.num_vertices() == 64);

    let dir = std::env::temp_dir().join(format!("gg-rust-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["g.wel", "g.mtx", "g.gr", "g.ggb"] {
        let path = dir.join(name);
        a.save(&ctx, &path, gg::Format::Auto).unwrap();
        let loaded = Graph::load(&ctx, &path, gg::Format::Auto, &GraphOptions::default()).unwrap();
        let (want, got) = (a.csr(&ctx).unwrap(), loaded.csr(&ctx).unwrap());
        assert_eq!(got.indices, want.indices, "{name}");
        assert_eq!(got.weights, want.weights, "{name}");
    }
    assert_eq!(gg::format_from_path(dir.join("x.gr")), gg::Format::Dimacs);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn partition_and_shards() {
    let ctx = cpu();
    let e = common::random_edges(40, 120, 11);
    let g = build(&ctx, &e);
    match g.partition(&ctx, 4, &gg::PartitionOptions::default()) {
        Ok(p) => {
            assert!(p.parts.iter().all(|&x| x < 4));
            let mut cut = std::collections::HashSet::new();
            for i in 0..e.src.len() {
                let (u, v) = (e.src[i], e.dst[i]);
                if p.parts[u as usize] != p.parts[v as usize] {
                    cut.insert((u.min(v), u.max(v)));
                }
            }
            assert_eq!(p.edge_cut, cut.len() as u64);
        }
        Err(error) => assert_eq!(error.status(), Status::Unsupported, "{error}"),
    }

    let shards = g.shard(&ctx, &ShardOptions::new().vertices_per_shard(8)).unwrap();
    let stats = shards.stats().clone();
    assert_eq!((stats.num_shards, stats.vertices_per_shard, stats.num_edges), (5, 8, 120));
    assert_eq!(stats.window_histogram.iter().sum::<u64>(), 25);
    let gs = shards.gshards().unwrap();
    for j in 0..5 {
        let range = gs.offsets[j] as usize..gs.offsets[j + 1] as usize;
        assert!(gs.dst_index[range.clone()].iter().all(|&d| d / 8 == j as u32), "shard {j} by destination");
        assert!(gs.src_index[range].windows(2).all(|w| w[0] <= w[1]), "shard {j} ordered by source");
    }
    let windows = shards.window_offsets().unwrap();
    assert_eq!(windows.len(), 26);
    let cw = shards.concatenated_windows().unwrap();
    for (k, &position) in cw.mapper.iter().enumerate() {
        assert_eq!(cw.src_index[k], gs.src_index[position as usize]);
    }
}

#[test]
fn measure_layout_reports_bytes_nodes_and_build_time() {
    // ABI 0.7: gg_layout_measure builds one layout on the host, on any machine.
    let ctx = cpu();
    let e = common::random_edges(40, 120, 11);
    let g = build(&ctx, &e);
    let (n, m) = (g.num_vertices() as u64, g.num_edges());
    let csr = g.measure_layout(&ctx, Layout::Csr, 0).unwrap();
    assert_eq!(
        csr,
        gg::LayoutInfo { layout: Layout::Csr, degree_bound: 0, bytes: 8 * (n + 1) + 8 * m, nodes: n, build_ms: 0.0 }
    );
    let tocab = g.measure_layout(&ctx, Layout::Tocab, 0).unwrap();
    assert_eq!((tocab.layout, tocab.bytes, tocab.nodes), (Layout::Tocab, csr.bytes + 8 * n, n));
    assert!(tocab.build_ms >= 0.0);
    // G-Shards and CW as gg_shard with its default options counts them.
    let stats = g.shard(&ctx, &ShardOptions::default()).unwrap().stats().clone();
    let gshards = g.measure_layout(&ctx, Layout::GShards, 0).unwrap();
    assert_eq!((gshards.layout, gshards.bytes, gshards.nodes), (Layout::GShards, stats.gshards_bytes, stats.num_shards as u64));
    let cw = g.measure_layout(&ctx, Layout::ConcatenatedWindows, 0).unwrap();
    assert_eq!((cw.bytes, cw.nodes), (stats.gshards_bytes + stats.cw_bytes, stats.num_shards as u64));

    // A star: vertex 0 -> 1..=25, directed. The split cuts the hub's 25 edges into
    // ceil(25 / 10) = 3 virtual nodes and gives every other vertex one.
    let dst: Vec<u32> = (1..=25).collect();
    let star = Graph::from_edges(&ctx, 26, &vec![0; 25], &dst, None, &GraphOptions::default()).unwrap();
    let split = star.measure_layout(&ctx, Layout::VirtualSplit, 0).unwrap();
    assert_eq!((split.layout, split.degree_bound, split.nodes), (Layout::VirtualSplit, 10, 3 + 25));
    assert_eq!(split.bytes, 4 * (26 + 1) + 4 * (3 + 25));
    assert!(split.build_ms >= 0.0);
    let split = star.measure_layout(&ctx, Layout::VirtualSplit, 5).unwrap();
    assert_eq!((split.degree_bound, split.nodes), (5, 5 + 25));
    // UDT: no vertex above the default bound 1000 adds nothing; K = 2 adds 25 - 2 nodes.
    let udt = star.measure_layout(&ctx, Layout::Udt, 0).unwrap();
    assert_eq!((udt.layout, udt.degree_bound, udt.nodes), (Layout::Udt, 1000, 0));
    let udt = star.measure_layout(&ctx, Layout::Udt, 2).unwrap();
    assert_eq!((udt.degree_bound, udt.nodes), (2, 23));
}

#[test]
fn runs_report_their_backend() {
    let ctx = cpu();
    let g = Graph::from_edges(&ctx, 2, &[0], &[1], None, &GraphOptions::default()).unwrap();
    let mut d = vec![0.0; 2];
    let stats = g.sssp_into(&ctx, 0, &mut d, &RunOptions::new().layout(Layout::Csr)).unwrap();
    assert_eq!((stats.backend, stats.layout, stats.device_id), (Backend::Cpu, Layout::Csr, -1));
    assert!(stats.num_threads >= 1 && stats.fallback_reason.is_empty());

    let auto = Context::new().unwrap();
    let stats = g.sssp_into(&auto, 0, &mut d, &RunOptions::default()).unwrap();
    match auto.cuda_unavailable_reason() {
        None => assert_eq!(stats.backend, Backend::Cuda),
        Some(reason) => assert_eq!((stats.backend, stats.fallback_reason), (Backend::Cpu, reason)),
    }
}

#[test]
fn degree_bound_with_a_gpu_layout_on_the_cpu() {
    // Since 0.4: the CPU backend takes vsplit (and its degree bound) and runs csr.
    let ctx = cpu();
    for (n, m, seed) in SHAPES {
        let e = common::random_edges(n, m, seed);
        let g = build(&ctx, &e);
        let expected = g.bfs(&ctx, 0).unwrap();
        let mut depths = vec![0; n as usize];
        let options = RunOptions::new().layout(Layout::VirtualSplit).degree_bound(3);
        let stats = g.bfs_into(&ctx, 0, &mut depths, None, &options).unwrap();
        assert_eq!(depths, expected, "bfs n={n}");
        assert_eq!((stats.backend, stats.layout), (Backend::Cpu, Layout::Csr), "n={n}");
        let mut distances = vec![0.0; n as usize];
        let options = RunOptions::new().layout(Layout::Udt).degree_bound(2);
        let stats = g.sssp_into(&ctx, 0, &mut distances, &options).unwrap();
        assert_eq!(distances, g.sssp(&ctx, 0).unwrap(), "sssp n={n}");
        assert_eq!(stats.layout, Layout::Csr, "n={n}");
    }
}

/// The size of a maximum matching by Kuhn's augmenting paths (recursive: the graphs are small).
fn kuhn(left_adjacency: &[Vec<u32>], num_right: usize) -> u64 {
    fn augment(l: usize, adj: &[Vec<u32>], seen: &mut [bool], right_mate: &mut [Option<usize>]) -> bool {
        for &r in &adj[l] {
            let r = r as usize;
            if seen[r] {
                continue;
            }
            seen[r] = true;
            if right_mate[r].map_or(true, |m| augment(m, adj, seen, right_mate)) {
                right_mate[r] = Some(l);
                return true;
            }
        }
        false
    }
    let mut right_mate = vec![None; num_right];
    let mut size = 0;
    for l in 0..left_adjacency.len() {
        if augment(l, left_adjacency, &mut vec![false; num_right], &mut right_mate) {
            size += 1;
        }
    }
    size
}

#[test]
fn matching_is_maximum_and_valid() {
    let ctx = cpu();
    for (num_left, num_right, pairs, seed) in [(12u32, 9u32, 20usize, 1u64), (40, 50, 70, 2), (60, 30, 200, 3)] {
        let n = num_left + num_right;
        let e = common::random_edges(n, 4 * pairs, seed);
        // Keep the edges that join the sides, in the direction they were drawn.
        let (mut src, mut dst) = (vec![], vec![]);
        let mut left_adjacency = vec![Vec::new(); num_left as usize];
        for i in 0..e.src.len() {
            let (u, v) = (e.src[i], e.dst[i]);
            if (u < num_left) != (v < num_left) && src.len() < pairs {
                src.push(u);
                dst.push(v);
                let (l, r) = if u < num_left { (u, v) } else { (v, u) };
                left_adjacency[l as usize].push(r - num_left);
            }
        }
        let g = Graph::from_edges(&ctx, n, &src, &dst, None, &GraphOptions::default()).expect("graph");
        let matching = g.matching(&ctx, num_left).unwrap();
        assert_eq!(matching.size, kuhn(&left_adjacency, num_right as usize), "size, n={n}");
        let edges: std::collections::HashSet<(u32, u32)> = src.iter().copied().zip(dst.iter().copied()).collect();
        let mut ends = 0;
        for (v, &m) in matching.mates.iter().enumerate() {
            let v = v as u32;
            if m == gg::UNMATCHED {
                continue;
            }
            assert_eq!(matching.mates[m as usize], v, "mates are symmetric");
            assert!((v < num_left) != (m < num_left), "vertex {v} matched on its own side");
            assert!(edges.contains(&(v, m)) || edges.contains(&(m, v)), "{v}-{m} is not an edge");
            ends += 1;
        }
        assert_eq!(ends, 2 * matching.size);
    }
    // An edge inside one side is an error naming it.
    let g = Graph::from_edges(&ctx, 4, &[0, 0], &[1, 3], None, &GraphOptions::default()).unwrap();
    let error = g.matching(&ctx, 3).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("0 -> 1"), "{}", error.message());
    let (mut mates, mut size) = (vec![0u32; 4], 0u64);
    let stats = g.matching_into(&ctx, 1, &mut mates, &mut size, &RunOptions::default()).unwrap();
    assert_eq!(size, 1);
    assert_eq!(stats.backend, Backend::Cpu);
    assert!(g.matching_into(&ctx, 1, &mut [0u32; 3], &mut size, &RunOptions::default()).is_err());
}
