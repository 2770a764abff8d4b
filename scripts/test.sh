#!/usr/bin/env bash
# The README's test command: install what is missing, build, run every test —
# first the optimised build (warnings are errors), then the ASan+UBSan build.
# Usage: scripts/test.sh [--quick]   (--quick skips the sanitizer build)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh all

source scripts/ccache-env.sh
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
