# FILE does not exist.
# run-raw: run no_such_file.py -n 1
# exit: 2
# expect: nkirun: error: cannot read 'no_such_file.py': no such kernel file or stdlib module
