"""Drives `nkirun repl` through a pipe with one session file and compares
what comes out, exactly.

A session file has a header of `# key: value` lines, then sections:

    # args: -n 2              arguments after `nkirun repl`
    # cwd: examples           working directory, relative to the source tree
    # exit: 1                 the exit code
    === stdin
    ...the lines typed...
    === stdout
    ...exactly what must be printed...
    === stderr
    ...exactly the diagnostics...

usage: check_session.py NKIRUN SOURCE_DIR SESSION
"""

import os
import shlex
import subprocess
import sys

TIMEOUT_SECONDS = 60  # a hang is a failure, not a stuck CI


def parse(path):
    header = {"args": "", "cwd": ".", "exit": "0"}
    sections = {}
    current = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("=== "):
                current = line[4:].strip()
                sections[current] = ""
            elif current is not None:
                sections[current] += line
            elif line.startswith("# "):
                key, _, value = line[2:].rstrip("\n").partition(": ")
                header[key] = value
    return header, sections


def main():
    nkirun, source_dir, session = (os.path.abspath(p) for p in sys.argv[1:4])
    header, sections = parse(session)
    proc = subprocess.run([nkirun, "repl"] + shlex.split(header["args"]),
                          input=sections.get("stdin", ""),
                          cwd=os.path.join(source_dir, header["cwd"]),
                          env=dict(os.environ, NO_COLOR="1"),
                          capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    failures = []
    if proc.returncode != int(header["exit"]):
        failures.append(f"exit code {proc.returncode}, expected {header['exit']}")
    for name, got in (("stdout", proc.stdout), ("stderr", proc.stderr)):
        want = sections.get(name, "")
        if got != want:
            failures.append(f"{name} differs.\n--- expected\n{want}--- got\n{got}---")
    if failures:
        print(f"{session}:\n" + "\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
