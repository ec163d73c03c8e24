"""Random kernels of device instructions with a NumPy oracle, for the
differential fuzzer (differential.py instr).

A kernel is a list of independent ops. Each op loads its operands (random
values its dtypes hold exactly, from float32 or int32 inputs) into SBUF
tiles, runs one instruction on views of them (partition offsets, steps,
negative and huge steps, 3-D views, the destination aliasing an operand),
and copies the destination view out to an HBM output of float32 or int32,
which holds every value exactly. The oracle computes that output from the
rules the README states, in NumPy. An op whose view or argument is out of
bounds (extreme values from nki.dict's instruction section) expects a
located error at its statement instead; such an op is a kernel of its own.
"""

import pathlib
import random

import numpy as np

import dtype_oracle as D

F32 = np.float32
DICT = pathlib.Path(__file__).resolve().parent / "nki.dict"
SECTION = "# extreme values of instructions"

# Constructs left out by default, each a known bug being fixed (a name per
# line, as meta_gen.KNOWN_BROKEN; none now: zero-size operands, once listed,
# pass). A construct is put here with the reason when a finding needs time.
KNOWN_BROKEN = frozenset()


def extreme_values():
    """The integers of nki.dict's instruction section (shared with the
    libFuzzer targets): tile positions, partition offsets and steps."""
    values, inside = [], False
    for line in DICT.read_text(encoding="utf-8").splitlines():
        if line.startswith(SECTION):
            inside = True
        elif not line.strip():
            inside = False
        elif inside and line.startswith('"'):
            values.append(int(line.strip('"')))
    return values


EXTREMES = extreme_values()
FLOAT_OPS = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "abs_max", "abs_min",
             "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
             "logical_and", "logical_or", "logical_xor"]
INT_OPS = ["add", "subtract", "multiply", "maximum", "minimum", "equal", "not_equal", "less",
           "greater_equal", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift",
           "right_shift"]
BITVEC = {"bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"}
ACTIVATIONS = ["copy", "abs", "square", "negative", "sign", "reciprocal", "sqrt", "relu", "ceil",
               "floor", "trunc", "logical_not"]
SIZES_P = [1, 1, 2, 3, 5, 8, 16, 31, 64, 127, 128]
SIZES_F = [1, 1, 2, 3, 4, 7, 8, 16, 33, 64]


def float_op(op, a, b):
    a, b = a.astype(F32), b.astype(F32)
    with np.errstate(all="ignore"):
        r = {
            "add": lambda: a + b, "subtract": lambda: a - b, "multiply": lambda: a * b,
            "divide": lambda: a / b,
            # NaN propagates and a tie (0.0 and -0.0) gives the first operand
            "maximum": lambda: np.where(np.isnan(b) | (b > a), b, a),
            "minimum": lambda: np.where(np.isnan(b) | (b < a), b, a),
            "abs_max": lambda: np.where(np.abs(a) > np.abs(b), a, b),
            "abs_min": lambda: np.where(np.abs(a) < np.abs(b), a, b),
            "equal": lambda: a == b, "not_equal": lambda: a != b, "less": lambda: a < b,
            "less_equal": lambda: a <= b, "greater": lambda: a > b,
            "greater_equal": lambda: a >= b,
            "logical_and": lambda: (a != 0) & (b != 0), "logical_or": lambda: (a != 0) | (b != 0),
            "logical_xor": lambda: (a != 0) ^ (b != 0),
        }[op]()
    return np.asarray(r).astype(F32).astype(np.float64)


def int_op(op, a, b, unsigned=False):
    a, b = D.as_i32(a), D.as_i32(b)
    in_range = (b >= 0) & (b <= 31)
    c = np.where(in_range, b, 0)
    r = {
        "add": lambda: a + b, "subtract": lambda: a - b, "multiply": lambda: a * b,
        "maximum": lambda: np.maximum(a, b), "minimum": lambda: np.minimum(a, b),
        "equal": lambda: (a == b), "not_equal": lambda: (a != b), "less": lambda: (a < b),
        "greater_equal": lambda: (a >= b), "bitwise_and": lambda: a & b,
        "bitwise_or": lambda: a | b, "bitwise_xor": lambda: a ^ b,
        "left_shift": lambda: np.where(in_range, (a << c) & 0xFFFFFFFF, 0),
        "right_shift": lambda: (np.where(in_range, (a & 0xFFFFFFFF) >> c, 0) if unsigned else
                                np.where(in_range, a >> c, np.where(a < 0, -1, 0))),
    }[op]()
    return D.wrap(np.asarray(r, np.int64), 32)


