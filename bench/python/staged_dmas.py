"""bench/kernels/staged_dmas.py in Python and NumPy, the way a CPU simulator
written in them would run it: for each rank, each row through a fresh tile,
two copies a row. Prints `time: X us/iter`, the median of ITERS runs.

    python3 bench/python/staged_dmas.py INPUT.npy RANKS ITERS
"""
import statistics
import sys
import time

import numpy as np


def staged_dmas(input):
    rows, cols = input.shape
    out = np.empty((rows, cols), dtype=input.dtype)
    for i in range(rows):
        tile = np.empty((1, cols), dtype=input.dtype)
        np.copyto(tile, input[i:i + 1, :])
        np.copyto(out[i:i + 1, :], tile)
    return out


def main():
    input = np.load(sys.argv[1])
    ranks, iters = int(sys.argv[2]), int(sys.argv[3])
    times = []
    for _ in range(iters):
        start = time.perf_counter()
        for _ in range(ranks):
            out = staged_dmas(input)
        times.append((time.perf_counter() - start) * 1e6)
    assert np.array_equal(out, input)
    print(f"time: {statistics.median(times)} us/iter", file=sys.stderr)


main()
