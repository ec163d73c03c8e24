"""The table of end-to-end cases shared by check_examples.py (nkirun against
NumPy) and check_compiled.py (nkirun against the programs nkic builds): every
example and every stdlib kernel over several rank counts and replica groups,
each with its arguments and its NumPy-computed expected outputs.

A case is (name, target, kernel or None, ranks, args, expected(rank) -> dict):
`target` is an example's file stem or "stdlib"; `args` are nkirun's -a values
with paths relative to the repository root, and command-line options written
`--NAME=VALUE` (`--lnc=2`), which nkirun, nkic build and the built program
are all given as they are (see is_option).
"""

import os
import re
import sys

import numpy as np

DATA = "examples/data"
STDLIB_MODULE = "nkilib.experimental.collectives"


def load(path):
    """A .npy as a NumPy array; bfloat16 (V2) widened exactly to float32."""
    a = np.load(path)
    if a.dtype.kind == "V" and a.dtype.itemsize == 1:  # float8_e4m3 here
        return float8_e4m3_values(a.view(np.uint8))
    if a.dtype.kind == "V" and a.dtype.itemsize == 2:
        return (a.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
    return a


def split_dtype(value):
    """An @PATH[:DTYPE] argument's (path, ":DTYPE" or "")."""
    path, colon, dtype = value.rpartition(":")
    if colon and path.endswith(".npy"):
        return path, ":" + dtype
    return value, ""


def float8_e4m3_values(bits):
    """float8_e4m3 bit patterns decoded by the format's formula."""
    b = bits.astype(np.int64)
    e, m = (b >> 3) & 15, b & 7
    mag = np.where(e == 0, m * 2.0 ** -9, (1 + m / 8) * 2.0 ** (e - 7))
    mag = np.where(e == 15, np.where(m == 0, np.inf, np.nan), mag)
    return np.where(b & 0x80, -mag, mag).astype(np.float32)


def float8_round(x, e, m, bias, has_inf):
    """float32 -> a float8 format's value (as float32), by the format's
    definition: the nearest finite value, ties to the even bit pattern;
    past the largest, inf (formats with inf) or NaN."""
    mags = [0.0] + [k * 2.0 ** (1 - bias - m) for k in range(1, 2 ** m)]
    top = 2 ** e - 1
    for ex in range(1, top + 1):
        for k in range(2 ** m):
            if ex == top and (has_inf or k == 2 ** m - 1):
                continue
            mags.append((1 + k / 2 ** m) * 2.0 ** (ex - bias))
    past = mags[-1] + (mags[-1] - mags[-2])
    out = []
    for v in np.asarray(x, np.float64).ravel():
        a = abs(v)
        if a >= past or np.isinf(a):
            r = np.inf if has_inf else np.nan
        else:
            # One step past the largest stands for overflow (index len(mags)).
            cand = mags + [past]
            best = min(range(len(cand)), key=lambda i: (abs(cand[i] - a), i % 2))
            r = mags[best] if best < len(mags) else (np.inf if has_inf else np.nan)
        out.append(-r if np.signbit(v) else r)
    return np.array(out, np.float32).reshape(np.shape(x))


def rows(r):
    return load(f"{DATA}/rows_rank{r}.npy")


def groups_of(spec, ranks):
    """Each rank's (group, position) for a replica group spec."""
    where = {}
    for g in spec:
        for pos, r in enumerate(g):
            where[r] = (g, pos)
    return [where.get(r) for r in range(ranks)]


def fold_sum(arrays):
    """Left fold in list order, in the arrays' own dtype (float32 here)."""
    acc = arrays[0].copy()
    for a in arrays[1:]:
        acc = acc + a
    return acc


def bf16_round(x):
    """float32 -> bfloat16 (as float32), round to nearest even; finite
    inputs."""
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 << 16
    return rounded.astype(np.uint32).view(np.float32)


def kernel_file(target):
    """What nkirun and nkic are given as FILE for a case's target."""
    return STDLIB_MODULE if target == "stdlib" else f"examples/{target}.py"


def kernel_name(target, kernel):
    """The case's kernel, or the example file's only @nki.jit function."""
    if kernel:
        return kernel
    with open(kernel_file(target), encoding="utf-8") as f:
        found = re.findall(r"^@nki\.jit\s*\ndef\s+(\w+)", f.read(), re.MULTILINE)
    if len(found) != 1:
        raise ValueError(f"{target}: expected one @nki.jit kernel, found {found}")
    return found[0]


# Expected outputs, per collective: each a function of the rank.

def expect_all_reduce(spec, ranks, source=rows):
    g = groups_of(spec, ranks)
    return lambda r: {"out": fold_sum([source(m) for m in g[r][0]])}


def expect_all_gather(spec, ranks):
    g = groups_of(spec, ranks)
    return lambda r: {"out": np.concatenate([rows(m) for m in g[r][0]], axis=0)}


def expect_reduce_scatter(spec, ranks):
    g = groups_of(spec, ranks)

    def rs(r):
        group, pos = g[r]
        total = fold_sum([rows(m) for m in group])
        chunk = total.shape[0] // len(group)
        return {"out": total[pos * chunk:(pos + 1) * chunk]}
    return rs


def expect_all_to_all(spec, ranks):
    g = groups_of(spec, ranks)

    def a2a(r):
        group, pos = g[r]
        chunk = rows(0).shape[0] // len(group)
        return {"out": np.concatenate(
            [rows(m)[pos * chunk:(pos + 1) * chunk] for m in group], axis=0)}
    return a2a


def expect_lnc_all_gather(spec, ranks):
    """The group's inputs side by side along the free dim, in list order."""
    g = groups_of(spec, ranks)
    return lambda r: {"out": np.concatenate([rows(m) for m in g[r][0]], axis=1)}


def expect_slab(slabs_path, lookup_path=None):
    slabs = load(slabs_path)
    lookup = load(lookup_path) if lookup_path else None
    return lambda r: {"out": slabs[r if lookup is None else lookup[0, r]]}


def expect_tensor_ops(bf16):
    """examples/tensor_ops.py's outputs by NumPy: float32 arithmetic on
    float32 arrays (exactly rounded, as the engines compute), each result
    rounded once to the dst dtype; int32 arithmetic wrapping."""
    f = np.float32
    x, y = load(f"{DATA}/ew_x_64x48.npy"), load(f"{DATA}/ew_y_64x48.npy")
    i, j = load(f"{DATA}/ew_i_64x48.npy"), load(f"{DATA}/ew_j_64x48.npy")
    P, F = x.shape
    r = bf16_round if bf16 else (lambda a: np.asarray(a, f))
    c = y[:, 0:1]
    shift = j & 31
    small = i & 255
    relu_in = x * f(0.5) + c
    square_in = x * c
    out = {
        "add": r(x + y), "subtract": r(x - y), "multiply": r(x * y), "divide": r(x / y),
        "maximum": r(np.maximum(x, y)), "minimum": r(np.minimum(y, x)),
        "less": r((x < y).astype(f)), "equal": r((x == y).astype(f)),
        "int_add": i + j, "int_subtract": i - j, "int_multiply": i * j,
        "int_maximum": np.maximum(i, j), "int_greater_equal": (i >= j).astype(np.int32),
        "int_not_equal": (i != j).astype(np.int32), "int_bitwise_and": i & j,
        "int_bitwise_or": i | j, "int_bitwise_xor": i ^ j,
        "int_add_float": r((i + j).astype(f)),
        "int_left_shift": np.left_shift(i, shift), "int_right_shift": np.right_shift(i, shift),
        "multiply_add": r(x * f(2.5) + f(-1.0)), "reverse_subtract": r(f(3.0) - x),
        "divide_column": r(np.maximum(x / c, f(-2.0))),
        "int_xor_shift": (i ^ np.int32(0x5a5a)) >> np.int32(3),
        "relu": r(np.where(relu_in > 0, relu_in, f(0))), "square": r(square_in * square_in),
        "sqrt": r(np.sqrt(np.abs(x) + f(1.0))), "reciprocal": r(f(1.0) / y),
        "row_max": r(x.max(axis=1, keepdims=True)),
        "row_sum": r(small.sum(axis=1, keepdims=True).astype(f)),
        "group_min": r(-x.reshape(P, F // 8, 8).min(axis=2, keepdims=True)),
        "whole_or": np.bitwise_or.reduce(i, axis=1, keepdims=True),
    }
    return lambda rank: out


def libm_expf(a):
    """The C library's expf of each float32 value: the runtime's exp is it
    (NumPy's float32 exp is a different approximation)."""
    import ctypes
    libm = ctypes.CDLL("libm.so.6")
    libm.expf.restype, libm.expf.argtypes = ctypes.c_float, [ctypes.c_float]
    a = np.asarray(a, np.float32)
    return np.array([libm.expf(float(v)) for v in a.ravel()], np.float32).reshape(a.shape)


def row_sums(start, values):
    """Each row's float32 sum, start (a [P, 1] column) then the values added
    one at a time in order, as a [P, 1] column."""
    f = np.float32
    start = np.broadcast_to(np.asarray(start, f), (values.shape[0], 1))
    return np.cumsum(np.concatenate([start, values.astype(f)], axis=1), axis=1, dtype=f)[:, -1:]


def expect_select_ops(bf16):
    """examples/select_ops.py's outputs by NumPy: affine values in int32,
    selections of exact values, float32 arithmetic, each result rounded once
    to the dst dtype; the reductions' sums in float32, in order, of the
    values before that rounding."""
    f = np.float32
    x, y, i = (load(f"{DATA}/ew_{n}_64x48.npy") for n in "xyi")
    P, F = x.shape
    r = bf16_round if bf16 else (lambda a: np.asarray(a, f))
    p = np.arange(P)[:, None]
    fi = np.arange(F)[None, :]
    a, b = fi // 8, fi % 8
    band = np.where(3 - 2 * p + 5 * a - b < 0, i.astype(f), f(0.25)).reshape(P, F // 8, 8)
    picked_once = np.where(x > 0, r(x), r(y))
    relu = x * f(0.5) + f(-1.0)
    relu = np.where(relu > 0, relu, f(0))
    scaled = y * y[:, 0:1]
    square = scaled * scaled
    softmax_top = libm_expf(x - x.max(axis=1, keepdims=True))
    exp_y = libm_expf(y - f(0.5))
    return lambda rank: {
        "causal": r(np.where(p - fi >= 0, x, f(-9984.0))),
        "band": r(band),
        "int_band": np.where(-40 + 3 * p + fi != 0, i, np.int32(-7)).astype(np.int32),
        "picked_once": picked_once,
        "picked": np.where(x > y, picked_once, r(np.full((1, 1), 0.5, f))),
        "relu": r(relu), "relu_sum": r(row_sums(0, relu)),
        "square": r(square), "square_sum": row_sums(0, square),
        "abs_sum": row_sums(0, np.abs(x + y[:, 1:2])),
        "zeroed": r(np.zeros((P, 1), f)), "chained_sum": row_sums(0, x),
        "chunked_sum": row_sums(0, softmax_top),
        "softmax_top": r(softmax_top), "softmax_sum": r(row_sums(0, softmax_top)),
        "exp_y": r(exp_y), "exp_y_sum": row_sums(1.5, exp_y),
        "exp_y_sum_x": row_sums(x[:, 0:1], exp_y),
        "exp_i": r(libm_expf((i & 7).astype(f))),
    }


def is_option(arg):
    """Whether a case's argument is a command-line option, not an -a value."""
    return arg.startswith("--")


def rows_args(spec):
    return ["input=@examples/data/rows_rank{rank}.npy", f"replica_group={spec}"]


def cases():
    out = []

    def add(name, target, kernel, ranks, args, expect):
        out.append((name, target, kernel, ranks, args, expect))

    # The seed page's documented example: two ranks, the same input.
    x = load(f"{DATA}/x_2x3.npy")
    seed = np.array([[2, 4, 6], [8, 10, 12]], dtype=np.float32)
    assert np.array_equal(fold_sum([x, x]), seed)
    for target, kernel in (("all_reduce", None), ("stdlib", "all_reduce_hbm_kernel")):
        add(f"{target}-seed", target, kernel, 2,
            ["input=@examples/data/x_2x3.npy", "replica_group=[[0, 1]]"],
            lambda r: {"out": seed})

    for ranks, spec in ((4, [[0, 1, 2, 3]]), (4, [[0, 2], [1, 3]]), (4, [[3, 1, 0, 2]]),
                        (4, [[1], [0, 2, 3]]), (8, [[7, 6, 5, 4, 3, 2, 1, 0]])):
        add(f"all_reduce-{ranks}-{spec}", "all_reduce", None, ranks, rows_args(spec),
            expect_all_reduce(spec, ranks))
    for ranks, spec in ((4, [[0, 2], [1, 3]]), (8, [[3, 1, 0, 2], [4, 5, 6, 7]])):
        add(f"stdlib-all_reduce_hbm_kernel-{ranks}-{spec}", "stdlib", "all_reduce_hbm_kernel",
            ranks, rows_args(spec), expect_all_reduce(spec, ranks))

    for ranks, spec in ((2, [[0, 1]]), (4, [[1, 0], [3, 2]]), (8, [list(range(8))]),
                        (3, [[2, 0, 1]])):
        add(f"all_gather-{ranks}-{spec}", "all_gather", None, ranks,
            rows_args(spec) + [f"num_ranks={len(spec[0])}"], expect_all_gather(spec, ranks))
    for ranks, spec in ((2, [[0, 1]]), (4, [[1, 0], [3, 2]]), (3, [[2, 0, 1]])):
        add(f"stdlib-all_gather_hbm_kernel-{ranks}-{spec}", "stdlib", "all_gather_hbm_kernel",
            ranks, rows_args(spec) + [f"num_ranks={len(spec[0])}"],
            expect_all_gather(spec, ranks))

    for ranks, spec in ((4, [[0, 1, 2, 3]]), (4, [[2, 0], [3, 1]]),
                        (8, [[0, 1, 2, 3], [7, 6, 5, 4]]), (2, [[1, 0]])):
        add(f"reduce_scatter-{ranks}-{spec}", "reduce_scatter", None, ranks,
            rows_args(spec) + [f"num_ranks={len(spec[0])}"], expect_reduce_scatter(spec, ranks))
    for ranks, spec in ((2, [[0, 1]]), (4, [[0, 1, 2, 3]]), (8, [[0, 1, 2, 3], [7, 6, 5, 4]])):
        add(f"stdlib-reduce_scatter_hbm_kernel-{ranks}-{spec}", "stdlib",
            "reduce_scatter_hbm_kernel", ranks,
            rows_args(spec) + [f"num_ranks={len(spec[0])}"], expect_reduce_scatter(spec, ranks))

    for ranks, spec in ((4, [[0, 1, 2, 3]]), (8, [[0, 1, 2, 3], [4, 5, 6, 7]]),
                        (4, [[3, 0], [1, 2]]), (2, [[0, 1]])):
        add(f"all_to_all-{ranks}-{spec}", "all_to_all", None, ranks, rows_args(spec),
            expect_all_to_all(spec, ranks))
    for ranks, spec in ((2, [[0, 1]]), (4, [[3, 0], [1, 2]]), (4, [[0, 1, 2, 3]])):
        add(f"stdlib-all_to_all_hbm_kernel-{ranks}-{spec}", "stdlib", "all_to_all_hbm_kernel",
            ranks, rows_args(spec), expect_all_to_all(spec, ranks))

    for g in (2, 4, 8):
        slabs = f"{DATA}/slabs_{g}x4x8.npy"
        add(f"rank_id-{g}", "rank_id", None, g, [f"in_tensor=@{slabs}"], expect_slab(slabs))
        add(f"stdlib-rank_id_kernel-{g}", "stdlib", "rank_id_kernel", g,
            [f"in_tensor=@{slabs}"], expect_slab(slabs))

    for ranks, lookup in ((2, "lookup_identity_1x2"), (4, "lookup_reversed_1x4")):
        slabs, table = f"{DATA}/slabs_{ranks}x4x8.npy", f"{DATA}/{lookup}.npy"
        args = [f"in_tensor=@{slabs}", f"rank_id_lookup=@{table}"]
        add(f"dma_copy_rank_id-{ranks}-{lookup}", "dma_copy_rank_id", None, ranks, args,
            expect_slab(slabs, table))
        add(f"stdlib-dma_copy_rank_id_kernel-{ranks}-{lookup}", "stdlib",
            "dma_copy_rank_id_kernel", ranks, args, expect_slab(slabs, table))

    for tile_rows in (64, 128, 32):
        tiles = [load(f"{DATA}/bf16_tiles_rank{r}.npy") for r in range(2)]
        add(f"tiled_all_gather_sbuf-{tile_rows}", "tiled_all_gather_sbuf", None, 2,
            ["input=@examples/data/bf16_tiles_rank{rank}.npy", "replica_group=[[0, 1]]",
             "num_ranks=2", f"tile_rows={tile_rows}"],
            lambda r, tiles=tiles: {"out": np.concatenate(tiles, axis=1)})

    for ranks in (4, 2):
        def rts(r, n=ranks):
            total = fold_sum([rows(m) for m in range(n)])
            block = total.shape[0] // n
            return {"mine": total[r * block:(r + 1) * block]}
        add(f"reduce_then_slice-{ranks}", "reduce_then_slice", None, ranks,
            ["input=@examples/data/rows_rank{rank}.npy",
             f"replica_group=[{list(range(ranks))}]", f"num_ranks={ranks}"], rts)
    # nisa.iota: base + row-major position (int32), and two descending blocks
    # per partition 1000 apart (float32), computed here independently.
    for rows_n, cols, base in ((4, 6, 10), (128, 8, -3), (2, 2, 2**31 - 3)):
        def iota(r, rows_n=rows_n, cols=cols, base=base):
            p = np.arange(rows_n, dtype=np.int64)[:, None]
            c = np.arange(cols, dtype=np.int64)[None, :]
            # int32 arithmetic, wrapping as the engine's does
            positions = ((base + p * cols + c + 2**31) % 2**32 - 2**31).astype(np.int32)
            half = cols // 2
            w = np.arange(2)[None, :, None]
            x = np.arange(half)[None, None, :]
            blocks = (1000 * p[:, :, None] + 100 * w - x).astype(np.float32)
            return {"positions": positions, "blocks": blocks}
        for ranks in (1, 2):
            add(f"iota-{rows_n}x{cols}+{base}-{ranks}", "iota", None, ranks,
                [f"rows={rows_n}", f"cols={cols}", f"base={base}"], iota)
    # float8 through the DMA, each format's rounding (and its overflow)
    # worked out here from the format's definition.
    def float8(r):
        x = load(f"{DATA}/f32_float8_cases_4x8.npy")
        e4m3 = float8_round(x, 4, 3, 7, True)
        return {"e4m3": e4m3, "e4m3fn": float8_round(x, 4, 3, 7, False),
                "e5m2": float8_round(x, 5, 2, 15, True), "q": e4m3}
    add("float8_round_trip", "float8_round_trip", None, 1,
        [f"x=@{DATA}/f32_float8_cases_4x8.npy"], float8)
    # The packed dtypes' bits through SBUF (columns reversed), a memset of 0,
    # and the float8_e8m0fnu scales as they are and as float32: 2^(E - 127)
    # by the format's definition, NaN at 0xFF. Raw expectations (kind V) are
    # compared as bytes.
    def packed(r):
        data = np.load(f"{DATA}/f8x4_bits_4x8.npy")
        scales = np.load(f"{DATA}/e8m0_scales_4x2.npy")
        e = scales.view(np.uint8).astype(np.float64)
        values = np.where(e == 255, np.nan, 2.0 ** (e - 127)).astype(np.float32)
        return {"reversed_data": data[:, ::-1], "zeros": np.zeros_like(data),
                "nibbles_copy": np.load(f"{DATA}/f4x4_bits_4x4.npy"),
                "scales_copy": scales, "scale_values": values}
    add("packed_dtypes", "packed_dtypes", None, 1,
        [f"data=@{DATA}/f8x4_bits_4x8.npy:float8_e4m3fn_x4",
         f"nibbles=@{DATA}/f4x4_bits_4x4.npy:float4_e2m1fn_x4",
         f"scales=@{DATA}/e8m0_scales_4x2.npy:float8_e8m0fnu"], packed)
    # Views: every other column, returned reshaped under its variable's name;
    # column pairs split and transposed; the first column repeated; the
    # rank's own row and row 1 picked at run time.
    for ranks in (1, 2):
        def strided(r):
            x = rows(r)
            n, cols = x.shape
            return {"evens": x[:, ::2].reshape(-1, 2),
                    "split": x.reshape(n, cols // 2, 2).transpose(0, 2, 1).reshape(n, cols),
                    "firsts": np.repeat(x[:, :1], 3, axis=1),
                    "own_row": x[r], "second_row": x[1]}
        add(f"strided_view-{ranks}", "strided_view", None, ranks,
            ["x=@examples/data/rows_rank{rank}.npy"], strided)
    # Reinterpret casts: the rows' bits as int32, their high halves as
    # bfloat16 (truncation, which the float8 cases tell from rounding), and
    # their bytes all-gathered, viewed as float32 again.
    def expect_reinterpret(spec, ranks, source):
        g = groups_of(spec, ranks)

        def reinterpreted(r):
            x = source(r)
            return {"bits": x.view(np.int32),
                    "truncated": (x.view(np.uint32) & 0xFFFF0000).view(np.float32),
                    "gathered": np.concatenate([source(m) for m in g[r][0]], axis=0)}
        return reinterpreted
    for ranks, spec in ((1, [[0]]), (2, [[0, 1]]), (4, [[2, 0, 3, 1]]),
                        (8, [[0, 1, 2, 3], [7, 6, 5, 4]])):
        add(f"reinterpret_cast-{ranks}-{spec}", "reinterpret_cast", None, ranks,
            [f"x=@{DATA}/rows_rank{{rank}}.npy", f"replica_group={spec}",
             f"num_ranks={len(spec[0])}"], expect_reinterpret(spec, ranks, rows))
    add("reinterpret_cast-float8_cases", "reinterpret_cast", None, 1,
        [f"x=@{DATA}/f32_float8_cases_4x8.npy", "replica_group=[[0]]", "num_ranks=1"],
        expect_reinterpret([[0]], 1, lambda r: load(f"{DATA}/f32_float8_cases_4x8.npy")))
    # Rows gathered at run time, tile by tile: vector_select and
    # .ap(vector_offset=) (every other column from column 1).
    for ranks in (1, 2):
        for tile_rows in (1, 2, 4, 8):
            def gathered(r):
                picked = rows(r)[load(f"{DATA}/gather_index_8x1.npy")[:, 0]]
                return {"gathered": picked, "odd_columns": picked[:, 1::2]}
            add(f"gather_rows-{ranks}-{tile_rows}", "gather_rows", None, ranks,
                ["table=@examples/data/rows_rank{rank}.npy",
                 f"index=@{DATA}/gather_index_8x1.npy", f"tile_rows={tile_rows}"], gathered)
    # A tiled matmul and its transpose: integer-valued inputs, float32 or
    # bfloat16, so every product and sum is exact and NumPy's result is the
    # bits expected.
    for suffix in ("", "_bf16"):
        for tile_m, tile_n in ((128, 512), (32, 48), (16, 32)):
            for dma in (False, True):
                def product(r, suffix=suffix):
                    a = load(f"{DATA}/ints_256x64{suffix}.npy")
                    b = load(f"{DATA}/ints_256x96{suffix}.npy")
                    return {"result": a.T @ b, "transposed": (a.T @ b).T}
                add(f"tiled_matmul{suffix}-{tile_m}x{tile_n}-{'dma' if dma else 'nc'}",
                    "tiled_matmul", None, 1 if tile_m == 128 else 2,
                    [f"lhsT=@{DATA}/ints_256x64{suffix}.npy", f"rhs=@{DATA}/ints_256x96{suffix}.npy",
                     f"tile_m={tile_m}", f"tile_n={tile_n}", f"dma_transpose={dma}"], product)
    # The element-wise engines on float and int32 inputs, float32 and
    # bfloat16 results.
    for bf16 in (False, True):
        add(f"tensor_ops-{'bf16' if bf16 else 'f32'}", "tensor_ops", None, 1,
            [f"x=@{DATA}/ew_x_64x48.npy", f"y=@{DATA}/ew_y_64x48.npy",
             f"i=@{DATA}/ew_i_64x48.npy", f"j=@{DATA}/ew_j_64x48.npy", f"bf16={bf16}"],
            expect_tensor_ops(bf16))
        add(f"select_ops-{'bf16' if bf16 else 'f32'}", "select_ops", None, 1,
            [f"x=@{DATA}/ew_x_64x48.npy", f"y=@{DATA}/ew_y_64x48.npy",
             f"i=@{DATA}/ew_i_64x48.npy", f"bf16={bf16}", "--platform=trn3"],
            expect_select_ops(bf16))
    # Under --lnc 2 each core keeps its own accumulator registers.
    add("select_ops-f32-lnc2", "select_ops", None, 2,
        [f"x=@{DATA}/ew_x_64x48.npy", f"y=@{DATA}/ew_y_64x48.npy", f"i=@{DATA}/ew_i_64x48.npy",
         "--platform=trn3", "--lnc=2"], expect_select_ops(False))
    # An Enum parameter (and its default) choosing the rows' order.
    for layout in (None, "Layout.ROWS", "Layout.REVERSED"):
        def ordered(r, layout=layout):
            x = rows(r)
            return {"out": x[::-1] if layout == "Layout.REVERSED" else x}
        extra = [] if layout is None else [f"layout={layout}"]
        for ranks in (1, 2):
            add(f"enum_layout-{layout or 'default'}-{ranks}", "enum_layout", None, ranks,
                ["input=@examples/data/rows_rank{rank}.npy"] + extra, ordered)

    # An LNC grid: under --lnc 2 each rank's two programs gather half of the
    # tiles each into the rank's one output; the result is the plain
    # all-gather's, whatever the split.
    for ranks, spec in ((2, [[0, 1]]), (4, [[2, 0, 3, 1]]), (8, [[0, 1, 2, 3], [7, 6, 5, 4]])):
        for lnc in (1, 2):
            for tile_rows in ((1, 2) if ranks == 2 else (1,)):
                add(f"lnc_all_gather-{ranks}-{spec}-lnc{lnc}-{tile_rows}", "lnc_all_gather", None,
                    ranks, rows_args(spec) + [f"num_ranks={len(spec[0])}",
                                              f"tile_rows={tile_rows}", f"--lnc={lnc}"],
                    expect_lnc_all_gather(spec, ranks))

    # The ring permutes. ring_permute: an all-gather around each list's ring,
    # block m of a rank's result rank m's input for each m of its list
    # (zeros elsewhere), whatever the ring's order, the memory, aliasing,
    # channels or the step's kind. ring_reduce: op(predecessor's accumulator,
    # predecessor's input) once per member, simulated here step by step.
    def expect_ring_gather(spec, ranks):
        g = groups_of(spec, ranks)

        def gathered(r):
            out = np.zeros((ranks,) + rows(0).shape, np.float32)
            for m in g[r][0]:
                out[m] = rows(m)
            return {"gathered": out}
        return gathered
    for ranks, spec, extra in (
            (2, [[0, 1]], []),
            (4, [[2, 0, 3, 1]], []),
            (8, [list(range(8))], []),
            (4, [[1, 0], [3, 2]], ["on_sbuf=True"]),
            (4, [[2, 0, 3, 1]], ["on_sbuf=True", "channels=2"]),
            (8, [[0, 1, 2, 3], [7, 6, 5, 4]], ["in_place=True"]),
            (4, [[3, 1, 0, 2]], ["in_place=True", "on_sbuf=True", "channels=4"]),
            (4, [[2, 0, 3, 1]], ["step_in_register=True", "channels=2"])):
        add(f"ring_permute-{ranks}-{spec}-{'-'.join(extra) or 'hbm'}", "ring_permute", None,
            ranks, rows_args(spec) + [f"num_ranks={ranks}", f"ring_size={len(spec[0])}"] + extra,
            expect_ring_gather(spec, ranks))

    def expect_ring_reduce(spec, ranks, combine):
        g = groups_of(spec, ranks)
        acc = {r: np.zeros_like(rows(r)) for r in range(ranks)}
        for _ in range(len(spec[0])):
            before = {r: g[r][0][(g[r][1] - 1) % len(g[r][0])] for r in range(ranks)}
            acc = {r: combine(acc[before[r]], rows(before[r])) for r in range(ranks)}
        return lambda r: {"acc": acc[r]}
    for ranks, spec, use_max in ((2, [[0, 1]], False), (4, [[2, 0, 3, 1]], False),
                                 (8, [[0, 1, 2, 3], [7, 6, 5, 4]], False),
                                 (4, [[3, 1, 0, 2]], True)):
        add(f"ring_reduce-{ranks}-{spec}-{'max' if use_max else 'add'}", "ring_reduce", None,
            ranks, rows_args(spec) + [f"ring_size={len(spec[0])}", f"use_max={use_max}"],
            expect_ring_reduce(spec, ranks, np.maximum if use_max else np.add))

    def expect_pairs(pairs, in_place):
        source = {t: s for s, t in pairs}

        def permuted(r):
            if r in source:
                return {"out": rows(source[r])}
            return {"out": rows(r) if in_place else np.full_like(rows(r), -1)}
        return permuted
    for ranks, pairs, in_place in ((2, [(0, 1), (1, 0)], False), (2, [(0, 1), (1, 0)], True),
                                   (4, [(0, 1), (1, 0), (2, 3)], False),
                                   (4, [(0, 2), (2, 0), (1, 3), (3, 1)], True),
                                   (8, [(i, (i + 3) % 8) for i in range(8)], False)):
        add(f"permute_pairs-{ranks}-{len(pairs)}-{'in_place' if in_place else 'out'}",
            "permute_pairs", None, ranks,
            ["input=@examples/data/rows_rank{rank}.npy", f"pairs={pairs}",
             f"in_place={in_place}"], expect_pairs(pairs, in_place))
    # All-gather + matmul on a ring, a package example: every rank gets
    # a_r @ w for each rank r of its list (zeros elsewhere). Integer-valued
    # inputs make every product and float32 sum exact; a bfloat16 result is
    # that sum rounded once.
    for ranks, spec in ((2, [[0, 1]]), (4, [[2, 0, 3, 1]]), (8, [[0, 1, 2, 3], [7, 6, 5, 4]])):
        for suffix, where, lnc in (("", "HBM", 1), ("", "SBUF", 2), ("_bf16", "SBUF", 1),
                                   ("_bf16", "HBM", 2)):
            def gathered_products(r, spec=spec, ranks=ranks, suffix=suffix):
                w = load(f"{DATA}/ints_256x96{suffix}.npy")
                out = np.zeros((ranks, 16, 96), np.float32)
                group = groups_of(spec, ranks)[r][0]
                for q in group:
                    out[q] = load(f"{DATA}/mm_rows_rank{q}{suffix}.npy") @ w
                return {"out": bf16_round(out) if suffix else out}
            add(f"allgather_matmul{suffix}-{ranks}-{where}-lnc{lnc}", "allgather_matmul/kernel",
                None, ranks,
                [f"a=@{DATA}/mm_rows_rank{{rank}}{suffix}.npy", f"w=@{DATA}/ints_256x96{suffix}.npy",
                 f"replica_group={spec}", f"num_ranks={ranks}", f"ring_size={len(spec[0])}",
                 f"where=Where.{where}", f"--lnc={lnc}"], gathered_products)
    # Matmul then a ring reduce-scatter (collective_permute_implicit_reduce):
    # each rank ends with its own chunk of rows of the sum over its list of
    # the ranks' partial products, exact for these integer-valued inputs; a
    # bfloat16 result is rounded once.
    for ranks, spec in ((2, [[1, 0]]), (4, [[2, 0, 3, 1]]), (8, [[0, 1, 2, 3], [7, 6, 5, 4]])):
        for suffix, lnc in (("", 1), ("", 2), ("_bf16", 1), ("_bf16", 2)):
            def reduced_chunk(r, spec=spec, ranks=ranks, suffix=suffix):
                group = groups_of(spec, ranks)[r][0]
                total = fold_sum([load(f"{DATA}/mm_lhsT_rank{q}{suffix}.npy").T @
                                  load(f"{DATA}/mm_w_rank{q}{suffix}.npy") for q in group])
                chunk = total.shape[0] // ranks
                mine = total[r * chunk:(r + 1) * chunk]
                return {"out": bf16_round(mine) if suffix else mine}
            add(f"matmul_reduce_scatter{suffix}-{ranks}-lnc{lnc}", "matmul_reduce_scatter/kernel",
                None, ranks,
                [f"lhsT=@{DATA}/mm_lhsT_rank{{rank}}{suffix}.npy",
                 f"w=@{DATA}/mm_w_rank{{rank}}{suffix}.npy", f"replica_group={spec}",
                 f"num_ranks={ranks}", f"ring_size={len(spec[0])}", f"--lnc={lnc}"],
                reduced_chunk)
    # The two programs of an LNC-2 rank exchanging tiles (sendrecv, in a loop
    # and in place) and halves through shared HBM (core_barrier): the sum of
    # the two halves of the input (a bfloat16 sum rounded once), the first
    # tiles swapped, the halves swapped.
    for ranks, suffix, tiles in ((2, "", 4), (4, "", 4), (1, "_bf16", 1), (2, "_bf16", 2)):
        def exchanged(r, suffix=suffix, tiles=tiles):
            x = load(f"{DATA}/mm_rows_rank{r}{suffix}.npy")
            half = x.shape[1] // 2
            width = half // tiles
            total = x[:, :half] + x[:, half:]
            return {"total": bf16_round(total) if suffix else total,
                    "swapped": np.concatenate([x[:, half:half + width], x[:, :width]], axis=1),
                    "mirror": np.concatenate([x[:, half:], x[:, :half]], axis=1)}
        add(f"lnc_exchange{suffix}-{ranks}-{tiles}", "lnc_exchange", None, ranks,
            [f"x=@{DATA}/mm_rows_rank{{rank}}{suffix}.npy", f"tiles={tiles}", "--lnc=2"],
            exchanged)
    return out


def cases_of(root, example):
    """The cases of one example (a file stem, or "stdlib"), with the working
    directory made the repository root `root`, which their paths are relative
    to; exits the test when there are none."""
    os.chdir(root)
    selected = [c for c in cases() if c[1] == example]
    if not selected:
        sys.exit(f"no cases for {example}")
    return selected


def nkirun_argv(nkirun, case, outdir):
    """The `nkirun run` command line of a case, writing to `outdir`, in strict
    mode: no example may read memory it never wrote."""
    _, target, kernel, ranks, args, _ = case
    argv = [nkirun, "run", kernel_file(target), "-n", str(ranks), "-o", outdir, "--strict"]
    if kernel:
        argv += ["-k", kernel]
    for a in args:
        argv += [a] if is_option(a) else ["-a", a]
    return argv
