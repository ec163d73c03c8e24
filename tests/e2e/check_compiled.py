"""Differential test of the compiler: every case of cases.py for one example
(or the stdlib module) runs through `nkirun run ... -o A --print` and through
`nkic build ... -o PROG` then `PROG ... -o B --print`; A and B must hold the
same .npy files, byte for byte, the two listings must be equal, and so must
the device-time estimates (--estimate) of the two runs.

A PROG is specialized for its shapes, dtypes, rank count and compile-time
arguments, so cases differing only in the data of their tensor inputs share
one build. Each build also runs once more on fresh random inputs of the same
shapes (floating-point ones; integer tensors such as lookup tables keep their
data), which costs no compile.

usage: check_compiled.py NKIRUN NKIC REPO_ROOT EXAMPLE   (EXAMPLE: a file stem, or "stdlib")
"""

import os
import shlex
import subprocess
import sys
import tempfile

import numpy as np

sys.dont_write_bytecode = True  # importing cases.py must leave no __pycache__ in the sources
from cases import (cases_of, is_option, kernel_file, kernel_name, nkirun_argv,  # noqa: E402
                   split_dtype)
from output_tree import files_under  # noqa: E402

BUILD_TIMEOUT_SECONDS = 300  # one C++ compile at -O2 on a loaded two-core machine
RUN_TIMEOUT_SECONDS = 120
RANDOM_SEED = 20240611  # fixed, so a failure reproduces


def expand_rank(path, rank):
    return path.replace("{rank}", str(rank))


def tensor_args(args):
    """[(name, path)] of the @PATH arguments, in order."""
    out = []
    for a in args:
        name, _, value = a.partition("=")
        if value.startswith("@") and not is_option(a):
            out.append((name, value[1:]))
    return out


def build_key(case):
    """What a PROG is specialized for: the case with each tensor argument
    replaced by its per-rank shapes and dtypes."""
    _, target, kernel, ranks, args, _ = case
    key = [target, kernel, ranks]
    for arg in args:
        name, _, value = arg.partition("=")
        if value.startswith("@"):
            path = split_dtype(value[1:])[0]
            arrays = [np.load(expand_rank(path, r), mmap_mode="r") for r in range(ranks)]
            key.append((name, tuple((x.shape, x.dtype.str) for x in arrays)))
        else:
            key.append(arg)
    return tuple(key)


def run(argv, timeout):
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout)


def failure(what, argv, proc):
    return f"{what}: exit {proc.returncode}\n  command: {shlex.join(argv)}\n{proc.stderr}"


def build(nkic, case, prog, flags=()):
    """nkic build for a case (with `flags`, e.g. --mpi); tensor arguments give
    rank 0's file, whose shape and dtype every rank shares. Returns an error
    message or None."""
    name, target, kernel, ranks, args, _ = case
    argv = [nkic, "build", kernel_file(target), "-k", kernel_name(target, kernel),
            "-n", str(ranks), "-o", prog, *flags]
    for a in args:
        if is_option(a):
            argv.append(a)
            continue
        arg_name, _, value = a.partition("=")
        if value.startswith("@"):
            a = f"{arg_name}=@{expand_rank(value[1:], 0)}"
        argv += ["-a", a]
    proc = run(argv, BUILD_TIMEOUT_SECONDS)
    return failure(f"{name}: nkic build", argv, proc) if proc.returncode != 0 else None


def compare(label, interpreted, compiled):
    a, b = files_under(interpreted), files_under(compiled)
    errors = []
    if sorted(a) != sorted(b):
        errors.append(f"{label}: different files\n  nkirun: {sorted(a)}\n  compiled: {sorted(b)}")
    for path in sorted(set(a) & set(b)):
        if a[path] != b[path]:
            errors.append(f"{label}: {path} differs between nkirun and the compiled program")
    return errors


