"""Runs the examples (and the stdlib module directly) through nkirun on
several rank counts and replica groups (the table in cases.py), and compares
every rank's output files bit for bit with results computed by NumPy from the
same inputs.

usage: check_examples.py NKIRUN REPO_ROOT EXAMPLE   (EXAMPLE: a file stem, or "stdlib")
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

sys.dont_write_bytecode = True  # importing cases.py must leave no __pycache__ in the sources
from cases import cases_of, load, nkirun_argv

TIMEOUT_SECONDS = 120


def run_case(nkirun, case):
    name, _, _, ranks, _, expect = case
    with tempfile.TemporaryDirectory() as outdir:
        argv = nkirun_argv(nkirun, case, outdir)
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
        if proc.returncode != 0:
            return [f"{name}: exit {proc.returncode}\n{proc.stderr}"]
        errors = []
        for r in range(ranks):
            for out_name, want in expect(r).items():
                path = os.path.join(outdir, f"rank{r}", f"{out_name}.npy")
                if not os.path.exists(path):
                    errors.append(f"{name}: rank {r}: no {out_name}.npy "
                                  f"(has {sorted(os.listdir(os.path.join(outdir, f'rank{r}')))})")
                    continue
                # Raw expectations (packed dtypes, float8_e8m0fnu) compare as bytes.
                got = np.load(path) if want.dtype.kind == "V" else load(path)
                if got.shape != want.shape or got.tobytes() != want.astype(got.dtype).tobytes():
                    errors.append(f"{name}: rank {r}: {out_name} differs\n got {got}\n want {want}")
        return errors


def main():
    nkirun, root, example = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    selected = cases_of(root, example)
    errors = []
    for case in selected:
        errors += run_case(nkirun, case)
    print(f"{len(selected)} cases, {len(errors)} failures")
    if errors:
        print("\n".join(errors))
        sys.exit(1)


if __name__ == "__main__":
    main()
