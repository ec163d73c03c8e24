"""Every input the tests hold, through both tools: each ends in exit code 0, 1
or 2 with nothing on stderr that only a broken tool prints (a signal, an
abort, an escaped C++ exception, an internal error, a sanitizer report), and
within a time limit.

The inputs: the bad-input cases, the nkirun-and-program cases, the CPython
cases, the examples and the fuzzers' saved regressions, each run with the
arguments its header gives (`# run:`, `# run-raw:`, `# build:`, `# nkic-raw:`),
or bare.

usage: check_exit_codes.py NKIRUN NKIC REPO
"""

import glob
import os
import shlex
import subprocess
import sys

from expect_driver import directives

TIMEOUT_SECONDS = 60
# A broken promise rather than a diagnostic.
BROKEN = ["internal error", "terminate called", "what():", "std::", "Segmentation fault",
          "Aborted", "AddressSanitizer", "LeakSanitizer", "runtime error:", "core dumped"]
# Bounds for inputs run bare, so that none runs long.
LIMITS = ["--max-steps", "5000000", "--memory-limit", "1G"]


def inputs(repo):
    for pattern in ("tests/e2e/bad/*.py", "tests/e2e/compiled/*.py", "tests/e2e/cpython/*.py",
                    "examples/*.py", "tests/fuzz/regressions/*/*"):
        yield from sorted(glob.glob(os.path.join(repo, pattern)))


def commands(nkirun, nkic, path):
    name = os.path.basename(path)
    if path.endswith(".py"):
        d = directives(path, extra=("build",))
    else:
        d = {"run": None, "run-raw": None, "nkic-raw": None, "build": ""}
    if d["run-raw"] is not None:
        yield [nkirun] + shlex.split(d["run-raw"])
    else:
        yield [nkirun, "run", name] + shlex.split(d["run"] or "-n 2") + LIMITS
    if d["nkic-raw"] is not None:
        yield [nkic] + shlex.split(d["nkic-raw"])
    else:
        yield [nkic, "check", name] + shlex.split(d["build"] or "-n 2") + LIMITS


def main():
    nkirun, nkic, repo = (os.path.abspath(a) for a in sys.argv[1:4])
    failures, count = [], 0
    env = dict(os.environ, NO_COLOR="1")
    for path in inputs(repo):
        for argv in commands(nkirun, nkic, path):
            count += 1
            try:
                proc = subprocess.run(argv, cwd=os.path.dirname(path), env=env, capture_output=True,
                                      timeout=TIMEOUT_SECONDS, stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                failures.append(f"{shlex.join(argv)}: no end after {TIMEOUT_SECONDS} s")
                continue
            stderr = proc.stderr.decode("utf-8", "replace")
            broken = [b for b in BROKEN if b in stderr]
            if proc.returncode not in (0, 1, 2) or broken:
                failures.append(f"{shlex.join(argv)} (in {os.path.dirname(path)}): exit code "
                                f"{proc.returncode}, stderr:\n{stderr[:2000]}")
    if count < 100:
        failures.append(f"only {count} commands ran: the inputs were not found")
    if failures:
        print("\n\n".join(failures))
        sys.exit(1)
    print(f"{count} commands, each exit code 0, 1 or 2")


if __name__ == "__main__":
    main()
