# An uncaught raise in a validation helper is reported where it was raised,
# with the exception's class and message.
# run: -n 1 -a input=@data/f32_2x3.npy
# exit: 1
# expect: raise_uncaught.py:13:9: error: ValueError: need 4 rows, got 2 (rank 0)
import nki
import nki.language as nl
import nki.isa as nisa


def check_rows(t, rows):
    if t.shape[0] != rows:
        raise ValueError(f"need {rows} rows, got {t.shape[0]}")


@nki.jit
def kernel(input):
    check_rows(input, 4)
    out = nl.ndarray(input.shape, dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=input)
    return out
