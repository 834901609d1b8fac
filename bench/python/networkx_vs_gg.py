#!/usr/bin/env python3
"""networkx against gg.networkx: the same calls on the same generated graphs, answers checked.

For each size (undirected edges, about), gg's Kronecker generator makes a graph
(weights 1..255, seeded), which becomes a networkx Graph with nodes 0..n-1.
Then each call runs through networkx and through gg.networkx on every backend
asked for:

    pagerank(G, weight=None)
    shortest_path_length(G, source=s)                    hops
    single_source_dijkstra_path_length(G, s, weight="weight")
    list(connected_components(G))
    betweenness_centrality(G, k=16, seed=42)

s is the vertex of highest degree (smallest id on a tie). gg's side reports the
conversion networkx -> gg apart (gg.networkx converts G once and caches it), its
first call on a fresh cache (conversion included) and the median of the repeated
calls that follow (cached). networkx gets --networkx-timeout seconds per call:
a call still running then is stopped and recorded as skipped, and its repeats
stop once they would go past that budget. A graph whose networkx form would not
fit in memory is skipped whole (gg.networkx needs the networkx graph too).

Every answer is checked against networkx's where networkx ran (exactly for
lengths and components, within a tolerance for PageRank and betweenness), else
against the first backend's. Any difference makes the exit status 1, after the
reports are written. Run from the top of the gg sources:

    GG_LIBRARY=build/libgg.so PYTHONPATH=bindings/python python3 bench/python/networkx_vs_gg.py \\
        --sizes 1e5,1e6,1e7 --repeats 5 --json out.json --markdown out.md
"""

import argparse
import contextlib
import datetime
import gc
import json
import math
import os
import platform
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import time

import numpy as np

# PageRank and betweenness: every node's value within this fraction of the largest value
# (the two sum the same terms in other orders; a real difference is far larger).
RELATIVE_TOLERANCE = 1e-9
BC_K = 16
BC_SEED = 42
# Measured: a networkx Graph of m weighted edges holds about 450 bytes per edge (dicts of dicts).
NETWORKX_BYTES_PER_EDGE = 500
SCHEMA = "gg-bench-python-networkx-vs-gg/1"

CALLS = [
    # name, whether gg.networkx converts G with weights for it, the call
    ("pagerank", False, lambda nx, G, s: nx.pagerank(G, weight=None)),  # gg's PageRank is unweighted
    ("shortest_path_length", False, lambda nx, G, s: nx.shortest_path_length(G, source=s)),
    ("single_source_dijkstra_path_length", True,
     lambda nx, G, s: nx.single_source_dijkstra_path_length(G, s, weight="weight")),
    ("connected_components", False, lambda nx, G, s: list(nx.connected_components(G))),
    ("betweenness_centrality", False, lambda nx, G, s: nx.betweenness_centrality(G, k=BC_K, seed=BC_SEED)),
]
CALL_NAMES = [name for name, _, _ in CALLS]


# ---- command line -------------------------------------------------------------------------------

