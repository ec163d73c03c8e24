# A failing assert shows its message.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: assert_failed.py:10:5: error: assertion failed: need 4 rows, got 2 (rank 0)
import nki


@nki.jit
def kernel(input):
    assert input.shape[0] == 4, f"need 4 rows, got {input.shape[0]}"
    return input
