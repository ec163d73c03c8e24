# nkic build -o in a folder that does not exist: a usage error, not the
# linker's.
# nkic-raw: build nkic_output_missing_folder.py -n 1 -o no_such_folder/prog
# exit: 2
# expect: nkic: error: -o 'no_such_folder/prog': the folder 'no_such_folder' does not exist
import nki
import nki.language as nl
import nki.isa as nisa


@nki.jit
def kernel():
    t = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm, name="t")
    nisa.memset(dst=t, value=1.0)
    return t
