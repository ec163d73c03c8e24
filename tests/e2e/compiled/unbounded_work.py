# A loop whose every statement copies nine million items is stopped by
# --max-steps after a few, as a loop of many statements is.
# build: -n 1 --max-steps 20000000
# run: -n 1 --max-steps 20000000
# program:
# exit: 1
# expect: unbounded_work.py:16:13: error: this rank executed more than 20000000 steps (--max-steps): is there an endless loop? (rank 0)
# expect-build: unbounded_work.py:16:13: error: this rank executed more than 20000000 steps (--max-steps): is there an endless loop?
import nki


@nki.jit
def kernel():
    s = [0] * 9000000
    while True:
        t = s + s[:1]
