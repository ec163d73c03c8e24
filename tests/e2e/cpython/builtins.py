# Python's builtins as kernel meta-programs use them.
import nki


def total(*args, scale=1, **kwargs):
    return sum(args) * scale + sum(kwargs.values())


def counter():
    count = 0

    def bump(by=1):
        nonlocal count
        count += by
        return count

    return bump


class Tile:
    def __init__(self, rows):
        self.rows = rows


@nki.jit
def kernel():
    print(total(1, 2, 3), total(1, 2, scale=10), total(*[4, 5], **{"x": 1, "y": 2}))
    bump = counter()
    bump()
    print(bump(5))
    square = lambda x: x * x
    print(list(map(square, range(4))), list(filter(lambda x: x % 2, range(7))))
    print(isinstance(3, (str, int)), isinstance("s", (list, tuple)), isinstance(True, int))
    t = Tile(4)
    print(hasattr(t, "rows"), hasattr(t, "cols"), getattr(t, "cols", 7), getattr(t, "rows"))
    setattr(t, "cols", 9)
    print(t.cols)
    delattr(t, "cols")
    print(hasattr(t, "cols"), type(t).__name__, type(3) == int, type("a").__name__, type(t) is Tile)
    print(callable(square), callable(3), callable(Tile))
    words = ["bb", "a", "ccc"]
    print(min(words, key=len), max(words, key=len), max([], default=0), min(3, 1, 2), max(1, 5, key=lambda v: -v))
    print(sorted(words), sorted(words, key=len, reverse=True), list(reversed([1, 2, 3])))
    print(list(zip([1, 2, 3], "ab")), list(enumerate("xy", start=1)), any([0, 1]), all([1, 0]))
    print(round(2.675, 2), round(7.5), divmod(17, 5), divmod(-7, 2), pow(2, 10), abs(-3))
    print(repr("q"), chr(65), ord("A"), sum([0.5, 0.25]), sorted({"b": 1, "a": 2}))
    print(list(map(lambda a, b: a + b, [1, 2], [10, 20])), dict(zip("ab", [1, 2])))