def differential(nkirun, prog, case, label, tmp):
    """Runs a case both ways and compares what they wrote and printed."""
    out_a, out_b = os.path.join(tmp, "A"), os.path.join(tmp, "B")
    interp_argv = nkirun_argv(nkirun, case, out_a) + ["--print", "--estimate"]
    proc_a = run(interp_argv, RUN_TIMEOUT_SECONDS)
    if proc_a.returncode != 0:
        return [failure(f"{label}: nkirun", interp_argv, proc_a)]
    prog_argv = [prog, "-o", out_b, "--print", "--strict", "--estimate"]
    for name, path in tensor_args(case[4]):
        prog_argv += ["-a", f"{name}=@{path}"]
    # The built program accepts its own --lnc; its platform is the one it was built for.
    prog_argv += [a for a in case[4] if is_option(a) and not a.startswith("--platform")]
    proc_b = run(prog_argv, RUN_TIMEOUT_SECONDS)
    if proc_b.returncode != 0:
        return [failure(f"{label}: compiled program", prog_argv, proc_b)]
    errors = compare(label, out_a, out_b)
    if proc_a.stdout != proc_b.stdout:
        errors.append(f"{label}: --print differs\n  nkirun:\n{proc_a.stdout}\n"
                      f"  compiled:\n{proc_b.stdout}")
    # The same operations in each program's order: the same estimate.
    if estimate_of(proc_a.stderr) != estimate_of(proc_b.stderr):
        errors.append(f"{label}: --estimate differs\n  nkirun:\n{estimate_of(proc_a.stderr)}\n"
                      f"  compiled:\n{estimate_of(proc_b.stderr)}")
    return errors


def estimate_of(stderr):
    """The --estimate summary in a run's stderr: from its first line on."""
    at = stderr.find("estimated device time:")
    return stderr[at:] if at >= 0 else "(no estimate)"


def random_like(array, rng):
    """Random values of the array's shape and dtype; None for integer dtypes,
    whose data (indices, lookup tables) has meaning."""
    if array.dtype.kind == "V" and array.dtype.itemsize == 2:  # bfloat16
        bits = rng.standard_normal(array.shape).astype(np.float32).view(np.uint32) >> 16
        return bits.astype(np.uint16).view(array.dtype)
    if array.dtype.kind == "f":
        return rng.standard_normal(array.shape).astype(array.dtype)
    if array.dtype.kind == "V":  # raw bytes: float8, packed dtypes
        bits = rng.integers(0, 256, array.size * array.dtype.itemsize, dtype=np.uint8)
        return bits.view(array.dtype).reshape(array.shape)
    return None


def with_random_inputs(case, tmp, rng):
    """The case with each floating-point tensor argument replaced by random
    per-rank files in `tmp`; None when it has none."""
    name, target, kernel, ranks, args, expect = case
    new_args, replaced = [], False
    for a in args:
        arg_name, _, value = a.partition("=")
        if value.startswith("@"):
            path, dtype = split_dtype(value[1:])
            arrays = [random_like(np.load(expand_rank(path, r)), rng) for r in range(ranks)]
            if arrays[0] is not None:
                pattern = os.path.join(tmp, f"random_{arg_name}_rank{{rank}}.npy")
                for r, arr in enumerate(arrays):
                    np.save(expand_rank(pattern, r), arr)
                a, replaced = f"{arg_name}=@{pattern}{dtype}", True
        new_args.append(a)
    return (name, target, kernel, ranks, new_args, expect) if replaced else None


def check_group(nkirun, nkic, group, rng):
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "prog")
        error = build(nkic, group[0], prog)
        if error:
            return [error]
        errors = []
        for case in group:
            with tempfile.TemporaryDirectory(dir=tmp) as run_dir:
                errors += differential(nkirun, prog, case, case[0], run_dir)
        with tempfile.TemporaryDirectory(dir=tmp) as run_dir:
            randomized = with_random_inputs(group[0], run_dir, rng)
            if randomized:
                errors += differential(nkirun, prog, randomized,
                                       f"{group[0][0]} (random inputs)", run_dir)
        return errors


def programs_of(argv):
    """(nkirun, nkic, the example's cases, those cases grouped by the program
    they share) from the command line NKIRUN NKIC REPO_ROOT EXAMPLE."""
    nkirun, nkic = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    selected = cases_of(argv[3], argv[4])
    groups = {}
    for case in selected:
        groups.setdefault(build_key(case), []).append(case)
    return nkirun, nkic, selected, groups


def main():
    nkirun, nkic, selected, groups = programs_of(sys.argv)
    rng = np.random.default_rng(RANDOM_SEED)
    errors = []
    for group in groups.values():
        errors += check_group(nkirun, nkic, group, rng)
    print(f"{len(selected)} cases, {len(groups)} programs built, {len(errors)} failures")
    if errors:
        print("\n".join(errors))
        sys.exit(1)


if __name__ == "__main__":
    main()
