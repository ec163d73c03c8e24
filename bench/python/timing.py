"""What the Python twins of bench/kernels share: time a call ITERS times and
print the median as nkirun's --time does, `time: X us/iter` on stderr; and
the command line of the twins that copy their input."""
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


def time_copying_kernel(kernel):
    """The main of a twin whose kernel copies its input (INPUT.npy RANKS
    ITERS): kernel(input) once per rank, ITERS times, the median reported and
    the output checked against the input."""
    import numpy as np

    input = np.load(sys.argv[1])
    ranks, iters = int(sys.argv[2]), int(sys.argv[3])

    def every_rank():
        for _ in range(ranks):
            out = kernel(input)
        return out

    assert np.array_equal(report_median(every_rank, iters), input)
