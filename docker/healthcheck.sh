#!/bin/bash
# HEALTHCHECK without curl: GET /healthz over bash's /dev/tcp; healthy only on HTTP 200
# (the server answers 503 while it starts or shuts down).
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
IFS= read -r -t 3 status <&3
case "$status" in
  "HTTP/1.1 200"*|"HTTP/1.0 200"*) exit 0 ;;
  *) echo "unhealthy: ${status:-no answer}" >&2; exit 1 ;;
esac
