#!/bin/sh
# The image's entrypoint. With no arguments, or only flags, it starts skirmish-server,
# configured by SKIRMISH_* environment variables (docs/operations.md); any other first
# argument runs that command instead (`docker run IMAGE skirmish list`).
# tests/hosting runs this very script outside Docker (SKIRMISH_BIN_DIR=the build's programs).
set -eu

# Defaults for unset variables only: one set but empty (`-e SKIRMISH_PORT=`) reaches the
# server, which stops naming it (exit 2) rather than quietly using the default.
: "${SKIRMISH_ADDRESS=0.0.0.0}"
: "${SKIRMISH_PORT=8080}"
: "${SKIRMISH_DATA_DIR=/data}"
: "${SKIRMISH_BIN_DIR:=/usr/local/bin}"
export SKIRMISH_ADDRESS SKIRMISH_PORT SKIRMISH_DATA_DIR

if [ "$#" -gt 0 ] && [ "${1#-}" = "$1" ]; then
  exec "$@"
fi

# The usual mistake with a bind mount: a directory the container's user may not write.
# (With SKIRMISH_STORE=off nothing is written there, so it is not checked.)
# Created for the server's user only, as the server creates it (it holds the seeds of
# running fog games); the umask stays in the subshell, so `exec "$@"` above is unaffected.
# (An empty SKIRMISH_DATA_DIR is the server's to refuse, by name.)
check_data_dir=no
if [ "${SKIRMISH_STORE:-on}" != "off" ] && [ -n "$SKIRMISH_DATA_DIR" ]; then
  check_data_dir=yes
  (umask 077 && mkdir -p "$SKIRMISH_DATA_DIR") 2>/dev/null || true
fi
if [ "$check_data_dir" = yes ]; then
  problem=""
  if [ -e "$SKIRMISH_DATA_DIR" ] && [ ! -d "$SKIRMISH_DATA_DIR" ]; then
    problem="is a file, not a directory"
  elif [ ! -d "$SKIRMISH_DATA_DIR" ]; then
    problem="is missing and cannot be created by uid $(id -u)"
  elif [ ! -w "$SKIRMISH_DATA_DIR" ]; then
    problem="is not writable by uid $(id -u)"
  fi
  if [ -n "$problem" ]; then
    echo "skirmish-entrypoint: data directory $SKIRMISH_DATA_DIR $problem;" \
         "mount a volume there, or make it a directory owned by $(id -u):$(id -g)" >&2
    exit 1
  fi
fi

exec "$SKIRMISH_BIN_DIR/skirmish-server" "$@"
