# A pattern step is an int32 field of the engine, as offset and
# channel_multiplier are: 2**62 is refused, not multiplied past int64.
# build: -n 1
# run: -n 1
# exit: 1
# expect: iota_step_int32.py:16:5: error: iota: pattern has a step 4611686018427387904 that does not fit in int32 (rank 0)
# expect-build: iota_step_int32.py:16:5: error: iota: pattern has a step 4611686018427387904 that does not fit in int32
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((4, 4), dtype=nl.int32, buffer=nl.sbuf)
    nisa.iota(dst=t, pattern=[[2**62, 4]])
    return t