def edge_count(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a number" % text) from None
    if not math.isfinite(value) or value < 100 or value > 2e9 or value != int(value):
        raise argparse.ArgumentTypeError("%r is not a whole number of edges between 100 and 2e9" % text)
    return int(value)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1e5,1e6,1e7",
                        help="comma-separated undirected edge counts, about (default 1e5,1e6,1e7)")
    parser.add_argument("--repeats", type=int, default=5,
                        help="cached gg calls after the first, and networkx calls at most (default 5)")
    parser.add_argument("--backends", default="cpu,cuda", help="gg backends, comma-separated (default cpu,cuda)")
    parser.add_argument("--json", metavar="OUT", help="write every number to this JSON file")
    parser.add_argument("--markdown", metavar="OUT", help="write the tables to this file (always printed)")
    parser.add_argument("--networkx-timeout", type=float, default=120.0, metavar="SECONDS",
                        help="stop a networkx call after this long and record it as skipped (default 120)")
    parser.add_argument("--networkx-max-edges", type=int, default=0, metavar="M",
                        help="skip graphs of more edges (default 0: only the memory estimate limits)")
    parser.add_argument("--seed", type=int, default=27491095, help="generator seed (default 27491095)")
    parser.add_argument("--note", default="", help="free text recorded in both reports")
    args = parser.parse_args(argv)
    try:
        args.sizes = [edge_count(s) for s in args.sizes.split(",")]
    except argparse.ArgumentTypeError as error:
        parser.error("--sizes: %s" % error)
    args.backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    for backend in args.backends:
        if backend not in ("cpu", "cuda"):
            parser.error("--backends: %r is not cpu or cuda" % backend)
    if len(set(args.backends)) != len(args.backends) or not args.backends:
        parser.error("--backends: name each of cpu and cuda at most once, and at least one")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.networkx_timeout <= 0:
        parser.error("--networkx-timeout must be positive")
    return args


# ---- the machine and the versions -----------------------------------------------------------------

def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def meminfo_bytes(key):
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def gpu_names():
    """GPU names from nvidia-smi: gg's API says whether a GPU is usable but does not name it."""
    if shutil.which("nvidia-smi") is None:
        return []
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True,
                             text=True, timeout=30, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [line.strip() for line in out.splitlines() if line.strip()]


def git_revision(directory):
    """HEAD of the sources this script lives in, "+ uncommitted changes" when dirty; None outside git."""
    def git(*words):
        # --no-optional-locks: status must not rewrite the index
        return subprocess.run(["git", "--no-optional-locks", "-C", directory] + list(words), capture_output=True,
                              text=True, timeout=30, check=True).stdout.strip()
    try:
        head = git("rev-parse", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None
    return head + (" + uncommitted changes" if dirty else "")


def describe_machine(gg):
    usable, reason = gg.default_context().cuda_available()
    return {
        "cpu_model": cpu_model(),
        "cores": os.cpu_count(),
        "memory_bytes": meminfo_bytes("MemTotal"),
        "platform": platform.platform(),
        "load_average": list(os.getloadavg()),
        "cuda_usable": usable,
        "cuda_reason": reason,
        "cuda_devices": gg.default_context().devices if usable else [],
        "gpu_names": gpu_names(),
    }


def describe_versions(gg, nx):
    import scipy

    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "networkx": nx.__version__,
        "gg_binding": gg.__version__,
        "libgg": gg.library_version,
        "libgg_path": gg.library_path,
        "gg_sources": git_revision(os.path.dirname(os.path.abspath(__file__))),
    }


# ---- graphs ------------------------------------------------------------------------------------

def kron_graph(gg, target, seed):
    """A symmetrized weighted Kronecker graph of about `target` undirected edges.

    The generator makes degree x 2^scale edges before merging duplicates, and a
    Kronecker graph has many: the degree is raised until the merged count lands
    within 10% of the target (it is deterministic, so every machine gets the same graph).
    """
    scale = max(4, round(math.log2(target / 16)))
    degree = max(1, round(target / 2 ** scale * 1.12))
    for _ in range(6):
        start = time.perf_counter()
        g = gg.generate("kron", scale=scale, degree=degree, seed=seed, weighted=True)
        seconds = time.perf_counter() - start
        edges = g.m // 2  # no self-loops: every undirected edge is stored twice
        if abs(edges - target) <= 0.1 * target:
            break
        degree = max(1, round(degree * target / max(edges, 1)))
    return g, {"kind": "kron", "scale": scale, "degree": degree, "seed": seed, "weights": [1, 255]}, seconds


