# nkirun bench's sizes run upwards from --minbytes to --maxbytes.
# run-raw: bench allg -n 4 --minbytes 1M --maxbytes 1K
# exit: 2
# expect: nkirun: error: minbytes 1048576 is above maxbytes 1024
