#!/usr/bin/env bash
# CI: build the Linux one-file executable and run its smoke test headless.
# Run inside the active virtual environment: bash build_scripts/ci_build_and_smoke.sh
# Fails if the build or the smoke test fails, or if the game wrote anything next to
# the executable or into the working directory; prints the size and the times.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

python -m pip install -q -e ".[build]"

t0=$(date +%s.%N)
python build_scripts/build.py --onefile
t1=$(date +%s.%N)
exe="$root/dist/durak"
[ -x "$exe" ] || { echo "ci-build: no executable at $exe"; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/cwd" "$scratch/user"
ls -A "$root/dist" > "$scratch/dist-before"

# From another working directory with a fresh user folder: the bundle must find
# its assets and defaults by itself and write only into DURAK_USER_DIR.
t2=$(date +%s.%N)
status=0
(cd "$scratch/cwd" && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
  DURAK_USER_DIR="$scratch/user" timeout 120 "$exe" --smoke-test) || status=$?
t3=$(date +%s.%N)

ls -A "$root/dist" > "$scratch/dist-after"
stray=$(ls -A "$scratch/cwd")
if ! cmp -s "$scratch/dist-before" "$scratch/dist-after"; then
  echo "ci-build: the game wrote next to its executable:"
  diff "$scratch/dist-before" "$scratch/dist-after" || true
  status=1
fi
if [ -n "$stray" ]; then
  echo "ci-build: the game wrote into its working directory: $stray"
  status=1
fi

size=$(stat -c %s "$exe")
awk -v s="$size" -v b="$t0" -v e="$t1" -v l="$t2" -v x="$t3" 'BEGIN {
  printf "ci-build: dist/durak %.1f MB (budget 40), build %.0f s (budget 120), smoke %.2f s (budget 5)\n",
    s / 1e6, e - b, x - l }'
if [ "$status" -ne 0 ]; then
  echo "ci-build: smoke test failed (exit $status)"
  echo "packaging: 1 passed, 1 failed"
  exit 1
fi
echo "packaging: 2 passed, 0 failed"
