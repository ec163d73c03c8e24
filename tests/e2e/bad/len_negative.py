# __len__ must give a non-negative int, as in Python.
# run: -n 1
# exit: 1
# expect: len_negative.py:15:11: error: __len__() should return >= 0 (rank 0)
import nki


class Empty:
    def __len__(self):
        return -1


@nki.jit
def kernel():
    print(len(Empty()))
