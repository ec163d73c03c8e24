# nkirun bench --check holds every rank's buffers at once: within
# --memory-limit, or an error saying what did not fit.
# run-raw: bench allg -n 4 --minbytes 64M --maxbytes 64M --check --memory-limit 100M
# exit: 1
# expect: nkirun: error: --check: size 67108864 needs 320 MiB for the buffers of 4 ranks, above the memory limit of 100 MiB (--memory-limit); it and any larger size were not checked (#wrong: -)
