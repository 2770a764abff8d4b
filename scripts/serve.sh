#!/usr/bin/env bash
# The README's first command: installs what is missing, builds the release server and
# starts it with its defaults (ws://127.0.0.1:8080/). Flags and SKIRMISH_* environment
# variables pass through: scripts/serve.sh --port 9000 --log-level debug
set -euo pipefail
cd "$(dirname "$0")/.."

# "all": the default preset also configures the tests and benchmarks (Catch2, Google Benchmark).
scripts/install-deps.sh all

source scripts/ccache-env.sh

cmake --preset default >/dev/null
# The client comes along, so the quick start can play at once.
cmake --build --preset default --target skirmish-server skirmish
exec build/release/server/skirmish-server "$@"
