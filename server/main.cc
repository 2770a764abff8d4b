// skirmish-server: the authoritative game server (docs/protocol.md). Every flag has an
// environment twin (SKIRMISH_PORT, ...); SIGINT/SIGTERM stop it cleanly.
#include <csignal>
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "server/server.h"

namespace {

// Blocks SIGINT and SIGTERM in every thread (the server's threads inherit the mask), so
// main can wait for them with sigwait and stop the server in an orderly way.
sigset_t block_stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

}  // namespace

int main(int argc, char** argv) {
  skirmish::server::Config config;
  CLI::App app{"Skirmish: authoritative multiplayer game server (Tactego, DCMS, 1D Chess)"};
  app.option_defaults()->always_capture_default();

  long long idle_ms = config.idle_timeout.count();
  long long margin_ms = config.deadline_margin.count();
  long long grace_ms = config.reconnect_grace_default.count();

  app.add_option("--address", config.address, "IP address to listen on")->envname("SKIRMISH_ADDRESS");
  app.add_option("--port", config.port, "TCP port (0 = any free port)")->envname("SKIRMISH_PORT");
  app.add_option("--threads", config.threads, "worker threads (0 = number of cores)")
      ->envname("SKIRMISH_THREADS")->check(CLI::Range(0, 1024));
  app.add_option("--log-level", config.log_level, "trace, debug, info, warn, error, critical, off")
      ->envname("SKIRMISH_LOG_LEVEL")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  app.add_option("--max-message-bytes", config.max_message_bytes, "largest message accepted")
      ->envname("SKIRMISH_MAX_MESSAGE_BYTES")->check(CLI::Range(256, 64 * 1024 * 1024));
  app.add_option("--max-connections", config.max_connections, "connections held at most")
      ->envname("SKIRMISH_MAX_CONNECTIONS")->check(CLI::Range(1, 10'000'000));
  app.add_option("--rate-limit", config.rate_limit_per_second,
                 "messages per second per connection (0 = no limit)")
      ->envname("SKIRMISH_RATE_LIMIT")->check(CLI::Range(0.0, 1e9));
  app.add_option("--rate-burst", config.rate_burst, "burst of messages allowed above the rate")
      ->envname("SKIRMISH_RATE_BURST")->check(CLI::Range(1, 1'000'000));
  app.add_option("--idle-timeout-ms", idle_ms, "close a connection silent this long (0 = never)")
      ->envname("SKIRMISH_IDLE_TIMEOUT_MS")->check(CLI::Range(0LL, 86'400'000LL));
  app.add_option("--deadline-margin-ms", margin_ms, "grace after each move deadline for jitter")
      ->envname("SKIRMISH_DEADLINE_MARGIN_MS")->check(CLI::Range(0LL, 60'000LL));
  app.add_option("--reconnect-grace-ms", grace_ms, "default time a dropped seat is held")
      ->envname("SKIRMISH_RECONNECT_GRACE_MS")->check(CLI::Range(0LL, 3'600'000LL));
  // Storage (docs/operations.md): SQLite in the data directory, on unless --store off.
  config.data_dir = "./skirmish-data";
  std::string store = "on";
  std::string store_sync = "normal";
  long long shutdown_ms = 3000;
  app.add_option("--data-dir", config.data_dir, "directory of the match database (created if missing)")
      ->envname("SKIRMISH_DATA_DIR");
  app.add_option("--store", store, "on: store every match and move (restart recovery, history); off: keep nothing")
      ->envname("SKIRMISH_STORE")->check(CLI::IsMember({"on", "off"}));
  app.add_option("--store-sync", store_sync,
                 "normal: a stored move survives a crash of the server; full: also a power loss (slower)")
      ->envname("SKIRMISH_STORE_SYNC")->check(CLI::IsMember({"normal", "full"}));
  app.add_option("--shutdown-timeout-ms", shutdown_ms, "on SIGTERM, time clients get to take the notice and close")
      ->envname("SKIRMISH_SHUTDOWN_TIMEOUT_MS")->check(CLI::Range(0LL, 4'000LL));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error);
  }
  config.idle_timeout = std::chrono::milliseconds(idle_ms);
  config.deadline_margin = std::chrono::milliseconds(margin_ms);
  config.reconnect_grace_default = std::chrono::milliseconds(grace_ms);
  if (store == "off") config.data_dir.clear();
  config.store_full_sync = store_sync == "full";
  config.shutdown_timeout = std::chrono::milliseconds(shutdown_ms);

  const sigset_t stop_signals = block_stop_signals();
  try {
    skirmish::server::Server server(config);
    server.start();
    int signal = 0;
    sigwait(&stop_signals, &signal);
    spdlog::info("received {}, stopping", signal == SIGINT ? "SIGINT" : "SIGTERM");
    server.stop();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "skirmish-server: %s\n", error.what());
    return 1;
  }
  return 0;
}
