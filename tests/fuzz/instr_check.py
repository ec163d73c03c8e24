"""The instruction fuzzer's case and check (differential.py instr): an
instr_gen.py kernel through nkirun against the NumPy oracle, and, for some
seeds, through nkic build and the program against nkirun."""

import io
import pathlib

import numpy as np

import instr_gen
import tool_run

FILE = "prog.py"


class InstrCase:
    def __init__(self, ops, seed, build):
        self.ops, self.seed, self.build = ops, seed, build

    def files(self):
        text, _ = instr_gen.render(self.ops)
        files = {FILE: text, "run.sh": self.commands()}
        for o in self.ops:
            for name, values, _ in o.inputs:
                buf = io.BytesIO()
                np.save(buf, values)
                files[f"{name}.npy"] = buf.getvalue()
        return files

    def commands(self):
        """How to run the case by hand, from its folder."""
        a = " ".join(f"-a {n}=@{n}.npy" for o in self.ops for n, _, _ in o.inputs)
        shapes = " ".join(f"-a {n}={d}[{','.join(map(str, v.shape))}]"
                          for o in self.ops for n, v, d in o.inputs)
        return (f"nkirun run {FILE} -n 1 --strict {a} -o out\n"
                f"nkic build {FILE} -n 1 {shapes} -o prog && ./prog --strict {a} -o out_program\n")

    def smaller(self):
        for i in range(len(self.ops)):
            if len(self.ops) > 1:
                yield InstrCase(self.ops[:i] + self.ops[i + 1:], self.seed, self.build)


def generate(seed, args):
    features = instr_gen.KNOWN_BROKEN if args.all_features else frozenset()
    ops = instr_gen.InstrGen(seed, features).kernel()
    build = bool(args.nkic) and args.build_every > 0 and seed % args.build_every == 0
    return InstrCase(ops, seed, build)


def same_values(got, want):
    """Bit for bit, but any NaN equals any NaN (the oracle does not model
    NaN payloads) and -0.0 is not 0.0."""
    if got.shape != want.shape:
        return False
    if got.dtype.kind in "iu":
        return np.array_equal(got.astype(np.int64), np.asarray(want, np.int64))
    g = got.astype(np.float64)
    w = np.asarray(want, np.float64)
    nan = np.isnan(g) & np.isnan(w)
    return bool(np.all(nan | ((g == w) & (np.signbit(g) == np.signbit(w)))))


def first_difference(got, want):
    g, w = got.astype(np.float64).ravel(), np.asarray(want, np.float64).ravel()
    for i in range(min(g.size, w.size)):
        if not same_values(np.array([g[i]]), np.array([w[i]])):
            idx = np.unravel_index(i, got.shape)
            return f"element {tuple(int(x) for x in idx)}: got {g[i]!r}, expected {w[i]!r}"
    return f"shape {got.shape}, expected {np.shape(want)}"


def read_outputs(folder):
    return {p.stem: np.load(p) for p in sorted(pathlib.Path(folder).glob("rank0/*.npy"))}


def check_error(label, result, line):
    why = tool_run.broken(result)
    if why:
        return f"{label}: {why}"
    err = tool_run.first_error(result)
    if result.rc != 1 or err is None:
        return f"{label}: expected a located error at {FILE}:{line}, but it ran"
    if err.group("file") != FILE or int(err.group("line")) != line:
        return f"{label}: expected the error at {FILE}:{line}"
    return None


def check_outputs(label, result, ops):
    why = tool_run.broken(result)
    if why:
        return f"{label}: {why}"
    if result.rc != 0:
        return f"{label}: failed on a kernel the oracle says is valid"
    return None


def compare(label, got, ops):
    for o in ops:
        for name, want in o.outputs:
            if name not in got:
                return f"{label}: no output {name} ({o.desc})"
            if not same_values(got[name], want):
                return f"{label}: {name} ({o.desc}) differs from NumPy: " + \
                    first_difference(got[name], want)
    return None


def report(problem, result):
    return f"{problem}\n{result.describe()}"


def check(case, tools, work):
    work = pathlib.Path(work)
    for old in work.glob("*"):
        if old.is_file():
            old.unlink()
    text, error_lines = instr_gen.render(case.ops)
    (work / FILE).write_text(text, encoding="utf-8")
    a = []
    for o in case.ops:
        for name, values, _ in o.inputs:
            np.save(work / f"{name}.npy", values)
            a += ["-a", f"{name}=@{name}.npy"]
    error_line = next((line for line in error_lines if line), None)
    out = f"out{len(case.ops)}"
    run = tool_run.run([tools["nkirun"], "run", FILE, "-n", "1", "--strict", *a, "-o", out], work)
    if error_line:
        p = check_error("nkirun", run, error_line)
        if p:
            return report(p, run)
    else:
        p = check_outputs("nkirun", run, case.ops) or compare("nkirun", read_outputs(work / out), case.ops)
        if p:
            return report(p, run)
    if not case.build:
        return None
    shapes = [x for o in case.ops for n, v, d in o.inputs
              for x in ("-a", f"{n}={d}[{','.join(map(str, v.shape))}]")]
    build = tool_run.run([tools["nkic"], "build", FILE, "-n", "1", *shapes, "-o", "prog"], work, 600)
    if error_line and build.rc == 1:  # found while nkic traced the kernel
        p = check_error("nkic build", build, error_line)
        return report(p, build) if p else None
    p = tool_run.broken(build) or (None if build.rc == 0 else "nkic build failed")
    if p:
        return report(f"nkic build: {p}", build)
    prog = tool_run.run(["./prog", "--strict", *a, "-o", out + "_program"], work)
    if error_line:
        p = check_error("program", prog, error_line)
        if p is None and prog.stderr != run.stderr:
            p = "program: its error differs from nkirun's"
        return report(p, prog) if p else None
    p = check_outputs("program", prog, case.ops)
    if p:
        return report(p, prog)
    mine, theirs = read_outputs(work / (out + "_program")), read_outputs(work / out)
    for name in theirs:
        if name not in mine or not same_values(mine[name], theirs[name]):
            return report(f"program: {name} differs from nkirun's", prog)
    return None
