# Partition 1 reads row 5 of a 4-row table: the offsets are data, so the
# program checks each partition's row when the copy runs.
# build: -n 1 -a table=f32[4,8] -a index=i32[3,1]
# run: -n 1 -a table=@../bad/data/f32_4x8_rank0.npy -a index=@../bad/data/i32_3x1_oob.npy
# program: -a table=@../bad/data/f32_4x8_rank0.npy -a index=@../bad/data/i32_3x1_oob.npy
# exit: 1
# expect: vector_offset_out_of_bounds.py:20:5: error: partition 1 (vector offset 40): access pattern out of bounds: elements 40..47 of 'table' (32 elements) (rank 0)
# expect: <caret>    nisa.dma_copy(dst=out, src=table.vector_select(0, where))
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(table, index):
    rows, cols = table.shape
    where = nl.ndarray((3, 1), dtype=nl.int32, buffer=nl.sbuf)
    nisa.dma_copy(dst=where, src=index)
    out = nl.ndarray((3, cols), dtype=table.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=table.vector_select(0, where))
    return out
