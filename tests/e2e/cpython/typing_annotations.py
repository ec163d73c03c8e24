# Annotations everywhere with typing's names (never evaluated in a way that
# changes a result), subscripted typing and builtin types, `int | None`,
# string annotations and the __future__ import, TypeVar and Generic.
from __future__ import annotations

from typing import (Any, Callable, Dict, Generic, Iterable, List, Literal, Optional, Protocol,
                    Sequence, Tuple, Type, TypeVar, Union, cast, TYPE_CHECKING)

import nki

T = TypeVar("T")
Shape = Tuple[int, ...]
Table = Dict[str, List[int]]
Fn = Callable[[int], int]
MaybeInt = int | None


class Ref(Protocol):
    def __call__(self, x: int) -> int: ...


class Wrapper(Generic[T]):
    def __init__(self, v: T):
        self.v: T = v

    def get(self) -> T:
        return self.v


def area(shape: Shape, scale: Optional[float] = None) -> "int":
    n: int = 1
    for s in shape:
        n *= s
    return n if scale is None else int(n * scale)


def apply(f: Fn, xs: Sequence[int], mode: Literal["a", "b"] = "a") -> list[int]:
    return [f(x) for x in xs]


def first(xs: Iterable[Any], default: Union[int, str] = 0) -> Any:
    for x in xs:
        return x
    return default


@nki.jit
def kernel():
    print(area((2, 3, 4)), area((2, 2), 1.5), apply(lambda x: x + 1, [1, 2]))
    print(first([]), first(["a"]), Wrapper(3).get(), cast(int, "s"), TYPE_CHECKING)
    print(isinstance(3, int | None), isinstance(None, MaybeInt), isinstance("s", int | None))
    print(isinstance(3, (int, str)), isinstance([1], list), isinstance((1,), tuple), isinstance({}, dict))
    print(isinstance(1.5, float), isinstance(True, int), isinstance("x", object), isinstance(Wrapper(1), Wrapper))
    t: Type[int] = int
    shape: tuple[int, ...] = (1, 2)
    d: dict[str, int] = {"a": 1}
    print(t(7), shape, d)
