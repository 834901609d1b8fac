#!/usr/bin/env python3
"""layout=auto against the best layout, cell by cell (issue 14 item 5).

Reads gg-bench JSON reports run with --layouts including auto (e.g.
`--layouts auto,csr,tocab,gshards,cw,vsplit,udt`) and prints a markdown
table: for each graph and algorithm, the layout auto ran, its median
compute time, the fastest layout asked for by name and its time, and
auto / best. A cell is "within" when auto / best <= 1 + --slack (default
0.10). Exits 1 when a cell is not within (so a script can gate on it), 2
on unusable input.

usage: auto_vs_best.py [--slack F] REPORT.json [REPORT.json ...]
"""
import argparse
import json
import sys


def cells(reports):
    """{(graph, algorithm): {requested layout: (median ms, layout ran)}} in report order."""
    table = {}
    for path in reports:
        with open(path) as f:
            report = json.load(f)
        for r in report.get("results", []):
            if r.get("status") != "ok" or "layout_requested" not in r:
                continue
            median = (r.get("compute_ms") or {}).get("median")
            if median is None:
                continue
            key = (r["graph"], r["algorithm"])
            table.setdefault(key, {})[r["layout_requested"]] = (median, r.get("layout", r["layout_requested"]))
    return table


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slack", type=float, default=0.10, help="allowed excess of auto over the best (0.10)")
    parser.add_argument("reports", nargs="+")
    args = parser.parse_args()
    try:
        table = cells(args.reports)
    except (OSError, ValueError) as e:
        print(f"auto_vs_best: {e}", file=sys.stderr)
        return 2
    rows, missing, outside = [], [], 0
    for (graph, algorithm), by_layout in table.items():
        named = {k: v for k, v in by_layout.items() if k != "auto"}
        if "auto" not in by_layout or not named:
            missing.append(f"{graph}/{algorithm}")
            continue
        auto_ms, auto_ran = by_layout["auto"]
        best = min(named, key=lambda k: named[k][0])
        best_ms = named[best][0]
        ratio = auto_ms / best_ms if best_ms > 0 else float("inf")
        within = ratio <= 1 + args.slack
        outside += not within
        others = ", ".join(f"{k} {v[0]:.3g}" for k, v in named.items() if k != best)
        rows.append(f"| {graph} | {algorithm} | {auto_ran} | {auto_ms:.3f} | {best} | {best_ms:.3f} | "
                    f"{ratio:.2f} | {'yes' if within else '**no**'} | {others} |")
    if not rows:
        print("auto_vs_best: no cell has both auto and a named layout (run gg-bench --layouts auto,...)",
              file=sys.stderr)
        return 2
    print("| graph | algorithm | auto ran | auto ms | best layout | best ms | auto / best | within "
          f"{args.slack:.0%} | the other layouts, ms |")
    print("|---|---|---|---:|---|---:|---:|---|---|")
    print("\n".join(rows))
    print(f"\n{len(rows) - outside} of {len(rows)} cells within {args.slack:.0%} of the best layout.")
    if missing:
        print(f"Cells without auto or a named layout: {', '.join(missing)}.")
    return 1 if outside else 0


if __name__ == "__main__":
    sys.exit(main())
