#!/bin/bash
# HEALTHCHECK without curl: GET /healthz over bash's /dev/tcp; healthy (0) only on HTTP 200
# (the server answers 503 while it starts or shuts down), else unhealthy (1, Docker's only
# other meaning) with one line saying why.
set -eu
port="${SKIRMISH_PORT:-8080}"
# The address the server listens on; a wildcard one is reached through loopback.
case "${SKIRMISH_ADDRESS:-0.0.0.0}" in
  0.0.0.0|::|"") host=127.0.0.1 ;;
  *) host="$SKIRMISH_ADDRESS" ;;
esac
# Nothing listening: our one line, not bash's two about /dev/tcp.
if ! { exec 3<>"/dev/tcp/${host}/${port}"; } 2>/dev/null; then
  echo "unhealthy: nothing answers on ${host}:${port}" >&2
  exit 1
fi
printf 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' >&3
# 2 s, within the image's --timeout=3s, so that a server that accepts but never answers is
# reported here rather than killed by Docker without a word. `|| read_status=$?`: set -e
# must not end the script on a timeout (status above 128) or a connection closed early.
status=""
read_status=0
IFS= read -r -t 2 status <&3 || read_status=$?
status="${status%$'\r'}"
case "$status" in
  "HTTP/1.1 200"*|"HTTP/1.0 200"*) exit 0 ;;
esac
if [ "$read_status" -gt 128 ]; then
  echo "unhealthy: ${host}:${port} gave no answer to GET /healthz within 2 s" >&2
elif [ -z "$status" ]; then
  echo "unhealthy: ${host}:${port} closed the connection without answering GET /healthz" >&2
else
  echo "unhealthy: ${status}" >&2
fi
exit 1
