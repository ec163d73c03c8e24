#!/usr/bin/env python3
"""Differential fuzzers: random programs run by nkic's tools and by a
reference, whose results must agree.

    differential.py meta  --nkirun NKIRUN [--nkic NKIC] [--seeds A:B | --seconds N]
    differential.py instr --nkirun NKIRUN [--nkic NKIC] [--seeds A:B | --seconds N]

`meta` (meta_gen.py): a meta-program printing from inside a kernel, run by
`nkirun run`, by `nkic check` (whose trace runs the same meta-program) and
by CPython with check_cpython.py's stand-in `nki` module; the printed text
must be CPython's, or nkirun stops with a located "... not supported" error,
or (a program whose last statement leaves int64) a located integer-overflow
error at that statement.

`instr` (instr_gen.py): a kernel of random device instructions on random
shapes, dtypes and views, run by `nkirun run`; every output must be its
NumPy oracle's, bit for bit. With --nkic, some seeds (--build-every) are
also built with `nkic build` and the program's outputs must be nkirun's
byte for byte. A kernel the generator expects to be refused must end in a
located error (FILE:LINE:COL) with exit 1.

Any crash, signal, hang, unlocated error, internal error or sanitizer report
is a finding too. Each finding is shrunk (blocks dropped while it still
fails) and written under --findings (default /tmp/fuzz/findings/) as the
program, the command, the tool's output and what was expected. The exit
code is 1 when there was a finding, 0 otherwise. Seeds are deterministic:
the same seed writes the same program.
"""

import argparse
import concurrent.futures
import os
import pathlib
import shutil
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(HERE))
import meta_check  # noqa: E402
import instr_check  # noqa: E402

FUZZERS = {"meta": meta_check, "instr": instr_check}


def parse_seeds(text):
    a, _, b = text.partition(":")
    return range(int(a), int(b) if b else int(a) + 1)


def shrink(fuzzer, case, problem, tools, work):
    """The smallest case (dropping parts greedily) that still fails the
    same way (the same first line of the report)."""
    kind = problem.split("\n", 1)[0].split(" (line")[0]
    changed = True
    while changed:
        changed = False
        for smaller in case.smaller():
            p = fuzzer.check(smaller, tools, work)
            if p is not None and p.split("\n", 1)[0].split(" (line")[0] == kind:
                case, problem, changed = smaller, p, True
                break
    return case, problem


def save_finding(root, name, case, problem):
    folder = root / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for fname, content in case.files().items():
        if isinstance(content, bytes):
            (folder / fname).write_bytes(content)
        else:
            (folder / fname).write_text(content, encoding="utf-8")
    (folder / "README").write_text(problem, encoding="utf-8")
    return folder


def run_seed(fuzzer, seed, tools, args):
    with tempfile.TemporaryDirectory(prefix=f"{args.fuzzer}-{seed}-") as tmp:
        work = pathlib.Path(tmp)
        case = fuzzer.generate(seed, args)
        problem = fuzzer.check(case, tools, work)
        if problem is None:
            return seed, None
        if not args.no_shrink:
            case, problem = shrink(fuzzer, case, problem, tools, work)
        folder = save_finding(pathlib.Path(args.findings), f"{args.fuzzer}-{seed}", case, problem)
        return seed, f"{folder}:\n{problem}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fuzzer", choices=sorted(FUZZERS))
    parser.add_argument("--nkirun", required=True)
    parser.add_argument("--nkic", help="also nkic check (meta) or nkic build (instr)")
    parser.add_argument("--seeds", default="0:20", help="A:B, the seeds A to B-1")
    parser.add_argument("--seconds", type=float, help="run seeds from A on for this long")
    parser.add_argument("--findings", default="/tmp/fuzz/findings")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--build-every", type=int, default=8,
                        help="instr: build every Nth seed with nkic (0: none)")
    parser.add_argument("--all-features", action="store_true",
                        help="meta: also the constructs listed in meta_gen.KNOWN_BROKEN")
    parser.add_argument("--no-shrink", action="store_true")
    args = parser.parse_args()
    fuzzer = FUZZERS[args.fuzzer]
    tools = {"nkirun": os.path.abspath(args.nkirun),
             "nkic": os.path.abspath(args.nkic) if args.nkic else None}
    seeds = parse_seeds(args.seeds)
    if args.seconds:
        seeds = range(seeds.start, 2**62)
    deadline = time.monotonic() + args.seconds if args.seconds else None
    findings, done = [], 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        pending = set()
        it = iter(seeds)
        while True:
            while len(pending) < args.jobs * 2 and (deadline is None or time.monotonic() < deadline):
                seed = next(it, None)
                if seed is None:
                    break
                pending.add(pool.submit(run_seed, fuzzer, seed, tools, args))
            if not pending:
                break
            finished, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for f in finished:
                seed, finding = f.result()
                done += 1
                if finding:
                    findings.append(finding)
                    print(f"seed {seed}: FINDING {finding}\n", flush=True)
    print(f"{args.fuzzer}: {done} seeds, {len(findings)} findings")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
