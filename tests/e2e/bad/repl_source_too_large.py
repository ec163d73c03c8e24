# The REPL loading a file too large to parse says so, located, and goes on;
# its exit code reports the failure.
# grow: ################################################################################ * 210000
# run-raw: repl repl_source_too_large.py
# exit: 1
# expect: repl_source_too_large.py:1:1: error: source is too large (17010380 bytes; the limit is 16777216)
import nki
