# What kernel modules use of numpy: its dtypes in annotations and tables,
# np.dtype, finfo and iinfo fields, inf/nan/pi/e; and the number methods
# (item, is_integer, bit_length) such fields meet.
import math
from dataclasses import dataclass
from typing import Optional

import numpy as np

import nki


@dataclass
class Config:
    compute_dtype: np.dtype
    out_dtype: Optional[np.dtype] = None


def scale_of(x: np.ndarray, dtype: np.dtype = np.float32) -> float:
    return float(np.finfo(dtype).max)


LOWEST = float(np.finfo(np.float32).min)
LOWEST_ITEM = np.finfo(np.float32).min.item()


@nki.jit
def kernel():
    c = Config(np.float16)
    print(c.compute_dtype == np.float16, c.out_dtype is None)
    print(np.dtype("int8") == np.int8, np.dtype(np.uint16) == np.uint16, np.dtype("bool") == np.bool_)
    for t in (np.float32, np.float16):
        fi = np.finfo(t)
        print(fi.bits, fi.precision, fi.nmant, fi.minexp)
        print([float(x) for x in (fi.min, fi.max, fi.eps, fi.epsneg, fi.tiny, fi.smallest_normal,
                                   fi.smallest_subnormal, fi.resolution)])
        print(fi.dtype == t)
    for t in (np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint32):
        ii = np.iinfo(t)
        print(ii.bits, ii.min, ii.max, ii.dtype == t)
    print(LOWEST, LOWEST_ITEM, LOWEST == -scale_of(None))
    print(-np.inf, np.inf > 1e308, math.isnan(np.nan), np.pi == math.pi, np.e == math.e)
    print(np.newaxis is None)
    print((3.0).is_integer(), (3.5).is_integer(), (1e300).is_integer(), float("inf").is_integer())
    print((0).bit_length(), (255).bit_length(), (-256).bit_length(), (True).bit_length())
    try:
        np.finfo(np.int32)
    except ValueError:
        print("finfo of int32: ValueError")
    try:
        np.iinfo(np.float32)
    except ValueError:
        print("iinfo of float32: ValueError")
