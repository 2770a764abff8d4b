# syntax=docker/dockerfile:1
# Skirmish server + client image.  docker build -t skirmish .  &&  docker run -p 8080:8080 skirmish
# Configuration: SKIRMISH_* environment variables (docs/operations.md); games live in /data.

# ---- build: the same dependency script and cmake preset as scripts/serve.sh ---------------
FROM debian:bookworm AS build
WORKDIR /src
# The dependency script first, so the package layer is cached across source changes.
COPY scripts/install-deps.sh scripts/install-deps.sh
RUN scripts/install-deps.sh build && rm -rf /var/lib/apt/lists/*
COPY . .
# The "default" preset of serve.sh (Release). Tests and benchmarks are not built here
# (CI runs them through scripts/test.sh), so the build stage needs only the "build" packages.
RUN cmake --preset default -DSKIRMISH_BUILD_TESTS=OFF -DSKIRMISH_BUILD_BENCH=OFF \
 && cmake --build --preset default --target skirmish-server skirmish skirmish-bot-limits \
 && strip build/release/server/skirmish-server build/release/client-cli/skirmish \
          build/release/client-cli/tournament/skirmish-bot-limits

# ---- runtime: only the shared libraries the programs load, python3 for the bots, and the
# system's CA certificates, so that the image's client can verify a public wss:// server -----
FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libstdc++6 libssl3 libsqlite3-0 libspdlog1.10 libfmt9 python3 ca-certificates \
 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 skirmish \
 && useradd --system --uid 10001 --gid skirmish --home-dir /data --no-create-home \
      --shell /usr/sbin/nologin skirmish \
 && mkdir -p /data && chown skirmish:skirmish /data && chmod 700 /data
# skirmish-bot-limits beside skirmish: `skirmish tournament` runs each bot under it.
COPY --from=build /src/build/release/server/skirmish-server /src/build/release/client-cli/skirmish \
     /src/build/release/client-cli/tournament/skirmish-bot-limits /usr/local/bin/
COPY --from=build /src/bots /usr/share/skirmish/bots
COPY --from=build /src/docker/entrypoint.sh /usr/local/bin/skirmish-entrypoint
COPY --from=build /src/docker/healthcheck.sh /usr/local/bin/skirmish-healthcheck

# Inside a container the server must listen on every interface, or -p cannot reach it.
ENV SKIRMISH_ADDRESS=0.0.0.0 \
    SKIRMISH_PORT=8080 \
    SKIRMISH_DATA_DIR=/data \
    SKIRMISH_LOG_LEVEL=info \
    SKIRMISH_BOTS_DIR=/usr/share/skirmish/bots \
    SKIRMISH_BIN_DIR=/usr/local/bin
VOLUME /data
EXPOSE 8080
USER skirmish:skirmish
WORKDIR /data
# 503 while starting or shutting down, so the first check waits for the reload of old games.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["/usr/local/bin/skirmish-healthcheck"]
# SIGTERM: the server tells clients it is restarting, flushes the store, exits 0 within 5 s.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/skirmish-entrypoint"]
