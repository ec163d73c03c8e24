# range() at the int64 limits: emptiness, the first items, the last item,
# membership, and len() where the length fits in 64 bits.
import nki

MAX = 9223372036854775807
HALF = 4611686018427387904
ENDS = [0, 1, -1, 2, -2, 10, -10, 4611686018427387904, -4611686018427387904,
        MAX, -MAX, -MAX - 1, MAX - 1]
STEPS = [1, -1, 2, -2, 3, -3, 4611686018427387904, -4611686018427387904,
         MAX, -MAX, -MAX - 1, MAX - 1]


def first(r, n):
    out = []
    for v in r:
        if len(out) == n:
            break
        out.append(v)
    return out


@nki.jit
def kernel():
    for start in ENDS:
        for stop in ENDS:
            # the length fits in 64 bits, so CPython's len() works too
            small = -HALF < start < HALF and -HALF < stop < HALF
            fits = (start >= 0) == (stop >= 0) or small
            for step in STEPS:
                r = range(start, stop, step)
                last = r[-1] if r else None
                size = len(r) if fits or step > 2 or step < -2 else '?'
                member = ''.join(['1' if x in r else '0' for x in ENDS])
                print(start, stop, step, bool(r), first(r, 3), last, size, member)
    print(len(range(MAX)), range(-MAX - 1, MAX)[-1], range(-MAX - 1, MAX)[MAX], MAX - 1 in range(-MAX - 1, MAX))
    print(range(0, 10, 3) == range(0, 11, 3), range(5, 5) == range(7, 2), list(range(MAX - 2, MAX)))
