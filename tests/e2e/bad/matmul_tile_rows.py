# A stationary tile fits the rows of its Tensor Engine tile.
# run: -n 1
# exit: 1
# expect: matmul_tile_rows.py:16:5: error: nc_matmul: the contraction (partition) dim of 128 exceeds the 64 rows of the Tensor Engine tile (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=acc, stationary=a, moving=b, tile_position=(64, 0), tile_size=(64, 128))
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    nisa.nc_matmul(dst=acc, stationary=a, moving=b, tile_position=(64, 0), tile_size=(64, 128))
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
