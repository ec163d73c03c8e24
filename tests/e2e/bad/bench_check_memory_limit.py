# nkirun bench --check holds every rank's buffers at once: within
# --memory-limit, or an error saying what did not fit.
# run-raw: bench allg -n 4 --minbytes 64M --maxbytes 64M --check --memory-limit 100M
# exit: 1
# expect: nkirun: error: memory limit exceeded: 'dst' needs 64 MiB, the tensors of all ranks hold 96 MiB already, and the limit is 100 MiB (--memory-limit)
