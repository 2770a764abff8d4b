#!/usr/bin/env bash
# The one list of Debian (bookworm) packages Skirmish needs to build, test and run.
# Used by the README commands, .ci/run and the Dockerfile. Installs only what is missing.
set -euo pipefail

BUILD_PACKAGES=(
  g++ cmake ninja-build ccache pkg-config
  libboost1.81-dev nlohmann-json3-dev libcli11-dev libspdlog-dev
  libssl-dev libsqlite3-dev
)
TEST_PACKAGES=(
  catch2 libbenchmark-dev python3 python3-websockets python3-jsonschema
)
# Only for the fuzz preset (docs/testing.md), a developer's tool: neither `all` nor CI needs
# it. clang-14 only recommends its libFuzzer and sanitizer runtimes, hence the second one.
FUZZ_PACKAGES=(
  clang libclang-rt-14-dev
)

case "${1:-all}" in
  build) wanted=("${BUILD_PACKAGES[@]}") ;;
  all)   wanted=("${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}") ;;
  fuzz)  wanted=("${BUILD_PACKAGES[@]}" "${FUZZ_PACKAGES[@]}") ;;
  *) echo "usage: $0 [build|all|fuzz]" >&2; exit 2 ;;
esac

missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#wanted[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "install-deps: missing packages (${missing[*]}) and no sudo to install them:" >&2
    echo "  run as root: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  SUDO="sudo"
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
