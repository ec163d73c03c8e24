# An NKI class derives from a class (nl.NKIObject, an Enum, an exception,
# another class), not from a value.
# run: -n 1
# exit: 1
# expect: class_bad_base.py:11:14: error: class Shaped can only derive from a class (nl.NKIObject, an Enum, an exception or another class of yours), not 'tuple' (rank 0)
import nki

shape = (1, 2)


class Shaped(shape):
    pass


@nki.jit
def kernel():
    pass
