# KangaRing pairs the ranks of a chip: at LNC 1 a chip holds 8 ranks, and
# 12 ranks leave the second chip half outside the group.
# run-raw: bench allg -n 12 --lnc 1 --algorithm kangaring
# exit: 2
# expect: nkirun: error: --algorithm kangaring: kangaring needs every chip the group touches in it whole, 8 ranks a chip at LNC 1
