# Recursion through a dunder the interpreter calls (repr() calling
# __repr__) is reported at the innermost call, as plain recursion is.
# run: -n 1
# exit: 1
# expect: recursion_through_repr.py:12:16: error: maximum recursion depth exceeded (rank 0)
import nki


class Node:
    def __repr__(self):
        # Ends nowhere: repr(self) calls __repr__ again.
        return repr(self)


@nki.jit
def kernel():
    print([Node()])