def networkx_graph(nx, g):
    """g as a networkx Graph: nodes 0..n-1 in order, one edge per undirected pair, int weights."""
    offsets, indices, weights = g.to_csr()
    src = np.repeat(np.arange(g.n), np.diff(offsets.astype(np.int64)))
    keep = src < indices  # each undirected edge once; the generator drops self-loops
    G = nx.Graph()
    G.add_nodes_from(range(g.n))
    G.add_weighted_edges_from(zip(src[keep].tolist(), indices[keep].tolist(), weights[keep].astype(np.int64).tolist()))
    return G


# ---- running and timing ------------------------------------------------------------------------

class CallTimeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise CallTimeout()


def timed(function, limit=None):
    """(seconds, result) of one call; with a limit, CallTimeout when it runs past it.

    networkx's algorithms are Python loops, so SIGALRM's exception stops them within
    a few bytecodes (no subprocess, so no second copy of a large graph).
    """
    if limit is not None:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        start = time.perf_counter()
        result = function()
        return time.perf_counter() - start, result
    finally:
        if limit is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def summary(runs):
    return {"runs_s": runs, "median_s": statistics.median(runs), "min_s": min(runs), "max_s": max(runs)}


def run_networkx(nx, G, source, call, repeats, budget):
    """networkx's runs of one call within `budget` seconds in all: (record, first answer or None)."""
    runs, answer, spent = [], None, 0.0
    for _ in range(repeats):
        try:
            seconds, result = timed(lambda: call(nx, G, source), budget - spent)
        except CallTimeout:
            if not runs:
                return {"status": "skipped: still running after --networkx-timeout %g s" % budget}, None
            break
        runs.append(seconds)
        spent += seconds
        if answer is None:
            answer = result
        del result
        if spent + seconds > budget:  # another run would likely pass the budget
            break
    return dict(status="ok", **summary(runs)), answer


@contextlib.contextmanager
def default_backend(gg, ggnx, backend):
    """gg.networkx's calls on one backend: its graphs, and so its runs, use gg's
    default context, which gg.set_default_context() replaces for the block."""
    context = gg.Context(backend=backend)
    ggnx.clear_cache()
    saved = gg.set_default_context(context)
    try:
        yield context
    finally:
        ggnx.clear_cache()  # its graphs belong to this context
        gg.set_default_context(saved)
        context.close()


def run_gg(gg, ggnx, G, source, call, weighted, repeats, backend):
    """First call on a fresh conversion cache, then `repeats` cached calls: (record, first answer)."""
    ggnx.clear_cache(G)
    first_s, answer = timed(lambda: call(ggnx, G, source))
    runs = []
    for _ in range(repeats):
        seconds, result = timed(lambda: call(ggnx, G, source))
        runs.append(seconds)
        del result
    # Which backend ran: a run on the very graph gg.networkx used, with its statistics.
    graph = ggnx.to_gg(G, weight="weight" if weighted else None)
    _, stats = graph.bfs(source, return_stats=True)
    if stats.backend != backend:
        raise RuntimeError("gg.networkx ran on %s, not %s (%s)" % (stats.backend, backend, stats.fallback_reason))
    record = dict(status="ok", first_s=first_s, **summary(runs))
    record["num_threads"] = stats.num_threads
    record["device_id"] = stats.device_id
    return record, answer


def conversion_times(ggnx, G):
    """Seconds gg.networkx takes to convert G (unweighted and weighted), each on an empty cache."""
    out = {}
    for key, weight in (("unweighted", None), ("weighted", "weight")):
        ggnx.clear_cache(G)
        out[key], _ = timed(lambda: ggnx.to_gg(G, weight=weight))
    ggnx.clear_cache(G)
    return out


# ---- checking ----------------------------------------------------------------------------------

