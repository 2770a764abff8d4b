// skirmish-server: the authoritative game server (docs/protocol.md). Every flag has an
// environment twin (SKIRMISH_PORT, ...); SIGINT, SIGTERM and SIGHUP stop it cleanly.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>

#include <malloc.h>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "engine/registry.h"
#include "protocol/version.h"
#include "server/flag_rules.h"
#include "server/server.h"

namespace {

// Exit status 2: the command line or an environment variable is wrong (fix it, do not
// retry); 1: the server could not start or stopped on a failure; 0: a clean stop.
constexpr int kUsageError = 2;

// Set by the store's failure handler before it signals: the stop that follows is not an
// operator's, and the exit status must say so (a supervisor restarts on failure only).
std::atomic<bool> store_failed{false};

// Blocks SIGINT, SIGTERM and SIGHUP in every thread (the server's threads inherit the
// mask), so main can wait for them with sigwait and stop the server in an orderly way (a
// closed terminal's SIGHUP too: players get the restart notice instead of a dropped line).
sigset_t block_stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

}  // namespace

using skirmish::server::FlagRules;
using skirmish::server::from_environment;
using skirmish::server::number;
using skirmish::server::one_of;
using skirmish::server::whole_number;

int main(int argc, char** argv) {
  // glibc hands free memory back to the system once 128 KiB lie free at the top of a heap,
  // and faults it back in at the next allocation: the store thread's SQLite work did that
  // at every batch (a third of its CPU went to brk, munmap and page faults). 8 MiB kept.
  mallopt(M_TRIM_THRESHOLD, 8 << 20);
  // Everything the server creates (the data directory's database, its log and journal) is
  // its owner's only: it holds the seeds of running fog games.
  ::umask(077);
  skirmish::server::Config config;
  std::string titles;
  for (const auto* game : skirmish::engine::all_games()) titles += (titles.empty() ? "" : ", ") + game->title;
  CLI::App app{"Skirmish: authoritative multiplayer game server (" + titles + ")"};
  app.option_defaults()->always_capture_default();
  app.set_version_flag("--version", skirmish::protocol::version_line("skirmish-server"));
  FlagRules rules;

  long long idle_ms = config.idle_timeout.count();
  long long margin_ms = config.deadline_margin.count();
  long long grace_ms = config.reconnect_grace_default.count();

  rules.apply(app.add_option("--address", config.address, "IP address to listen on")->envname("SKIRMISH_ADDRESS"),
              skirmish::server::ip_address());
  rules.apply(app.add_option("--port", config.port, "TCP port (0 = any free port)")->envname("SKIRMISH_PORT"),
              whole_number(0, 65535));
  rules.apply(app.add_option("--threads", config.threads, "worker threads (0 = number of cores)")
                  ->envname("SKIRMISH_THREADS"),
              whole_number(0, 1024));
  rules.apply(app.add_option("--log-level", config.log_level, "trace, debug, info, warn, error, critical, off")
                  ->envname("SKIRMISH_LOG_LEVEL"),
              one_of({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  rules.apply(app.add_option("--max-message-bytes", config.max_message_bytes, "largest message accepted")
                  ->envname("SKIRMISH_MAX_MESSAGE_BYTES"),
              whole_number(256, 64 * 1024 * 1024));
  rules.apply(app.add_option("--max-connections", config.max_connections, "connections held at most")
                  ->envname("SKIRMISH_MAX_CONNECTIONS"),
              whole_number(1, 10'000'000));
  rules.apply(app.add_option("--max-connections-per-ip", config.max_connections_per_ip,
                             "connections from one IP address at most (0 = no limit; loopback is not limited)")
                  ->envname("SKIRMISH_MAX_CONNECTIONS_PER_IP"),
              whole_number(0, 10'000'000));
  rules.apply(app.add_option("--rate-limit", config.rate_limit_per_second,
                             "messages per second per connection (0 = no limit)")
                  ->envname("SKIRMISH_RATE_LIMIT"),
              number(0, 1e9));
  rules.apply(app.add_option("--rate-burst", config.rate_burst, "burst of messages allowed above the rate")
                  ->envname("SKIRMISH_RATE_BURST"),
              whole_number(1, 1'000'000));
  rules.apply(app.add_option("--max-open-matches-per-ip", config.max_open_matches_per_ip,
                             "matches created from one address and waiting for players (0 = no limit)")
                  ->envname("SKIRMISH_MAX_OPEN_MATCHES_PER_IP"),
              whole_number(0, 10'000'000));
  rules.apply(app.add_option("--idle-timeout-ms", idle_ms, "close a connection silent this long (0 = never)")
                  ->envname("SKIRMISH_IDLE_TIMEOUT_MS"),
              whole_number(0, 86'400'000));
  rules.apply(app.add_option("--deadline-margin-ms", margin_ms, "grace after each move deadline for jitter")
                  ->envname("SKIRMISH_DEADLINE_MARGIN_MS"),
              whole_number(0, 60'000));
  rules.apply(app.add_option("--reconnect-grace-ms", grace_ms, "default time a dropped seat is held")
                  ->envname("SKIRMISH_RECONNECT_GRACE_MS"),
              whole_number(0, 3'600'000));
  // Storage (docs/operations.md): SQLite in the data directory, on unless --store off.
  config.data_dir = "./skirmish-data";
  std::string store = "on";
  std::string store_sync = "normal";
  long long shutdown_ms = 3000;
  auto* data_dir = app.add_option("--data-dir", config.data_dir,
                                  "directory of the match database (created if missing)")
                       ->envname("SKIRMISH_DATA_DIR");
  rules.apply(app.add_option("--store", store,
                             "on: store every match and move (restart recovery, history); off: keep nothing")
                  ->envname("SKIRMISH_STORE"),
              one_of({"on", "off"}));
  rules.apply(app.add_option("--store-sync", store_sync,
                             "normal: a stored move survives a crash of the server; full: also a power loss (slower)")
                  ->envname("SKIRMISH_STORE_SYNC"),
              one_of({"normal", "full"}));
  // At most 4 s, so that a stop always ends within the 5 s docs/operations.md promises.
  rules.apply(app.add_option("--shutdown-timeout-ms", shutdown_ms,
                             "on SIGTERM, time clients get to take the notice and close")
                  ->envname("SKIRMISH_SHUTDOWN_TIMEOUT_MS"),
              whole_number(0, 4'000));
  std::string full_spectators = "on";
  rules.apply(app.add_option("--full-spectators", full_spectators,
                             "on: a match may let spectators see every hidden piece (spectators=full); off: refused")
                  ->envname("SKIRMISH_FULL_SPECTATORS"),
              one_of({"on", "off"}));
  // TLS (docs/operations.md): both or neither.
  app.add_option("--tls-cert", config.tls_cert_file,
                 "PEM certificate chain: the port then takes wss:// and https:// too")
      ->envname("SKIRMISH_TLS_CERT");
  app.add_option("--tls-key", config.tls_key_file, "unencrypted PEM private key of --tls-cert")
      ->envname("SKIRMISH_TLS_KEY");
  std::string tls_only = "off";
  rules.apply(app.add_option("--tls-only", tls_only,
                             "on: games only over wss:// (plain ws:// upgrades get 403; http:// still answers)")
                  ->envname("SKIRMISH_TLS_ONLY"),
              one_of({"on", "off"}));

  if (const auto empty = skirmish::server::empty_environment_variable(app)) {
    std::fprintf(stderr, "skirmish-server: %s\n", empty->c_str());
    return kUsageError;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const auto message = rules.message(app);
    if (!message) {
      if (error.get_exit_code() == 0) return app.exit(error);  // --help, --version
      // CLI11's own words, reworded where they read badly, said as ours are.
      std::fprintf(stderr, "skirmish-server: %s\nRun with --help for more information.\n",
                   rules.reworded(error).c_str());
      return kUsageError;
    }
    std::fprintf(stderr, "skirmish-server: %s\nRun with --help for more information.\n", message->c_str());
    return kUsageError;
  }
  if (const auto empty = skirmish::server::empty_path_flag(app, {"--data-dir", "--tls-cert", "--tls-key"})) {
    std::fprintf(stderr, "skirmish-server: %s\nRun with --help for more information.\n", empty->c_str());
    return kUsageError;
  }
  if (config.tls_cert_file.empty() != config.tls_key_file.empty()) {
    std::fprintf(stderr,
                 "skirmish-server: --tls-cert (SKIRMISH_TLS_CERT) and --tls-key (SKIRMISH_TLS_KEY) go "
                 "together: give both or neither\n");
    return kUsageError;
  }
  config.tls_only = tls_only == "on";
  if (config.tls_only && config.tls_cert_file.empty()) {
    std::fprintf(stderr,
                 "skirmish-server: --tls-only (SKIRMISH_TLS_ONLY) needs TLS: give --tls-cert and --tls-key "
                 "(SKIRMISH_TLS_CERT, SKIRMISH_TLS_KEY) too\n");
    return kUsageError;
  }
  if (store == "on") {
    if (const auto problem = skirmish::server::data_dir_problem(config.data_dir)) {
      const std::string named_by = from_environment(app, *data_dir) ? data_dir->get_envname() : data_dir->get_name();
      std::fprintf(stderr, "skirmish-server: cannot use data directory %s (%s): %s\n", config.data_dir.c_str(),
                   named_by.c_str(), problem->c_str());
      return 1;
    }
  }
  config.idle_timeout = std::chrono::milliseconds(idle_ms);
  config.deadline_margin = std::chrono::milliseconds(margin_ms);
  config.reconnect_grace_default = std::chrono::milliseconds(grace_ms);
  if (store == "off") config.data_dir.clear();
  config.store_full_sync = store_sync == "full";
  config.allow_full_spectators = full_spectators == "on";
  config.shutdown_timeout = std::chrono::milliseconds(shutdown_ms);

  config.on_store_failure = [](const std::string&) {
    store_failed = true;
    ::kill(::getpid(), SIGTERM);
  };

  // A file-size limit (ulimit -f) then fails the store's write, which stops the server
  // cleanly, instead of killing it mid-commit.
  std::signal(SIGXFSZ, SIG_IGN);
  const sigset_t stop_signals = block_stop_signals();
  try {
    skirmish::server::Server server(config);
    server.start();
    int signal = 0;
    sigwait(&stop_signals, &signal);
    if (store_failed)
      spdlog::critical("stopping because the store failed (above); exit status 1, restart once it is fixed");
    else
      spdlog::info("received {}, stopping", signal == SIGINT ? "SIGINT" : signal == SIGHUP ? "SIGHUP" : "SIGTERM");
    server.stop();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "skirmish-server: %s\n", error.what());
    return 1;
  }
  return store_failed ? 1 : 0;
}
