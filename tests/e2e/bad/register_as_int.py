# rank_id() is known only at run time, on the device.
# run: -n 2
# exit: 1
# expect: register_as_int.py:11:8: error: rank_id() is a run-time register: it cannot be used as a Python value at specialization time; pass it as scalar_offset (ranks 0, 1)
import nki
import nki.collectives as ncc


@nki.jit
def kernel():
    if ncc.rank_id() == 0:
        pass
