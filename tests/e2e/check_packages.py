"""The package tree under packages/ through nkirun and nkic, every way a
kernel in a package can be reached: by path (its root found by pytest's
prepend rule), as a dotted module name with -I and with NKIC_PATH, and from
a kernel file in no package that imports it. Each meta kernel prints what
its imports did (which modules ran, once each, in what order, __name__,
__package__, a cycle that works); the text must be CPython's own, importing
the same tree with a stand-in nki. The device kernel's outputs are checked
against NumPy, and the program nkic builds must write the same bytes.

usage: check_packages.py NKIRUN NKIC
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

TIMEOUT_SECONDS = 300
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "packages")
KERNEL = "tilepack.kernels.tiled.copy_tiles"
KERNEL_FILE = "tree/tilepack/kernels/tiled/copy_tiles.py"

# Imports module argv[2] with argv[1]'s folders first on sys.path and nki
# standing for modules whose jit is the identity, and calls kernel argv[3].
CPYTHON_HOST = """
import importlib, sys, types
sys.path[:0] = sys.argv[1].split(":")
nki = types.ModuleType("nki")
nki.jit = lambda f: f
for sub in ("language", "isa", "collectives"):
    setattr(nki, sub, types.ModuleType("nki." + sub))
    sys.modules["nki." + sub] = getattr(nki, sub)
sys.modules["nki"] = nki
getattr(importlib.import_module(sys.argv[2]), sys.argv[3])()
"""


def run(argv, env=None):
    full_env = dict(os.environ, NO_COLOR="1")
    full_env.pop("NKIC_PATH", None)
    full_env.update(env or {})
    proc = subprocess.run(argv, cwd=HERE, capture_output=True, text=True, env=full_env,
                          timeout=TIMEOUT_SECONDS)
    if proc.returncode != 0:
        sys.exit(f"failed (exit {proc.returncode}): {' '.join(argv)}\n{proc.stderr}")
    return proc.stdout


def cpython(paths, module, kernel):
    # -I: no cwd on sys.path; -B: no __pycache__ written into the tree.
    return run([sys.executable, "-I", "-B", "-c", CPYTHON_HOST, paths, module, kernel])


def ways(nkirun, nkic):
    """(label, argv for the tool, env, CPython's sys.path, module) for each way in."""
    tree = [(KERNEL_FILE, [], {}, "by path"),
            (KERNEL, ["-I", "tree"], {}, "-I"),
            (KERNEL, [], {"NKIC_PATH": "nowhere::tree"}, "NKIC_PATH")]
    user = [("user/use_tilepack.py", ["-I", "tree"], {}, "user file, -I"),
            ("user/use_tilepack.py", [], {"NKIC_PATH": "tree"}, "user file, NKIC_PATH")]
    for target, extra, env, label in tree:
        yield label, target, extra, env, ("tree", KERNEL)
    for target, extra, env, label in user:
        yield label, target, extra, env, ("user:tree", "use_tilepack")


def check_meta(nkirun, nkic):
    problems = []
    for label, target, extra, env, (paths, module) in ways(nkirun, nkic):
        want = cpython(paths, module, "meta")
        ours = run([nkirun, "run", target, "-k", "meta", "-n", "1"] + extra, env)
        traced = run([nkic, "check", target, "-k", "meta", "-n", "1"] + extra, env)
        traced = traced.removesuffix(f"{target}: ok\n")
        for tool, got in (("nkirun", ours), ("nkic", traced)):
            if got != want:
                problems.append(f"{label}, {tool}:\n--- CPython\n{want}--- {tool}\n{got}")
    return problems


def check_device(nkirun, nkic):
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        rows, cols, tile = 8, 4, 2
        inputs = []
        for rank in range(2):
            x = (np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) + 100 * rank)
            np.save(os.path.join(tmp, f"x{rank}.npy"), x)
            inputs.append(x)
        arg = ["-a", f"input=@{tmp}/x{{rank}}.npy"]
        for label, target, kernel, extra, env in (
                ("by path", KERNEL_FILE, "copy_tiles", [], {}),
                ("user file, NKIC_PATH", "user/use_tilepack.py", "copy", [], {"NKIC_PATH": "tree"})):
            interpreted = os.path.join(tmp, label.replace(" ", "_") + "_run")
            run([nkirun, "run", target, "-k", kernel, "-n", "2", "-o", interpreted] + arg + extra,
                env)
            name = "out" if kernel == "copy_tiles" else "ret0"
            for rank, x in enumerate(inputs):
                got = np.load(os.path.join(interpreted, f"rank{rank}", f"{name}.npy"))
                want = x.reshape(rows // tile, tile, cols)[::-1].reshape(rows, cols)
                if not np.array_equal(got, want):
                    problems.append(f"{label}: rank {rank} output differs from NumPy's")
            program = os.path.join(tmp, "prog")
            run([nkic, "build", target, "-k", kernel, "-n", "2", "-a", f"input=f32[{rows},{cols}]",
                 "-o", program] + extra, env)
            compiled = interpreted + "_compiled"
            run([program, "-o", compiled] + arg)
            for rank in range(2):
                a = os.path.join(interpreted, f"rank{rank}", f"{name}.npy")
                b = os.path.join(compiled, f"rank{rank}", f"{name}.npy")
                with open(a, "rb") as fa, open(b, "rb") as fb:
                    if fa.read() != fb.read():
                        problems.append(f"{label}: the built program's rank {rank} differs")
    return problems


def main():
    nkirun, nkic = (os.path.abspath(a) for a in sys.argv[1:3])
    problems = check_meta(nkirun, nkic) + check_device(nkirun, nkic)
    if problems:
        sys.exit("\n".join(problems))


if __name__ == "__main__":
    main()
