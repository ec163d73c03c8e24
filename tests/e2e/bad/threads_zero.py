# --threads counts the threads that move data: at least one.
# run-raw: run threads_zero.py -n 2 --threads 0
# exit: 2
# expect: nkirun: error: --threads: Value 0 not in range 1 to 1024
import nki
import nki.language as nl


@nki.jit
def kernel():
    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)
