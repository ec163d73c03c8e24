# nkic traces rank 0 for a program that runs every rank alike: the memory
# limit is charged for all of them, as the program will allocate.
# nkic-raw: build nkic_memory_limit.py -n 8 -o never_built --memory-limit 1M
# exit: 1
# expect: nkic_memory_limit.py:13:11: error: memory limit exceeded: 'big' needs 2 MiB (256 KiB on each of 8 ranks), the tensors of all ranks hold 0 bytes already, and the limit is 1 MiB (--memory-limit)
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    big = nl.ndarray((256, 256), dtype=nl.float32, buffer=nl.shared_hbm, name="big")
    nisa.memset(dst=big, value=0.0)
    return big