def activation(op, x):
    x = x.astype(F32)
    with np.errstate(all="ignore"):
        r = {
            "copy": lambda: x, "abs": lambda: np.abs(x), "square": lambda: x * x,
            "negative": lambda: -x,
            "sign": lambda: np.where(x > 0, F32(1), np.where(x < 0, F32(-1), x)),
            "reciprocal": lambda: F32(1) / x, "sqrt": lambda: np.sqrt(x),
            "relu": lambda: np.where((x > 0) | np.isnan(x), x, F32(0)),
            "ceil": lambda: np.ceil(x), "floor": lambda: np.floor(x), "trunc": lambda: np.trunc(x),
            "logical_not": lambda: np.where(x == 0, F32(1), F32(0)),
        }[op]()
    return np.asarray(r, F32).astype(np.float64)


class Op:
    """One instruction with its loads and stores: kernel lines, the inputs
    it reads ((name, array, nkic dtype)), the outputs it writes ((name,
    expected values)), and whether it expects a located error at `error_line`
    (an index into lines)."""

    def __init__(self):
        self.lines, self.inputs, self.outputs = [], [], []
        self.error_line = None
        self.desc = ""


class InstrGen:
    def __init__(self, seed, features):
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        self.features = features
        self.serial = 0

    def on(self, feature):
        return feature not in KNOWN_BROKEN or feature in self.features

    def pick(self, xs):
        return self.rng.choice(xs)

    def name(self, stem):
        self.serial += 1
        return f"{stem}{self.serial}"

    def dtype(self, kinds="fi", exclude=()):
        names = [n for n, d in D.DTYPES.items() if ("i" if d.is_int else "f") in kinds
                 and n not in exclude]
        return D.DTYPES[self.pick(names)]

    # ---- operands -------------------------------------------------------

    def free_slice(self, count):
        """(text, slice, backing width) of a free-dim slice of `count`
        elements: an offset, a step (negative, or huge for one element)."""
        f0 = self.pick([0, 0, 1, 3])
        if count == 0:
            return f"{f0}:{f0}", slice(f0, f0), f0 + 1
        if count == 1 and self.rng.random() < 0.3:
            width = f0 + 1 + self.pick([0, 2])
            step = self.pick([s for s in EXTREMES if abs(s) >= width])
            if step > 0:
                return f"{f0}::{self.lit(step)}", slice(f0, None, step), width
            text = f"{width - 1}:{f0 - 1 if f0 else ''}:{self.lit(step)}"
            return text, slice(width - 1, f0 - 1 if f0 else None, step), width
        step = self.pick([1, 1, 1, 2, 3, -1, -2])
        width = f0 + (count - 1) * abs(step) + 1 + self.pick([0, 1])
        if step > 0:
            return f"{f0}:{f0 + count * step}:{step}", slice(f0, f0 + count * step, step), width
        start = f0 + (count - 1) * abs(step)
        stop = start - count * abs(step)
        stop_text, stop_val = (str(stop), stop) if stop >= 0 else ("", None)
        return f"{start}:{stop_text}:{step}", slice(start, stop_val, step), width

    @staticmethod
    def lit(v):
        return "(-9223372036854775807 - 1)" if v == -2**63 else str(v)

    def view(self, op, p, f, dt, values=None, special=False):
        """An SBUF tile of dt holding random values (or `values`, [p, f]),
        and a [p, f] view of it: (view text, the view's values)."""
        p0 = self.pick([0, 0, 1, 5]) if p + 5 <= 128 else 0
        pb = p0 + p
        ftext, fslice, width = self.free_slice(f)
        backing = D.representable(self.np_rng, dt, (pb, width), special)
        if values is not None:
            sel = backing[p0:pb, fslice]
            assert sel.shape == values.shape, (sel.shape, values.shape)
            backing[p0:pb, fslice] = values
        src = self.name("a")
        npy = backing.astype(np.int32) if dt.is_int else backing.astype(F32)
        op.inputs.append((src, npy, "i32" if dt.is_int else "f32"))
        t = self.name("t")
        op.lines.append(f"{t} = load({src}, nl.{dt.name})")
        v = backing[p0:pb, fslice]
        assert v.shape == (p, f), (v.shape, p, f, fslice, width)
        return f"{t}[{p0}:{pb}, {ftext}]", v

    def dst_view(self, op, p, f, dt):
        p0 = self.pick([0, 0, 2]) if p + 2 <= 128 else 0
        ftext, fslice, width = self.free_slice(f)
        t = self.name("d")
        op.lines.append(f"{t} = nl.ndarray(({p0 + p}, {width}), dtype=nl.{dt.name}, buffer=nl.sbuf)")
        return f"{t}[{p0}:{p0 + p}, {ftext}]"

    def store(self, op, view_text, dt, expected):
        o = self.name("o")
        op.lines.append(f"{o} = store({view_text}, nl.{'int32' if dt.is_int else 'float32'})")
        op.outputs.append((o, expected))

    def finish(self, op, line, desc, dst=None, dt=None, expected=None):
        """`op` ended by its instruction `line`: afterwards `dst` (of dtype
        `dt`) holds `expected`, or, with no expected values, the instruction
        is refused with a located error."""
        op.lines.append(line)
        op.desc = desc
        if expected is None:
            op.error_line = len(op.lines) - 1
        else:
            self.store(op, dst, dt, expected)
        return op

    def shape(self):
        p = self.pick(SIZES_P)
        f = self.pick(SIZES_F)
        if self.on("zero_size") and self.rng.random() < 0.05:
            f = 0
        return p, f

    # ---- instructions ---------------------------------------------------

    def op_tensor_tensor(self):
        op, (p, f) = Op(), self.shape()
        both_int = self.rng.random() < 0.4
        dt1 = self.dtype("i" if both_int else "fi")
        dt2 = self.dtype("i") if both_int else self.dtype("f")
        if self.rng.random() < 0.5:
            dt1, dt2 = dt2, dt1
        name = self.pick(INT_OPS + ["divide"] if both_int else FLOAT_OPS)
        special = name not in ("abs_max", "abs_min")
        v1_text, a = self.view(op, p, f, dt1, special=special)
        if name in ("left_shift", "right_shift"):
            counts = self.np_rng.integers(-3, 40, size=(p, f))
            v2_text, b = self.view(op, p, f, D.DTYPES["int32"], values=counts)
            dt2 = D.DTYPES["int32"]
        else:
            v2_text, b = self.view(op, p, f, dt2, special=special)
        in_place = self.rng.random() < 0.2
        dst_dt = dt1 if in_place else self.dtype("i" if name in BITVEC else "fi")
        if both_int and name != "divide":
            r = D.from_i32(int_op(name, a, b, dt1.kind == "u"), dst_dt)
        else:
            r = D.from_f32(float_op(name, D.as_f32(a), D.as_f32(b)), dst_dt)
        dst = v1_text if in_place else self.dst_view(op, p, f, dst_dt)
        line = f"nisa.tensor_tensor(dst={dst}, data1={v1_text}, data2={v2_text}, op=nl.{name})"
        return self.finish(op, line, f"tensor_tensor {name} {dt1}, {dt2} -> {dst_dt}{' in place' if in_place else ''}",
                           dst, dst_dt, r)

    def op_tensor_scalar(self):
        op, (p, f) = Op(), self.shape()
        bitvec = self.rng.random() < 0.35
        dt = self.dtype("i" if bitvec else "fi")
        v_text, a = self.view(op, p, f, dt, special=True)
        if bitvec:
            ops = [self.pick(sorted(BITVEC)) for _ in range(2)]
            consts = [self.pick([0, 1, 3, 31, 32, -1, 0x5A5A, 2**31 - 1, -(2**31)]) for _ in range(2)]
            x = D.as_i32(a)
        else:
            ops = [self.pick(FLOAT_OPS[:6] + ["less", "greater_equal"]) for _ in range(2)]
            consts = [self.pick([0.0, -0.0, 0.5, 1.0, -2.5, 3.0, 1e30, 1e-3, 7.25]) for _ in range(2)]
            x = D.as_f32(a).astype(np.float64)
        reverse = [self.rng.random() < 0.3 for _ in range(2)]
        two = self.rng.random() < 0.5
        texts = [repr(c) for c in consts]
        for k in range(2 if two else 1):
            c = np.full_like(x, consts[k])
            if not bitvec and self.rng.random() < 0.3:  # a [P, 1] float32 tile
                texts[k], column = self.column(op, p)
                c = np.broadcast_to(column, x.shape)
            lhs, rhs = (c, x) if reverse[k] else (x, c)
            x = int_op(ops[k], lhs, rhs, dt.kind == "u") if bitvec else \
                float_op(ops[k], lhs, rhs)
        dst_dt = self.dtype("i" if bitvec else "fi")
        r = D.from_i32(x, dst_dt) if bitvec else D.from_f32(x, dst_dt)
        dst = self.dst_view(op, p, f, dst_dt)
        args = f"op0=nl.{ops[0]}, operand0={texts[0]}, reverse0={reverse[0]}"
        if two:
            args += f", op1=nl.{ops[1]}, operand1={texts[1]}, reverse1={reverse[1]}"
        line = f"nisa.tensor_scalar(dst={dst}, data={v_text}, {args})"
        return self.finish(op, line, f"tensor_scalar {ops[:1 + two]} {dt} -> {dst_dt}",
                           dst, dst_dt, r)

    def column(self, op, p):
        """A [p, 1] float32 tile of random values: (its text, its values)."""
        values = D.representable(self.np_rng, D.DTYPES["float32"], (p, 1), special=True)
        src, t = self.name("a"), self.name("t")
        op.inputs.append((src, values.astype(F32), "f32"))
        op.lines.append(f"{t} = load({src}, nl.float32)")
        return t, values

    def op_dma_convert(self):
        """A DMA from a strided float32 HBM view (values no dtype but float32
        holds) into a tile of another dtype: rounded once, as the README says."""
        op, (p, f) = Op(), self.shape()
        ftext, fslice, width = self.free_slice(f)
        p0 = self.pick([0, 1])
        with np.errstate(all="ignore"):
            values = (self.np_rng.standard_normal((p0 + p, width)) *
                      self.pick([1.0, 1e3, 1e5, 1e-3, 300.0])).astype(F32)
        special = self.rng.random() < 0.3
        if special:
            pool = np.array([np.inf, -np.inf, np.nan, 3e38, -1e-40, 239.9, 248.0, 464.0, 57344.0,
                             61440.0, 65519.0, 65520.0, 2.5, -0.5, 127.5, 32767.5, 2**31], F32)
            pick = self.np_rng.random(values.shape) < 0.3
            values = np.where(pick, self.np_rng.choice(pool, size=values.shape), values).astype(F32)
        src = self.name("a")
        op.inputs.append((src, values, "f32"))
        dt = self.dtype(exclude=("float32",))
        d = self.name("d")
        op.lines.append(f"{d} = nl.ndarray(({p}, {f}), dtype=nl.{dt.name}, buffer=nl.sbuf)")
        line = f"nisa.dma_copy(dst={d}, src={src}[{p0}:{p0 + p}, {ftext}])"
        return self.finish(op, line, f"dma_copy float32 -> {dt}",
                           d, dt, D.from_f32(values[p0:p0 + p, fslice].astype(np.float64), dt))

    def op_activation(self):
        op, (p, f) = Op(), self.shape()
        dt = self.dtype()
        v_text, a = self.view(op, p, f, dt, special=True)
        name = self.pick(ACTIVATIONS)
        scale = self.pick([1.0, 0.5, -2.0, 3.0])
        bias = self.pick([None, 0.0, 1.5, -0.25])
        x = D.as_f32(a)
        with np.errstate(all="ignore"):
            x = x * F32(scale)
            if bias is not None:
                x = x + F32(bias)
        in_place = self.rng.random() < 0.2
        dst_dt = dt if in_place else self.dtype()
        r = D.from_f32(activation(name, x), dst_dt)
        dst = v_text if in_place else self.dst_view(op, p, f, dst_dt)
        line = f"nisa.activation(dst={dst}, op=nl.{name}, data={v_text}, bias={bias!r}, scale={scale!r})"
        return self.finish(op, line, f"activation {name} {dt} -> {dst_dt}", dst, dst_dt, r)

    def op_tensor_copy(self):
        op, (p, f) = Op(), self.shape()
        dt = self.dtype()
        dst_dt = dt if dt.is_int or self.rng.random() < 0.4 else self.dtype("f")
        v_text, a = self.view(op, p, f, dt, special=not dt.is_int)
        r = a if dst_dt is dt else D.from_f32(D.as_f32(a).astype(np.float64), dst_dt)
        dst = self.dst_view(op, p, f, dst_dt)
        line = f"nisa.tensor_copy(dst={dst}, src={v_text})"
        return self.finish(op, line, f"tensor_copy {dt} -> {dst_dt}", dst, dst_dt, r)

    def op_memset(self):
        op, (p, f) = Op(), self.shape()
        dt = self.dtype()
        if dt.is_int:
            value = self.pick([0, 1, -1 if dt.kind == "i" else 2, dt.lo, dt.hi])
            r = np.full((p, f), value, np.int64)
        else:
            value = self.pick([0.0, -0.0, 1.5, -3.25, 1e-3, 300.0, 1e30])
            r = D.from_f32(np.full((p, f), value), dt)
        dst = self.dst_view(op, p, f, dt)
        line = f"nisa.memset(dst={dst}, value={value!r})"
        return self.finish(op, line, f"memset {value!r} {dt}", dst, dt, r)

    def iota_pattern(self, f):
        counts, left = [], f
        while left > 1 and len(counts) < 3:
            c = self.pick([d for d in range(1, left + 1) if left % d == 0])
            counts.append(c)
            left //= c
        counts.append(left)
        return [[self.pick([0, 1, -1, 2, 7, -3, 1000]), c] for c in counts]

    def op_iota(self):
        op, (p, f) = Op(), self.shape()
        dt = self.pick([D.DTYPES["int32"], D.DTYPES["float32"], D.DTYPES["int16"],
                        D.DTYPES["bfloat16"]])
        pattern = self.iota_pattern(f)
        offset = self.pick([0, 5, -7] + [v for v in EXTREMES if abs(v) < 2**31])
        cm = self.pick([0, 1, -1, 3, 128, 2**31 - 1])
        idx = np.zeros((1,), np.int64)
        for step, count in pattern:
            idx = (idx[:, None] + step * np.arange(count)[None, :]).ravel()
        v = offset + np.arange(p)[:, None] * cm + idx[None, :]
        # int32 values (wrapping), into a float dtype through float32; an
        # integer dtype must hold every value, or the instruction is refused.
        v = D.wrap(v, 32)
        dst = self.dst_view(op, p, f, dt)
        line = f"nisa.iota(dst={dst}, pattern={pattern}, offset={offset}, channel_multiplier={cm})"
        if dt.is_int and v.size and not (dt.lo <= v.min() and v.max() <= dt.hi):
            r = None
        else:
            r = v if dt.is_int else D.from_f32(v.astype(F32).astype(np.float64), dt)
        return self.finish(op, line, f"iota {pattern} {offset} {cm} {dt}", dst, dt, r)

    def zero_or(self, sizes):
        """sizes, or now and then [0]."""
        zero = self.on("zero_size") and self.rng.random() < 0.1
        return [0] if zero else sizes

    def op_tensor_reduce(self):
        op = Op()
        p, a, b = self.pick(SIZES_P), self.pick(self.zero_or([1, 2, 3, 4])), self.pick([1, 2, 5, 8])
        bitvec = self.rng.random() < 0.3
        dt = self.dtype("i" if bitvec else "fi")
        name = self.pick(["bitwise_and", "bitwise_or", "bitwise_xor"] if bitvec else
                         ["add", "maximum", "minimum", "multiply"])
        tile_name = self.name("t")
        src = self.name("a")
        values = D.representable(self.np_rng, dt, (p, a, b), special=not bitvec)
        op.inputs.append((src, values.astype(np.int32) if dt.is_int else values.astype(F32),
                          "i32" if dt.is_int else "f32"))
        op.lines.append(f"{tile_name} = load({src}, nl.{dt.name})")
        # no group is empty: a fold starts from its first element
        axis = self.pick([2, -1, [2]] + ([(1, 2), (-2, -1)] if a else []))
        both = axis in [(1, 2), (-2, -1)]
        groups = values.reshape(p, a * b) if both else values
        negate = (not bitvec) and self.rng.random() < 0.3
        if bitvec:
            acc = D.as_i32(groups[..., 0])
            for k in range(1, groups.shape[-1]):
                acc = int_op(name, acc, groups[..., k])
            dst_dt = self.dtype("i")
            r = D.from_i32(acc, dst_dt)
        else:
            g = D.as_f32(groups)
            acc = g[..., 0].astype(np.float64)
            for k in range(1, g.shape[-1]):
                acc = float_op(name, acc, g[..., k].astype(np.float64))
            if negate:
                acc = -acc
            dst_dt = self.dtype()
            r = D.from_f32(acc, dst_dt)
        out_shape = (p, 1) if both else (p, a)
        keep = self.rng.random() < 0.5
        dshape = ((p, 1, 1) if both else (p, a, 1)) if keep else out_shape
        d = self.name("d")
        op.lines.append(f"{d} = nl.ndarray({dshape}, dtype=nl.{dst_dt.name}, buffer=nl.sbuf)")
        line = f"nisa.tensor_reduce(dst={d}, op=nl.{name}, data={tile_name}, axis={axis!r}, negate={negate}, keepdims={keep})"
        return self.finish(op, line, f"tensor_reduce {name} axis={axis} {dt} -> {dst_dt}",
                           d, dst_dt, r.reshape(dshape))

    def op_transpose(self):
        op = Op()
        psum = self.rng.random() < 0.5
        limit = 128 if psum else 32
        p = self.pick([s for s in SIZES_P if s <= limit])
        f = self.pick(self.zero_or([s for s in SIZES_F if s <= limit]))
        dt = self.dtype("f") if psum else self.dtype()
        if psum:
            dt = self.pick([D.DTYPES["float32"], D.DTYPES["bfloat16"]])
        v_text, a = self.view(op, p, f, dt, special=not dt.is_int)
        d = self.name("d")
        op.lines.append(f"{d} = nl.ndarray(({f}, {p}), dtype=nl.{dt.name}, buffer=nl.{'psum' if psum else 'sbuf'})")
        line = f"nisa.nc_transpose(dst={d}, data={v_text})"
        return self.finish(op, line, f"nc_transpose {dt} {'psum' if psum else 'sbuf'}",
                           d, dt, a.T.copy())

    def op_matmul(self):
        op = Op()
        k, m = self.pick([1, 2, 3, 16, 64, 128]), self.pick(self.zero_or([1, 2, 5, 32, 128]))
        n = self.pick(self.zero_or([1, 3, 8, 64]))
        if self.rng.random() < 0.4:
            dt1 = dt2 = D.DTYPES["float32"]
        else:
            pool = ["bfloat16", "float16", "float8_e4m3", "float8_e5m2"]
            dt1, dt2 = D.DTYPES[self.pick(pool)], D.DTYPES[self.pick(pool)]
        s_text, s = self.view(op, k, m, dt1)
        m_text, mv = self.view(op, k, n, dt2)
        sf, mf = D.as_f32(s), D.as_f32(mv)
        with np.errstate(all="ignore"):
            acc = np.zeros((m, n), F32)
            for kk in range(k):
                acc = (acc + (sf[kk][:, None] * mf[kk][None, :]).astype(F32)).astype(F32)
        d = self.name("d")
        op.lines.append(f"{d} = nl.ndarray(({m}, {n}), dtype=nl.float32, buffer=nl.psum)")
        line = f"nisa.nc_matmul(dst={d}, stationary={s_text}, moving={m_text}, accumulate=False)"
        return self.finish(op, line, f"nc_matmul k={k} m={m} n={n} {dt1} {dt2}",
                           d, D.DTYPES["float32"], acc.astype(np.float64))

    def op_overlap_copy(self):
        """A copy between two windows of one tile that overlap: every
        element is read before any is written (README, "Threads": two
        sides that overlap in one buffer are moved whole)."""
        op = Op()
        p, f = self.pick(SIZES_P), self.pick([2, 3, 5, 8, 16])
        dt = self.dtype()
        shift = self.pick([1, -1, 2, -3])
        step = self.pick([1, 1, 2])
        width = (f - 1) * step + 1 + abs(shift)
        values = D.representable(self.np_rng, dt, (p, width))
        src_name = self.name("a")
        op.inputs.append((src_name, values.astype(np.int32) if dt.is_int else values.astype(F32),
                          "i32" if dt.is_int else "f32"))
        t = self.name("t")
        op.lines.append(f"{t} = load({src_name}, nl.{dt.name})")
        s0, d0 = (0, shift) if shift > 0 else (-shift, 0)
        src_sl, dst_sl = slice(s0, s0 + (f - 1) * step + 1, step), slice(d0, d0 + (f - 1) * step + 1, step)
        after = values.copy()
        after[:, dst_sl] = values[:, src_sl]
        instr = self.pick(["dma_copy", "tensor_copy"])
        line = f"nisa.{instr}(dst={t}[:, {d0}:{dst_sl.stop}:{step}], src={t}[:, {s0}:{src_sl.stop}:{step}])"
        return self.finish(op, line, f"{instr} within one tile, shifted by {shift}, step {step}, {dt}",
                           t, dt, after)

    def op_copy_predicated(self):
        """dst keeps its values but where the predicate (reversed or not)
        picks src's, a tile of dst's dtype (its bits) or a number."""
        op, (p, f) = Op(), self.shape()
        dt = self.dtype()
        dst_text, before = self.view(op, p, f, dt)
        pred_dt = D.DTYPES["uint8"]
        pred_text, pred = self.view(op, p, f, pred_dt)
        reverse = self.rng.random() < 0.4
        take = (pred == 0) if reverse else (pred != 0)
        if self.rng.random() < 0.5:
            src_text, src = self.view(op, p, f, dt, special=not dt.is_int)
        else:
            number = self.pick([0.5, -3.0, 0.0, 100.0]) if not dt.is_int else \
                self.pick([0, 1, dt.hi, dt.lo])
            src_text = repr(number)
            src = np.full((p, f), number, np.int64) if dt.is_int else \
                D.from_f32(np.full((p, f), number), dt)
        after = np.where(take, src, before)
        line = f"nisa.tensor_copy_predicated(dst={dst_text}, src={src_text}, predicate={pred_text}, reverse_pred={reverse})"
        return self.finish(op, line, f"tensor_copy_predicated {dt}{' reversed' if reverse else ''}",
                           dst_text, dt, after)

    def op_affine_select(self):
        op, (p, f) = Op(), self.shape()
        dt = self.dtype()
        src_dt = dt if self.rng.random() < 0.6 else self.dtype("f" if not dt.is_int else "fi")
        on_true_text, on_true = self.view(op, p, f, src_dt)
        pattern = self.iota_pattern(f)
        offset = self.pick([0, 3, -40, 2**31 - 1, -(2**31)])
        cm = self.pick([0, 1, -1, -2, 3])
        cmp = self.pick(["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"])
        on_false = self.pick([0.25, -7.0, 0.0, -9984.0])
        idx = np.zeros((1,), np.int64)
        for step, count in pattern:
            idx = (idx[:, None] + step * np.arange(count)[None, :]).ravel()
        v = D.wrap(offset + np.arange(p)[:, None] * cm + idx[None, :], 32)
        hit = {"equal": v == 0, "not_equal": v != 0, "less": v < 0, "less_equal": v <= 0,
               "greater": v > 0, "greater_equal": v >= 0}[cmp]
        kept = on_true if src_dt is dt else D.from_f32(D.as_f32(on_true).astype(np.float64), dt)
        dst = self.dst_view(op, p, f, dt)
        line = f"nisa.affine_select(dst={dst}, pattern={pattern}, channel_multiplier={cm}, on_true_tile={on_true_text}, on_false_value={on_false!r}, cmp_op=nl.{cmp}, offset={offset})"
        # A number into an integer dtype must round (to nearest even) into
        # its range, or the instruction is refused.
        desc = f"affine_select {cmp} {src_dt} -> {dt}"
        if dt.is_int and not dt.lo <= round(on_false) <= dt.hi:
            return self.finish(op, line, desc + f", on_false_value {on_false!r} out of range")
        r = np.where(hit, kept, D.from_f32(np.full((p, f), on_false), dt))
        return self.finish(op, line, desc, dst, dt, r)

    def op_bounds(self):
        """A copy between windows at extreme partition and free offsets:
        in bounds it is an ordinary copy; out of bounds a located error."""
        op = Op()
        pb, fb = self.pick([1, 2, 128]), self.pick([1, 4, 8])
        p0, f0 = self.pick(EXTREMES + [0, 0]), self.pick(EXTREMES + [0, 0])
        pn, fn = self.pick([1, 2]), self.pick([1, 3])
        dt = self.dtype()
        src_text, src = self.view(op, pn, fn, dt)
        d = self.name("d")
        op.lines.append(f"{d} = nl.ndarray(({pb}, {fb}), dtype=nl.{dt.name}, buffer=nl.sbuf)")
        op.lines.append(f"nisa.memset(dst={d}, value=0)")
        window = f"{d}[nl.ds({self.lit(p0)}, {pn}), nl.ds({self.lit(f0)}, {fn})]"
        op.lines.append(f"nisa.tensor_copy(dst={window}, src={src_text})")
        ok = 0 <= p0 and p0 + pn <= pb and 0 <= f0 and f0 + fn <= fb
        if not ok:
            op.error_line = len(op.lines) - 1
            op.desc = f"tensor_copy into nl.ds({p0}, {pn}), nl.ds({f0}, {fn}) of [{pb}, {fb}]"
            return op
        r = np.zeros((pb, fb), np.int64 if dt.is_int else np.float64)
        r[p0:p0 + pn, f0:f0 + fn] = src
        self.store(op, d, dt, r)
        op.desc = f"tensor_copy window at {p0}, {f0}"
        return op

    OPS = ["tensor_tensor", "tensor_tensor", "tensor_scalar", "tensor_scalar", "activation",
           "tensor_copy", "memset", "iota", "tensor_reduce", "transpose", "matmul",
           "overlap_copy", "dma_convert", "copy_predicated", "affine_select"]

    def kernel(self):
        if self.rng.random() < 0.15:
            return [self.op_bounds()]
        ops = []
        for _ in range(self.rng.randint(3, 10)):
            ops.append(getattr(self, f"op_{self.pick(self.OPS)}")())
        return ops


PRELUDE = '''import nki
import nki.isa as nisa
import nki.language as nl


def load(src, dtype):
    t = nl.ndarray(src.shape, dtype=dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=src)
    return t


def store(view, dtype):
    out = nl.ndarray(view.shape, dtype=dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=view)
    return out

'''


def render(ops):
    """The kernel's text and each op's error statement's line (or None)."""
    args = [name for o in ops for name, _, _ in o.inputs]
    lines = PRELUDE.splitlines() + ["", "@nki.jit", f"def kernel({', '.join(args)}):"]
    error_lines = []
    for o in ops:
        lines.append(f"    # {o.desc}")
        error_lines.append(None)
        for i, line in enumerate(o.lines):
            lines.append("    " + line)
            if i == o.error_line:
                error_lines[-1] = len(lines)
    outs = [name for o in ops for name, _ in o.outputs]
    lines.append(f"    return ({', '.join(outs)}{',' if len(outs) == 1 else ''})" if outs else
                 "    return nl.ndarray((1, 1), dtype=nl.float32, buffer=nl.shared_hbm)")
    return "\n".join(lines) + "\n", error_lines
