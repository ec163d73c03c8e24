"""Runs `nkic emit ... --dump-ir` from the source root and compares its
output with a golden file, exactly.

    check_golden.py NKIC SOURCE_ROOT GOLDEN -- NKIC_EMIT_ARGS...

With NKIC_UPDATE_GOLDEN=1 in the environment the golden file is rewritten
instead (review the difference before committing it).
"""
import difflib
import os
import subprocess
import sys


def main():
    nkic, root, golden = sys.argv[1:4]
    if sys.argv[4] != "--":
        sys.exit("usage: check_golden.py NKIC SOURCE_ROOT GOLDEN -- ARGS...")
    cmd = [nkic, "emit", *sys.argv[5:], "--dump-ir"]
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"FAILED ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    if os.environ.get("NKIC_UPDATE_GOLDEN") == "1":
        with open(golden, "w") as f:
            f.write(proc.stdout)
        return
    with open(golden) as f:
        want = f.read()
    if proc.stdout != want:
        diff = difflib.unified_diff(want.splitlines(True), proc.stdout.splitlines(True),
                                    golden, "nkic emit --dump-ir")
        sys.exit("".join(diff))


if __name__ == "__main__":
    main()
