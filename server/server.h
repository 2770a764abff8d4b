#pragma once
// The authoritative Skirmish server, in process: a Boost.Beast WebSocket listener, the lobby
// and every match. Boost stays out of this header (pimpl) so tests and tools that embed the
// server compile quickly. Protocol: docs/protocol.md.
#include <chrono>
#include <cstddef>
#include <memory>
#include <functional>
#include <string>

namespace skirmish::server {

struct Config {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;  // 0 = any free port; see Server::port()
  int threads = 0;             // 0 = hardware cores
  std::size_t max_message_bytes = 64 * 1024;
  // A connection whose unread messages reach this many bytes is closed: a client that asks
  // for large replies (list_matches) and never reads them costs at most this much.
  std::size_t max_unread_bytes = 8 * 1024 * 1024;
  int max_connections = 10000;
  // Connections from one IP address (0 = no limit); loopback addresses are not limited (a
  // reverse proxy on this host gives every client one).
  int max_connections_per_ip = 200;
  double rate_limit_per_second = 50;  // messages per connection, token bucket
  int rate_burst = 100;
  std::chrono::milliseconds idle_timeout{60000};
  // A WebSocket that has not sent hello this long after its upgrade is closed (0 = never).
  std::chrono::milliseconds hello_timeout{30000};
  std::chrono::milliseconds deadline_margin{200};
  std::chrono::milliseconds reconnect_grace_default{60000};
  // How long a match nobody has joined waits for its first player (at least its grace).
  std::chrono::milliseconds unjoined_wait{600000};
  bool allow_full_spectators = true;  // create_match may ask for spectators=full
  // Matches created from one IP address and not yet started, or running with every player
  // away (held for the reconnect grace) (0 = no limit).
  int max_open_matches_per_ip = 50;
  std::string log_level = "info";  // trace, debug, info, warn, error, critical, off
  // Where matches are stored (SQLite, docs/operations.md); empty: nothing is stored (no
  // restart recovery, no history). skirmish-server's default is ./skirmish-data.
  std::string data_dir;
  bool store_full_sync = false;
  // TLS on the game port (both set, PEM files): the port then takes wss:// and https://
  // as well as plain ws:// and http:// (told apart by the first bytes). Empty: plain only.
  std::string tls_cert_file;
  std::string tls_key_file;
  // With TLS on: refuse plain ws:// upgrades (403), so that no seat token ever crosses the
  // network in clear. Plain http:// stays, for a local health check.
  bool tls_only = false;
  // A journal append or an SQLite write failed (disk full, I/O error): the matches in
  // memory are ahead of what is stored, so the server must stop and reload. Called
  // once, from a worker thread; empty: SIGTERM to this process (a graceful stop).
  std::function<void(const std::string& why)> on_store_failure;
  // On stop(): how long connected clients get to take the restart notice and close
  // (skirmish-server: 3000 ms; 0 here so embedded servers and tests stop at once).
  std::chrono::milliseconds shutdown_timeout{0};
};

class Server {
 public:
  explicit Server(Config config);
  ~Server();  // stops if still running
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Opens the store (if Config::data_dir is set) and reloads its unfinished matches, binds,
  // starts the worker threads and returns once listening. Throws std::runtime_error with a
  // clear message (the database path, or address, port and reason) if it cannot.
  void start();
  // The bound port (the real one when Config::port was 0). Valid after start().
  unsigned short port() const;
  // Graceful stop: /healthz says 503, new WebSocket upgrades are refused, every client gets
  // a `shutdown` message and a 1001 close, and they get Config::shutdown_timeout to go; then
  // the listener and every connection close, timers stop, threads join, the store closes
  // (every accepted move is already committed). Idempotent.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace skirmish::server
