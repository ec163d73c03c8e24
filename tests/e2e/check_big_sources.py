"""Huge sources through nkirun and nkic inside a 4 GB address space.

Every input is made when the test runs, in a temporary folder: the largest
kernel file the limits accept, of the costliest shape per token measured
(`del` of many names) and of a common one (a long list), and inputs just past the limits (one
list of 3 million numbers, a million statements, a 6 MB REPL line). Each
must end with exit 0 or exactly the limit's diagnostic, never a signal.
Then a parse that does not fit a small address space must say
`TOOL: error: out of memory` and exit 1.

usage: check_big_sources.py NKIRUN NKIC
"""

import os
import subprocess
import sys
import tempfile

ADDRESS_SPACE = 4_000_000_000  # the machine the limits are chosen for
SMALL_ADDRESS_SPACE = 150_000_000  # far too little for a million-item list
MAX_TOKENS = 4_000_000  # IndentLexerBase::kMaxTokens
TIMEOUT_SECONDS = 300

HEAD = "import nki\n\n\n@nki.jit\ndef k():\n"


def write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return name


def run(argv, folder, limit, stdin=None):
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as inp:
        proc = subprocess.run(["prlimit", f"--as={limit}", "--"] + argv, cwd=folder, stdin=inp,
                              capture_output=True, timeout=TIMEOUT_SECONDS)
    return proc.returncode, proc.stderr.decode("utf-8", "replace")


def check(failures, what, rc, err, want_exit, want_first_line):
    if rc < 0:
        failures.append(f"{what}: killed by signal {-rc}\n{err[:2000]}")
        return
    first = err.splitlines()[0] if err else ""
    if rc != want_exit or (want_first_line is not None and first != want_first_line):
        failures.append(f"{what}: exit {rc}, stderr begins:\n{err[:2000]}\n"
                        f"expected exit {want_exit}"
                        + (f" and first line\n{want_first_line}" if want_first_line else ""))


def main():
    nkirun, nkic = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        # The largest accepted inputs. HEAD is 16 tokens; each item of the
        # list is two (`1` `,`), each name deleted two.
        items = (MAX_TOKENS - 40) // 2
        name = write(folder, "list_max.py", HEAD + "    x = [" + "1," * items + "]\n"
                     "    assert len(x) == " + str(items) + "\n")
        rc, err = run([nkirun, "run", name, "-n", "1"], folder, ADDRESS_SPACE)
        check(failures, f"nkirun run {name}", rc, err, 0, None)

        name = write(folder, "del_max.py",
                     "import nki\n\n\ndef unused():\n    del " + "a, " * items
                     + "a\n\n\n@nki.jit\ndef k():\n    return None\n")
        rc, err = run([nkic, "check", name, "-n", "1"], folder, ADDRESS_SPACE)
        check(failures, f"nkic check {name}", rc, err, 0, None)

        # Past the token limit: refused at token 4000001. Before the list
        # come 19 tokens (HEAD's 16 with its blank lines, then `x = [`), so
        # it is item token 3999982, one column each after `    x = [`.
        name = write(folder, "biglist.py", HEAD + "    x = [" + "1," * 3_000_000 + "]\n"
                     "    assert False, len(x)\n")
        rc, err = run([nkirun, "run", name, "-n", "1"], folder, ADDRESS_SPACE)
        check(failures, f"nkirun run {name}", rc, err, 1,
              f"{name}:6:{9 + MAX_TOKENS + 1 - 19}: error: too many tokens (the limit is 4000000)")

        name = write(folder, "manystmts.py", HEAD + "    x = 1\n" * 1_000_000
                     + "    assert False, x\n")
        rc, err = run([nkic, "check", name, "-n", "1"], folder, ADDRESS_SPACE)
        check(failures, f"nkic check {name}", rc, err, 1,
              # 16 + 4 per statement: token 4000001 is the `x` of statement 999997
              f"{name}:1000002:5: error: too many tokens (the limit is 4000000)")

        line = write(folder, "line.txt", "x = [" + "1," * 3_000_000 + "]\n")
        rc, err = run([nkirun, "repl"], folder, ADDRESS_SPACE, os.path.join(folder, line))
        check(failures, "nkirun repl < 6 MB line", rc, err, 1,
              f"<input 1>:1:{5 + MAX_TOKENS + 1 - 3}: error: too many tokens (the limit is 4000000)")

        # Out of memory: reported, exit 1.
        name = write(folder, "list_1m.py", HEAD + "    x = [" + "1," * 1_000_000 + "]\n")
        rc, err = run([nkirun, "run", name, "-n", "1"], folder, SMALL_ADDRESS_SPACE)
        check(failures, f"nkirun run {name} in 150 MB", rc, err, 1, "nkirun: error: out of memory")
        rc, err = run([nkic, "check", name, "-n", "1"], folder, SMALL_ADDRESS_SPACE)
        check(failures, f"nkic check {name} in 150 MB", rc, err, 1, "nkic: error: out of memory")
        line = write(folder, "line_1m.txt", "x = [" + "1," * 1_000_000 + "]\n")
        rc, err = run([nkirun, "repl"], folder, SMALL_ADDRESS_SPACE, os.path.join(folder, line))
        check(failures, "nkirun repl < 2 MB line in 150 MB", rc, err, 1,
              "nkirun: error: out of memory")
    if failures:
        print("\n\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
