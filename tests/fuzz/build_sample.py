#!/usr/bin/env python3
"""Builds a sample of a fuzz corpus with nkic and holds each program to the
interpreter: every kernel that nkirun runs on 2 ranks is built with nkic for
the same arguments and run, and its outputs must be nkirun's, byte for byte.
A corpus input is kernel source (the compile target's corpus, or any other).

    build_sample.py NKIRUN NKIC CORPUS_DIR [COUNT]

COUNT (default 40) programs are built, from the inputs taken in a fixed
pseudo-random order. Arguments follow the harnesses' rule (fuzz_session.h):
a parameter named *group* is [[0, 1]], num_* is 2, any other a float32
tensor of shape (2, 4) whose element i on rank r is r * 100 + i. Exit 0 when
every built program agreed; the disagreements are printed otherwise.
"""
import hashlib
import os
import pathlib
import re
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "e2e"))
from output_tree import files_under  # noqa: E402  (the e2e drivers' helper)

RANKS = 2
SHAPE = (2, 4)
LIMITS = ["--max-steps", "20000", "--memory-limit", "64M"]
TIMEOUT_SECONDS = 120
KERNEL = re.compile(r"^@nki\.jit\s*\ndef\s+(\w+)\s*\(([^)]*)\)", re.M)


def parameters(text):
    """(kernel, [parameter names]) for each @nki.jit function the regex finds."""
    for m in KERNEL.finditer(text):
        names = []
        for p in m.group(2).split(","):
            name = re.split(r"[:=]", p)[0].strip()
            if name and not name.startswith("*"):
                names.append(name)
        yield m.group(1), names


def arguments(names, tmp):
    run, build, program = [], [], []
    for name in names:
        if "group" in name:
            value = "[[0, 1]]"
        elif name.startswith("num_"):
            value = "2"
        else:
            for r in range(RANKS):
                data = (np.arange(np.prod(SHAPE), dtype=np.float32) + 100 * r).reshape(SHAPE)
                np.save(os.path.join(tmp, f"arg_{name}_rank{r}.npy"), data)
            run += ["-a", f"{name}=@arg_{name}_rank{{rank}}.npy"]
            build += ["-a", f"{name}=f32[{SHAPE[0]},{SHAPE[1]}]"]
            program += ["-a", f"{name}=@arg_{name}_rank{{rank}}.npy"]
            continue
        run += ["-a", f"{name}={value}"]
        build += ["-a", f"{name}={value}"]
    return run, build, program


def call(argv, cwd):
    try:
        return subprocess.run(argv, cwd=cwd, capture_output=True, timeout=TIMEOUT_SECONDS,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__.strip().splitlines()[4].strip())
    nkirun, nkic = (os.path.abspath(a) for a in sys.argv[1:3])
    corpus = sorted(pathlib.Path(sys.argv[3]).iterdir(),
                    key=lambda p: hashlib.sha1(p.name.encode()).hexdigest())
    want = int(sys.argv[4]) if len(sys.argv) == 5 else 40
    built, agreed, failures = 0, 0, []
    for path in corpus:
        if built >= want:
            break
        text = path.read_bytes().decode("utf-8", "replace")
        for kernel, names in parameters(text):
            if built >= want:
                break
            with tempfile.TemporaryDirectory() as tmp:
                (pathlib.Path(tmp) / "kernel.py").write_bytes(path.read_bytes())
                run, build, program = arguments(names, tmp)
                common = ["-k", kernel, "-n", str(RANKS)]
                interp = call([nkirun, "run", "kernel.py"] + common + run + LIMITS + ["-o", "a"], tmp)
                if interp is None or interp.returncode != 0:
                    continue
                made = call([nkic, "build", "kernel.py"] + common + build + LIMITS +
                            ["-o", "prog"], tmp)
                if made is None or made.returncode not in (0, 1):
                    failures.append(f"{path.name} {kernel}: nkic build ended with "
                                    f"{made and made.returncode}\n{made and made.stderr.decode()}")
                    continue
                if made.returncode != 0:
                    continue  # refused by the compiler, with a diagnostic
                built += 1
                ran = call(["./prog"] + program + ["--memory-limit", "64M", "-o", "b"], tmp)
                if ran is None or ran.returncode != 0:
                    failures.append(f"{path.name} {kernel}: the program failed where nkirun ran\n"
                                    f"{ran and ran.stderr.decode()}")
                elif files_under(os.path.join(tmp, "a")) != files_under(os.path.join(tmp, "b")):
                    failures.append(f"{path.name} {kernel}: outputs differ from nkirun's")
                else:
                    agreed += 1
    print(f"build_sample.py: {built} programs built, {agreed} agreed with nkirun")
    if failures:
        print("\n\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
