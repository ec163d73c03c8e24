"""Runs the examples (and the stdlib module directly) through nkirun on
several rank counts and replica groups, and compares every rank's output
files bit for bit with results computed here by NumPy from the same inputs.

usage: check_examples.py NKIRUN REPO_ROOT EXAMPLE   (EXAMPLE: a file stem, or "stdlib")
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

TIMEOUT_SECONDS = 120
DATA = "examples/data"


def load(path):
    """A .npy as a NumPy array; bfloat16 (V2) widened exactly to float32."""
    a = np.load(path)
    if a.dtype.kind == "V" and a.dtype.itemsize == 2:
        return (a.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
    return a


def rows(r):
    return load(f"{DATA}/rows_rank{r}.npy")


def groups_of(spec, ranks):
    """Each rank's (group, position) for a replica group spec."""
    where = {}
    for g in spec:
        for pos, r in enumerate(g):
            where[r] = (g, pos)
    return [where.get(r) for r in range(ranks)]


def fold_sum(arrays):
    """Left fold in list order, in the arrays' own dtype (float32 here)."""
    acc = arrays[0].copy()
    for a in arrays[1:]:
        acc = acc + a
    return acc


# Each case: (name, example file or module, kernel or None, ranks, args, expected(rank) -> dict)
def cases():
    out = []

    def add(name, target, kernel, ranks, args, expect):
        out.append((name, target, kernel, ranks, args, expect))

    # The seed page's documented example: two ranks, the same input.
    x = load(f"{DATA}/x_2x3.npy")
    seed = np.array([[2, 4, 6], [8, 10, 12]], dtype=np.float32)
    assert np.array_equal(fold_sum([x, x]), seed)
    for target, kernel in (("all_reduce", None), ("stdlib", "all_reduce_hbm_kernel")):
        add(f"{target}-seed", target, kernel, 2,
            ["input=@examples/data/x_2x3.npy", "replica_group=[[0, 1]]"],
            lambda r: {"out": seed})

    for spec in ([[0, 1, 2, 3]], [[0, 2], [1, 3]], [[3, 1, 0, 2]], [[1], [0, 2, 3]]):
        g = groups_of(spec, 4)
        add(f"all_reduce-{spec}", "all_reduce", None, 4,
            ["input=@examples/data/rows_rank{rank}.npy", f"replica_group={spec}"],
            lambda r, g=g: {"out": fold_sum([rows(m) for m in g[r][0]])})
    spec8 = [[7, 6, 5, 4, 3, 2, 1, 0]]
    g8 = groups_of(spec8, 8)
    add("all_reduce-8", "all_reduce", None, 8,
        ["input=@examples/data/rows_rank{rank}.npy", f"replica_group={spec8}"],
        lambda r: {"out": fold_sum([rows(m) for m in g8[r][0]])})

    for ranks, spec in ((2, [[0, 1]]), (4, [[1, 0], [3, 2]]), (8, [list(range(8))]),
                        (3, [[2, 0, 1]])):
        g = groups_of(spec, ranks)
        n = len(spec[0])
        add(f"all_gather-{ranks}-{spec}", "all_gather", None, ranks,
            ["input=@examples/data/rows_rank{rank}.npy", f"replica_group={spec}",
             f"num_ranks={n}"],
            lambda r, g=g: {"out": np.concatenate([rows(m) for m in g[r][0]], axis=0)})

    for ranks, spec in ((4, [[0, 1, 2, 3]]), (4, [[2, 0], [3, 1]]), (8, [[0, 1, 2, 3], [7, 6, 5, 4]]),
                        (2, [[1, 0]])):
        g = groups_of(spec, ranks)
        n = len(spec[0])

        def rs(r, g=g, n=n):
            group, pos = g[r]
            total = fold_sum([rows(m) for m in group])
            chunk = total.shape[0] // n
            return {"out": total[pos * chunk:(pos + 1) * chunk]}
        add(f"reduce_scatter-{ranks}-{spec}", "reduce_scatter", None, ranks,
            ["input=@examples/data/rows_rank{rank}.npy", f"replica_group={spec}",
             f"num_ranks={n}"], rs)

    for ranks, spec in ((4, [[0, 1, 2, 3]]), (8, [[0, 1, 2, 3], [4, 5, 6, 7]]), (4, [[3, 0], [1, 2]]),
                        (2, [[0, 1]])):
        g = groups_of(spec, ranks)

        def a2a(r, g=g):
            group, pos = g[r]
            n = len(group)
            chunk = rows(0).shape[0] // n
            return {"out": np.concatenate(
                [rows(m)[pos * chunk:(pos + 1) * chunk] for m in group], axis=0)}
        add(f"all_to_all-{ranks}-{spec}", "all_to_all", None, ranks,
            ["input=@examples/data/rows_rank{rank}.npy", f"replica_group={spec}"], a2a)

    for g in (2, 4, 8):
        slabs = load(f"{DATA}/slabs_{g}x4x8.npy")
        add(f"rank_id-{g}", "rank_id", None, g,
            [f"in_tensor=@examples/data/slabs_{g}x4x8.npy"],
            lambda r, slabs=slabs: {"out": slabs[r]})
    slabs2 = load(f"{DATA}/slabs_2x4x8.npy")
    add("stdlib-rank_id", "stdlib", "rank_id_kernel", 2,
        ["in_tensor=@examples/data/slabs_2x4x8.npy"], lambda r: {"out": slabs2[r]})

    ident = load(f"{DATA}/lookup_identity_1x2.npy")
    add("dma_copy_rank_id-2", "dma_copy_rank_id", None, 2,
        ["in_tensor=@examples/data/slabs_2x4x8.npy",
         "rank_id_lookup=@examples/data/lookup_identity_1x2.npy"],
        lambda r: {"out": slabs2[ident[0, r]]})
    rev = load(f"{DATA}/lookup_reversed_1x4.npy")
    slabs4 = load(f"{DATA}/slabs_4x4x8.npy")
    add("dma_copy_rank_id-4-reversed", "dma_copy_rank_id", None, 4,
        ["in_tensor=@examples/data/slabs_4x4x8.npy",
         "rank_id_lookup=@examples/data/lookup_reversed_1x4.npy"],
        lambda r: {"out": slabs4[rev[0, r]]})
    add("stdlib-dma_copy_rank_id", "stdlib", "dma_copy_rank_id_kernel", 2,
        ["in_tensor=@examples/data/slabs_2x4x8.npy",
         "rank_id_lookup=@examples/data/lookup_identity_1x2.npy"],
        lambda r: {"out": slabs2[ident[0, r]]})
    for kernel, extra, expect in (
            ("all_gather_hbm_kernel", ["num_ranks=2"],
             lambda r: {"out": np.concatenate([rows(0), rows(1)], axis=0)}),
            ("reduce_scatter_hbm_kernel", ["num_ranks=2"],
             lambda r: {"out": fold_sum([rows(0), rows(1)])[r * 2:(r + 1) * 2]}),
            ("all_to_all_hbm_kernel", [],
             lambda r: {"out": np.concatenate([rows(0)[r * 2:(r + 1) * 2],
                                               rows(1)[r * 2:(r + 1) * 2]], axis=0)})):
        add(f"stdlib-{kernel}", "stdlib", kernel, 2,
            ["input=@examples/data/rows_rank{rank}.npy", "replica_group=[[0, 1]]"] + extra,
            expect)

    for tile_rows in (64, 128, 32):
        tiles = [load(f"{DATA}/bf16_tiles_rank{r}.npy") for r in range(2)]
        add(f"tiled_all_gather_sbuf-{tile_rows}", "tiled_all_gather_sbuf", None, 2,
            ["input=@examples/data/bf16_tiles_rank{rank}.npy", "replica_group=[[0, 1]]",
             "num_ranks=2", f"tile_rows={tile_rows}"],
            lambda r, tiles=tiles: {"out": np.concatenate(tiles, axis=1)})

    for ranks in (4, 2):
        n = ranks

        def rts(r, n=n):
            total = fold_sum([rows(m) for m in range(n)])
            block = total.shape[0] // n
            return {"mine": total[r * block:(r + 1) * block]}
        add(f"reduce_then_slice-{ranks}", "reduce_then_slice", None, ranks,
            ["input=@examples/data/rows_rank{rank}.npy",
             f"replica_group=[{list(range(ranks))}]", f"num_ranks={n}"], rts)
    return out


