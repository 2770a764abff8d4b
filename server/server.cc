#include "server/server.h"

#include <csignal>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include "protocol/version.h"
#include "server/http_api.h"
#include "server/lobby.h"
#include "server/server_context.h"
#include "server/session.h"
#include "server/tls_context.h"
#include "server/store/disk_space.h"
#include "server/store/schema.h"
#include "server/store/thread_name.h"

namespace skirmish::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// The database holds what players may not see yet (a running fog game's seed, which gives
// its whole placement): other local users (students on a class server) must not read it.
void warn_if_others_can_read(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::perms mode = fs::status(dir, ec).permissions();
  if (ec || (mode & (fs::perms::group_all | fs::perms::others_all)) == fs::perms::none) return;
  spdlog::warn("data directory {} is open to other users (mode {:o}): its database holds the seeds of "
               "running fog games; chmod 700 {}",
               dir.string(), static_cast<unsigned>(mode), dir.string());
}

}  // namespace

struct Server::Impl {
  explicit Impl(Config c)
      : threads_wanted(c.threads > 0 ? c.threads
                                     : std::max(1, static_cast<int>(std::thread::hardware_concurrency()))),
        ioc(threads_wanted),
        accept_strand(net::make_strand(ioc)),
        context(std::make_shared<ServerContext>()),
        retry_timer(accept_strand) {
    context->config = std::move(c);
  }

  // A connection's handlers must not run concurrently: a strand each, unless one thread
  // runs them all anyway (then a strand's locking and hand-offs would be pure cost).
  void accept() {
    if (threads_wanted == 1)
      accept_on(ioc.get_executor());
    else
      accept_on(net::make_strand(ioc));
  }

  // The accepted socket's executor is `executor`, with its own type (see start_session).
  template <class Executor>
  void accept_on(Executor executor) {
    acceptor->async_accept(executor, [this](boost::system::error_code ec,
                                            net::basic_stream_socket<tcp, Executor> socket) {
      if (ec == net::error::operation_aborted || !acceptor->is_open()) return;
      if (ec) {
        // Out of file descriptors and the like: wait a little rather than spin.
        spdlog::warn("accept failed: {}", ec.message());
        retry_timer.expires_after(std::chrono::milliseconds(50));
        retry_timer.async_wait([this](boost::system::error_code wait_ec) {
          if (!wait_ec) accept();
        });
        return;
      }
      start_session(std::move(socket), context);
      accept();
    });
  }

  void listen() {
    const Config& config = context->config;
    const std::string where = config.address + ":" + std::to_string(config.port);
    boost::system::error_code ec;
    const auto address = net::ip::make_address(config.address, ec);
    if (ec) throw std::runtime_error("cannot listen on " + where + ": '" + config.address +
                                     "' is not an IP address");
    try {
      tcp::endpoint endpoint(address, config.port);
      acceptor.emplace(accept_strand);  // its handlers (on_accept) run on accept_strand
      acceptor->open(endpoint.protocol());
      acceptor->set_option(net::socket_base::reuse_address(true));
      acceptor->bind(endpoint);
      acceptor->listen(net::socket_base::max_listen_connections);
    } catch (const boost::system::system_error& error) {
      acceptor.reset();
      throw std::runtime_error("cannot listen on " + where + ": " + error.code().message());
    }
    port = acceptor->local_endpoint().port();
  }

  void open_store_and_lobby() {
    const Config& config = context->config;
    LobbySettings lobby;
    lobby.reconnect_grace_default = config.reconnect_grace_default;
    lobby.unjoined_wait = config.unjoined_wait;
    lobby.deadline_margin = config.deadline_margin;
    lobby.allow_full_spectators = config.allow_full_spectators;
    lobby.max_open_matches_per_address = static_cast<std::size_t>(std::max(0, config.max_open_matches_per_ip));
    lobby.max_matches = static_cast<std::size_t>(std::max(1, config.max_connections));
    if (!config.data_dir.empty()) {
      try {
        context->store = std::make_shared<store::MatchStore>(
            config.data_dir, config.store_full_sync ? store::MatchStore::Sync::Full
                                                    : store::MatchStore::Sync::Normal);
      } catch (const store::StoreError& error) {
        throw std::runtime_error(std::string("cannot use the match store: ") + error.what() +
                                 store::low_disk_note(config.data_dir));
      }
      auto on_failure = config.on_store_failure ? config.on_store_failure
                                                : [](const std::string&) { ::kill(::getpid(), SIGTERM); };
      context->gate = std::make_shared<DurabilityGate>(ioc.get_executor(), context->store,
                                                       context->metrics, std::move(on_failure));
      context->history = std::make_shared<HistoryWorker>(kMaxHistoryWaiting);
      spdlog::info("storing matches in {}", context->store->path());
      warn_if_others_can_read(config.data_dir);
      if (const auto lost = context->store->lost_held_from())
        spdlog::warn("store: {} says the games created shortly before it was copied are in the journal "
                     "(writes from number {} on), but the data directory has no journal files: those games "
                     "are not restored (a backup restored alone; see docs/operations.md, Backups)",
                     context->store->path(), lost);
      const int found = context->store->found_schema_version();
      if (found != 0 && found < store::kSchemaVersion)
        spdlog::info("store: migrated {} from schema version {} to {}", context->store->path(), found,
                     store::kSchemaVersion);
    } else {
      spdlog::info("storing is off: matches are not kept across restarts");
    }
    context->lobby = std::make_shared<Lobby>(ioc.get_executor(), lobby,
                                             MatchServices{.store = context->store,
                                                           .metrics_ptr = &context->metrics,
                                                           .gate = context->gate,
                                                           .server_stopping = &context->stopping});
    if (context->store) {
      const auto [running, open] = context->lobby->restore();
      if (running + open > 0)
        spdlog::info("reloaded from the store: {} running match{}, {} open match{}", running,
                     running == 1 ? "" : "es", open, open == 1 ? "" : "es");
    }
  }

