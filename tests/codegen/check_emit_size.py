"""The generated C++ of a kernel does not grow with a loop's iteration count:
`nkic emit` of one kernel with each `-a NAME=VALUE` given after `--sizes`
must give files of the same number of lines, at most MAX_LINES.

usage: check_emit_size.py NKIC REPO_ROOT MAX_LINES KERNEL ARGS... --sizes n=1000 n=2000
"""

import os
import subprocess
import sys
import tempfile


def main():
    nkic, root, max_lines = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rest = sys.argv[4:]
    split = rest.index("--sizes")
    kernel_args, sizes = rest[:split], rest[split + 1:]
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            out = os.path.join(tmp, "p.cpp")
            argv = [nkic, "emit"] + kernel_args + ["-a", size, "-o", out]
            proc = subprocess.run(argv, cwd=root, capture_output=True, text=True, timeout=300)
            if proc.returncode != 0:
                sys.exit(f"nkic emit failed: {' '.join(argv)}\n{proc.stderr}")
            with open(out) as f:
                counts[size] = sum(1 for _ in f)
    print(", ".join(f"{s}: {c} lines" for s, c in counts.items()))
    if len(set(counts.values())) != 1:
        sys.exit("the generated C++ grows with the iteration count")
    if max(counts.values()) > max_lines:
        sys.exit(f"the generated C++ has more than {max_lines} lines")


if __name__ == "__main__":
    main()
