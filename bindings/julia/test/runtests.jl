# Tests of the Julia binding. No Julia toolchain exists on the machines gg is
# developed on, so these have not been run there (see README.md).
using Test
using SparseArrays
using Gg

# Path 1 -> 2 -> 3 -> 4 with weights 4, 2, 3 and a shortcut 1 -> 3 of weight 9.
path_graph(; kwargs...) = Gg.from_edges([1, 2, 3, 1], [2, 3, 4, 3], [4.0, 2.0, 3.0, 9.0]; kwargs...)

@testset "Gg" begin
    @testset "ABI mirror" begin
        for (T, init) in ((Gg.CContextOptions, :gg_context_options_init), (Gg.CGraphOptions, :gg_graph_options_init),
                          (Gg.CGeneratorOptions, :gg_generator_options_init), (Gg.CRunOptions, :gg_run_options_init),
                          (Gg.CRunStats, :gg_run_stats_init), (Gg.CPartitionOptions, :gg_partition_options_init),
                          (Gg.CShardOptions, :gg_shard_options_init), (Gg.CShardStats, :gg_shard_stats_init),
                          (Gg.CLayoutInfo, :gg_layout_info_init))
            @test Gg.initialized(T, init).struct_size == sizeof(T)
        end
        ro = Gg.initialized(Gg.CRunOptions, :gg_run_options_init)
        @test (ro.max_iterations, ro.tolerance, ro.damping, ro.delta) == (100, 1e-6, 0.85, 0.0f0)
        @test (ro.partition_plan, ro.degree_bound) == (C_NULL, 0)
        gen = Gg.initialized(Gg.CGeneratorOptions, :gg_generator_options_init)
        @test (gen.scale, gen.degree, gen.rows, gen.cols, gen.seed) == (10, 16, 32, 32, 27491095)
        @test (gen.weight_min, gen.weight_max, gen.symmetrize, gen.rmat_c) == (1, 255, 1, 0.19)
        ctx = Gg.initialized(Gg.CContextOptions, :gg_context_options_init)
        @test (ctx.device_id, ctx.num_threads, ctx.log_level) == (-1, 0, 2)
        @test (ctx.mpi, ctx.mpi_comm, ctx.mpi_timeout_s) == (Gg.MPI_NONE, 0, 0.0)
        @test fieldoffset(Gg.CContextOptions, fieldcount(Gg.CContextOptions)) + 8 == sizeof(Gg.CContextOptions)
        @test Gg.status_string(-9) == "distributed run failed"
        @test GgError(-9, "x").status === :distributed
        @test startswith(Gg.version(), "$(Gg.ABI_MAJOR).")
        @test Gg.status_string(-2) == "parse error"
        @test Gg.format_from_path("x.gr") === :dimacs
        @test Gg.format_from_path("x.unknown") === nothing
    end

    @testset "construction" begin
        g = path_graph()
        @test (Gg.nv(g), Gg.ne(g), Gg.is_directed(g), Gg.is_weighted(g)) == (4, 4, true, true)
        offsets, indices, weights = Gg.csr(g)
        @test offsets == [1, 3, 4, 5, 5]
        @test indices == [2, 3, 3, 4]
        @test weights == Float32[4, 9, 2, 3]
        @test Gg.outdegrees(g) == [2, 1, 1, 0]
        @test Gg.indegrees(g) == [0, 1, 2, 1]
        A = Gg.adjacency_matrix(g)
        @test A[1, 2] == 4 && A[1, 3] == 9 && A[3, 4] == 3 && nnz(A) == 4
        @test Gg.csr(Gg.from_sparse(A)) == Gg.csr(g)
        @test Gg.csr(Gg.from_csr(offsets, indices, weights)) == Gg.csr(g)
        u = Gg.from_edges([1, 2], [2, 3]; directed=false)
        @test !Gg.is_directed(u) && !Gg.is_weighted(u) && Gg.ne(u) == 4
        @test Gg.nv(Gg.from_edges([1], [2]; nv=10)) == 10
        s = Gg.from_edges([1, 1], [2, 2], [2.0, 3.0]; duplicates=:sum)
        @test Gg.csr(s)[3] == Float32[5]
        grid = Gg.generate_graph(:grid; rows=3, cols=4)
        @test (Gg.nv(grid), Gg.ne(grid), Gg.is_directed(grid)) == (12, 34, false)
        a = Gg.generate_graph(:kron; scale=6, degree=4, seed=5, weighted=true, weight_range=(1, 9))
        b = Gg.generate_graph(:kron; scale=6, degree=4, seed=5, weighted=true, weight_range=(1, 9))
        @test Gg.csr(a) == Gg.csr(b)
        mktempdir() do dir
            for name in ("g.wel", "g.mtx", "g.gr", "g.ggb")
                path = joinpath(dir, name)
                Gg.save_graph(a, path)
                loaded = Gg.load_graph(path)
                @test Gg.csr(loaded)[2:3] == Gg.csr(a)[2:3]
            end
        end
        close(g)
        @test !isopen(g)
        @test_throws GgError Gg.nv(g)
        close(g)  # harmless
    end

    @testset "algorithms" begin
        g = path_graph()
        @test Gg.bfs(g, 1) == UInt32[0, 1, 1, 2]
        depths, parents = Gg.bfs(g, 1; parents=true)
        @test parents == [1, 1, 1, 3]
        @test Gg.bfs(g, 4) == UInt32[Gg.UNREACHABLE, Gg.UNREACHABLE, Gg.UNREACHABLE, 0]
        @test Gg.sssp(g, 1) == Float32[0, 4, 6, 9]
        @test Gg.sssp(g, 3) == Float32[Inf, Inf, 0, 3]
        @test Gg.sswp(g, 1) == Float32[Inf, 4, 9, 3]
        @test Gg.cc(Gg.from_edges([2, 4], [1, 5]; nv=6)) == [1, 1, 3, 4, 4, 6]
        @test Gg.bc(g) == [0.0, 0.0, 2.0, 0.0]
        @test Gg.bc(g, Int[]) == zeros(4)
        @test Gg.spmv(g, [1, 2, 3, 4]) == Float32[0, 4, 13, 9]
        D = Gg.apsp(g)
        @test D[1, :] == Float32[0, 4, 6, 9]
        @test D[2, 4] == 5 && D[4, 1] == Inf
        ranks, stats = Gg.pagerank(g; return_stats=true)
        @test isapprox(sum(ranks), 1.0; atol=1e-6)
        @test stats.iterations >= 1 && stats.backend in (:cpu, :cuda)
        # Every vertex of a directed cycle has rank 1/n.
        cycle = Gg.from_edges([1, 2, 3], [2, 3, 1])
        @test all(r -> isapprox(r, 1 / 3; atol=1e-9), Gg.pagerank(cycle))
        _, stats = Gg.sssp(g, 1; backend=:cpu, return_stats=true)
        @test stats.backend === :cpu && stats.device_id == -1 && stats.fallback_reason == ""
    end

    @testset "ABI 0.5: matching" begin
        # Left 1..3, right 4..7: the path 1 - 4 - 2 - 5 - 3 - 6 (5 -> 2 stored backwards) has
        # one perfect matching of the left side; 7 has no edge.
        g = Gg.from_edges([1, 2, 5, 3, 3], [4, 4, 2, 5, 6]; nv=7)
        mates, size = Gg.matching(g, 3)
        @test size == 3
        @test mates == [4, 5, 6, 1, 2, 3, 0]
        (m, s), stats = Gg.matching(g, 3; backend=:cpu, return_stats=true)
        @test s == 3 && stats.backend === :cpu && stats.iterations >= 1
        # Complete bipartite 4 x 6: 4 pairs, along edges, mates symmetric.
        src = [l for l in 1:4 for r in 5:10]
        dst = [r for l in 1:4 for r in 5:10]
        mates, size = Gg.matching(Gg.from_edges(src, dst; nv=10), 4)
        @test size == 4
        @test all(v -> mates[v] == 0 || mates[mates[v]] == v, 1:10)
        @test count(!=(0), mates) == 8
        e = try
            Gg.matching(g, 2); nothing
        catch err
            err
        end
        @test e isa GgError && e.status === :invalid_argument && occursin("joins two right vertices", e.message)
        e = try
            Gg.matching(g, 8); nothing
        catch err
            err
        end
        @test e isa GgError && e.status === :invalid_argument && occursin("num_left 8", e.message)
    end

    @testset "partition and shards" begin
        g = Gg.generate_graph(:urand; scale=6, degree=4, seed=3)
        try
            result = Gg.partition(g, 4)
            @test all(p -> 1 <= p <= 4, result.parts)
            @test result.edge_cut >= 0
        catch e
            @test e isa GgError && e.status === :unsupported
        end
        s = Gg.shard(g; vertices_per_shard=16)
        @test Gg.stats(s).num_shards == 4 && Gg.stats(s).num_edges == Gg.ne(g)
        shards = Gg.gshards(s)
        for j in 1:4, k in shards.offsets[j]:shards.offsets[j+1]-1
            @test div(shards.dst_index[k] - 1, 16) == j - 1
        end
        cw = Gg.concatenated_windows(s)
        @test all(cw.src_index[k] == shards.src_index[cw.mapper[k]] for k in eachindex(cw.mapper))
        @test length(Gg.window_offsets(s)) == 17
        close(s)
    end

    @testset "measure_layout" begin
        g = path_graph()
        n, m = Gg.nv(g), Gg.ne(g)
        csr = Gg.measure_layout(g, :csr)
        @test (csr.layout, csr.bytes, csr.nodes, csr.build_ms) == (:csr, 8 * (n + 1) + 8 * m, n, 0.0)
        star = Gg.from_edges(fill(1, 25), collect(2:26))  # a hub of 25 out-edges: ceil(25 / 10) virtual nodes
        split = Gg.measure_layout(star, :vsplit)
        @test (split.degree_bound, split.nodes) == (10, 3 + 25)
        e = try Gg.measure_layout(g, :auto); nothing catch err; err end
        @test e isa GgError && e.status === :invalid_argument
        e = try Gg.measure_layout(g, :udt; degree_bound=1); nothing catch err; err end
        @test e isa GgError && e.status === :invalid_argument
    end

    @testset "errors carry the library's message" begin
        g = Gg.from_edges([1, 2], [2, 3], [1.0, -2.5])
        e = try
            Gg.bfs(g, 10); nothing
        catch err
            err
        end
        @test e isa GgError && e.status === :invalid_argument && occursin("source 9", e.message)
        e = try
            Gg.sssp(g, 1); nothing
        catch err
            err
        end
        @test e isa GgError && occursin("-2.5", e.message)
        e = try
            Gg.load_graph(joinpath(tempdir(), "gg-julia-missing.el")); nothing
        catch err
            err
        end
        @test e isa GgError && e.status === :io && occursin("gg-julia-missing.el", e.message)
        mktempdir() do dir
            path = joinpath(dir, "broken.el")
            write(path, "0 1\n1 2\nthree four\n")
            err = try
                Gg.load_graph(path); nothing
            catch x
                x
            end
            @test err isa GgError && err.status === :parse && occursin("broken.el:3", err.message)
        end
        mktempdir() do dir
            # 17,000,000 declared vertices for one edge: above max(2^24, 64 x 1), refused by default.
            path = joinpath(dir, "sparse.mtx")
            write(path, "%%MatrixMarket matrix coordinate pattern general\n17000000 17000000 1\n1 2\n")
            err = try
                Gg.load_graph(path); nothing
            catch x
                x
            end
            @test err isa GgError && err.status === :too_large && occursin("max_vertices", err.message)
            big = Gg.load_graph(path; max_vertices=17_000_000)
            @test Gg.nv(big) == 17_000_000 && Gg.ne(big) == 1
            close(big)
        end
        @test_throws GgError Gg.bfs(g, 1; backend=:gpu)
        @test_throws GgError Gg.from_edges([0], [1])   # ids start at 1
        @test_throws GgError Gg.spmv(g, [1.0])
    end

    @testset "ABI 0.3: backend names from the library" begin
        @test Gg.backend_names() == [:auto, :cpu, :cuda]
        for (value, name) in enumerate(Gg.backend_names())
            @test Gg.backend_name(value - 1) == name && Gg.backend_value(name) == value - 1
            @test Gg.backend_value(uppercase(String(name))) == value - 1
        end
        @test Gg.backend_name(99) == :unknown_99
        for wrong in (:gpu, "", "cpu\0", 1, nothing)
            @test_throws GgError Gg.backend_value(wrong)
        end
        err = try
            Gg.Context(; backend=:gpu); nothing
        catch x
            x
        end
        @test err isa GgError && err.status === :invalid_argument && occursin("auto, cpu, cuda", err.message)
    end

    @testset "ABI 0.2: layout names, devices, reads with capacities" begin
        @test Gg.layout_names() == [:auto, :csr, :gshards, :cw, :vsplit, :udt, :tocab]
        @test Gg.layout_name(4) == :vsplit && Gg.layout_name(99) == :unknown_99
        @test Gg.layout_value(:vsplit) == 4 && Gg.layout_value("TOCAB") == 6
        @test (@test_deprecated Gg.layout_value(:virtual_split)) == 4
        @test_throws GgError Gg.layout_value(:zigzag)
        @test Gg.devices(Gg.Context()) == [0]
        @test Gg.devices(Gg.Context(device_id=3)) == [3]
        @test Gg.devices(Gg.Context(devices=[2, 0, 5])) == [2, 0, 5]
        every = Gg.devices(Gg.Context(devices=:all))
        @test every == collect(0:length(every)-1)
        @test_throws GgError Gg.Context(devices=[1, 1])
        g = Gg.generate_graph(:grid; rows=4, cols=5)
        offsets, _, _ = Gg.csr(g)
        @test length(offsets) == 21 && offsets[end] == Gg.ne(g) + 1
        s = Gg.shard(g; vertices_per_shard=4)
        @test length(Gg.window_offsets(s)) == 26
        cw, gs = Gg.concatenated_windows(s), Gg.gshards(s)
        @test all(cw.src_index[k] == gs.src_index[cw.mapper[k]] for k in eachindex(cw.mapper))
        close(s)
    end

    @testset "ABI 0.4: every layout on the CPU, degree_bound" begin
        cpu = Gg.Context(; backend=:cpu)
        g = path_graph(; context=cpu)
        # The CPU backend accepts every layout, runs :csr and says so.
        for layout in (:gshards, :cw, :vsplit, :udt, :tocab)
            depths, stats = Gg.bfs(g, 1; layout, return_stats=true)
            @test depths == UInt32[0, 1, 1, 2] && stats.layout === :csr
        end
        centrality, stats = Gg.bc(g; layout=:udt, return_stats=true)
        @test centrality == [0.0, 0.0, 2.0, 0.0] && stats.layout === :csr
        @test_throws GgError Gg.bfs(g, 1; layout=:zigzag)
        # vsplit with degree bound 3 gives the default run's answer.
        k = Gg.generate_graph(:kron; scale=7, degree=8, seed=11, weighted=true, weight_range=(1, 9), context=cpu)
        depths, stats = Gg.bfs(k, 1; layout=:vsplit, degree_bound=3, return_stats=true)
        @test depths == Gg.bfs(k, 1) && stats.backend === :cpu && stats.layout === :csr
        distances, stats = Gg.sssp(k, 1; layout=:udt, degree_bound=2, return_stats=true)
        @test distances == Gg.sssp(k, 1) && stats.layout === :csr
        for wrong in (-1, 2^32, 2.5, "3", true)
            err = try
                Gg.bfs(k, 1; layout=:vsplit, degree_bound=wrong); nothing
            catch x
                x
            end
            @test err isa GgError && err.status === :invalid_argument && occursin("degree_bound", err.message)
        end
    end

    @testset "ABI 0.3: partitioned runs" begin
        for (T, init) in ((Gg.CPartitionPlanOptions, :gg_partition_plan_options_init),
                          (Gg.CPartitionPlanStats, :gg_partition_plan_stats_init), (Gg.CPartInfo, :gg_part_info_init))
            @test Gg.initialized(T, init).struct_size == sizeof(T)
        end
        po = Gg.initialized(Gg.CPartitionPlanOptions, :gg_partition_plan_options_init)
        @test (po.num_parts, po.partitioner, po.parts, po.parts_length, po.replication_depth, po.seed) ==
              (2, 0, C_NULL, 0, 1, 1)
        @test po.release_graph_edges == 0  # since 0.10
        @test Gg.partitioner_names() == [:metis, :random, :block, :given, :auto]
        @test Gg.partitioner_value(:auto) == 4
        @test Gg.partitioner_value("BLOCK") == 2 && Gg.partitioner_name(99) == :unknown_99
        @test_throws GgError Gg.partitioner_value(:zigzag)

        metis = try
            Gg.partition(Gg.from_edges([1, 2], [2, 3]), 2); true
        catch e
            e isa GgError && e.status === :unsupported || rethrow()
            false
        end
        partitioners = metis ? (:random, :block, :metis) : (:random, :block)
        g = Gg.generate_graph(:urand; scale=6, degree=4, seed=3, weighted=true, weight_range=(1, 9),
                              symmetrize=false, context=Gg.Context(; backend=:cpu))
        for partitioner in partitioners, depth in (1, 2, :auto)
            plan = Gg.partition_plan(g; parts=3, partitioner=partitioner, replication_depth=depth, seed=7)
            @test Gg.stats(plan).num_parts == 3 && Gg.stats(plan).partitioner === partitioner
            @test 1 <= Gg.stats(plan).replication_depth <= 8
            for source in (1, 33)
                @test Gg.bfs(g, source; plan) == Gg.bfs(g, source)
                @test Gg.sssp(g, source; plan) == Gg.sssp(g, source)
                @test Gg.sswp(g, source; plan) == Gg.sswp(g, source)
            end
            @test Gg.cc(g; plan) == Gg.cc(g)
            @test isapprox(Gg.pagerank(g; plan, tolerance=1e-10, max_iterations=1000),
                           Gg.pagerank(g; tolerance=1e-10, max_iterations=1000); atol=1e-7)
            x = Float32.(1:Gg.nv(g)) ./ 7
            @test isapprox(Gg.spmv(g, x; plan), Gg.spmv(g, x); rtol=1e-5)
            close(plan)
        end
        grid = Gg.generate_graph(:grid; rows=40, cols=50)
        plan = Gg.partition_plan(grid; parts=4, partitioner=:auto)   # auto: block on a grid, and why
        @test Gg.stats(plan).num_parts == 4 && Gg.stats(plan).partitioner === :block
        @test occursin("auto chose block", Gg.stats(plan).choice)
        @test Gg.bfs(grid, 1; plan) == Gg.bfs(grid, 1)
        close(plan)
        plan = Gg.partition_plan(grid; parts=4, partitioner=:block)  # a named partitioner: no choice
        @test Gg.stats(plan).partitioner === :block && Gg.stats(plan).choice == ""
        close(plan)
        plan = Gg.partition_plan(g; parts=4, partitioner=:block)
        _, st = Gg.sssp(g, 1; plan, return_stats=true)
        @test st.num_parts == 4 && st.edge_cut == Gg.stats(plan).edge_cut && st.exchange_rounds >= 1
        @test length(st.part_compute_ms) == 4 && length(st.part_exchange_ms) == 4
        @test st.exchange_hidden_ms == 0.0  # the CPU's parts overlap nothing (ABI 0.8)
        _, st = Gg.sssp(g, 1; return_stats=true)
        @test (st.num_parts, st.exchange_rounds, st.edge_cut) == (1, 0, 0)
        close(plan)

        # 1 -> 2 -> 3 -> 4 -> 1, plus 3 -> 2, a self-loop 4 -> 4 and 1 -> 5. Parts [1, 1, 2, 2, 2] cut
        # the undirected pairs {2,3}, {1,4} and {1,5}: an edge cut of 3.
        tiny = Gg.from_edges([1, 2, 3, 4, 3, 4, 1], [2, 3, 4, 1, 2, 4, 5])
        plan = Gg.partition_plan(tiny; parts=2, partitioner=[1, 1, 2, 2, 2])
        s = Gg.stats(plan)
        @test (s.num_parts, s.partitioner, s.edge_cut, s.empty_parts, s.max_part_vertices) == (2, :given, 3, 0, 3)
        @test Gg.parts(plan) == [1, 1, 2, 2, 2]
        infos = Gg.part_infos(plan)
        @test [i.owned for i in infos] == [2, 3] && [i.replicas for i in infos] == [3, 2] && s.replicas == 5
        @test Gg.part_info(plan, 2) == infos[2]
        @test_throws GgError Gg.part_info(plan, 3)
        @test Gg.bfs(tiny, 1; plan) == UInt32[0, 1, 2, 3, 1]
        close(plan)
        @test_throws GgError Gg.bfs(tiny, 1; plan)   # closed
        e = try
            Gg.partition_plan(tiny; parts=2, partitioner=[1, 2, 1]); nothing
        catch err
            err
        end
        @test e isa GgError && e.status === :invalid_argument && occursin("5", e.message)
        e = try
            Gg.partition_plan(tiny; parts=2, partitioner=[1, 2, 1, 3, 2]); nothing
        catch err
            err
        end
        @test e isa GgError && e.status === :invalid_argument && occursin("parts[3] = 2", e.message)
        @test_throws GgError Gg.partition_plan(tiny; parts=0, partitioner=:random)
        @test_throws GgError Gg.partition_plan(tiny; parts=2, partitioner=:random, replication_depth=9)
        @test_throws GgError Gg.partition_plan(tiny; partitioner=[0, 1, 1, 1, 1])   # parts start at 1
        # A graph closed before its plan lives until the plan is closed.
        plan = Gg.partition_plan(tiny; parts=2, partitioner=:block)
        close(tiny)
        @test !isopen(tiny) && length(Gg.parts(plan)) == 5
        close(plan)
    end

    @testset "ABI 0.5: vertex programs" begin
        for (T, init) in ((Gg.CProgramDesc, :gg_program_desc_init),
                          (Gg.CProgramRunOptions, :gg_program_run_options_init),
                          (Gg.CProgramBuildStats, :gg_program_build_stats_init))
            @test Gg.initialized(T, init).struct_size == sizeof(T)
        end
        pro = Gg.initialized(Gg.CProgramRunOptions, :gg_program_run_options_init)
        @test (pro.source, pro.max_iterations, pro.keep_values, pro.num_params) == (typemax(UInt32), 0, 0, 0)
        pd = Gg.initialized(Gg.CProgramDesc, :gg_program_desc_init)
        @test (pd.model, pd.combiner, pd.message_type, pd.name, pd.source) == (0, 0, 0, C_NULL, C_NULL)
        @test Gg.initialized(Gg.CRunStats, :gg_run_stats_init).converged == 0
        # Compiled programs go to a cache directory of this test run.
        cache = mktempdir()
        ENV["GG_CACHE_DIR"] = cache

        # BFS in the CuSha model: each vertex pulls the smallest depth + 1 from its in-edges.
        # Inside a program vertex ids are the library's, 0-based.
        cusha_bfs = """
            typedef struct { uint32_t depth; } gg_vertex;

            GG_FUNCTION int gg_init(gg_vertex *v, const gg_vertex_info *info, const gg_program_globals *g) {
                v->depth = info->id == g->source ? 0u : UINT32_MAX;
                return info->id == g->source;
            }

            GG_FUNCTION void gg_init_compute(gg_vertex *local, const gg_vertex *v, const gg_vertex_info *info,
                                             const gg_program_globals *g) {
                local->depth = v->depth;
            }

            GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local,
                                        const gg_program_globals *g) {
                if (src->depth != UINT32_MAX && src->depth + 1 < local->depth) local->depth = src->depth + 1;
            }

            GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,
                                                const gg_program_globals *g) {
                return local->depth < old->depth;
            }
            """
        cpu = Gg.Context(; backend=:cpu)
        k = Gg.generate_graph(:kron; scale=7, degree=6, seed=11, symmetrize=false, context=cpu)
        busiest = argmax(Gg.outdegrees(k))
        bfs = Gg.Program(cusha_bfs; model=:cusha, type=UInt32, name="cusha_bfs", context=cpu)
        @test Gg.desc(bfs).vertex_value_size == 4 && Gg.desc(bfs).model === :cusha && Gg.desc(bfs).name == "cusha_bfs"
        built = Gg.prepare(bfs; backend=:cpu)
        @test built.backend === :cpu && built.compiled && !built.cache_hit && !isempty(readdir(cache))
        for s in (busiest, 1, Gg.nv(k))
            depths, stats = Gg.run_program(bfs, k; source=s, backend=:cpu)
            @test depths isa Vector{UInt32} && depths == Gg.bfs(k, s)
            reached = filter(!=(Gg.UNREACHABLE), depths)
            @test stats.converged && stats.backend === :cpu && stats.iterations == maximum(reached) + 1
        end
        # A struct type mirroring gg_vertex, and raw bytes updated in place, hold the same.
        Depth = NamedTuple{(:depth,),Tuple{UInt32}}
        typed, _ = Gg.run_program(bfs, k; source=busiest, type=Depth)
        @test [v.depth for v in typed] == Gg.bfs(k, busiest)
        bytes = zeros(UInt8, 4 * Gg.nv(k))
        Gg.run_program!(bytes, bfs, k; source=busiest)
        @test reinterpret(UInt32, bytes) == Gg.bfs(k, busiest)
        again = Gg.Program(cusha_bfs; model=:cusha, vertex_value_size=4, name="cusha_bfs")
        built = Gg.prepare(again; backend=:cpu)
        @test built.cache_hit && !built.compiled

        # The program file examples/programs/bfs.ggp (EMV, min combiner).
        file = Gg.load_program(joinpath(@__DIR__, "..", "..", "..", "examples", "programs", "bfs.ggp"); context=cpu)
        d = Gg.desc(file)
        @test (d.model, d.name, d.vertex_value_size, d.combiner, d.message_type, d.output) ==
              (:emv, "bfs", 4, :min, :uint32, "depth")
        @test Gg.value_type(file) === UInt32
        depths, stats = Gg.run_program(file, k; source=busiest, backend=:cpu)
        @test depths == Gg.bfs(k, busiest) && stats.converged
        # examples/programs/bfs_cusha.ggp (CuSha) asked for CuSha's layouts: the CPU runs its CSR.
        cusha_file = Gg.load_program(joinpath(@__DIR__, "..", "..", "..", "examples", "programs", "bfs_cusha.ggp");
                                     context=cpu)
        @test Gg.desc(cusha_file).model == :cusha
        for layout in (:gshards, :cw)
            depths, stats = Gg.run_program(cusha_file, k; source=busiest, backend=:cpu, layout=layout)
            @test depths == Gg.bfs(k, busiest) && stats.converged && stats.layout == :csr
        end
        # examples/programs/pagerank.ggp sums its shares with the unordered sum.
        pagerank = Gg.load_program(joinpath(@__DIR__, "..", "..", "..", "examples", "programs", "pagerank.ggp");
                                   context=cpu)
        d = Gg.desc(pagerank)
        @test (d.model, d.combiner, d.message_type, d.message_size) == (:emv, :unordered_sum, :double, 8)
        err = try
            Gg.load_program(joinpath(cache, "missing.ggp")); nothing
        catch x
            x
        end
        @test err isa GgError && err.status === :io

        # A syntax error is the library's parse error, with the line counted from the source's first.
        lines = split(cusha_bfs, '\n')
        wrong = findfirst(l -> occursin("local->depth = v->depth;", l), lines)
        lines[wrong] = replace(lines[wrong], ";" => "")
        broken = Gg.Program(join(lines, '\n'); model=:cusha, vertex_value_size=4, name="broken_bfs")
        for attempt in (() -> Gg.prepare(broken; backend=:cpu), () -> Gg.run_program(broken, k; source=1, backend=:cpu))
            err = try
                attempt(); nothing
            catch x
                x
            end
            @test err isa GgError && err.status === :parse && occursin("does not compile", err.message)
            m = match(r"broken_bfs:(\d+):\d+: error", err.message)
            @test m !== nothing && parse(Int, m.captures[1]) in (wrong, wrong + 1)
        end

        # Parameters, the superstep cap, keep_values, and the checks of sizes and types.
        counter_source = """
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
            GG_FUNCTION void gg_compute(const gg_vertex *src, const gg_edge *e, gg_vertex *local,
                                        const gg_program_globals *g) {
            }
            GG_FUNCTION int gg_update_condition(gg_vertex *local, const gg_vertex *old, const gg_vertex_info *info,
                                                const gg_program_globals *g) {
                return g->iteration + 1 < (uint32_t)g->params[1];
            }
            """
        Counter = NamedTuple{(:x, :rounds),Tuple{Float64,UInt32}}  # 16 bytes, as the C struct
        counter = Gg.Program(counter_source; model=:cusha, type=Counter, params=[1.5, 5], context=cpu)
        @test Gg.desc(counter).params[1:3] == [1.5, 5.0, 0.0]
        grid = Gg.generate_graph(:grid; rows=3, cols=4, context=cpu)
        values, stats = Gg.run_program(counter, grid)
        @test (stats.iterations, stats.converged) == (5, true)
        @test all(v -> v.x == 1.5 && v.rounds == 4, values)
        values, stats = Gg.run_program(counter, grid; params=[-2.0], max_iterations=3)
        @test (stats.iterations, stats.converged) == (3, false)
        @test all(v -> v.x == -2.0 && v.rounds == 3, values)
        start = fill(Counter((7.0, UInt32(10))), Gg.nv(grid))
        Gg.run_program!(start, counter, grid; keep_values=true)
        @test all(v -> v.x == 7.0 && v.rounds == 14, start)
        for attempt in (() -> Gg.run_program(counter, grid; type=UInt32),
                        () -> Gg.run_program(counter, grid; keep_values=true),
                        () -> Gg.run_program(counter, grid; params=zeros(9)),
                        () -> Gg.run_program!(zeros(UInt8, 16 * Gg.nv(grid) + 1), counter, grid),
                        () -> Gg.run_program!(Vector{Any}(undef, Gg.nv(grid)), counter, grid),
                        () -> Gg.Program(counter_source; model=:pregel, vertex_value_size=16),
                        () -> Gg.Program(counter_source; model=:cusha))
            err = try
                attempt(); nothing
            catch x
                x
            end
            @test err isa GgError && err.status === :invalid_argument
        end
        wrong_size = Gg.Program(cusha_bfs; model=:cusha, vertex_value_size=8)
        err = try
            Gg.prepare(wrong_size; backend=:cpu); nothing
        catch x
            x
        end
        @test err isa GgError && err.status === :parse &&
              occursin("gg_error_vertex_value_size_is_not_sizeof_gg_vertex", err.message)
        close(counter)
        @test !isopen(counter)
        @test_throws GgError Gg.run_program(counter, grid)
        close(counter)  # harmless
        delete!(ENV, "GG_CACHE_DIR")
    end

    @testset "log callback" begin
        lines = Tuple{Symbol,String}[]
        Gg.Context(; backend=:cpu, log=(level, message) -> push!(lines, (level, message)), log_level=:error) do ctx
            g = Gg.from_edges([1], [2]; context=ctx)
            @test_throws GgError Gg.sssp(g, 7)
        end
        @test length(lines) == 1 && lines[1][1] === :error && occursin("source 6", lines[1][2])
    end

    @testset "ABI 0.7: a distributed context of this one process" begin
        Gg.Context(; backend=:cpu) do plain
            @test (Gg.rank(plain), Gg.num_ranks(plain), Gg.is_distributed(plain)) == (0, 1, false)
        end
        @test_throws GgError Gg.Context(; mpi=:universe)
        @test_throws GgError Gg.Context(; mpi=:world, mpi_timeout_s=-1)
        # ABI 0.10: a graph that is not distributed ignores release_graph_edges; its edges stay
        # for another plan.
        pw = Gg.generate_graph(:kron; scale=6, degree=4, seed=13)
        for _ in 1:2
            pplan = Gg.partition_plan(pw; parts=2, partitioner=:random, release_graph_edges=true)
            @test Gg.bfs(pw, 1; plan=pplan) == Gg.bfs(pw, 1) && Gg.cc(pw; plan=pplan) == Gg.cc(pw)
            close(pplan)
        end
        world = try
            Gg.Context(; backend=:cpu, mpi=:world, mpi_timeout_s=120)
        catch e
            (e isa GgError && e.status === :unsupported) || rethrow()
            @info "skipped: gg was built without MPI" e.message
            nothing
        end
        if world === nothing
            @test_skip "distributed runs"
        else
            @test (Gg.rank(world), Gg.num_ranks(world), Gg.is_distributed(world)) == (0, 1, true)
            src, dst, w = [1, 2, 3, 1, 5, 6], [2, 3, 4, 3, 6, 5], [4.0, 2.0, 3.0, 9.0, 1.0, 1.0]
            @test_throws GgError Gg.from_edges(src, dst, w; context=world)  # nv is required
            g = Gg.from_edges(src, dst, w; nv=7, context=world)
            whole = Gg.from_edges(src, dst, w; nv=7)
            @test (Gg.nv(g), Gg.ne(g), Gg.is_directed(g), Gg.is_weighted(g)) == (7, 6, true, true)
            plan = Gg.partition_plan(g; parts=2, partitioner=:block, context=world)
            @test Gg.stats(plan).num_parts == 2 && Gg.stats(plan).replication_depth == 1
            @test Gg.bfs(g, 1; plan=plan, context=world) == Gg.bfs(whole, 1)
            @test Gg.sssp(g, 1; plan=plan, context=world) == Gg.sssp(whole, 1)
            @test Gg.cc(g; plan=plan, context=world) == Gg.cc(whole)
            @test Gg.pagerank(g; plan=plan, context=world) ≈ Gg.pagerank(whole)
            @test Gg.spmv(g, Float32.(1:7); plan=plan, context=world) ≈ Gg.spmv(whole, Float32.(1:7))
            thrown(f) =
                try
                    f()
                    nothing
                catch err
                    err
                end
            e = thrown(() -> Gg.bfs(g, 1; context=world))
            @test e isa GgError && e.status === :invalid_argument && occursin("partition plan", e.message)
            e = thrown(() -> Gg.csr(g; context=world))
            @test e isa GgError && e.status === :unsupported
            k = Gg.generate_graph(:kron; scale=6, degree=4, seed=5, context=world)
            kw = Gg.generate_graph(:kron; scale=6, degree=4, seed=5)
            kplan = Gg.partition_plan(k; parts=2, partitioner=:block, context=world)
            @test Gg.bfs(k, 1; plan=kplan, context=world) == Gg.bfs(kw, 1)
            # ABI 0.10: a plan that releases the graph's edges as it gathers them answers as a
            # plain context; the graph then makes no other plan.
            r = Gg.generate_graph(:kron; scale=6, degree=4, seed=13, context=world)
            rw = Gg.generate_graph(:kron; scale=6, degree=4, seed=13)
            rplan = Gg.partition_plan(r; parts=2, partitioner=:random, replication_depth=1,
                                      release_graph_edges=true, context=world)
            @test Gg.stats(rplan).num_parts == 2 && Gg.stats(rplan).replication_depth == 1
            @test Gg.bfs(r, 1; plan=rplan, context=world) == Gg.bfs(rw, 1)
            @test Gg.cc(r; plan=rplan, context=world) == Gg.cc(rw)
            e = thrown(() -> Gg.partition_plan(r; parts=2, partitioner=:random, context=world))
            @test e isa GgError && e.status === :invalid_argument &&
                  occursin("released", e.message) && occursin("edges", e.message)
            @test Gg.bfs(r, 1; plan=rplan, context=world) == Gg.bfs(rw, 1)  # the refusal leaves the plan
            close(plan); close(kplan); close(rplan); close(world)
        end
    end

    @testset "tasks sharing a context keep their own messages" begin
        ctx = Gg.Context(; backend=:cpu, num_threads=1)
        n = 100
        g = Gg.from_edges(1:n-1, 2:n; context=ctx)
        mismatches = Channel{String}(Inf)
        @sync for t in 1:16
            Threads.@spawn for r in 1:30
                bad = 1000 + 100t + r
                try
                    Gg.bfs(g, bad)
                    put!(mismatches, "source $bad did not fail")
                catch e
                    occursin("source $(bad - 1) ", e.message) || put!(mismatches, "source $bad got $(e.message)")
                end
                Gg.bfs(g, t)[n] == n - t || put!(mismatches, "wrong depths from $t")
            end
        end
        close(mismatches)
        @test collect(mismatches) == String[]
        close(ctx)
    end
end
