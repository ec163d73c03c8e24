"""A ring all-gather overlapped with matmul: each rank's rows of `a` travel
round the ring while every rank multiplies the block that has just arrived
by `w` on the Tensor Engine. kernel.py is the kernel; ring.py the ring's
buffers and steps."""
