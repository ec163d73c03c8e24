"""bench/kernels/staged_dmas.py in Python and NumPy, the way a CPU simulator
written in them would run it: for each rank, each row through a fresh tile,
two copies a row. Prints `time: X us/iter`, the median of ITERS runs.

    python3 bench/python/staged_dmas.py INPUT.npy RANKS ITERS
"""
import numpy as np
from timing import time_copying_kernel


def staged_dmas(input):
    rows, cols = input.shape
    out = np.empty((rows, cols), dtype=input.dtype)
    for i in range(rows):
        tile = np.empty((1, cols), dtype=input.dtype)
        np.copyto(tile, input[i:i + 1, :])
        np.copyto(out[i:i + 1, :], tile)
    return out


time_copying_kernel(staged_dmas)
