"""nkirun bench end to end: for each collective, datatype and a few rank
counts, the table's rows are the sizes asked for (rounded to whole chunks),
busbw is algbw times nccom-test's factor, --check runs every size on the
simulated machine and finds nothing wrong, and --json holds the same rows;
--check at 1,024 ranks, and with a size too large for --memory-limit.

usage: check_bench.py NKIRUN
"""

import json
import os
import subprocess
import sys
import tempfile

ELEM = {"fp32": 4, "bf16": 2, "fp8": 1, "int8": 1, "uint16": 2, "int32": 4}


def factor(collective, n):
    return {"allr": 2 * (n - 1) / n, "permute": 1.0}.get(collective, (n - 1) / n)


def expected_sizes(collective, n, elem, lo, hi, step):
    unit = elem if collective in ("allr", "permute") else elem * n
    sizes, size = [], lo
    while size <= hi:
        sizes.append(max(unit, size // unit * unit))
        size *= step
    return sizes


def check(nkirun, collective, n, datatype, lnc, folder):
    lo, hi, step = 1024, 262144, 8
    report = os.path.join(folder, f"{collective}-{n}-{datatype}.json")
    argv = [nkirun, "bench", collective, "-n", str(n), "-b", str(lo), "-e", str(hi), "-f",
            str(step), "-d", datatype, "--lnc", str(lnc), "--check", "--json", report]
    run = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    where = " ".join(argv)
    if run.returncode != 0:
        return [f"{where}: exit {run.returncode}: {run.stderr}"]
    lines = run.stdout.splitlines()
    problems = []
    if "estimated by nkic's cost model, not measured" not in lines[0]:
        problems.append(f"{where}: the first line does not say it is an estimate: {lines[0]}")
    header = lines[1].split()
    if header != ["size(B)", "count(elems)", "type", "time(us)", "algbw(GB/s)", "busbw(GB/s)",
                  "algorithm", "#wrong"]:
        problems.append(f"{where}: header {header}")
    rows = [line.split() for line in lines[2:-1]]
    sizes = expected_sizes(collective, n, ELEM[datatype], lo, hi, step)
    if [int(r[0]) for r in rows] != sizes:
        problems.append(f"{where}: sizes {[r[0] for r in rows]}, expected {sizes}")
    data = json.load(open(report))["results"]
    for r, j in zip(rows, data):
        size, count, algbw, busbw, wrong = int(r[0]), int(r[1]), j["algbw(GB/s)"], \
            j["busbw(GB/s)"], int(r[7])
        if count != size // ELEM[datatype] or r[2] != datatype:
            problems.append(f"{where}: row {r}: count or type")
        if wrong != 0 or j["#wrong"] != 0:
            problems.append(f"{where}: row {r}: {wrong} wrong")
        if abs(algbw - size / (j["time(us)"] * 1000)) > 1e-9 * algbw:
            problems.append(f"{where}: algbw {algbw} is not size / time")
        if abs(busbw - algbw * factor(collective, n)) > 1e-9 * max(busbw, 1e-30):
            problems.append(f"{where}: busbw {busbw} is not algbw x {factor(collective, n)}")
        if f"{busbw:.2f}" != r[5] or j["algorithm"] != r[6] or j["size(B)"] != size:
            problems.append(f"{where}: the table's row {r} and the JSON's {j} differ")
    mean = sum(j["busbw(GB/s)"] for j in data) / len(data)
    if lines[-1] != f"Avg bus bandwidth:\t{mean:.4f}GB/s":
        problems.append(f"{where}: last line {lines[-1]!r}, mean busbw {mean:.4f}")
    return problems


def check_many_ranks(nkirun):
    """--check at 1,024 ranks: the expected values cost O(1) an element, so
    this takes seconds (a sum over the ranks for each element took minutes)."""
    problems = []
    for collective, size in (("allr", "64K"), ("redsct", "64K")):
        argv = [nkirun, "bench", collective, "-n", "1024", "-b", size, "-e", size, "-d", "fp8",
                "--check"]
        run = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        rows = run.stdout.splitlines()[2:-1]
        if run.returncode != 0 or len(rows) != 1 or rows[0].split()[-1] != "0":
            problems.append(f"{' '.join(argv)}: exit {run.returncode}, rows {rows}\n{run.stderr}")
    return problems


def check_too_large(nkirun, folder):
    """A size whose buffers exceed --memory-limit is not run: the smaller
    sizes are checked and printed, its row and the larger ones show '-', and
    one error names it (exit 1)."""
    report = os.path.join(folder, "too-large.json")
    argv = [nkirun, "bench", "allr", "-n", "4", "-b", "1M", "-e", "16M", "-f", "4", "--check",
            "--memory-limit", "40M", "--json", report]
    run = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    where = " ".join(argv)
    wrong = [line.split()[-1] for line in run.stdout.splitlines()[2:-1]]
    problems = []
    # 4 ranks hold a source and a destination of the size each: 8 MiB, 32 MiB, 128 MiB.
    if run.returncode != 1 or wrong != ["0", "0", "-"]:
        problems.append(f"{where}: exit {run.returncode}, #wrong {wrong}\n{run.stdout}")
    expected = ("nkirun: error: --check: size 16777216 needs 128 MiB for the buffers of 4 ranks, "
                "above the memory limit of 40 MiB (--memory-limit); it and any larger size were "
                "not checked (#wrong: -)\n")
    if run.stderr != expected:
        problems.append(f"{where}: stderr {run.stderr!r}")
    if os.path.exists(report):
        results = json.load(open(report))["results"]
        if [r["#wrong"] for r in results] != [0, 0, None]:
            problems.append(f"{where}: JSON #wrong {[r['#wrong'] for r in results]}")
    else:
        problems.append(f"{where}: no JSON written")
    return problems


def main():
    nkirun = os.path.abspath(sys.argv[1])
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        for collective in ("allr", "allg", "redsct", "alltoall", "permute"):
            for n, datatype, lnc in ((2, "fp32", 2), (3, "bf16", 1), (8, "fp8", 2),
                                     (5, "int8", 2), (4, "uint16", 1), (16, "int32", 2)):
                problems += check(nkirun, collective, n, datatype, lnc, folder)
        problems += check_many_ranks(nkirun)
        problems += check_too_large(nkirun, folder)
    for p in problems:
        print(p)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
