# The step bound is not an exception: `except BaseException` does not stop it.
# run: -n 1 --max-steps 1000
# exit: 1
# expect: max_steps_not_catchable.py:12:13: error: this rank executed more than 1000 steps (--max-steps): is there an endless loop? (rank 0)
import nki


@nki.jit
def kernel():
    try:
        while True:
            pass
    except BaseException:
        pass
