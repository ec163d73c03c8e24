"""What the tools refuse before any work, through nkirun run, a program nkic
builds and nkic itself, each in a scratch folder:

- an output path (--profile, -o) that is a file the run reads (the kernel
  file, an -a input of any rank, through {rank}, a symbolic or hard link,
  or a path spelt otherwise), the running program, or the place of another
  output (the -o folder, OUTDIR/rank{r}/NAME.npy): exit 2 and one line
  `TOOL: error: ...`, the file unchanged, nothing printed or written;
- a --profile path that cannot be written: the same, before the outputs;
- with an address-space limit (when LIMITS is 1), --threads beyond what the
  process can start: exit 2 and a line naming the threads that could start.

And what they accept: a --profile inside the -o folder (made for it), a
profile replacing an earlier one; a run that fails leaves an earlier
profile as it was and no temporary file. A built program's errors without
a place carry its name, as nkirun's carry nkirun's.

usage: check_cli_guards.py NKIRUN NKIC LIMITS
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
TIMEOUT_SECONDS = 120
PYTHON = "/usr/bin/python3"

KERNEL = """import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def k(x, fail: int = 0):
    assert fail == 0, "asked to fail"
    h = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=h, src=x)
    return h
"""

failures = []


def run(argv, cwd, env_extra=None):
    env = dict(os.environ, NO_COLOR="1", **(env_extra or {}))
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env,
                          timeout=TIMEOUT_SECONDS)


def digest(folder):
    """Every file under `folder` (but the -o trees) -> its bytes' hash."""
    out = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            if os.path.islink(path):
                out[path] = "link:" + os.readlink(path)
                continue
            with open(path, "rb") as f:
                out[path] = hashlib.sha256(f.read()).hexdigest()
    return out


def refused(argv, cwd, line, code=2):
    """`argv` must exit `code` with exactly `line` on stderr, print nothing
    and leave every file under `cwd` as it was."""
    before = digest(cwd)
    proc = run(argv, cwd)
    where = " ".join(argv)
    if proc.returncode != code or proc.stderr != line + "\n" or proc.stdout:
        failures.append(f"{where}: exit {proc.returncode}, expected {code}\n"
                        f"  stderr {proc.stderr!r}\n  wanted {line!r}\n  stdout {proc.stdout[:200]!r}")
    after = digest(cwd)
    if after != before:
        changed = sorted(set(before.items()) ^ set(after.items()))
        failures.append(f"{where}: changed files: {changed}")


def accepted(argv, cwd):
    proc = run(argv, cwd)
    if proc.returncode != 0:
        failures.append(f"{' '.join(argv)}: exit {proc.returncode}\n{proc.stderr}")
    return proc


def valid_trace(path, where):
    try:
        with open(path, encoding="utf-8") as f:
            trace = json.load(f)
    except (OSError, ValueError) as e:
        failures.append(f"{where}: {path} is not a JSON trace: {e}")
        return
    slices = [e for e in trace["traceEvents"] if e["ph"] == "X"]
    if not slices or trace.get("displayTimeUnit") != "ns":
        failures.append(f"{where}: {path} has {len(slices)} slices")


def setup(folder):
    with open(os.path.join(folder, "k.py"), "w", encoding="utf-8") as f:
        f.write(KERNEL)
    subprocess.run([PYTHON, "-c", "import numpy as np\n"
                    "np.save('x.npy', np.arange(16, dtype=np.float32).reshape(4, 4))\n"
                    "np.save('x_rank0.npy', np.ones((4, 4), np.float32))\n"
                    "np.save('x_rank1.npy', np.zeros((4, 4), np.float32))\n"
                    "np.save('x23.npy', np.zeros((2, 3), np.float32))\n"],
                   cwd=folder, check=True)
    os.symlink("x.npy", os.path.join(folder, "link.npy"))
    os.link(os.path.join(folder, "x.npy"), os.path.join(folder, "hard.npy"))
    os.makedirs(os.path.join(folder, "o", "rank1"))
    shutil.copy(os.path.join(folder, "x.npy"), os.path.join(folder, "o", "rank1", "x.npy"))


