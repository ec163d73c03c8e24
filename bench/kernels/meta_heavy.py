"""A meta-program-heavy kernel, in the style of library code: a class per
tile, helper calls several deep, lists of tiles built and walked, f-string
names. Each of `tiles` tiles of a rank's (tiles * 128, cols) input is
described by an object, its rows computed through the helpers, and copied to
the output by one DMA. bench/python/meta_heavy.py is the same in Python and
NumPy.

    nkirun run bench/kernels/meta_heavy.py -n 4 -a input=@ROWS_4096x32.npy --time
"""
import nki
import nki.isa as nisa
import nki.language as nl

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
    nisa.dma_copy(dst=out[first:last, :], src=input[first:last, :])


@nki.jit
def meta_heavy(input, repeats=8):
    total, cols = input.shape
    out = nl.ndarray((total, cols), dtype=input.dtype, buffer=nl.shared_hbm)
    for _ in range(repeats):
        for spec in plan(total, cols):
            copy_tile(out, input, spec)
    return out
