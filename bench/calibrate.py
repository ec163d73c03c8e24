"""The cost model against the measured tables of Neuron's nccom-test
documentation (aws-neuron-sdk tools/neuron-sys-tools/nccom-test.rst; the
line of each table is given): for each measured row, the time `nkirun bench`
estimates for the same collective, ranks, size and datatype on trn2 at
LNC 2 (nccom-test's default there), and the ratio model / measured. Prints
a Markdown table for the README. The documentation names no instance type
for any table; the 2023 tables (A, B, C, M) predate trn2 support.

usage: calibrate.py NKIRUN
"""

import json
import os
import subprocess
import sys
import tempfile

# (table, doc line, collective, ranks, datatype, [(size, measured us)], note)
TABLES = [
    ("A", 32, "allr", 2, "uint8", [(33554432, 768)], "2023: before trn2 support"),
    ("B", 623, "allr", 2, "fp32",
     [(1024, 58), (65536, 58), (1048576, 68), (16777216, 332), (268435456, 4750),
      (1073741824, 18930)], "2023: before trn2 support"),
    ("C", 644, "allg", 32, "fp32", [(1024, 151), (65536, 150), (524288, 179)],
     "2023: before trn2 support"),
    ("D", 656, "permute", 8, "uint8", [(33554432, 894.24)], "pairs 0-1, 2-3, the rest to themselves"),
    ("E", 682, "allg", 32, "fp32", [(1024, 6.16), (65536, 8.17), (524288, 23.16)], ""),
    ("F", 694, "allg", 8, "fp32", [(1024, 10.0), (65536, 11.31), (524288, 14.83)], ""),
    ("G", 756, "allr", 16, "fp32",
     [(4, 299.91), (8192, 299.74), (131072, 574.15), (2097152, 686.32), (33554432, 2754.15),
      (536870912, 9689.51)], "the measured algorithm: mesh, mesh, mesh, rdh, kangaring, kangaring"),
    ("M", 835, "allr", 64, "fp32",
     [(8, 520), (65536, 1315), (2097152, 1329), (33554432, 2711), (1073741824, 41806)],
     "2023, two instances of 32 ranks; the model puts all 64 on one trn2 instance"),
]


def model(nkirun, collective, ranks, datatype, size, folder):
    report = os.path.join(folder, "b.json")
    subprocess.run([nkirun, "bench", collective, "-n", str(ranks), "-b", str(size), "-e",
                    str(size), "-d", datatype, "--json", report], check=True,
                   capture_output=True)
    with open(report, encoding="utf-8") as f:
        row = json.load(f)["results"][0]
    return row["time(us)"], row["algorithm"]


def main():
    nkirun = sys.argv[1]
    print("| table (line) | collective | ranks | size (B) | measured (us) | model (us) | "
          "model / measured | model's algorithm |")
    print("|---|---|---|---|---|---|---|---|")
    notes = []
    with tempfile.TemporaryDirectory() as folder:
        for table, line, collective, ranks, datatype, rows, note in TABLES:
            for size, measured in rows:
                us, algorithm = model(nkirun, collective, ranks, datatype, size, folder)
                print(f"| {table} ({line}) | {collective} {datatype} | {ranks} | {size} | "
                      f"{measured} | {us:.2f} | {us / measured:.2f} | {algorithm} |")
            if note:
                notes.append(f"{table}: {note}")
    print()
    for n in notes:
        print(f"- {n}")


if __name__ == "__main__":
    main()
