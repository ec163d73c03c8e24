"""bench/kernels/meta_heavy.py in Python and NumPy: the same classes, helpers
and lists, a NumPy copy for each DMA, for each rank. Prints `time: X
us/iter`, the median of ITERS runs.

    python3 bench/python/meta_heavy.py INPUT.npy RANKS ITERS
"""
import numpy as np
from timing import time_copying_kernel

PMAX = 128


class TileSpec:
    def __init__(self, index, rows, cols):
        self.index = index
        self.rows = rows
        self.cols = cols
        self.name = f"tile_{index}"

    def start(self):
        return self.index * self.rows

    def stop(self):
        return self.start() + self.rows


def clamp(value, low, high):
    return max(low, min(value, high))


def tile_rows(total, index):
    return clamp(total - index * PMAX, 0, PMAX)


def plan(total, cols):
    specs = []
    for index in range((total + PMAX - 1) // PMAX):
        specs.append(TileSpec(index, tile_rows(total, index), cols))
    return specs


def copy_tile(out, input, spec):
    rows = [r for r in range(spec.start(), spec.stop())]
    first, last = rows[0], rows[-1] + 1
    np.copyto(out[first:last, :], input[first:last, :])


def meta_heavy(input, repeats=8):
    total, cols = input.shape
    out = np.empty((total, cols), dtype=input.dtype)
    for _ in range(repeats):
        for spec in plan(total, cols):
            copy_tile(out, input, spec)
    return out


time_copying_kernel(meta_heavy)
