# A dict that grows while a for loop walks it: Python's RuntimeError, at
# the loop's iterable.
# run: -n 1
# exit: 1
# expect: dict_resized_in_loop.py:13:14: error: RuntimeError: dictionary changed size during iteration (rank 0)
import nki


@nki.jit
def kernel():
    tiles = {0: "a", 1: "b"}
    n = 0
    for k in tiles:
        n += 1
        tiles[k + 2] = "c"
    print(n)
