"""The meta-program fuzzer's case and check (differential.py meta): a
meta_gen.py program through CPython (the reference), nkirun and nkic check."""

import pathlib
import sys

import meta_gen
import tool_run

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "e2e"))
from check_cpython import CPYTHON_HOST  # noqa: E402  (the stand-in nki module)

PYTHON = "/usr/bin/python3"
FILE = "prog.py"
# nkirun may refuse what the README lists as left out, where it is.
UNSUPPORTED = ("is not supported", "are not supported")


class MetaCase:
    def __init__(self, program, seed):
        self.program, self.seed = program, seed

    def files(self):
        return {FILE: self.program.render()}

    def smaller(self):
        p = self.program
        if p.tail:
            yield MetaCase(p.without_tail(), self.seed)
        for i in range(len(p.blocks)):
            yield MetaCase(p.without(i), self.seed)
        for i, b in enumerate(p.blocks):
            for j in range(len(b.body)):
                yield MetaCase(p.without_statement(i, j), self.seed)


def generate(seed, args):
    features = meta_gen.KNOWN_BROKEN if args.all_features else frozenset()
    return MetaCase(meta_gen.MetaGen(seed, features).program(), seed)


def first_difference(got, want):
    mine, theirs = got.splitlines(), want.splitlines()
    for i, (a, b) in enumerate(zip(mine, theirs)):
        if a != b:
            return f" (line {i + 1}: {a!r}, CPython {b!r})"
    return f" ({len(mine)} lines, CPython {len(theirs)})"


def judge(label, result, want, tail_line, strip=""):
    """What is wrong with one tool's run, or None."""
    why = tool_run.broken(result)
    if why:
        return f"{label}: {why}"
    out = result.stdout.removesuffix(strip) if result.rc == 0 else result.stdout
    err = tool_run.first_error(result)
    if result.rc == 1 and any(u in err.group("msg") for u in UNSUPPORTED):
        return None
    if tail_line is None:
        if result.rc != 0:
            return f"{label}: failed where CPython ran"
        if out != want:
            return f"{label}: printed other text than CPython" + first_difference(out, want)
        return None
    if result.rc != 1:
        return f"{label}: the statement at line {tail_line} leaves int64 but ran"
    if err.group("file") != FILE or int(err.group("line")) != tail_line or \
            "overflow" not in err.group("msg"):
        return f"{label}: expected an integer-overflow error at {FILE}:{tail_line}"
    cut = want[:want.rstrip("\n").rfind("\n") + 1]
    if out != cut:
        return f"{label}: printed other text than CPython before the overflow" + \
            first_difference(out, cut)
    return None


def check(case, tools, work):
    work = pathlib.Path(work)
    (work / FILE).write_text(case.program.render(), encoding="utf-8")
    ref = tool_run.run([PYTHON, "-c", CPYTHON_HOST, FILE], work)
    if ref.rc != 0:
        return f"the generator wrote a program CPython rejects\n{ref.describe()}"
    tail_line = case.program.tail_line() if case.program.tail else None
    runs = [("nkirun", [tools["nkirun"], "run", FILE, "-n", "1", "--strict"], "")]
    if tools.get("nkic"):
        runs.append(("nkic check", [tools["nkic"], "check", FILE, "-n", "1"], f"{FILE}: ok\n"))
    for label, argv, strip in runs:
        result = tool_run.run(argv, work)
        problem = judge(label, result, ref.stdout, tail_line, strip)
        if problem:
            return (f"{problem}\n{result.describe()}--- expected stdout (CPython) ---\n"
                    f"{ref.stdout}")
    return None
