# tile_position and tile_size enable tiling mode together.
# run: -n 1
# exit: 1
# expect: matmul_tile_size_alone.py:16:5: error: nc_matmul: tile_position and tile_size enable tiling mode together; give both or neither (rank 0)
# expect: <caret>    nisa.nc_matmul(dst=acc, stationary=a, moving=b, tile_size=(64, 128))
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 64), dtype=nl.bfloat16, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 256), dtype=nl.bfloat16, buffer=nl.sbuf, name="b")
    acc = nl.ndarray((64, 256), dtype=nl.float32, buffer=nl.psum, name="acc")
    nisa.nc_matmul(dst=acc, stationary=a, moving=b, tile_size=(64, 128))
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
