# A reinterpret cast cannot follow a select at run time.
# run: -n 1
# exit: 1
# expect: view_dtype_after_dynamic_select.py:15:9: error: view(int16) of 'x' (float32): the view has a run-time offset (a dynamic select), which a reinterpret cast cannot follow (rank 0)
# expect: <caret>    h = row.view(nl.int16)
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    x = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm, name="x")
    row = x.select(0, ncc.rank_id())
    h = row.view(nl.int16)
    return x