def nkirun_cases(nkirun, d):
    base = [nkirun, "run", "k.py", "-n", "2", "-a", "x=@x.npy", "--print"]
    err = "nkirun: error: "
    refused(base + ["--profile", "k.py"], d, err + "--profile 'k.py' would overwrite the kernel file")
    refused(base + ["--profile", "x.npy"], d,
            err + "--profile 'x.npy' would overwrite the input file of -a x")
    refused(base + ["--profile", "sub/../x.npy"], d,
            err + "--profile 'sub/../x.npy': the folder 'sub/..' does not exist")
    refused(base + ["--profile", "./o/../x.npy"], d,
            err + "--profile './o/../x.npy' would overwrite the input file of -a x, 'x.npy'")
    refused(base + ["--profile", "link.npy"], d,
            err + "--profile 'link.npy' would overwrite the input file of -a x, 'x.npy'")
    refused(base + ["--profile", "hard.npy"], d,
            err + "--profile 'hard.npy' would overwrite the input file of -a x, 'x.npy'")
    per_rank = [nkirun, "run", "k.py", "-n", "2", "-a", "x=@x_rank{rank}.npy", "--print"]
    refused(per_rank + ["--profile", "x_rank1.npy"], d,
            err + "--profile 'x_rank1.npy' would overwrite the input file of -a x")
    refused(base + ["-o", "out", "--profile", "out/rank1/h.npy"], d,
            err + "--profile 'out/rank1/h.npy' is where -o 'out' writes an output "
            "(out/rank{r}/NAME.npy)")
    refused(base + ["-o", "out", "--profile", "out/rank0"], d,
            err + "--profile 'out/rank0' is a folder -o 'out' writes its outputs in")
    refused(base + ["-o", "out", "--profile", "out"], d,
            err + "--profile 'out' is the folder of -o 'out'")
    refused(base + ["-o", "out/a", "--profile", "out"], d,
            err + "--profile 'out' is a folder of -o 'out/a'")
    refused([nkirun, "run", "k.py", "-n", "2", "-a", "x=@o/rank{rank}/x.npy", "-o", "o"], d,
            err + "-o 'o' may write an output over the input file of -a x, 'o/rank1/x.npy' "
            "(outputs go to o/rank{r}/NAME.npy)")
    refused(base + ["--profile", nkirun], d,
            err + f"--profile '{nkirun}' would overwrite the running program")
    refused(base + ["--profile", "missing/p.json"], d,
            err + "--profile 'missing/p.json': the folder 'missing' does not exist")
    # Accepted: a profile in the -o folder (its folders made), one replacing
    # an earlier profile; a failed run keeps the earlier one and leaves no
    # temporary file.
    accepted(base + ["-o", "new", "--profile", "new/rank0/trace.json"], d)
    valid_trace(os.path.join(d, "new", "rank0", "trace.json"), "a profile in the -o folder")
    made = os.path.join(d, "new", "rank0")
    held = sorted(os.listdir(made)) if os.path.isdir(made) else None
    if held != ["h.npy", "trace.json"]:
        failures.append(f"new/rank0 holds {held}")
    accepted(base + ["--profile", "p.json", "--iters", "3"], d)
    valid_trace(os.path.join(d, "p.json"), "--iters 3")
    if not os.path.isfile(os.path.join(d, "p.json")):
        return
    with open(os.path.join(d, "p.json"), "rb") as f:
        kept = f.read()
    proc = run(base + ["-a", "fail=1", "--profile", "p.json"], d)
    if proc.returncode != 1:
        failures.append(f"a failing run: exit {proc.returncode}\n{proc.stderr}")
    with open(os.path.join(d, "p.json"), "rb") as f:
        if f.read() != kept:
            failures.append("a failing run changed the earlier profile")
    leftovers = [n for n in os.listdir(d) if n.startswith(".p.json")]
    if leftovers:
        failures.append(f"a failing run left {leftovers}")


