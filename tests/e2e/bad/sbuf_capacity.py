# Two tiles of 128 KiB per partition overflow trn2's 224 KiB SBUF partitions.
# run: -n 1
# exit: 1
# expect: sbuf_capacity.py:12:9: error: SBUF overflow: allocating 'b' needs 128 KiB per partition, 128 KiB of 224 KiB already live (rank 0)
import nki
import nki.language as nl


@nki.jit
def kernel():
    a = nl.ndarray((128, 32768), dtype=nl.float32, buffer=nl.sbuf, name="a")
    b = nl.ndarray((128, 32768), dtype=nl.float32, buffer=nl.sbuf, name="b")
    return a
