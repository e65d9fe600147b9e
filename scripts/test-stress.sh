#!/usr/bin/env bash
# `npm test` while stress-ng keeps both cores busy: a test that reads a state before it is there, or allows a
# fixed time for something, fails here first instead of on a loaded CI machine. Pass a count to run the
# suite that many times in a row (`npm run test:stress -- 3`); it stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v stress-ng >/dev/null 2>&1; then
  echo "test:stress: NOT RUN: stress-ng is not installed (Debian or Ubuntu: apt-get install -y stress-ng)"
  exit 1
fi

runs="${1:-1}"
workers="$(nproc)"
stress-ng --cpu "$workers" --cpu-load 100 --quiet &
stress_pid=$!
trap 'kill "$stress_pid" 2>/dev/null || true; wait "$stress_pid" 2>/dev/null || true' EXIT

for run in $(seq 1 "$runs"); do
  echo "test:stress: run $run of $runs, stress-ng --cpu $workers, load $(cut -d' ' -f1-3 /proc/loadavg)"
  npm test
done
echo "test:stress: $runs of $runs runs passed under load"
