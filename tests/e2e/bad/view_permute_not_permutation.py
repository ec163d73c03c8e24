# permute() needs a permutation of the view's dims.
# run: -n 1
# exit: 1
# expect: view_permute_not_permutation.py:13:9: error: permute: dims (0, 2, 2) is not a permutation of range(3) (rank 0)
# expect: <caret>    t = tile.permute((0, 2, 2))
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 8, 2), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.permute((0, 2, 2))
    return t
