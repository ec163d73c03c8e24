"""The dtypes of the instruction fuzzer and their rounding rules in NumPy,
as the README states them ("The machine", "nki.language values, float8 and
tensor views", "The Vector, Scalar and GpSimd Engines"): every conversion
goes through float32 and rounds to nearest, ties to even; past the largest
finite value a float8 becomes inf (e4m3, e5m2) or NaN (e4m3fn); to an
integer dtype a float result rounds to nearest even and saturates, NaN
becoming 0; an int32 result wraps to an integer dtype's width.

Values are carried as float64 (floats, exact) or int64 (integers) arrays."""

import numpy as np

F32 = np.float32


class DType:
    def __init__(self, name, short, kind, bits, lo=None, hi=None):
        self.name, self.short, self.kind, self.bits, self.lo, self.hi = name, short, kind, bits, lo, hi

    @property
    def is_int(self):
        return self.kind in "iu"

    def __repr__(self):
        return self.name


def _int(name, short, kind, bits):
    lo, hi = (-(2**(bits - 1)), 2**(bits - 1) - 1) if kind == "i" else (0, 2**bits - 1)
    return DType(name, short, kind, bits, lo, hi)


DTYPES = {d.name: d for d in [
    DType("float32", "f32", "f", 32), DType("bfloat16", "bf16", "f", 16),
    DType("float16", "f16", "f", 16), DType("float8_e4m3", None, "f", 8),
    DType("float8_e5m2", None, "f", 8), DType("float8_e4m3fn", None, "f", 8),
    _int("int8", "i8", "i", 8), _int("uint8", "u8", "u", 8), _int("int16", "i16", "i", 16),
    _int("int32", "i32", "i", 32)]}

# float8 formats: exponent bits, mantissa bits, bias, whether the top
# exponent is all specials (IEEE-like) or only its last pattern is NaN.
FLOAT8 = {"float8_e4m3": (4, 3, 7, True), "float8_e5m2": (5, 2, 15, True),
          "float8_e4m3fn": (4, 3, 7, False)}


def _float8_table(name):
    """Every magnitude pattern's value as if the format had no specials, and
    which patterns are special (inf or NaN)."""
    e, m, bias, ieee = FLOAT8[name]
    values, special = [], []
    for pattern in range(2 ** (e + m)):
        ex, man = pattern >> m, pattern & (2**m - 1)
        if ex == 0:
            values.append(man * 2.0 ** (1 - bias - m))
        else:
            values.append((1 + man / 2**m) * 2.0 ** (ex - bias))
        special.append(ex == 2**e - 1 if ieee else pattern == 2 ** (e + m) - 1)
    return np.array(values), np.array(special), ieee


_TABLES = {name: _float8_table(name) for name in FLOAT8}


def round_float8(x, name):
    values, special, ieee = _TABLES[name]
    x = np.asarray(x, np.float64)
    mag = np.abs(x)
    i = np.clip(np.searchsorted(values, mag), 1, len(values) - 1)
    lo, hi = values[i - 1], values[i]
    take_hi = (mag - lo > hi - mag) | ((mag - lo == hi - mag) & (i % 2 == 0))
    idx = np.where(take_hi, i, i - 1)
    idx = np.where(mag > values[-1], len(values) - 1, idx)
    r = values[idx]
    over = special[idx] | (mag > values[-1])
    r = np.where(over, np.inf if ieee else np.nan, r)
    r = np.where(np.isnan(x), np.nan, r)
    r = np.where(np.isinf(x), np.inf if ieee else np.nan, r)
    return np.copysign(r, x)


def round_bf16(x):
    f = np.asarray(x, F32)
    bits = f.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 << 16).astype(np.uint32).view(F32)
    return np.where(np.isnan(f), f, rounded).astype(np.float64)


def from_f32(x, dt):
    """A float32 value (float64 array holding float32 values) stored into dt."""
    x = np.asarray(x, np.float64).astype(F32).astype(np.float64)
    if dt.is_int:
        r = np.where(np.isnan(x), 0.0, np.rint(x))
        return np.clip(r, dt.lo, dt.hi).astype(np.int64)
    if dt.name == "float32":
        return x
    if dt.name == "bfloat16":
        return round_bf16(x)
    if dt.name == "float16":
        with np.errstate(over="ignore"):
            return x.astype(np.float16).astype(np.float64)
    return round_float8(x, dt.name)


def wrap(v, bits, signed=True):
    v = np.asarray(v, np.int64) & ((1 << bits) - 1)
    return np.where(signed & (v >= 1 << (bits - 1)), v - (1 << bits), v) if signed else v


def from_i32(x, dt):
    """An int32 result stored into dt: wrapped to an integer dtype's width,
    through float32 to a float one."""
    x = wrap(x, 32)
    if dt.is_int:
        return wrap(x, dt.bits, dt.kind == "i")
    return from_f32(x.astype(F32).astype(np.float64), dt)


def as_f32(x):
    """Each element read as float32 (integers rounded to nearest even)."""
    return np.asarray(x).astype(F32)


def as_i32(x):
    return wrap(np.asarray(x, np.int64), 32)


def representable(rng, dt, shape, special=False):
    """Random values dt holds exactly (so loading them through a DMA from
    float32 or int32 is exact), with zeros, signs, and with `special` the
    extremes, infinities and NaN."""
    n = int(np.prod(shape))
    if dt.is_int:
        pool = [dt.lo, dt.hi, 0, 1, -1 if dt.kind == "i" else 2, 7]
        v = rng.integers(dt.lo, dt.hi + 1, size=n, dtype=np.int64)
        pick = rng.random(n) < 0.2
        v = np.where(pick, rng.choice(pool, size=n), v)
        return v.reshape(shape)
    scale = {"float32": 1e3, "bfloat16": 1e3, "float16": 100.0}.get(dt.name, 8.0)
    v = rng.standard_normal(n) * scale
    v = np.where(rng.random(n) < 0.1, np.round(v), v)
    v = np.where(rng.random(n) < 0.05, 0.0, v)
    v = np.where(rng.random(n) < 0.03, -0.0, v)
    if special:
        extremes = [np.inf, -np.inf, np.nan, 1e30, -1e-30]
        v = np.where(rng.random(n) < 0.05, rng.choice(extremes, size=n), v)
    return from_f32(v, dt).reshape(shape)
