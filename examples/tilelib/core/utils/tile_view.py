"""TileView: a strided view of a tensor's storage that kernels reshape,
slice and permute at specialization time, then turn into an access pattern
with `.ap()`. It costs nothing on the device."""
from typing import Tuple

import nki.language as nl

from .checks import check


class TileView(nl.NKIObject):
    base: nl.ndarray
    shape: Tuple[int, ...] = ()
    strides: Tuple[int, ...] = ()
    offset: int = 0

    @staticmethod
    def of(tensor) -> "TileView":
        """The view a tensor already is, read from its access pattern."""
        pattern = tensor.get_pattern()
        return TileView(tensor, tuple(n for _, n in pattern), tuple(s for s, _ in pattern),
                        tensor.offset)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def narrow(self, dim: int, start: int, count: int) -> "TileView":
        """Elements start .. start + count of dimension `dim`."""
        check(0 <= start and start + count <= self.shape[dim],
              f"narrow({dim}, {start}, {count}) leaves the shape {self.shape}")
        shape = self.shape[:dim] + (count,) + self.shape[dim + 1:]
        return TileView(self.base, shape, self.strides, self.offset + start * self.strides[dim])

    def split(self, dim: int, parts: int) -> "TileView":
        """Dimension `dim` as (parts, size // parts)."""
        size = self.shape[dim]
        check(size % parts == 0, f"dimension {dim} of size {size} does not split in {parts}")
        shape = self.shape[:dim] + (parts, size // parts) + self.shape[dim + 1:]
        inner = self.strides[dim]
        strides = self.strides[:dim] + (inner * (size // parts), inner) + self.strides[dim + 1:]
        return TileView(self.base, shape, strides, self.offset)

    def permute(self, order: Tuple[int, ...]) -> "TileView":
        check(sorted(order) == list(range(self.ndim)), f"{order} is not a permutation")
        return TileView(self.base, tuple(self.shape[d] for d in order),
                        tuple(self.strides[d] for d in order), self.offset)

    def tensor(self):
        """The view as a tensor an instruction accepts."""
        pattern = [[s, n] for s, n in zip(self.strides, self.shape)]
        return self.base.ap(pattern=pattern, offset=self.offset)
