#pragma once
// The authoritative Skirmish server, in process: a Boost.Beast WebSocket listener, the lobby
// and every match. Boost stays out of this header (pimpl) so tests and tools that embed the
// server compile quickly. Protocol: docs/protocol.md.
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

namespace skirmish::server {

struct Config {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;  // 0 = any free port; see Server::port()
  int threads = 0;             // 0 = hardware cores
  std::size_t max_message_bytes = 64 * 1024;
  int max_connections = 10000;
  double rate_limit_per_second = 50;  // messages per connection, token bucket
  int rate_burst = 100;
  std::chrono::milliseconds idle_timeout{60000};
  std::chrono::milliseconds deadline_margin{200};
  std::chrono::milliseconds reconnect_grace_default{60000};
  std::string log_level = "info";  // trace, debug, info, warn, error, critical, off
};

class Server {
 public:
  explicit Server(Config config);
  ~Server();  // stops if still running
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds, starts the worker threads and returns once listening. Throws std::runtime_error
  // with a clear message (address, port, reason) if it cannot bind.
  void start();
  // The bound port (the real one when Config::port was 0). Valid after start().
  unsigned short port() const;
  // Closes the listener and every connection, cancels timers, joins the threads. Idempotent.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace skirmish::server
