# Slicing lists, tuples and strings, every bound and step at and near the
# int64 limits (CPython's slice.indices() rules), printed as CPython does.
import nki

MAX = 9223372036854775807
BOUNDS = [None, 0, 1, -1, 2, -2, 5, -5, 9, -9, 10, -10, 11, -11,
          4611686018427387904, -4611686018427387904, MAX, -MAX, -MAX - 1, MAX - 1]
STEPS = [None, 1, -1, 2, -2, 3, -3, 7, -7,
         4611686018427387904, -4611686018427387904, MAX, -MAX, -MAX - 1, MAX - 1]


@nki.jit
def kernel():
    sequences = [[], [7], [1, 2], list(range(3)), list(range(10)), tuple(range(10)),
                 'abcdefghij', 'héllo wörld ✓']
    for seq in sequences:
        for start in BOUNDS:
            for stop in BOUNDS:
                print(repr(seq), start, stop, [repr(seq[start:stop:step]) for step in STEPS])
    # extended-slice assignment and deletion of a list's items
    for start in BOUNDS:
        for step in STEPS:
            items = list(range(10))
            chosen = items[start::step]
            items[start::step] = [-v for v in chosen]
            print(start, step, items)
