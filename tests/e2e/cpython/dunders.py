# User dunders: orderings with Python's reflection and NotImplemented (and
# sorted/min/max through __lt__), __hash__ (dict keys; a class with __eq__
# and no __hash__ is unhashable), arithmetic with reflected and in-place
# forms and the subclass rule, unary operators and abs(), and hash().
from dataclasses import dataclass

import nki
from nki.language import NKIObject


class Version:
    def __init__(self, major, minor=0):
        self.major = major
        self.minor = minor

    def key(self):
        return (self.major, self.minor)

    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.key() < other.key()

    def __le__(self, other):
        return self.key() <= other.key()

    def __eq__(self, other):
        return isinstance(other, Version) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return f"v{self.major}.{self.minor}"


class OnlyGt:
    def __init__(self, n):
        self.n = n

    def __gt__(self, other):
        return self.n > other.n

    def __repr__(self):
        return f"G{self.n}"


class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __add__(self, other):
        if isinstance(other, int):
            return Vec(*[x + other for x in self.xs])
        if not isinstance(other, Vec):
            return NotImplemented
        return Vec(*[a + b for a, b in zip(self.xs, other.xs)])

    def __radd__(self, other):
        return self + other

    def __mul__(self, k):
        return Vec(*[x * k for x in self.xs])

    __rmul__ = __mul__

    def __sub__(self, other):
        return Vec(*[a - b for a, b in zip(self.xs, other.xs)])

    def __truediv__(self, k):
        return Vec(*[x / k for x in self.xs])

    def __floordiv__(self, k):
        return Vec(*[x // k for x in self.xs])

    def __mod__(self, k):
        return Vec(*[x % k for x in self.xs])

    def __pow__(self, k):
        return Vec(*[x**k for x in self.xs])

    def __matmul__(self, other):
        return sum(a * b for a, b in zip(self.xs, other.xs))

    def __and__(self, other):
        return "and"

    def __or__(self, other):
        return "or"

    def __xor__(self, other):
        return "xor"

    def __lshift__(self, n):
        return "lshift"

    def __rshift__(self, n):
        return "rshift"

    def __neg__(self):
        return Vec(*[-x for x in self.xs])

    def __pos__(self):
        return "pos"

    def __invert__(self):
        return "invert"

    def __abs__(self):
        return Vec(*[abs(x) for x in self.xs])

    def __repr__(self):
        return f"Vec{tuple(self.xs)}"


class Acc:
    def __init__(self):
        self.total = 0

    def __iadd__(self, n):
        self.total += n
        return self


class Base:
    def __add__(self, other):
        return "Base.add"

    def __radd__(self, other):
        return "Base.radd"


class Derived(Base):
    def __radd__(self, other):
        return "Derived.radd"


class Same(Base):
    pass


class EqOnly:
    def __eq__(self, other):
        return True


class EqOnlyChild(EqOnly):
    pass


class Restored(EqOnly):
    def __hash__(self):
        return 7


class NoHash:
    __hash__ = None


class Plain:
    pass


class Tile(NKIObject):
    size: int


@dataclass(frozen=True)
class Key:
    a: int
    b: str = "b"


class Collide:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Collide) and self.name == other.name

    def __hash__(self):
        return 1


class Ne:
    def __ne__(self, other):
        return "custom ne"


def attempt(f):
    try:
        return f()
    except TypeError as e:
        return f"TypeError: {e}"


@nki.jit
def kernel():
    a, b, c = Version(1, 2), Version(1, 10), Version(0, 9)
    print(a < b, a > b, a <= b, a >= b, b > a, a < a, a >= a, a == Version(1, 2), a != b)
    print(sorted([a, b, c]), min(a, b, c), max([a, b, c]), sorted([a, b, c], reverse=True))
    print(sorted([b, a, c], key=lambda v: v.minor), max(a, c, key=Version.key))
    print([a, b] < [a, c], (a, 1) < (a, 2), (c,) < (a,))
    print(OnlyGt(1) < OnlyGt(2), OnlyGt(3) < OnlyGt(2), sorted([OnlyGt(3), OnlyGt(1)]))
    print(attempt(lambda: a < 3), attempt(lambda: 3 < a), attempt(lambda: Plain() < Plain()))
    print(attempt(lambda: OnlyGt(1) <= OnlyGt(2)))
    d = {a: "a", b: "b"}
    d[Version(1, 2)] = "A"
    print(d, d[Version(1, 10)], Version(0, 9) in d, hash(a) == hash((1, 2)), len(d))
    cd = {Collide("x"): 1, Collide("y"): 2}
    cd[Collide("x")] = 3
    del cd[Collide("y")]
    print(len(cd), cd[Collide("x")], Collide("y") in cd, hash(Collide("q")))
    print(attempt(lambda: {EqOnly(): 1}), attempt(lambda: {EqOnlyChild(): 1}))
    print(attempt(lambda: hash(NoHash())), attempt(lambda: {Tile(1): 1}))
    print({Restored(): "r"}[Restored()], hash(Restored()), len({Plain(): 1, Plain(): 2}))
    print({Key(1): "one"}[Key(1)], Key(1) in {Key(2): 0}, hash(Key(1)) == hash(Key(1)))
    print(hash(5), hash(-1), hash(True), hash(2**61), hash(-(2**61) - 5), hash(3.0))
    print(hash((1, 2)), hash(()), hash((1, (2, -1))), hash(2**62 + 3))
    v, w = Vec(1, 2), Vec(3, 4)
    print(v + w, v + 1, 1 + v, v * 2, 2 * v, v - w, w / 2, w // 2, w % 3, v**2, v @ w)
    print(v & w, v | w, v ^ w, v << 1, v >> 1, -v, +v, ~v, abs(Vec(-1, 2)))
    print(sum([v, w]), sum([v, w], Vec(0, 0)))
    print(attempt(lambda: v + "s"), attempt(lambda: "s" + v), attempt(lambda: Plain() + 1))
    acc = Acc()
    acc += 5
    acc += 2
    v += w
    print(acc.total, v)
    print(Base() + Derived(), Base() + Same(), 1 + Derived(), Derived() + Base())
    print(Ne() != 1, 1 != Ne(), NotImplemented is NotImplemented)
