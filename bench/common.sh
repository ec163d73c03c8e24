# What the benchmark scripts share; sourced, not run. BENCH names the script
# in messages ("bench/run.sh").

# Exits 2 unless every tool given is built.
require_tools() {
  local tool
  for tool in "$@"; do
    if [[ ! -x $tool ]]; then
      echo "$BENCH: $tool is missing; build it first (cmake --build $BUILD)" >&2
      exit 2
    fi
  done
}

# The median in microseconds from a `time: X us/iter` line on stderr.
median_us() {
  local err
  err=$("$@" 2>&1 >/dev/null) || { echo "$BENCH: failed: $*" >&2; echo "$err" >&2; exit 1; }
  sed -n 's/^time: \([0-9.e+-]*\) us\/iter$/\1/p' <<<"$err" | tail -n 1
}

# Writes FILE, a (ROWS, COLS) float32 array of standard normals (seed 7), with
# $PYTHON and NumPy.
random_npy() {
  "$PYTHON" -c 'import sys
import numpy as np
np.save(sys.argv[1], np.random.default_rng(7).standard_normal(
    (int(sys.argv[2]), int(sys.argv[3]))).astype(np.float32))' "$@"
}
