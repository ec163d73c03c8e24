"""nkirun run --estimate and --profile on every example (its first case in
cases.py, and every case of the ring and LNC examples): the profile is valid
Chrome trace-event JSON (each event's ph, ts, dur, pid, tid and name; a
process name for each rank and a thread name for each track used; every flow
start has its end), slices on one track never overlap, and the estimate's
first line is the documented one, its time the end of the timeline's last
slice, and the estimate is the same again (run twice in one process, and
without --profile).

usage: check_profile.py NKIRUN REPO_ROOT
"""

import json
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
from cases import cases, nkirun_argv

SUMMARY = re.compile(r"estimated device time: ([0-9.]+) us \((trn2|trn3), LNC ([12]); "
                     r"slowest rank (\d+)\)$")
ALL_CASES = ("ring_permute", "ring_reduce", "permute_pairs", "lnc_exchange", "lnc_all_gather")


def check_trace(name, trace, ranks):
    problems = []
    events = trace["traceEvents"]
    processes = {e["pid"] for e in events if e["ph"] == "M" and e["name"] == "process_name"}
    threads = {(e["pid"], e["tid"]) for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    if processes != set(range(ranks)):
        problems.append(f"{name}: process names for {sorted(processes)}, ranks {ranks}")
    tracks = {}
    flows = {}
    for e in events:
        for key in ("name", "ph", "pid"):
            if key not in e:
                problems.append(f"{name}: an event without '{key}': {e}")
        if e["ph"] == "X":
            for key in ("ts", "dur", "tid", "args"):
                if key not in e:
                    problems.append(f"{name}: a slice without '{key}': {e}")
            if e["dur"] < 0 or e["ts"] < 0:
                problems.append(f"{name}: a slice before 0 or of negative length: {e}")
            if (e["pid"], e["tid"]) not in threads:
                problems.append(f"{name}: a slice on an unnamed track: {e}")
            if not re.match(r".+:\d+$", e["args"].get("place", "")):
                problems.append(f"{name}: a slice without its FILE:LINE: {e}")
            tracks.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"], e))
        elif e["ph"] in ("s", "f"):
            flows.setdefault(e["id"], []).append(e["ph"])
        elif e["ph"] != "M":
            problems.append(f"{name}: an event of kind {e['ph']}")
    for key, slices in tracks.items():
        slices.sort(key=lambda s: s[0])
        for (s0, e0, a), (s1, e1, b) in zip(slices, slices[1:]):
            if s1 < e0 - 1e-6:
                problems.append(f"{name}: slices overlap on track {key}: {a} and {b}")
                break
    for flow, kinds in flows.items():
        if sorted(kinds) != ["f", "s"]:
            problems.append(f"{name}: flow {flow} has {kinds}")
    end = max((s[1] for slices in tracks.values() for s in slices), default=0.0)
    return problems, end


def main():
    nkirun, root = (os.path.abspath(a) for a in sys.argv[1:3])
    os.chdir(root)
    seen, selected = set(), []
    for case in cases():
        target = case[1]
        if target in seen and target not in ALL_CASES:
            continue
        seen.add(target)
        selected.append(case)
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        for case in selected:
            name, ranks = case[0], case[3]
            profile = os.path.join(folder, "profile.json")
            argv = nkirun_argv(nkirun, case, folder) + ["--estimate", "--profile", profile]
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=120)
            if proc.returncode != 0:
                problems.append(f"{name}: exit {proc.returncode}\n{proc.stderr}")
                continue
            lines = proc.stderr.splitlines()
            match = SUMMARY.match(lines[0]) if lines else None
            if not match:
                problems.append(f"{name}: the estimate's first line is {lines[:1]}")
                continue
            with open(profile, encoding="utf-8") as f:
                trace = json.load(f)
            found, end = check_trace(name, trace, ranks)
            problems += found
            if abs(float(match.group(1)) - end) > 0.006:
                problems.append(f"{name}: estimated {match.group(1)} us, the timeline ends at {end}")
            # The same numbers again: run twice in one process, and without
            # a timeline kept.
            again = subprocess.run(nkirun_argv(nkirun, case, folder) + ["--estimate", "--iters", "2"],
                                   capture_output=True, text=True, timeout=120)
            if again.stderr != proc.stderr:
                problems.append(f"{name}: a second estimate differs:\n{proc.stderr}\n{again.stderr}")
    for p in problems:
        print(p)
    print(f"{len(selected)} cases, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
