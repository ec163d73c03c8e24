# A size is bytes with an optional binary unit.
# run-raw: bench allg -n 4 --minbytes 12Q
# exit: 2
# expect: nkirun: error: --minbytes 12Q: not a byte size
