"""Runs one bad-input case through nkirun and checks what it says.

A case is a kernel file whose header comments say how to run it and what
must come out:

    # run: -n 2 -a x=@data/x.npy        arguments after `nkirun run FILE --strict`
    # run-raw: run -n 2                 the whole command line instead (FILE not added)
    # nkic-raw: check case.py -n 2      an nkic command line instead
    # exit: 1                           the exit code
    # expect: case.py:7:5: error: ...   stderr lines, in order, each exactly
    # grow: TEXT * COUNT                COUNT lines of TEXT appended before the run
    # env: NAME=VALUE ...               environment variables set for the run

The `expect` lines must appear in stderr as consecutive lines, in order; a
line `# expect: <caret>    ^~~~` is written with `<caret>` standing for
nothing, so that leading spaces survive. The case runs with its own folder as
the working directory, so paths print as written in the case. A case with
`grow` runs from a temporary folder instead, as a copy with the lines
appended: inputs of megabytes are made when the test runs, never committed.

usage: expect_driver.py NKIRUN NKIC CASE.py
"""

import os
import shlex
import subprocess
import sys
import tempfile

TIMEOUT_SECONDS = 60  # a hang is a failure, not a stuck CI


def directives(path, extra=()):
    """The header's directives; `extra` names more single-valued ones."""
    found = {"run": None, "run-raw": None, "nkic-raw": None, "exit": None, "grow": None,
             "env": None, "expect": []}
    found.update({key: [] if key.startswith("expect") else "" for key in extra})
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("# "):
                continue
            key, sep, value = line[2:].rstrip("\n").partition(": ")
            if not sep or key not in found:
                continue
            if key.startswith("expect"):
                found[key].append(value.replace("<caret>", ""))
            else:
                found[key] = value
    return found


def grown_copy(case, grow, folder):
    """`case` with the lines of a `grow: TEXT * COUNT` directive appended, in `folder`."""
    text, sep, count = grow.rpartition(" * ")
    if not sep or not count.isdigit():
        sys.exit(f"{case}: '# grow:' needs TEXT * COUNT")
    path = os.path.join(folder, os.path.basename(case))
    with open(case, encoding="utf-8") as src, open(path, "w", encoding="utf-8") as out:
        out.write(src.read())
        out.write((text + "\n") * int(count))
    return path


def main():
    nkirun, nkic, case = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3]
    d = directives(case)
    if d["exit"] is None or not d["expect"]:
        sys.exit(f"{case}: needs '# exit:' and at least one '# expect:' line")
    if d["grow"] is not None:
        with tempfile.TemporaryDirectory() as folder:
            run_case(nkirun, nkic, grown_copy(case, d["grow"], folder), d)
    else:
        run_case(nkirun, nkic, case, d)


def run_case(nkirun, nkic, case, d):
    if d["nkic-raw"] is not None:
        argv = [nkic] + shlex.split(d["nkic-raw"])
    elif d["run-raw"] is not None:
        argv = [nkirun] + shlex.split(d["run-raw"])
    else:
        argv = [nkirun, "run", os.path.basename(case), "--strict"] + shlex.split(d["run"] or "")
    env = dict(os.environ, NO_COLOR="1")
    for pair in shlex.split(d["env"] or ""):
        name, _, value = pair.partition("=")
        env[name] = value
    proc = subprocess.run(argv, cwd=os.path.dirname(os.path.abspath(case)), env=env,
                          capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    failures = []
    if proc.returncode != int(d["exit"]):
        failures.append(f"exit code {proc.returncode}, expected {d['exit']}")
    lines = proc.stderr.splitlines()
    want = d["expect"]
    if not any(lines[i:i + len(want)] == want for i in range(len(lines))):
        failures.append("stderr does not contain the expected lines:\n  " + "\n  ".join(want))
    if failures:
        print(f"command: {shlex.join(argv)}")
        print("stderr was:\n" + proc.stderr)
        print("\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
