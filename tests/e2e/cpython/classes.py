# Classes of the Language Guide: nl.NKIObject subclasses with annotated
# fields (generated __init__ and __post_init__, with and without
# @dataclass), structural ==, methods, static and class methods,
# properties, inheritance, user dunders, and plain dataclasses.
from dataclasses import dataclass, field, replace, asdict
from typing import Dict, List, Optional, Tuple

import nki
import nki.language as nl
from nki.language import NKIObject


@dataclass
class C(NKIObject):
    x: int
    y: bool = False
    z: Optional[int] = None

    def toggle(self):
        self.y = not self.y


class D(nl.NKIObject):
    x: int
    y: bool = False


class Tile(NKIObject):
    size: int
    offset: int = 0
    kind = "tile"  # a class attribute, not a field

    def __post_init__(self):
        self.end = self.offset + (self.size or 0)

    @staticmethod
    def build(n: int) -> "Tile":
        return Tile(n, 2 * n)

    @classmethod
    def unit(cls):
        return cls(1)

    @property
    def span(self) -> Tuple[int, int]:
        return (self.offset, self.end)


class Sized(Tile):
    label: str = "s"


class Holder(NKIObject):
    def __init__(self, items: List[int]):
        self.items = list(items)
        self.vector_offset = None

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def __contains__(self, v):
        return v in self.items

    def __iter__(self):
        return iter(self.items)

    def __str__(self):
        return f"Holder of {len(self.items)}"

    def __repr__(self):
        return f"Holder({self.items!r})"


class Pair(NKIObject):
    a: int
    b: int

    def __eq__(self, other):
        return isinstance(other, Pair) and self.a + self.b == other.a + other.b


class Box(NKIObject):
    def __init__(self, v):
        self._v = v

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, value):
        self._v = value * 10


class View(NKIObject):
    shape: Tuple[int, ...]
    offset: int
    indirect_dim: Optional[int] = None

    def __init__(self, shape):
        self.shape = tuple(shape)
        self.offset = 0
        self.vector_offset = None


@dataclass
class Point:
    x: int
    y: int = 0
    tags: List[str] = field(default_factory=list)


@dataclass(frozen=True)
class Frozen:
    a: int
    b: str = "b"


@nki.jit
def kernel():
    c = C(1)
    c.toggle()
    print(c.x, c.y, c.z, c)
    print(C(), C(2, z=3), C(x=4, y=True), repr(C(5)))
    print(c == C(1, True), c != C(1, True), c == C(1), C(1) == D(1))
    print(D(7), D(7) == D(7), D(7) == D(8))
    t = Tile(4, 8)
    print(t, t.end, t.kind, Tile.kind, t.span)
    print(Tile.build(3), Tile.unit(), Tile.build(3).span)
    print(Sized(2), Sized(2, 1, "z").label, Sized(2).end, isinstance(Sized(1), Tile))
    print(issubclass(Sized, Tile), issubclass(Tile, Sized), issubclass(Tile, NKIObject))
    h = Holder([3, 1, 2])
    print(len(h), h[0], h[-1], 2 in h, 5 in h, [v for v in h], str(h), repr(h), f"{h}")
    print([h], {"h": h}, bool(Holder([])), h.vector_offset)
    print(Pair(1, 2) == Pair(2, 1), Pair(1, 2) != Pair(0, 0))
    b = Box(1)
    b.v = 2
    print(b.v, b._v)
    p = Point(1)
    p.tags.append("a")
    print(p, Point(1) == Point(1), Point(1, 2, ["x"]), Point(3).tags)
    print(replace(p, y=5), asdict(Point(2, 3)))
    f = Frozen(1)
    print(f, f == Frozen(1), {f: "one"}[Frozen(1)], Frozen(2, "c"))
    print(type(c).__name__, c.__class__.__name__, C.__name__, t.__dict__)
    v = View([2, 3])
    print(v, v.indirect_dim, v.vector_offset, v == View((2, 3)), v.__dict__)
    d: Dict[str, List[int]] = {"a": [1]}
    print(d)
