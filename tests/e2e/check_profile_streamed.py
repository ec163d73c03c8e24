"""nkirun run --profile writes its timeline while the run goes: a kernel of
DMAS DMAs (each drawn on 16 DMA-engine tracks) profiled inside a 1 GB
address space, where a timeline kept whole (some 50 KB a DMA) cannot fit.
The trace must be what check_profile.py checks of every trace, with every
slice, and --iters 2 must give the last run's timeline alone (the same
slices, not twice as many).

usage: check_profile_streamed.py NKIRUN
"""

import json
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
from check_profile import check_trace

DMAS = 30000
LIMIT = "--as=1000000000"
TIMEOUT_SECONDS = 300

KERNEL = """import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def k(n: int):
    t = nl.ndarray((128, 4), dtype=nl.float32, buffer=nl.sbuf)
    nisa.memset(dst=t, value=1.0)
    h = nl.ndarray((128, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    for i in range(n):
        nisa.dma_copy(dst=h, src=t)
    return h
"""


def dma_slices(path, problems):
    """The trace's dma_copy slices, after check_profile.py's checks."""
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    problems += check_trace(path, trace, 1)[0]
    return sum(1 for e in trace["traceEvents"]
               if e["ph"] == "X" and e["name"] == "dma_copy")


def main():
    nkirun = os.path.abspath(sys.argv[1])
    problems = []
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "many.py"), "w", encoding="utf-8") as f:
            f.write(KERNEL)
        counts = []
        for iters in ("1", "2"):
            argv = ["prlimit", LIMIT, nkirun, "run", "many.py", "-n", "1", "-a", f"n={DMAS}",
                    "--threads", "1", "--iters", iters, "--profile", "p.json"]
            proc = subprocess.run(argv, cwd=d, capture_output=True, text=True,
                                  timeout=TIMEOUT_SECONDS)
            if proc.returncode != 0:
                problems.append(f"{' '.join(argv)}: exit {proc.returncode}\n{proc.stderr}")
                continue
            counts.append(dma_slices(os.path.join(d, "p.json"), problems))
        # Each DMA of 128 partitions spreads over the 16 DMA engines.
        if counts and any(c != 16 * DMAS for c in counts):
            problems.append(f"DMA slices per run {counts}, expected {16 * DMAS}")
    for p in problems:
        print(p)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
