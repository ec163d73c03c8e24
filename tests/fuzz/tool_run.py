"""Running nkic's tools for the differential fuzzers, and telling a tool
that broke (a signal, a hang, an internal error, a sanitizer report, an
error without a place) from one that answered."""

import os
import re
import subprocess

TIMEOUT_SECONDS = 120
# FILE:LINE:COL: error: MESSAGE, the form of every located diagnostic.
LOCATED = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$", re.M)
BROKEN_SIGNS = ("internal error", "AddressSanitizer", "LeakSanitizer", "runtime error:",
                "UndefinedBehaviorSanitizer", "terminate called", "Assertion `")


class Result:
    def __init__(self, argv, rc, stdout, stderr):
        self.argv, self.rc, self.stdout, self.stderr = argv, rc, stdout, stderr

    def describe(self):
        return (f"command: {' '.join(self.argv)}\nexit: {self.rc}\n"
                f"--- stdout ---\n{self.stdout}--- stderr ---\n{self.stderr}")


def run(argv, cwd, timeout=TIMEOUT_SECONDS):
    env = dict(os.environ, NO_COLOR="1")
    try:
        p = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                           errors="backslashreplace", timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode("utf-8", "backslashreplace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return Result(argv, "timeout", out, f"(killed after {timeout} s)\n")
    return Result(argv, p.returncode, p.stdout, p.stderr)


def broken(result):
    """Why `result` shows a broken tool, or None: a signal or hang, an exit
    code other than 0 or 1, a sign of a crash, or a failure without a
    located error."""
    if result.rc == "timeout":
        return "the tool hung"
    if result.rc < 0:
        return f"the tool died of signal {-result.rc}"
    if result.rc not in (0, 1):
        return f"exit code {result.rc}"
    for sign in BROKEN_SIGNS:
        if sign in result.stderr:
            return f"the tool reported {sign!r}"
    if result.rc == 1 and not LOCATED.search(result.stderr):
        return "an error without FILE:LINE:COL"
    return None


def first_error(result):
    """The first located error's match, or None."""
    return LOCATED.search(result.stderr)
