# A meta-program loop that never ends is stopped after --max-steps steps
# (statements, function calls, comprehension items, and the items each
# operation works on), where it was.
# run: -n 2 --max-steps 5000
# exit: 1
# expect: max_steps.py:16:9: error: this rank executed more than 5000 steps (--max-steps): is there an endless loop? (ranks 0, 1)
import nki
import nki.language as nl


@nki.jit
def kernel():
    buf = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="buf")
    n = 1
    while n != 0:
        n = n * 3 % 7
        n += 1
    return buf
