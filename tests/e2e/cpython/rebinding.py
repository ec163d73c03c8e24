# Global names and modules' attributes read again and again at one place
# while they are rebound, deleted and bound again: each read sees the
# variable as it is at that moment, whoever changed it and however.
import math

import nki

counter = 0


def read_counter():
    return counter


def churn():
    global counter
    seen = []
    for i in range(7):
        if i == 2:
            del counter
        if i == 4:
            counter = 30
        try:
            seen.append(read_counter())
        except NameError:
            seen.append("NameError")
        if i == 5:
            counter = counter + 1
    return seen


def call_len(xs):
    return len(xs)


def shadow_builtin():
    global len
    out = [call_len([1, 2])]
    len = lambda xs: 99
    out.append(call_len([1, 2]))
    del len
    out.append(call_len([1, 2]))
    return out


def module_attributes():
    seen = []
    saved = math.pi
    for i in range(4):
        seen.append(round(math.pi, 3))
        seen.append(math.floor(2.5))
        math.pi = i
        if i == 2:
            math.floor = lambda x: -1
    math.pi = saved
    seen.append(round(math.pi, 3))
    return seen


def late_global():
    out = []
    for i in range(3):
        try:
            out.append(defined_later)
        except NameError:
            out.append("NameError")
        if i == 0:
            globals_setter(i)
    return out


def globals_setter(i):
    global defined_later
    defined_later = i + 100


class Box:
    def __init__(self, v):
        self.v = v

    @property
    def swap(self):
        global box
        box = Box(self.v + 1)
        return self.v


box = Box(1)


def rebound_by_attribute():
    # The property rebinds the name its object was reached through.
    out = []
    for _ in range(3):
        out.append(box.swap)
        out.append(box.v)
    return out


grid = [10, 20, 30]


def rebind_grid():
    global grid
    grid = [7]
    return 1


def rebound_by_index():
    # The index rebinds the name of the list it indexes.
    return grid[rebind_grid()], grid


@nki.jit
def kernel():
    print(churn())
    print(shadow_builtin())
    print(module_attributes())
    print(late_global())
    print(rebound_by_attribute())
    print(rebound_by_index())
