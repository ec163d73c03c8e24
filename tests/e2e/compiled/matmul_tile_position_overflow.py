# A tile_position near 2**63: position + size would overflow int64 and pass
# as "inside the 128 rows"; it is refused.
# build: -n 1 -a x=f32[4,4]
# run: -n 1 -a x=@../bad/data/f32_4x4.npy
# exit: 1
# expect: matmul_tile_position_overflow.py:18:5: error: nc_matmul: tile_position: the start row 9223372036854775744 must be a multiple of the row size 64 inside the 128 rows (rank 0)
# expect-build: matmul_tile_position_overflow.py:18:5: error: nc_matmul: tile_position: the start row 9223372036854775744 must be a multiple of the row size 64 inside the 128 rows
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel(x):
    a = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=a, src=x)
    acc = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.psum)
    nisa.nc_matmul(dst=acc, stationary=a, moving=a, tile_position=(9223372036854775744, 0),
                   tile_size=(64, 128))
    return x
