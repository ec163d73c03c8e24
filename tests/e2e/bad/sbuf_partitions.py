# SBUF has 128 partitions.
# run: -n 1
# exit: 1
# expect: sbuf_partitions.py:11:12: error: partition dimension 256 exceeds the 128 SBUF partitions (rank 0)
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((256, 4), dtype=nl.float32, buffer=nl.sbuf)
    return tile
