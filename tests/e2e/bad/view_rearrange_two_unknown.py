# A split needs all its sizes but one in fixed_sizes.
# run: -n 1
# exit: 1
# expect: view_rearrange_two_unknown.py:13:9: error: rearrange: the sizes of 'h' and 'w' are both unknown; give one in fixed_sizes (rank 0)
# expect: <caret>    t = tile.rearrange(('p', ('h', 'w')), ('p', 'w', 'h'))
import nki
import nki.language as nl


@nki.jit
def kernel():
    tile = nl.ndarray((4, 24), dtype=nl.float32, buffer=nl.sbuf)
    t = tile.rearrange(('p', ('h', 'w')), ('p', 'w', 'h'))
    return t
