"""The two programs of an LNC-2 rank working together, through nisa.sendrecv
and nisa.core_barrier. Program p owns half p of the columns of the rank's
input x (rows, 2 * half):

- total = x[:, :half] + x[:, half:], tile by tile: each program loads its
  half's tile, swaps it with the other program by sendrecv, adds the two,
  and stores every other tile (program 0 the even ones, program 1 the odd);
- swapped: program p's first tile, sent to the other program in place (the
  tile it sends is the one it receives into), so that swapped[:, :width] is
  program 1's and swapped[:, width:] program 0's;
- mirror = the halves exchanged through shared HBM: each program copies its
  half into a staging tensor, both wait at core_barrier until both have
  written, then each reads the other's half into its own place of mirror.

    nkirun run examples/lnc_exchange.py -n 2 --lnc 2 \\
        -a x=@examples/data/mm_rows_rank{rank}.npy -a tiles=4 --print
"""
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def lnc_exchange(x, tiles: int):
    assert nl.program_ndim() == 1 and nl.num_programs(0) == 2, "run with --lnc 2"
    program = nl.program_id(0)
    other = 1 - program
    rows, cols = x.shape
    half = cols // 2
    width = half // tiles
    total = nl.ndarray((rows, half), dtype=x.dtype, buffer=nl.shared_hbm, name="total")
    swapped = nl.ndarray((rows, 2 * width), dtype=x.dtype, buffer=nl.shared_hbm, name="swapped")
    mirror = nl.ndarray((rows, cols), dtype=x.dtype, buffer=nl.shared_hbm, name="mirror")
    staging = nl.ndarray((rows, cols), dtype=x.dtype, buffer=nl.shared_hbm, name="staging")

    for t in nl.affine_range(tiles):
        mine = nl.ndarray((rows, width), dtype=x.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=mine, src=x[:, program * half + t * width:program * half + (t + 1) * width])
        theirs = nl.ndarray((rows, width), dtype=x.dtype, buffer=nl.sbuf)
        nisa.sendrecv(src=mine, dst=theirs, send_to_rank=other, recv_from_rank=other, pipe_id=0)
        both = nl.ndarray((rows, width), dtype=x.dtype, buffer=nl.sbuf)
        # x[:, :half] + x[:, half:] in that order on both programs.
        first = mine if program == 0 else theirs
        second = theirs if program == 0 else mine
        nisa.tensor_tensor(dst=both, data1=first, data2=second, op=nl.add)
        if t % 2 == program:
            nisa.dma_copy(dst=total[:, t * width:(t + 1) * width], src=both)

    tile = nl.ndarray((rows, width), dtype=x.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=tile, src=x[:, program * half:program * half + width])
    nisa.sendrecv(src=tile, dst=tile, send_to_rank=other, recv_from_rank=other, pipe_id=0)
    nisa.dma_copy(dst=swapped[:, program * width:(program + 1) * width], src=tile)

    nisa.dma_copy(dst=staging[:, program * half:(program + 1) * half],
                  src=x[:, program * half:(program + 1) * half])
    nisa.core_barrier(data=staging, cores=(0, 1))
    nisa.dma_copy(dst=mirror[:, program * half:(program + 1) * half],
                  src=staging[:, other * half:(other + 1) * half])
    return total, swapped, mirror
