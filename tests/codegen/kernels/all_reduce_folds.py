"""All-reduces that the compiler lowers in both of its ways: folding straight
into the first member's destination, or into a scratch accumulator when that
would change the bits or the order of reads and writes. Every variant must
match nkirun byte for byte (tests/codegen/check_all_reduce_folds.py).

Folds in the destination: float32 add; maximum into a column-major view;
int32 add, which wraps; minimum of the second tensor of a pair.
Needs the scratch accumulator: bfloat16 (the fold runs in float32 and rounds
once); a destination that is its own source; the first tensor of a pair
whose destination is the second one's source; a destination whose rows all
share storage.
"""
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc


def _shared(shape, dtype, name):
    return nl.ndarray(shape, dtype=dtype, buffer=nl.shared_hbm, name=name)


def _converted(input, dtype, name):
    t = _shared(input.shape, dtype, name)
    nisa.dma_copy(dst=t, src=input)
    return t


def _returned(result):
    out = nl.ndarray(result.shape, dtype=result.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=result)
    return out


@nki.jit
def all_reduce_folds(input, replica_group):
    rows, cols = input.shape
    x = _converted(input, nl.float32, "x")

    f32_sum = _shared((rows, cols), nl.float32, "f32_sum")
    ncc.all_reduce(srcs=[x], dsts=[f32_sum], replica_group=replica_group, op=nl.add)

    col_major = _shared((rows, cols), nl.float32, "col_major")
    col_major_view = col_major.ap(pattern=[[1, rows], [rows, cols]], offset=0)
    ncc.all_reduce(srcs=[x], dsts=[col_major_view], replica_group=replica_group, op=nl.maximum)

    ints = _converted(input, nl.int32, "ints")
    int_sum = _shared((rows, cols), nl.int32, "int_sum")
    ncc.all_reduce(srcs=[ints], dsts=[int_sum], replica_group=replica_group, op=nl.add)

    halves = _converted(input, nl.bfloat16, "halves")
    bf16_sum = _shared((rows, cols), nl.bfloat16, "bf16_sum")
    ncc.all_reduce(srcs=[halves], dsts=[bf16_sum], replica_group=replica_group, op=nl.add)

    own = _converted(input, nl.float32, "own")
    ncc.all_reduce(srcs=[own], dsts=[own], replica_group=replica_group, op=nl.add)

    first = _converted(input, nl.float32, "first")
    second = _converted(ints, nl.float32, "second")  # other values than first
    pair_min = _shared((rows, cols), nl.float32, "pair_min")
    ncc.all_reduce(srcs=[first, second], dsts=[second, pair_min], replica_group=replica_group,
                   op=nl.minimum)

    shared_rows = _shared((rows, cols), nl.float32, "shared_rows")
    shared_rows_view = shared_rows.ap(pattern=[[0, rows], [1, cols]], offset=0)
    ncc.all_reduce(srcs=[x], dsts=[shared_rows_view], replica_group=replica_group, op=nl.add)

    return (_returned(f32_sum), _returned(col_major), _returned(int_sum), _returned(bf16_sum),
            _returned(own), _returned(second), _returned(pair_min), _returned(shared_rows))
