"""The ring of an all-gather: two buffers a block alternates between, in HBM
or SBUF, passed to the next rank of the replica group's list at each step
with ncc.collective_permute_implicit."""
from enum import Enum

import nki.collectives as ncc
import nki.language as nl


class Where(Enum):
    HBM = "hbm"
    SBUF = "sbuf"


class Ring(nl.NKIObject):
    """Rotates a [rows, cols] block round `replica_group`'s rings."""

    replica_group: object = None
    size: int = 1
    buffers: list = None

    @staticmethod
    def of(block, replica_group, size: int, where: Where):
        memory = nl.sbuf if where == Where.SBUF else nl.shared_hbm
        buffers = [nl.ndarray(block.shape, dtype=block.dtype, buffer=memory) for _ in range(2)]
        return Ring(replica_group=replica_group, size=size, buffers=buffers)

    def holding(self, step: int):
        """The buffer that holds the block of ring step `step`."""
        return self.buffers[step % 2]

    def owner(self, step: int):
        """A register: the rank whose block arrives at ring step `step`."""
        return ncc.collective_permute_implicit_current_processing_rank_id(
            iteration_id=step, replica_group=self.replica_group)

    def pass_on(self, step: int):
        """Sends step `step`'s block to the next rank, receiving the previous
        rank's into the other buffer."""
        ncc.collective_permute_implicit(srcs_by_channel=[[self.holding(step)]],
                                        dsts_by_channel=[[self.holding(step + 1)]],
                                        replica_group=self.replica_group, channel_ids=[0])
