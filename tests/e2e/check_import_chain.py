"""A chain of modules importing one another (m0 imports m1, which imports
m2, ...) deeper than the interpreter's bound is a located error at the
import that went too deep, naming the chain's ends, in nkirun and in nkic
check; one within the bound runs. The modules are made when the test runs,
in a temporary folder (a chain of 45,000 once overflowed the C++ stack).

usage: check_import_chain.py NKIRUN NKIC
"""

import os
import subprocess
import sys
import tempfile

MAX_IMPORT_DEPTH = 200  # Evaluator::kMaxImportDepth
TIMEOUT_SECONDS = 300


def make_chain(folder, n):
    """k.py imports m0; m_i imports m_{i+1}; m_{n-1} ends the chain."""
    for i in range(n):
        with open(os.path.join(folder, f"m{i}.py"), "w", encoding="utf-8") as f:
            f.write(f"import m{i + 1}\nv = m{i + 1}.v + 1\n" if i + 1 < n else "v = 0\n")
    with open(os.path.join(folder, "k.py"), "w", encoding="utf-8") as f:
        f.write("import nki\nimport m0\n\n\n@nki.jit\ndef kernel():\n    print(m0.v)\n")


def run(argv, folder):
    proc = subprocess.run(argv, cwd=folder, capture_output=True, text=True,
                          timeout=TIMEOUT_SECONDS, env=dict(os.environ, NO_COLOR="1"))
    return proc.returncode, proc.stdout, proc.stderr


def main():
    nkirun, nkic = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    failures = []
    # k.py runs its top level too: it and m0 .. m198 fit, m199 is one too many.
    deepest = MAX_IMPORT_DEPTH - 1
    for n, tools in ((deepest, "fits"), (45_000, "too deep")):
        with tempfile.TemporaryDirectory() as folder:
            make_chain(folder, n)
            for argv in ([nkirun, "run", "k.py", "-n", "1"], [nkic, "check", "k.py", "-n", "1"]):
                rc, out, err = run(argv, folder)
                what = f"{os.path.basename(argv[0])} on a chain of {n}"
                if n == deepest:
                    if rc != 0 or f"{n - 1}" not in out:
                        failures.append(f"{what}: exit {rc}\n{out}{err[:2000]}")
                    continue
                last = MAX_IMPORT_DEPTH - 1
                want = (f"m{last - 1}.py:1:8: error: maximum recursion depth exceeded while "
                        f"importing 'm{last}' ({MAX_IMPORT_DEPTH} modules importing one another: "
                        f"k -> m0 -> m1 -> ... -> m{last - 2} -> m{last - 1} -> m{last})")
                first = err.splitlines()[0] if err else ""
                if rc != 1 or first.removesuffix(" (rank 0)") != want:
                    failures.append(f"{what}: exit {rc}, stderr begins:\n{err[:2000]}\n"
                                    f"expected exit 1 and first line\n{want}")
    if failures:
        print("\n\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
