# dst_pattern names the dims of src_pattern only.
# run: -n 1
# exit: 1
# expect: view_rearrange_unknown_name.py:13:9: error: rearrange: 'c' in dst_pattern is not named in src_pattern (rank 0)
# expect: <caret>    t = tile.rearrange(('a', 'b'), ('a', 'c'))
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 6), dtype=nl.float32, buffer=nl.shared_hbm)
    t = tile.rearrange(('a', 'b'), ('a', 'c'))
    return t
