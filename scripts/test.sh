#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), then runs every test. Zero tests run
# counts as a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure --no-tests=error -j"$(nproc)"
