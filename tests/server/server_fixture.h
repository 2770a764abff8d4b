#pragma once
// The server under test, in process on 127.0.0.1 and a free port; stopped (threads joined)
// when the fixture goes out of scope, so every test starts from an empty server.
#include <chrono>

#include "server/server.h"

namespace skirmish::test {

// Quiet, quick defaults for tests: two threads, short deadline margin, logs off.
inline server::Config test_config() {
  server::Config config;
  config.address = "127.0.0.1";
  config.port = 0;
  config.threads = 2;
  config.deadline_margin = std::chrono::milliseconds(50);
  config.log_level = "off";
  return config;
}

class RunningServer {
 public:
  explicit RunningServer(server::Config config = test_config()) : server_(std::move(config)) {
    server_.start();
  }
  ~RunningServer() { server_.stop(); }
  RunningServer(const RunningServer&) = delete;
  RunningServer& operator=(const RunningServer&) = delete;

  unsigned short port() const { return server_.port(); }

 private:
  server::Server server_;
};

}  // namespace skirmish::test
