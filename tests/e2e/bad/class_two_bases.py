# NKI classes have one base class.
# run: -n 1
# exit: 1
# expect: class_two_bases.py:17:13: error: class AB derives from both A and B: an NKI class has one base class (rank 0)
import nki
import nki.language as nl


class A(nl.NKIObject):
    a: int = 0


class B(nl.NKIObject):
    b: int = 0


class AB(A, B):
    pass


@nki.jit
def kernel():
    pass
