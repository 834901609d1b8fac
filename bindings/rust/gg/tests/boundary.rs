//! Calls added in ABI 0.2: layout names from the library, the context's device
//! list, and reads that pass the size of every output array; and backend names
//! from the library (0.3).

use gg::{Backend, Context, ContextOptions, GeneratorOptions, Graph, Layout, ShardOptions, Status};

#[test]
fn layout_names_are_the_library_ones() {
    let names: Vec<String> = [
        Layout::Auto,
        Layout::Csr,
        Layout::GShards,
        Layout::ConcatenatedWindows,
        Layout::VirtualSplit,
        Layout::Udt,
        Layout::Tocab,
    ]
    .iter()
    .map(|l| l.to_string())
    .collect();
    assert_eq!(names, ["auto", "csr", "gshards", "cw", "vsplit", "udt", "tocab"]);
    assert_eq!(Layout::Unknown(99).name(), None);
    assert_eq!(Layout::Unknown(99).to_string(), "unknown(99)");
    assert_eq!("vsplit".parse::<Layout>().unwrap(), Layout::VirtualSplit);
    assert_eq!(Layout::from_name("TOCAB").unwrap(), Layout::Tocab);
}

#[test]
fn virtual_split_is_still_accepted() {
    assert_eq!(Layout::from_name("virtual_split").unwrap(), Layout::VirtualSplit);
}

#[test]
fn unknown_layout_lists_the_library_names() {
    let error = Layout::from_name("zigzag").unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("auto, csr, gshards, cw, vsplit, udt, tocab"), "{error}");
}

#[test]
fn backend_names_are_the_library_ones() {
    let backends = [Backend::Auto, Backend::Cpu, Backend::Cuda];
    let names: Vec<String> = backends.iter().map(|b| b.to_string()).collect();
    assert_eq!(names, ["auto", "cpu", "cuda"]);
    for backend in backends {
        assert_eq!(Backend::from_name(backend.name().unwrap()).unwrap(), backend);
        assert_eq!(backend.to_string().to_uppercase().parse::<Backend>().unwrap(), backend);
    }
    assert_eq!(Backend::Unknown(99).name(), None);
    assert_eq!(Backend::Unknown(99).to_string(), "unknown(99)");
    for wrong in ["gpu", "", "cpu\0"] {
        let error = wrong.parse::<Backend>().unwrap_err();
        assert_eq!(error.status(), Status::InvalidArgument, "{wrong:?}");
    }
    let error = Backend::from_name("gpu").unwrap_err();
    assert!(error.message().contains("auto, cpu, cuda"), "{error}");
}

#[test]
fn context_devices() {
    assert_eq!(Context::new().unwrap().devices().unwrap(), [0]);
    let ctx = Context::with_options(&ContextOptions::new().device(3)).unwrap();
    assert_eq!(ctx.devices().unwrap(), [3]);
    let ctx = Context::with_options(&ContextOptions::new().devices(&[2, 0, 5])).unwrap();
    assert_eq!(ctx.devices().unwrap(), [2, 0, 5]);
    let every = Context::with_options(&ContextOptions::new().all_devices()).unwrap().devices().unwrap();
    assert_eq!(every, (0..every.len() as i32).collect::<Vec<_>>());
    let error = Context::with_options(&ContextOptions::new().devices(&[1, 1])).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
    assert!(error.message().contains("[1, 1]"), "{error}");
    let error = Context::with_options(&ContextOptions::new().devices(&[0, -1])).unwrap_err();
    assert_eq!(error.status(), Status::InvalidArgument);
}

#[test]
fn csr_and_shards_read_with_capacities() {
    let ctx = Context::with_options(&ContextOptions::new().backend(Backend::Cpu)).unwrap();
    let g = Graph::generate(&ctx, &GeneratorOptions::grid(4, 5)).unwrap();
    let csr = g.csr(&ctx).unwrap();
    assert_eq!(csr.offsets.len(), 21);
    assert_eq!(*csr.offsets.last().unwrap(), g.num_edges());
    let csc = g.csc(&ctx).unwrap();
    assert_eq!(csc.indices.len() as u64, g.num_edges());
    let shards = g.shard(&ctx, &ShardOptions::new().vertices_per_shard(4)).unwrap();
    let windows = shards.window_offsets().unwrap();
    assert_eq!(windows.len(), 26);
    assert_eq!(*windows.last().unwrap(), g.num_edges());
    let cw = shards.concatenated_windows().unwrap();
    let gs = shards.gshards().unwrap();
    for (e, &position) in cw.mapper.iter().enumerate() {
        assert_eq!(cw.src_index[e], gs.src_index[position as usize]);
    }
}
