# collective_permute moves HBM tensors only.
# run: -n 2
# exit: 1
# expect: permute_on_sbuf.py:16:5: error: collective_permute works on HBM tensors only (NKI does not support SBUF for it) (ranks 0, 1)
# expect: <caret>    ncc.collective_permute(srcs=[src], dsts=[dst], source_target_pairs=[(0, 1), (1, 0)])
# expect: <caret>    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
import nki
import nki.language as nl
import nki.collectives as ncc


@nki.jit
def kernel():
    src = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.sbuf, name="src")
    dst = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.sbuf, name="dst")
    ncc.collective_permute(srcs=[src], dsts=[dst], source_target_pairs=[(0, 1), (1, 0)])
    return dst