def program_cases(nkic, d):
    build = run([nkic, "build", "k.py", "-n", "2", "-a", "x=f32[4,4]", "-o", "prog"], d)
    if build.returncode != 0:
        failures.append(f"nkic build: exit {build.returncode}\n{build.stderr}")
        return
    prog = os.path.join(d, "prog")
    base = [prog, "-a", "x=@x.npy", "--print"]
    err = "prog: error: "
    refused(base + ["--profile", "x.npy"], d,
            err + "--profile 'x.npy' would overwrite the input file of -a x")
    refused([prog, "-a", "x=@x_rank{rank}.npy", "--profile", "x_rank0.npy"], d,
            err + "--profile 'x_rank0.npy' would overwrite the input file of -a x")
    refused(base + ["-o", "out", "--profile", "out/rank0/h.npy"], d,
            err + "--profile 'out/rank0/h.npy' is where -o 'out' writes an output "
            "(out/rank{r}/NAME.npy)")
    refused(base + ["--profile", "prog"], d,
            err + f"--profile 'prog' would overwrite the program itself, '{prog}'")
    refused([prog, "-a", "x=@o/rank{rank}/x.npy", "-o", "o"], d,
            err + "-o 'o' may write an output over the input file of -a x, 'o/rank1/x.npy' "
            "(outputs go to o/rank{r}/NAME.npy)")
    refused(base + ["--profile", "missing/p.json"], d,
            err + "--profile 'missing/p.json': the folder 'missing' does not exist")
    # Errors without a place carry the program's name.
    refused([prog, "-a", "x=@x23.npy"], d,
            err + "input 'x' has shape [2, 3] on rank 0, but this program was specialized for "
            "[4, 4] float32 (rebuild with nkic build k.py -k k -n 2 ... -a x=@x23.npy)", code=1)
    refused([prog, "-a", "x=@x.npy:float8_e4m3"], d,
            err + "x.npy: holds 4-byte elements ('<f4'), but float8_e4m3 has 1-byte elements",
            code=1)
    accepted(base + ["-o", "pout", "--profile", "pout/trace.json"], d)
    valid_trace(os.path.join(d, "pout", "trace.json"), "a program's profile in the -o folder")


def nkic_cases(nkic, d):
    err = "nkic: error: "
    refused([nkic, "emit", "k.py", "-n", "2", "-a", "x=@x.npy", "-o", "k.py"], d,
            err + "-o 'k.py' would overwrite the kernel file")
    refused([nkic, "build", "k.py", "-n", "2", "-a", "x=@x.npy", "-o", "x.npy"], d,
            err + "-o 'x.npy' would overwrite the input file of -a x")
    refused([nkic, "emit", "k.py", "-n", "2", "-a", "x=@x_rank{rank}.npy", "-o", "x_rank1.npy"], d,
            err + "-o 'x_rank1.npy' would overwrite the input file of -a x")
    refused([nkic, "build", "k.py", "-n", "2", "-a", "x=f32[4,4]", "-o", nkic], d,
            err + f"-o '{nkic}' would overwrite nkic itself")


def thread_cases(nkirun, d):
    limit = ["prlimit", "--as=4000000000"]
    line = re.compile(r"(nkirun|prog): error: --threads 1000: only \d+ of the 1000 threads could "
                      r"start \(.+; each thread reserves \d+ [MK]iB of address space for its "
                      r"stack\)\n$")
    for argv in ([nkirun, "run", "k.py", "-n", "2", "-a", "x=@x.npy"],
                 [os.path.join(d, "prog"), "-a", "x=@x.npy"]):
        proc = run(limit + argv + ["--threads", "1000"], d)
        if proc.returncode != 2 or not line.match(proc.stderr):
            failures.append(f"--threads 1000 under {limit}: exit {proc.returncode}, "
                            f"stderr {proc.stderr!r}")


def main():
    nkirun, nkic = (os.path.abspath(a) for a in sys.argv[1:3])
    limits = sys.argv[3] == "1"
    with tempfile.TemporaryDirectory() as d:
        setup(d)
        nkirun_cases(nkirun, d)
        nkic_cases(nkic, d)
        program_cases(nkic, d)
        if limits:
            thread_cases(nkirun, d)
    for f in failures:
        print(f)
    print(f"{len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
