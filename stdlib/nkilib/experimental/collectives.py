"""HBM collective communication kernels.

all_reduce_hbm_kernel, all_gather_hbm_kernel, reduce_scatter_hbm_kernel and
all_to_all_hbm_kernel exchange data across the ranks of a replica group;
rank_id_kernel and dma_copy_rank_id_kernel select a per-rank slice using the
rank id as a run-time scalar offset.

A collective may not touch a kernel's IO tensors, so each collective kernel
stages its input in a shared-HBM tensor, runs the collective into a second
one, and copies the result into the returned tensor.
"""

import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


def _staged(input, name):
    """A shared-HBM copy of `input`, which a collective may read."""
    staged = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name=name)
    nisa.dma_copy(dst=staged, src=input)
    return staged


def _returned(result):
    """A fresh output tensor holding `result`."""
    out = nl.ndarray(result.shape, dtype=result.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=result)
    return out


@nki.jit
def all_reduce_hbm_kernel(input, replica_group):
    """Sum `input` over the ranks of each group; every member gets the sum."""
    src = _staged(input, "src")
    dst = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="dst")
    ncc.all_reduce(srcs=[src], dsts=[dst], replica_group=replica_group, op=nl.add)
    out = _returned(dst)
    return out


@nki.jit
def all_gather_hbm_kernel(input, replica_group, num_ranks):
    """Stack the members' inputs along dim 0, in group order."""
    rows, cols = input.shape
    src = _staged(input, "src")
    dst = nl.ndarray((rows * num_ranks, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="dst")
    ncc.all_gather(srcs=[src], dsts=[dst], replica_group=replica_group, collective_dim=0)
    out = _returned(dst)
    return out


@nki.jit
def reduce_scatter_hbm_kernel(input, replica_group, num_ranks):
    """Sum over the group, then give the member at position i chunk i of dim 0."""
    rows, cols = input.shape
    assert rows % num_ranks == 0, f"dim 0 ({rows}) must split into {num_ranks} equal chunks"
    src = _staged(input, "src")
    dst = nl.ndarray((rows // num_ranks, cols), dtype=input.dtype, buffer=nl.shared_hbm, name="dst")
    ncc.reduce_scatter(srcs=[src], dsts=[dst], replica_group=replica_group,
                       collective_dim=0, op=nl.add)
    out = _returned(dst)
    return out


@nki.jit
def all_to_all_hbm_kernel(input, replica_group):
    """Split dim 0 into one chunk per member; member i gets every member's chunk i."""
    src = _staged(input, "src")
    dst = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="dst")
    ncc.all_to_all(srcs=[src], dsts=[dst], replica_group=replica_group, collective_dim=0)
    out = _returned(dst)
    return out


@nki.jit
def rank_id_kernel(in_tensor):
    """Rank r returns in_tensor[r] of a (ranks, H, W) input."""
    _, rows, cols = in_tensor.shape
    out = nl.ndarray((rows, cols), dtype=in_tensor.dtype, buffer=nl.shared_hbm)
    rank = ncc.rank_id()
    # The pattern covers one (H, W) slab; the register selects which one, in
    # steps of prod(shape[1:]) elements.
    slab = in_tensor.ap(pattern=[[cols, rows], [1, cols]], scalar_offset=rank, indirect_dim=0)
    nisa.dma_copy(dst=out, src=slab)
    return out


@nki.jit
def dma_copy_rank_id_kernel(in_tensor, rank_id_lookup):
    """Like rank_id_kernel, but rank r returns in_tensor[rank_id_lookup[0, r]].

    The register indexes a (1, ranks) lookup table; the looked-up value lands
    in SBUF and serves as the scalar offset of the second copy.
    """
    _, rows, cols = in_tensor.shape
    out = nl.ndarray((rows, cols), dtype=in_tensor.dtype, buffer=nl.shared_hbm)
    rank = ncc.rank_id()
    slab_index = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)
    entry = rank_id_lookup.ap(pattern=[[1, 1], [1, 1]], scalar_offset=rank, indirect_dim=1)
    nisa.dma_copy(dst=slab_index, src=entry)
    slab = in_tensor.ap(pattern=[[cols, rows], [1, cols]], offset=0,
                        scalar_offset=slab_index, indirect_dim=0)
    nisa.dma_copy(dst=out, src=slab)
    return out
