#!/usr/bin/env bash
# The README's test command: install what is missing, build, run every test —
# first the optimised build (warnings are errors), then the ASan+UBSan build.
# Usage: scripts/test.sh [--quick]   (--quick skips the sanitizer build)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh all

export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/skirmish-ccache}"
# Relative paths in the cache key, so a fresh clone elsewhere reuses earlier compilations.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
# -g builds otherwise hash the working directory too, which differs in every clone.
export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
# Two builds' worth of objects fit in 2 GiB; the bound keeps a shared disk from filling.
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-2G}"
jobs="$(nproc)"

run_preset() {
  local preset="$1"
  echo "==> [$preset] configure"
  cmake --preset "$preset" >/dev/null
  echo "==> [$preset] build"
  cmake --build --preset "$preset" -j "$jobs"
  echo "==> [$preset] test"
  ctest --preset "$preset" -j "$jobs"
}

run_preset ci
if [ "${1:-}" != "--quick" ]; then
  run_preset ci-asan
fi
echo "==> all tests passed"
