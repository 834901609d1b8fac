//! cargo run --example sssp -- GRAPH [SOURCE]
//! Loads a graph file, runs SSSP from SOURCE (default 0) and prints the first distances.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: sssp GRAPH [SOURCE]")?;
    let source: u32 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(0);

    let ctx = gg::Context::new()?;
    let graph = gg::Graph::load(&ctx, &path, gg::Format::Auto, &gg::GraphOptions::default())?;
    let distances = graph.sssp(&ctx, source)?;
    println!("{path}: {} vertices, {} edges", graph.num_vertices(), graph.num_edges());
    for (v, d) in distances.iter().enumerate().take(10) {
        println!("distance({source} -> {v}) = {d}");
    }
    Ok(())
}
