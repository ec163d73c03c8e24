# --memory-limit takes a byte size.
# run: -n 2 --memory-limit 2.5G
# exit: 2
# expect: nkirun: error: --memory-limit: '2.5G' is not a byte size (examples: 4096, 512M, 8GiB; 0: no limit)
import nki


@nki.jit
def kernel():
    pass
