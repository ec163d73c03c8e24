# nkirun bench with an algorithm the group cannot run: RDH pairs ranks
# across the bits of their index, so it needs a power-of-two group.
# run-raw: bench allr -n 6 --algorithm rdh
# exit: 2
# expect: nkirun: error: --algorithm rdh: rdh needs a power-of-two group, not 6 ranks