def run_case(nkirun, case):
    name, target, kernel, ranks, args, expect = case
    file = "nkilib.experimental.collectives" if target == "stdlib" else f"examples/{target}.py"
    with tempfile.TemporaryDirectory() as outdir:
        argv = [nkirun, "run", file, "-n", str(ranks), "-o", outdir]
        if kernel:
            argv += ["-k", kernel]
        for a in args:
            argv += ["-a", a]
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
        if proc.returncode != 0:
            return [f"{name}: exit {proc.returncode}\n{proc.stderr}"]
        errors = []
        for r in range(ranks):
            for out_name, want in expect(r).items():
                path = os.path.join(outdir, f"rank{r}", f"{out_name}.npy")
                if not os.path.exists(path):
                    errors.append(f"{name}: rank {r}: no {out_name}.npy "
                                  f"(has {sorted(os.listdir(os.path.join(outdir, f'rank{r}')))})")
                    continue
                got = load(path)
                if got.shape != want.shape or got.tobytes() != want.astype(got.dtype).tobytes():
                    errors.append(f"{name}: rank {r}: {out_name} differs\n got {got}\n want {want}")
        return errors


def main():
    nkirun, root, example = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    os.chdir(root)
    selected = [c for c in cases() if c[1] == example]
    if not selected:
        sys.exit(f"no cases for {example}")
    errors = []
    for case in selected:
        errors += run_case(nkirun, case)
    print(f"{len(selected)} cases, {len(errors)} failures")
    if errors:
        print("\n".join(errors))
        sys.exit(1)


if __name__ == "__main__":
    main()
