#!/usr/bin/env bash
# Installs, from Debian, those of the packages named on the command line
# that are missing; does nothing when all are there. Used by setup.sh and by
# tests/fuzz/run.sh.
set -euo pipefail

missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "$(basename "$0"): installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
