"""Rank threads under an address-space limit: each rank's thread reserves
its stack, so with a 4 GB limit nkirun must still start 16 ranks; where the
limit is reached (256 ranks) the failure is a prefixed one-line error, exit 1,
not a crash.

usage: check_rank_threads.py NKIRUN SOURCE_DIR
"""

import os
import subprocess
import sys

TIMEOUT_SECONDS = 60
LIMIT = "--as=4000000000"


def run(nkirun, source_dir, ranks):
    argv = ["prlimit", LIMIT, nkirun, "run", "examples/all_reduce.py", "-n", str(ranks),
            "-a", "input=@examples/data/x_2x3.npy",
            "-a", f"replica_group=[list(range({ranks}))]"]
    return subprocess.run(argv, cwd=source_dir, capture_output=True, text=True,
                          env=dict(os.environ, NO_COLOR="1"), timeout=TIMEOUT_SECONDS)


def main():
    nkirun, source_dir = os.path.abspath(sys.argv[1]), sys.argv[2]
    failures = []
    ok = run(nkirun, source_dir, 16)
    if ok.returncode != 0:
        failures.append(f"16 ranks under prlimit {LIMIT}: exit {ok.returncode}\n{ok.stderr}")
    too_many = run(nkirun, source_dir, 256)
    lines = too_many.stderr.splitlines()
    if (too_many.returncode != 1 or len(lines) != 1
            or not lines[0].startswith("nkirun: error: cannot start the thread of rank ")):
        failures.append(f"256 ranks under prlimit {LIMIT}: exit {too_many.returncode}, "
                        f"expected 1 and one 'nkirun: error: cannot start the thread' line\n"
                        f"{too_many.stderr}")
    if failures:
        sys.exit("\n".join(failures))


if __name__ == "__main__":
    main()
