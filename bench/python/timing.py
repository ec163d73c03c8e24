"""What the Python twins of bench/kernels share: time a call ITERS times and
print the median as nkirun's --time does, `time: X us/iter` on stderr."""
import statistics
import sys
import time


def report_median(run, iters):
    """Calls run() iters times; prints the median time; returns the last result."""
    times = []
    result = None
    for _ in range(iters):
        start = time.perf_counter()
        result = run()
        times.append((time.perf_counter() - start) * 1e6)
    print(f"time: {statistics.median(times)} us/iter", file=sys.stderr)
    return result
