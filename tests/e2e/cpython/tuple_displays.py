# One tuple display evaluated again and again: each evaluation is a tuple
# of its own, whoever keeps the earlier ones, whatever runs while its items
# are evaluated (the same display again, an error part-way).
import nki


def kept_in_a_list():
    out = []
    for i in range(4):
        out.append((i, i * 2))
    return out


def rebound_each_time():
    seen = []
    for i in range(3):
        t = (i, i + 1, None)
        seen.append(t[0] + t[1])
    seen.append(t)
    return seen


def nested(n):
    # The display runs again, deeper, while its own items are evaluated.
    return (n, nested(n - 1)) if n > 0 else ()


def pair(a, b):
    return (a, b)


def while_filling():
    # Items that call through the same display before it is made.
    return pair(pair(1, 2), pair(3, pair(4, 5)))


def fails_part_way():
    out = []
    for d in [1, 0, 2]:
        try:
            out.append((10, 10 // d, 3))
        except ZeroDivisionError:
            out.append("ZeroDivisionError")
    return out


def holds_a_list():
    made = []
    for i in range(3):
        t = (i, [i])
        t[1].append(i + 10)
        made.append(t)
    return made


def compared_later():
    first = None
    for i in range(3):
        t = (i % 2, 5)
        if first is None:
            first = t
    return first, t, first == t


@nki.jit
def kernel():
    print(kept_in_a_list())
    print(rebound_each_time())
    print(nested(3))
    print(while_filling())
    print(fails_part_way())
    print(holds_a_list())
    print(compared_later())