def compare(name, answer, reference):
    """(ok, detail): gg's answer against the reference answer of the same call."""
    if name == "connected_components":
        if answer == reference:
            return True, "%d components, identical and in the same order" % len(reference)
        return False, "components differ: %d against %d (or in another order)" % (len(answer), len(reference))
    if answer.keys() != reference.keys():
        missing = len(reference.keys() - answer.keys())
        extra = len(answer.keys() - reference.keys())
        return False, "nodes differ: %d missing, %d extra" % (missing, extra)
    if name in ("shortest_path_length", "single_source_dijkstra_path_length"):
        wrong = [node for node, value in reference.items() if answer[node] != value]
        if wrong:
            node = wrong[0]
            return False, "%d lengths differ, e.g. node %r: %r against %r" % (len(wrong), node, answer[node],
                                                                               reference[node])
        return True, "%d lengths, identical" % len(reference)
    nodes = list(reference)
    ours = np.array([answer[node] for node in nodes], dtype=np.float64)
    theirs = np.array([reference[node] for node in nodes], dtype=np.float64)
    largest = float(np.abs(theirs).max()) if theirs.size else 0.0
    difference = float(np.abs(ours - theirs).max()) if theirs.size else 0.0
    limit = RELATIVE_TOLERANCE * largest
    ok = difference <= limit
    return ok, "max |difference| %.3g, limit %.3g (%g of the largest value %.3g)" % (difference, limit,
                                                                                    RELATIVE_TOLERANCE, largest)


# ---- one graph ---------------------------------------------------------------------------------

def bench_graph(gg, ggnx, nx, target, args, backends):
    g, generator, generate_s = kron_graph(gg, target, args.seed)
    degrees = g.out_degrees()
    source = int(np.argmax(degrees))
    entry = {
        "target_edges": target, "generator": generator, "generate_s": generate_s,
        "vertices": g.n, "edges": g.m // 2, "isolated_vertices": int((degrees == 0).sum()),
        "source": source, "source_degree": int(degrees[source]), "calls": [],
    }
    print("graph of about %d edges: kron scale %d degree %d, %d vertices, %d edges"
          % (target, generator["scale"], generator["degree"], g.n, entry["edges"]), file=sys.stderr, flush=True)
    available = meminfo_bytes("MemAvailable")
    needed = NETWORKX_BYTES_PER_EDGE * entry["edges"]
    if args.networkx_max_edges and entry["edges"] > args.networkx_max_edges:
        entry["networkx_graph"] = "skipped: %d edges, above --networkx-max-edges %d" % (entry["edges"],
                                                                                        args.networkx_max_edges)
    elif available is not None and needed > 0.6 * available:
        entry["networkx_graph"] = ("skipped: its networkx Graph needs about %.1f GiB (%d bytes per edge), over 60%% "
                                   "of the %.1f GiB available" % (needed / 2**30, NETWORKX_BYTES_PER_EDGE,
                                                                  available / 2**30))
    else:
        entry["networkx_graph"] = "ok"
    if entry["networkx_graph"] != "ok":
        g.close()
        # gg.networkx takes a networkx graph: without one neither side runs.
        for name in CALL_NAMES:
            entry["calls"].append({"call": name, "networkx": {"status": entry["networkx_graph"]},
                                   "gg": {b: {"status": entry["networkx_graph"]} for b in backends}, "checks": {}})
        return entry, []
    entry["networkx_build_s"], G = timed(lambda: networkx_graph(nx, g))
    g.close()  # from here on every gg graph is gg.networkx's conversion of G

    records = {name: {"call": name, "gg": {}, "checks": {}} for name in CALL_NAMES}
    answers = {name: {} for name in CALL_NAMES}
    for name, _, call in CALLS:
        record, answer = run_networkx(nx, G, source, call, args.repeats, args.networkx_timeout)
        records[name]["networkx"] = record
        if answer is not None:
            answers[name]["networkx"] = answer
        print("  networkx %-36s %s" % (name, brief(record)), file=sys.stderr, flush=True)

    # Host work only (gg graphs belong to no backend until a run uploads them): measured once.
    entry["conversion_s"] = conversion_times(ggnx, G)
    for backend, why_not in backends.items():
        if why_not:
            for name in CALL_NAMES:
                records[name]["gg"][backend] = {"status": why_not}
            continue
        with default_backend(gg, ggnx, backend):
            for name, weighted, call in CALLS:
                record, answer = run_gg(gg, ggnx, G, source, call, weighted, args.repeats, backend)
                records[name]["gg"][backend] = record
                answers[name][backend] = answer
                print("  gg %-4s  %-36s %s" % (backend, name, brief(record)), file=sys.stderr, flush=True)

    failures = []
    for name in CALL_NAMES:
        found = answers[name]
        reference_name = "networkx" if "networkx" in found else next((b for b in backends if b in found), None)
        checks = records[name]["checks"]
        checks["reference"] = reference_name
        for backend in backends:
            if backend not in found or backend == reference_name:
                continue
            ok, detail = compare(name, found[backend], found[reference_name])
            checks[backend] = {"ok": ok, "detail": detail}
            if not ok:
                failures.append("%d edges, %s, gg %s against %s: %s" % (entry["edges"], name, backend,
                                                                        reference_name, detail))
        entry["calls"].append(records[name])
    del G, answers
    gc.collect()
    return entry, failures


