# -n is required.
# run: 
# exit: 2
# expect: nkirun: error: --ranks is required