  // No new connections; every open one dropped.
  void close_listener_and_sessions() {
    // On the acceptor's own strand: never while on_accept runs on another thread.
    net::post(accept_strand, [this] {
      boost::system::error_code ec;
      acceptor->close(ec);
      retry_timer.cancel();
    });
    context->close_all_sessions();
  }

  // Lets the closed connections finish their handlers, then stops whatever is left
  // (timers of finished matches) and joins the threads.
  void join_threads() {
    for (int waited = 0; waited < 400 && context->connections.load() > 0; ++waited)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ioc.stop();
    for (auto& thread : threads) thread.join();
    threads.clear();
  }

  int threads_wanted;
  net::io_context ioc;  // first member: destroyed last, after everything that uses it
  // Every use of the acceptor and retry_timer after start(): on_accept, the retry, the close.
  net::strand<net::io_context::executor_type> accept_strand;
  std::shared_ptr<ServerContext> context;
  std::optional<tcp::acceptor> acceptor;
  net::steady_timer retry_timer;
  std::vector<std::thread> threads;
  std::atomic<int> running_threads{0};
  unsigned short port = 0;
  bool started = false;
  bool stopped = false;
};

namespace {
spdlog::level::level_enum parse_level(const std::string& name) {
  const auto level = spdlog::level::from_str(name);
  if (level == spdlog::level::off && name != "off")
    throw std::invalid_argument("unknown log level '" + name +
                                "' (trace, debug, info, warn, error, critical, off)");
  return level;
}
}  // namespace

Server::Server(Config config) : impl_(std::make_unique<Impl>(std::move(config))) {}

Server::~Server() { stop(); }

void Server::start() {
  Impl& s = *impl_;
  if (s.started) throw std::logic_error("Server::start called twice");
  const Config& config = s.context->config;
  spdlog::set_level(parse_level(config.log_level));
  if (config.tls_cert_file.empty() != config.tls_key_file.empty())
    throw std::invalid_argument("TLS needs both a certificate and its key (--tls-cert and --tls-key)");
  if (!config.tls_cert_file.empty())
    s.context->tls = make_server_tls_context(config.tls_cert_file, config.tls_key_file);

  // Listen first: while the store opens and old matches reload (seconds, for a big one),
  // /healthz answers 503 "starting" and game connections are told to come back.
  s.listen();
  s.started = true;
  s.accept();
  for (int i = 0; i < s.threads_wanted; ++i)
    s.threads.emplace_back([&s] {
      name_this_thread("net");
      s.running_threads.fetch_add(1);
      // A handler that throws is a bug, but one request must not end every game on the
      // server (a bad HTTP path once did): it is logged, and the thread runs on. A
      // connection's own handlers close it themselves first (Session::guarded, which
      // releases its seat); what arrives here is from a match's or the lobby's timers.
      for (;;) {
        try {
          s.ioc.run();
          break;
        } catch (const std::exception& error) {
          spdlog::error("a network handler failed and was dropped: {}", error.what());
        }
      }
      s.running_threads.fetch_sub(1);
    });
  try {
    s.open_store_and_lobby();
  } catch (...) {  // a start that failed after listening: close the port again
    if (s.context->history) s.context->history->stop();  // never took a job: not ready
    s.close_listener_and_sessions();
    s.join_threads();
    s.started = false;
    throw;
  }
  s.context->ready = true;  // after the lobby and store exist: readers check this first
  const char* tls = !s.context->tls       ? ""
                    : config.tls_only ? "; TLS only for games (wss://); plain ws:// refused, plain http:// answered"
                                      : "; TLS on (wss://, https://) besides plain ws://, http://";
  // The release first: a host's log then says what ran (bug reports, upgrades).
  spdlog::info("{} listening on {}:{} ({} thread{}){}", protocol::version_line("skirmish-server"), config.address,
               s.port, s.threads_wanted, s.threads_wanted == 1 ? "" : "s", tls);
}

unsigned short Server::port() const { return impl_->port; }

void Server::stop() {
  Impl& s = *impl_;
  if (!s.started || s.stopped) return;
  s.stopped = true;
  s.context->stopping = true;  // /healthz: 503; WebSocket upgrades: refused
  // Tell every client the server is restarting and close with 1001; give them a moment.
  s.context->close_all_sessions(true);
  const auto drain_until = std::chrono::steady_clock::now() + s.context->config.shutdown_timeout;
  while (s.context->websockets.load() > 0 && std::chrono::steady_clock::now() < drain_until)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  s.close_listener_and_sessions();
  // The history's queries read the store: the running one is cut short (a long one would
  // hold up the stop), those waiting are dropped (their connections are closed already),
  // before the store closes; and before the network threads stop, as they still run the
  // jobs' last handlers.
  if (s.context->store) s.context->store->cancel_reads();
  if (s.context->history) s.context->history->stop();
  s.context->lobby->shutdown();
  s.join_threads();
  // The store thread stores and commits what is still queued (stored, not yet announced,
  // as after a crash); closing the store then checkpoints the write-ahead log.
  if (s.context->gate) s.context->gate->stop();
  s.context->store.reset();
  spdlog::info("server on port {} stopped", s.port);
}

}  // namespace skirmish::server