def warm_up(gg, ggnx, nx, backends):
    """Every call once on a tiny graph, untimed: imports (scipy for networkx's PageRank) and
    the first use of each backend are not charged to the first graph measured."""
    G = nx.path_graph(2 * BC_K)
    nx.set_edge_attributes(G, 1, "weight")
    for _, _, call in CALLS:
        call(nx, G, 0)
    for backend, why_not in backends.items():
        if not why_not:
            with default_backend(gg, ggnx, backend):
                for _, _, call in CALLS:
                    call(ggnx, G, 0)


def brief(record):
    if record.get("status") != "ok":
        return record.get("status")
    text = "median %.4f s of %d" % (record["median_s"], len(record["runs_s"]))
    if "first_s" in record:
        text = "first %.4f s, cached " % record["first_s"] + text
    return text


# ---- reports -----------------------------------------------------------------------------------

def seconds_text(record, key):
    if record.get("status") != "ok":
        return "-"
    value = record[key]
    return "%.3g" % value if value < 100 else "%.0f" % value


def markdown(report):
    m, v, o = report["machine"], report["versions"], report["options"]
    lines = ["# networkx against gg.networkx", ""]
    lines.append("- date: %s" % report["date"])
    lines.append("- command: `%s`" % report["command"])
    if report["note"]:
        lines.append("- note: %s" % report["note"])
    gpu = ", ".join(m["gpu_names"]) or "none named by nvidia-smi"
    cuda = "usable, devices %s" % m["cuda_devices"] if m["cuda_usable"] else "not usable (%s)" % m["cuda_reason"]
    lines.append("- machine: %s, %d cores, %.1f GiB, load average %s; GPU: %s; gg's CUDA: %s"
                 % (m["cpu_model"], m["cores"], (m["memory_bytes"] or 0) / 2**30,
                    " ".join("%.2f" % x for x in m["load_average"]), gpu, cuda))
    lines.append("- versions: Python %s, numpy %s, scipy %s, networkx %s, gg binding %s, libgg %s (%s), sources %s"
                 % (v["python"], v["numpy"], v["scipy"], v["networkx"], v["gg_binding"], v["libgg"], v["libgg_path"],
                    v["gg_sources"] or "not a git checkout"))
    lines.append("- %d cached gg calls after the first; networkx at most %d calls within %g s per call; "
                 "betweenness with k=%d, seed=%d; PageRank and betweenness checked within %g of the largest value, "
                 "lengths and components exactly" % (o["repeats"], o["repeats"], o["networkx_timeout_s"], BC_K, BC_SEED,
                                                     RELATIVE_TOLERANCE))
    for backend, status in report["backends"].items():
        if status != "ok":
            lines.append("- gg %s: %s" % (backend, status))
    lines.append("")
    lines.append("Times in seconds. networkx: median of its calls. gg: first call on a fresh conversion "
                 "cache (conversion included), then the median of the cached calls; x: networkx's median over "
                 "gg's cached median.")
    backends = [b for b, status in report["backends"].items() if status == "ok"]
    for graph in report["graphs"]:
        gen = graph["generator"]
        lines += ["", "## %s edges (kron scale %d, degree %d: %s vertices, %s isolated), source %d of degree %d"
                  % (format(graph["edges"], ","), gen["scale"], gen["degree"], format(graph["vertices"], ","),
                     format(graph["isolated_vertices"], ","), graph["source"], graph["source_degree"]), ""]
        if graph["networkx_graph"] != "ok":
            lines.append("Not run: %s." % graph["networkx_graph"][len("skipped: "):])
            continue
        build = "networkx Graph built in %.3g s" % graph["networkx_build_s"]
        conversion = graph["conversion_s"]
        lines += ["%s; gg.networkx's conversion to gg: %.3g s unweighted, %.3g s weighted." % (
            build, conversion["unweighted"], conversion["weighted"]), ""]
        header = ["call", "networkx"]
        for b in backends:
            header += ["gg %s first" % b, "gg %s cached" % b, "x"]
        header.append("answers")
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "---|" * len(header))
        for call in graph["calls"]:
            theirs = call["networkx"]
            row = [call["call"], seconds_text(theirs, "median_s")]
            if theirs.get("status") != "ok":
                row[1] = theirs["status"]
            for b in backends:
                ours = call["gg"][b]
                row += [seconds_text(ours, "first_s"), seconds_text(ours, "median_s")]
                if theirs.get("status") == "ok" and ours.get("status") == "ok":
                    row.append("%.1f" % (theirs["median_s"] / ours["median_s"]))
                else:
                    row.append("-")
            checks = call["checks"]
            verdicts = ["%s %s" % (b, "equal" if c["ok"] else "DIFFERENT") for b, c in checks.items()
                        if isinstance(c, dict)]
            row.append(("against %s: " % checks["reference"] + ", ".join(verdicts)) if verdicts else "not compared")
            lines.append("| " + " | ".join(row) + " |")
    lines += ["", "Checks: %d compared, %d different." % (report["checks"]["compared"], report["checks"]["failed"])]
    return "\n".join(lines) + "\n"


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    import gg
    import gg.networkx as ggnx
    import networkx as nx

    usable, reason = gg.default_context().cuda_available()
    backends = {b: ("" if b == "cpu" or usable else "skipped: no usable GPU: %s" % reason) for b in args.backends}
    report = {
        "schema": SCHEMA,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": shlex.join(["bench/python/networkx_vs_gg.py"] + (sys.argv[1:] if argv is None else list(argv))),
        "note": args.note,
        "machine": describe_machine(gg),
        "versions": describe_versions(gg, nx),
        "options": {"sizes": args.sizes, "repeats": args.repeats, "backends": args.backends,
                    "networkx_timeout_s": args.networkx_timeout, "networkx_max_edges": args.networkx_max_edges,
                    "seed": args.seed, "bc_k": BC_K, "bc_seed": BC_SEED, "relative_tolerance": RELATIVE_TOLERANCE},
        "backends": {b: why_not or "ok" for b, why_not in backends.items()},
        "graphs": [],
    }
    warm_up(gg, ggnx, nx, backends)
    failures = []
    for target in args.sizes:
        entry, failed = bench_graph(gg, ggnx, nx, target, args, backends)
        report["graphs"].append(entry)
        failures += failed
    compared = sum(1 for graph in report["graphs"] for call in graph["calls"]
                   for check in call["checks"].values() if isinstance(check, dict))
    report["checks"] = {"compared": compared, "failed": len(failures), "passed": not failures,
                        "failures": failures}
    text = markdown(report)
    sys.stdout.write(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
            f.write("\n")
    if failures:
        print("networkx_vs_gg: ANSWERS DIFFER:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
