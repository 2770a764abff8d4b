#!/bin/sh
# The image's entrypoint. With no arguments, or only flags, it starts skirmish-server,
# configured by SKIRMISH_* environment variables (docs/operations.md); any other first
# argument runs that command instead (`docker run IMAGE skirmish list`).
# tests/hosting runs this very script outside Docker (SKIRMISH_BIN_DIR=the build's programs).
set -eu

: "${SKIRMISH_ADDRESS:=0.0.0.0}"
: "${SKIRMISH_PORT:=8080}"
: "${SKIRMISH_DATA_DIR:=/data}"
: "${SKIRMISH_BIN_DIR:=/usr/local/bin}"
export SKIRMISH_ADDRESS SKIRMISH_PORT SKIRMISH_DATA_DIR

if [ "$#" -gt 0 ] && [ "${1#-}" = "$1" ]; then
  exec "$@"
fi

# The usual mistake with a bind mount: a directory the container's user may not write.
# (With SKIRMISH_STORE=off nothing is written there, so it is not checked.)
# Created for the server's user only, as the server creates it (it holds the seeds of
# running fog games); the umask stays in the subshell, so `exec "$@"` above is unaffected.
if [ "${SKIRMISH_STORE:-on}" != "off" ]; then
  (umask 077 && mkdir -p "$SKIRMISH_DATA_DIR") 2>/dev/null || true
fi
if [ "${SKIRMISH_STORE:-on}" != "off" ] && { [ ! -d "$SKIRMISH_DATA_DIR" ] || [ ! -w "$SKIRMISH_DATA_DIR" ]; }; then
  echo "skirmish-entrypoint: data directory $SKIRMISH_DATA_DIR is missing or not writable" \
       "by uid $(id -u); mount a volume there or chown it to $(id -u):$(id -g)" >&2
  exit 1
fi

exec "$SKIRMISH_BIN_DIR/skirmish-server" "$@"
