"""The package example, examples/tilelib, as a user runs it: its kernel
tilelib.collectives.tiled_all_gather imports its helpers with relative
imports, takes an Enum argument and splits its tiles between LNC programs.

It runs by path, as a module found through -I, and as a module found through
NKIC_PATH, always from a working directory outside the repository (so that
nothing is found by accident), on 2, 4 and 8 ranks, LNC 1 and 2, in both
layouts; every rank's output is compared bit for bit with NumPy's. A few of
the combinations are also built with nkic, and the programs' outputs must be
nkirun's, byte for byte.

usage: check_package.py NKIRUN NKIC REPO_ROOT
"""

import itertools
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.dont_write_bytecode = True
from output_tree import files_under  # noqa: E402

TIMEOUT_SECONDS = 120
BUILD_TIMEOUT_SECONDS = 300
MODULE = "tilelib.collectives.tiled_all_gather"
KERNEL = "tiled_all_gather"
# (ranks, lnc, layout, tile_rows) built with nkic as well: each build is a C++
# compile, so only a few, covering every rank count, both LNCs and layouts.
COMPILED = [(2, 1, "COLUMNS", 2), (4, 2, "ROWS", 1), (8, 2, "COLUMNS", 2)]


def data(root, r):
    return os.path.join(root, "examples", "data", f"rows_rank{r}.npy")


def kernel_args(root, ranks, layout, tile_rows):
    return ["-a", f"input=@{os.path.join(root, 'examples', 'data', 'rows_rank{rank}.npy')}",
            "-a", f"replica_group=[{list(range(ranks))}]", "-a", f"num_ranks={ranks}",
            "-a", f"tile_rows={tile_rows}", "-a", f"layout=Layout.{layout}"]


def expected(root, ranks, layout):
    blocks = [np.load(data(root, m)) for m in range(ranks)]
    return np.concatenate(blocks, axis=0 if layout == "ROWS" else 1)


def invocations(nkirun, root):
    """(label, argv prefix, extra environment) of the three ways to name the kernel."""
    examples = os.path.join(root, "examples")
    by_path = os.path.join(examples, "tilelib", "collectives", "tiled_all_gather.py")
    return [("by path", [nkirun, "run", by_path], {}),
            ("-I", [nkirun, "run", MODULE, "-I", examples], {}),
            ("NKIC_PATH", [nkirun, "run", MODULE], {"NKIC_PATH": examples})]


def run(argv, env_extra, cwd, timeout=TIMEOUT_SECONDS):
    env = dict(os.environ, NO_COLOR="1")
    env.pop("NKIC_PATH", None)
    env.update(env_extra)
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=timeout)


def check_outputs(label, outdir, ranks, want):
    errors = []
    for r in range(ranks):
        path = os.path.join(outdir, f"rank{r}", "out.npy")
        if not os.path.exists(path):
            return [f"{label}: rank {r} wrote no out.npy"]
        got = np.load(path)
        if got.shape != want.shape or got.tobytes() != want.tobytes():
            errors.append(f"{label}: rank {r}: out differs\n got {got}\n want {want}")
    return errors


def interpreted(nkirun, root, cwd):
    errors = []
    combos = itertools.product((2, 4, 8), (1, 2), ("ROWS", "COLUMNS"), (1, 2))
    for ranks, lnc, layout, tile_rows in combos:
        for how, prefix, env in invocations(nkirun, root):
            label = f"{how}: -n {ranks} --lnc {lnc} layout={layout} tile_rows={tile_rows}"
            with tempfile.TemporaryDirectory() as outdir:
                argv = prefix + ["-n", str(ranks), "--lnc", str(lnc), "-o", outdir, "--strict"]
                proc = run(argv + kernel_args(root, ranks, layout, tile_rows), env, cwd)
                if proc.returncode != 0:
                    errors.append(f"{label}: exit {proc.returncode}\n{proc.stderr}")
                    continue
                errors += check_outputs(label, outdir, ranks, expected(root, ranks, layout))
    return errors


def compiled(nkirun, nkic, root, cwd):
    errors = []
    _, by_path, _ = invocations(nkirun, root)[0]
    for ranks, lnc, layout, tile_rows in COMPILED:
        label = f"compiled: -n {ranks} --lnc {lnc} layout={layout} tile_rows={tile_rows}"
        args = kernel_args(root, ranks, layout, tile_rows)
        with tempfile.TemporaryDirectory() as tmp:
            prog, a, b = (os.path.join(tmp, n) for n in ("prog", "A", "B"))
            build_args = [x.replace("{rank}", "0") for x in args]
            argv = [nkic, "build", by_path[2], "-k", KERNEL, "-n", str(ranks), "--lnc", str(lnc),
                    "-o", prog] + build_args
            proc = run(argv, {}, cwd, BUILD_TIMEOUT_SECONDS)
            if proc.returncode != 0:
                errors.append(f"{label}: nkic build: exit {proc.returncode}\n{proc.stderr}")
                continue
            tensor_args = args[:2]
            runs = [(by_path + ["-n", str(ranks), "--lnc", str(lnc), "-o", a] + args, "nkirun"),
                    ([prog, "-o", b] + tensor_args, "program")]
            for argv, who in runs:
                proc = run(argv + ["--print", "--strict"], {}, cwd)
                if proc.returncode != 0:
                    errors.append(f"{label}: {who}: exit {proc.returncode}\n{proc.stderr}")
            if errors:
                continue
            errors += check_outputs(label, b, ranks, expected(root, ranks, layout))
            if files_under(a) != files_under(b):
                errors.append(f"{label}: the program's outputs are not nkirun's")
    return errors


def main():
    nkirun, nkic, root = (os.path.abspath(p) for p in sys.argv[1:4])
    with tempfile.TemporaryDirectory() as cwd:
        errors = interpreted(nkirun, root, cwd) + compiled(nkirun, nkic, root, cwd)
    if errors:
        print("\n".join(errors))
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
