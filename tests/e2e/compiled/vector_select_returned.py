# A returned vector_select view is gathered partition by partition into its
# output file (named after the variable it views), interpreted and compiled.
# build: -n 2 -a table=f32[4,8] -a index=i32[3,1]
# run: -n 2 -a table=@../../../examples/data/rows_rank{rank}.npy -a index=@../bad/data/i32_3x1_rows.npy --print
# program: -a table=@../../../examples/data/rows_rank{rank}.npy -a index=@../bad/data/i32_3x1_rows.npy --print
# outputs: rank0/rows.npy rank1/rows.npy
# exit: 0
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(table, index):
    rows = nl.ndarray(table.shape, dtype=table.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=rows, src=table)
    where = nl.ndarray((3, 1), dtype=nl.int32, buffer=nl.sbuf)
    nisa.dma_copy(dst=where, src=index)
    return rows.vector_select(0, where)
