# -I names a folder that does not exist.
# run-raw: run usage_bad_include.py -n 1 -I no_such_folder
# exit: 2
# expect: nkirun: error: -I no_such_folder: no such folder
