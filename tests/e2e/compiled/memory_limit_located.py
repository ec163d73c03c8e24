# A tensor per iteration, each larger than the last, under a memory limit
# given to the program when it runs: the 50th allocation fails, in the
# program (where the 300 instructions of the unrolled loop are rows of its
# instruction table) as in nkirun, at the allocation's place, with the same
# accounting (each tensor is freed when step() returns, which is also after
# its last use).
# build: -n 1
# run: -n 1 --memory-limit 200K
# program: --memory-limit 200K
# exit: 1
# expect: memory_limit_located.py:20:9: error: memory limit exceeded: 't' needs 200 KiB, the tensors of all ranks hold 400 bytes already, and the limit is 200 KiB (--memory-limit) (rank 0)
# expect: <caret>    t = nl.ndarray((1, 1024 * (i + 1)), dtype=nl.float32, buffer=nl.shared_hbm)
# expect: <caret>        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.isa as nisa


def step(o, i):
    t = nl.ndarray((1, 1024 * (i + 1)), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.memset(dst=t, value=i)
    nisa.dma_copy(dst=o[i], src=t[0:1, 0:1])


@nki.jit
def kernel():
    o = nl.ndarray((100, 1), dtype=nl.float32, buffer=nl.shared_hbm)
    for i in range(100):
        step(o, i)
    return o
