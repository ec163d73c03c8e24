# Strict mode: a run-time offset read from an SBUF element no one wrote.
# build: -n 2 -a input=f32[4,8]
# run: -n 2 -a input=@../bad/data/f32_4x8_rank{rank}.npy
# program: -a input=@../bad/data/f32_4x8_rank{rank}.npy
# exit: 1
# expect: strict_unwritten_offset.py:17:5: error: strict mode: element [0, 0] of 'index' is read but was never written (ranks 0, 1)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(input):
    rows, cols = input.shape
    index = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf, name="index")
    row = nl.ndarray((1, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="row")
    nisa.dma_copy(dst=row, src=input.ap(pattern=[[cols, 1], [1, cols]], offset=0, scalar_offset=index, indirect_dim=0))
    return row
