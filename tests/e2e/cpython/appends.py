# `obj.append(item)` on what a local holds: a list (with a name, a constant
# or an expression for the item), a class of the user's with its own append,
# a list reached through an attribute or a global, and a list that the item's
# evaluation rebinds.
import nki

LOG = []


class Bag:
    def __init__(self):
        self.items = []

    def append(self, x):
        self.items.append(x * 10)
        return "kept"


def rebinding():
    xs = [0]

    def swap():
        nonlocal xs
        old = xs
        xs = ["new"]
        return len(old)

    xs.append(swap())
    return xs


def appends(n):
    xs = []
    bag = Bag()
    for i in range(n):
        xs.append(i)
        xs.append(-1)
        xs.append(i * 2 + 1)
        bag.append(i)
        bag.items.append(None)
        LOG.append(i)
    xs.append(xs)
    r = bag.append(7)
    return len(xs), xs[:7], xs[-1] is xs, bag.items, r, LOG


@nki.jit
def kernel():
    print(appends(3))
    print(rebinding())
