# super(): without arguments in methods, __init__, __post_init__,
# classmethods, properties and nested functions, and as super(C, self);
# several levels of single inheritance; the generated __init__ of NKI
# classes and dataclasses and an exception's reached through it; object's
# methods at the end of the chain; the errors Python raises.
from dataclasses import dataclass

import nki
from nki.language import NKIObject


class A:
    kind = "a"

    def __init__(self, x):
        self.x = x

    def who(self):
        return "A"

    @classmethod
    def make(cls, x):
        return cls(x)

    @property
    def double(self):
        return 2 * self.x

    @staticmethod
    def tag():
        return "tag-A"


class B(A):
    kind = "b"

    def __init__(self, x, y=0):
        super().__init__(x)
        self.y = y

    def who(self):
        return "B>" + super().who()

    @classmethod
    def make(cls, x):
        made = super().make(x + 1)
        return (cls.__name__, made.x, type(made).__name__)

    @property
    def double(self):
        return super().double + 1

    @staticmethod
    def tag():
        return "tag-B>" + super(B, B).tag()


class C(B):
    def __init__(self, x):
        super(C, self).__init__(x, y=10)

    def who(self):
        inner = lambda: 1
        def helper(me):
            return super(C, me).who()
        return "C>" + super().who() + "|" + helper(self) + str(inner())

    def skip(self):
        return super(B, self).who()

    def class_cell(self):
        return __class__.__name__


class Tile(NKIObject):
    size: int
    offset: int = 0

    def __post_init__(self):
        self.end = self.offset + (self.size or 0)


class Wide(Tile):
    label: str = "w"

    def __init__(self, size, label):
        super().__init__(size, offset=3)
        self.label = label.upper()


class Tall(Tile):
    rows: int = 1

    def __post_init__(self):
        super().__post_init__()
        self.end = self.end * self.rows


@dataclass
class Point:
    x: int
    y: int = 0


@dataclass
class Point3(Point):
    z: int = 0

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


class Plain:
    pass


class Sub(Plain):
    def __init__(self):
        super().__init__()
        super().__setattr__("v", 5)


class KernelError(Exception):
    def __init__(self, what, code):
        super().__init__(f"{what} failed")
        self.code = code


class Quiet(Exception):
    def __init__(self, n):
        self.n = n


class Same:
    def __eq__(self, other):
        return super().__eq__(other)

    def __ne__(self, other):
        return super().__ne__(other)

    def __hash__(self):
        return super().__hash__()


def attempt(f):
    try:
        return f()
    except (TypeError, RuntimeError, AttributeError) as e:
        return f"{type(e).__name__}: {e}"


@nki.jit
def kernel():
    b = B(1, 2)
    print(b.x, b.y, b.who(), b.double, B.make(4), B.tag(), b.kind)
    c = C(7)
    print(c.x, c.y, c.who(), c.skip(), c.double, c.class_cell(), C.make(1))
    print(isinstance(c, A), type(super(C, c)).__name__)
    w = Wide(2, "x")
    print(w, w.end)
    t = Tall(2, 1, 5)
    print(t, t.end)
    print(Point3(1, 2, 3), Point3(1, 2, 3) == Point3(1, 2, 3))
    s = Sub()
    print(s.v)
    e = KernelError("load", 3)
    print(e, e.args, e.code, repr(e))
    q = Quiet(4)
    print(q.args, q.n)
    try:
        raise KernelError("store", 9)
    except Exception as caught:
        print("caught", caught, caught.code)
    same = Same()
    print(same == same, same == Same(), same != same, same != Same())
    print({same: 1}[same])
    print(attempt(lambda: Plain(1)))
    print(attempt(lambda: super(B, A(1))))
    print(attempt(lambda: super(1, b)))
    print(attempt(lambda: super(A, b).nothing))
    print(attempt(lambda: super(B, b).__post_init__))
    print(attempt(lambda: super(A, b).__init__(1)))
