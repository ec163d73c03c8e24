#!/usr/bin/env bash
# Fuzzes one target with libFuzzer:
#
#   tests/fuzz/run.sh TARGET SECONDS [LIBFUZZER_OPTION...]
#
# TARGET is `parse` (the lexer and parser), `run` (parse, then run the
# kernels on 2 ranks) or `compile` (parse, then specialize the kernels and
# emit C++); see harness.h. Installs Clang and its runtimes from
# Debian when missing (and what the build needs, as scripts/setup.sh does),
# configures and builds build-fuzz/ with -DNKIC_FUZZ=ON, makes the seed
# corpus, and fuzzes for SECONDS seconds on one core, at the lowest priority.
# Everything it writes is under $NKIC_FUZZ_WORK (default /tmp/nkic-fuzz),
# outside the repository:
#
#   TARGET/corpus/     the corpus libFuzzer grows (kept from run to run)
#   TARGET/seed/       the seed corpus (seed_corpus.py), made afresh
#   TARGET/artifacts/  crash-*, timeout-*, oom-*, leak-* inputs
#   TARGET/fuzz.log    libFuzzer's output
#
# A crashing input, once fixed, belongs in tests/fuzz/regressions/TARGET/
# under a name that says what it broke; the replay tests run it from then on.
set -euo pipefail
cd "$(dirname "$0")/../.."

usage() {
  echo "usage: tests/fuzz/run.sh parse|run|compile SECONDS [LIBFUZZER_OPTION...]" >&2
  exit 2
}
(($# >= 2)) || usage
target=$1
seconds=$2
shift 2
case "$target" in parse | run | compile) ;; *) usage ;; esac
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

packages=(clang libclang-rt-14-dev cmake make antlr4 libantlr4-runtime-dev libcli11-dev doctest-dev
          libfmt-dev libreadline-dev python3 python3-numpy)
scripts/install_packages.sh "${packages[@]}"

build=build-fuzz
CC=clang CXX=clang++ cmake -S . -B "$build" -DNKIC_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  >/dev/null
nice -n 19 cmake --build "$build" -j2 --target "nkic_fuzz_$target"

work=${NKIC_FUZZ_WORK:-/tmp/nkic-fuzz}/$target
mkdir -p "$work/corpus" "$work/artifacts" "$work/tmp"
/usr/bin/python3 tests/fuzz/seed_corpus.py . "$work/seed" --fresh

# A kernel may legitimately take long: the interpreter bounds each list or
# string a meta-program builds at 10 million items, and building a few such
# (`l += l` thirty times, as a seed does) takes a minute under the
# sanitizers. For the run target libFuzzer works in fork mode (one child
# process at a time, so still one core), which records a timeout in
# artifacts/ and goes on, rather than stopping the whole run at it.
defaults=()
[[ $target != parse ]] && defaults+=(-fork=1 -ignore_timeouts=1)

dirs=("$work/corpus" "$work/seed")
[[ -d tests/fuzz/regressions/$target ]] && dirs+=("tests/fuzz/regressions/$target")

# The run and compile harnesses write each input to a scratch file under TMPDIR.
echo "run.sh: fuzzing '$target' for $seconds s; log in $work/fuzz.log" >&2
status=0
TMPDIR=$work/tmp nice -n 19 "$build/tests/fuzz/nkic_fuzz_$target" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -dict=tests/fuzz/nki.dict \
  -artifact_prefix="$work/artifacts/" -print_final_stats=1 "${defaults[@]}" "$@" \
  "${dirs[@]}" >"$work/fuzz.log" 2>&1 || status=$?
tail -n 12 "$work/fuzz.log" >&2
if ((status != 0)); then
  echo "run.sh: libFuzzer stopped with status $status; the input is in $work/artifacts/" >&2
fi
exit "$status"
