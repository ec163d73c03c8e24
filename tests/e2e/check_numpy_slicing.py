"""Tensor slicing against NumPy: a kernel, written at test time, slices a 1-D
and a 2-D tensor with every combination of bounds and steps at and near the
int64 limits, prints each view's shape and copies each view into a row of an
output; every shape and every copied element must be NumPy's, from nkirun
and from the program nkic builds (straight-line copies, as table rows).

usage: check_numpy_slicing.py NKIRUN NKIC
"""

import itertools
import os
import subprocess
import sys
import tempfile

import numpy as np

MAX = 2**63 - 1
BOUNDS = [None, 0, 1, -1, 3, -3, 9, -9, 10, -10, 11, 2**62, -2**62, MAX, -MAX, -MAX - 1, MAX - 1]
STEPS = [None, 1, -1, 2, -2, 3, -4, 2**62, -2**62, MAX, -MAX, -MAX - 1]
BOUNDS_2D = [None, 0, 1, -1, 5, -5, MAX, -MAX - 1]
STEPS_2D = [None, 1, -1, 2, -3, MAX, -MAX - 1]
SHAPE_2D = (4, 6)


def text(v):
    """v as the language reads it: -2**63 has no literal of its own."""
    if v is None:
        return "None"
    return "(-9223372036854775807 - 1)" if v == -2**63 else str(v)


def cases_1d():
    return list(itertools.product(BOUNDS, BOUNDS, STEPS))


def cases_2d():
    rows = list(itertools.product(BOUNDS_2D[:4] + [MAX], BOUNDS_2D, STEPS_2D))
    return [(rows[i], rows[(i * 7 + 3) % len(rows)]) for i in range(len(rows))]


def kernel_source(c1, c2):
    s1 = ", ".join(f"({text(a)}, {text(b)}, {text(c)})" for a, b, c in c1)
    s2 = ", ".join(f"(({', '.join(map(text, r))}), ({', '.join(map(text, k))}))" for r, k in c2)
    return f"""import nki
import nki.language as nl
import nki.isa as nisa

CASES_1D = [{s1}]
CASES_2D = [{s2}]


@nki.jit
def kernel(x, y):
    o = nl.ndarray(({len(c1)}, 10), dtype=x.dtype, buffer=nl.shared_hbm, name="o")
    nisa.memset(dst=o, value=-1.0)
    for i, (a, b, c) in enumerate(CASES_1D):
        v = x[a:b:c]
        print(v.shape)
        if v.shape[0] > 0:
            nisa.dma_copy(dst=o[i, 0:v.shape[0]], src=v)
    p = nl.ndarray(({len(c2)}, {SHAPE_2D[0]}, {SHAPE_2D[1]}), dtype=y.dtype, buffer=nl.shared_hbm, name="p")
    nisa.memset(dst=p, value=-1.0)
    for i, (r, k) in enumerate(CASES_2D):
        v = y[r[0]:r[1]:r[2], k[0]:k[1]:k[2]]
        print(v.shape)
        if v.shape[0] > 0 and v.shape[1] > 0:
            nisa.dma_copy(dst=p[i, 0:v.shape[0], 0:v.shape[1]], src=v)
    return o, p
"""


def expected(c1, c2, x, y):
    shapes, o, p = [], np.full((len(c1), 10), -1, np.float32), np.full((len(c2),) + SHAPE_2D, -1, np.float32)
    for i, (a, b, c) in enumerate(c1):
        v = x[a:b:c]
        shapes.append(v.shape)
        o[i, :v.shape[0]] = v
    for i, (r, k) in enumerate(c2):
        v = y[slice(*r), slice(*k)]
        shapes.append(v.shape)
        p[i, :v.shape[0], :v.shape[1]] = v
    return "".join(f"{s}\n" for s in shapes), o, p


def main():
    nkirun, nkic = (os.path.abspath(a) for a in sys.argv[1:3])
    c1, c2 = cases_1d(), cases_2d()
    x = np.arange(10, dtype=np.float32)
    y = np.arange(np.prod(SHAPE_2D), dtype=np.float32).reshape(SHAPE_2D)
    want_text, want_o, want_p = expected(c1, c2, x, y)
    with tempfile.TemporaryDirectory() as tmp:
        np.save(os.path.join(tmp, "x.npy"), x)
        np.save(os.path.join(tmp, "y.npy"), y)
        with open(os.path.join(tmp, "slicing.py"), "w", encoding="utf-8") as f:
            f.write(kernel_source(c1, c2))
        argv = [nkirun, "run", "slicing.py", "-n", "1", "--strict", "-a", "x=@x.npy",
                "-a", "y=@y.npy", "-o", "out"]
        proc = subprocess.run(argv, cwd=tmp, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            sys.exit(f"nkirun failed (exit {proc.returncode}):\n{proc.stderr}")
        got = proc.stdout.splitlines()
        for i, (line, want) in enumerate(zip(got, want_text.splitlines())):
            if line != want:
                case = c1[i] if i < len(c1) else c2[i - len(c1)]
                sys.exit(f"case {case}: nkirun's shape {line}, NumPy's {want}")
        if len(got) != len(c1) + len(c2):
            sys.exit(f"nkirun printed {len(got)} shapes for {len(c1) + len(c2)} cases")
        build = [nkic, "build", "slicing.py", "-n", "1", "-a", "x=f32[10]",
                 "-a", f"y=f32[{SHAPE_2D[0]},{SHAPE_2D[1]}]", "-o", "prog"]
        proc = subprocess.run(build, cwd=tmp, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            sys.exit(f"nkic build failed (exit {proc.returncode}):\n{proc.stderr}")
        program = ["./prog", "--strict", "-a", "x=@x.npy", "-a", "y=@y.npy", "-o", "out_program"]
        proc = subprocess.run(program, cwd=tmp, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            sys.exit(f"the program failed (exit {proc.returncode}):\n{proc.stderr}")
        for tool, folder in (("nkirun", "out"), ("the program", "out_program")):
            for name, want, cases in (("o", want_o, c1), ("p", want_p, c2)):
                got_array = np.load(os.path.join(tmp, folder, "rank0", f"{name}.npy"))
                for i in range(len(cases)):
                    if not np.array_equal(got_array[i], want[i]):
                        sys.exit(f"case {cases[i]}: {tool} copied {got_array[i]}, NumPy {want[i]}")


if __name__ == "__main__":
    main()
