"""Matmul then a ring reduce-scatter: each rank multiplies its shard of the
contraction, and ncc.collective_permute_implicit_reduce sums the partial
products round the ring so that each rank ends with its own rows of the
total. kernel.py is the kernel."""
