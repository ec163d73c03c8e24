# A (P, N) vector offset is read column by column, as the hardware flattens
# it: offset i is index[i % P, i // P]. Five rows gathered with a (2, 3)
# index, the last of its six offsets unused, interpreted and compiled.
# build: -n 2 -a table=f32[4,8] -a index=i32[2,3]
# run: -n 2 -a table=@../../../examples/data/rows_rank{rank}.npy -a index=@../bad/data/i32_2x3_columns.npy --print
# program: -a table=@../../../examples/data/rows_rank{rank}.npy -a index=@../bad/data/i32_2x3_columns.npy --print
# outputs: rank0/picked.npy rank1/picked.npy
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(table, index):
    rows, cols = table.shape
    where = nl.ndarray(index.shape, dtype=nl.int32, buffer=nl.sbuf)
    nisa.dma_copy(dst=where, src=index)
    picked = nl.ndarray((5, cols), dtype=table.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=picked, src=table.ap([[cols, 5], [1, cols]], 0, vector_offset=where))
    return picked
