# On SBUF the first pattern pair is the partition dim, whose step is the free size.
# run: -n 1
# exit: 1
# expect: ap_partition_step.py:13:9: error: on sbuf, the first pattern pair is the partition dim: its step must be 32 (the free elements per partition of 'tile'), not 64 (rank 0)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((16, 32), dtype=nl.float32, buffer=nl.sbuf, name="tile")
    out = nl.ndarray((8, 32), dtype=nl.float32, buffer=nl.shared_hbm)
    v = tile.ap(pattern=[[64, 8], [1, 32]], offset=0)
    return out
