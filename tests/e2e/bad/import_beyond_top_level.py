# A relative import that climbs above its top-level package, in a file run by
# path from inside a package.
# run-raw: run pkgs/deep/inner/beyond.py -n 1
# exit: 1
# expect: pkgs/deep/inner/beyond.py:3:6: error: attempted relative import beyond top-level package (rank 0)
# expect: from ...x import y
# expect: <caret>     ^~~~
