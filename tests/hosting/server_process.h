#pragma once
// skirmish-server (or docker/entrypoint.sh) as a separate process, so tests can SIGKILL it
// mid-game and restart it on the same data directory, or SIGTERM it and check how it ends.
// Its stdout and stderr go to a log file the test reads (the port, error messages).
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace skirmish::test {

class ServerProcess {
 public:
  // Starts `program` with `args`, the current environment plus `env`, output to `log`.
  ServerProcess(std::string program, std::vector<std::string> args,
                std::map<std::string, std::string> env, std::filesystem::path log);
  ~ServerProcess();  // SIGKILLs and reaps it if still running
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // The port from the "listening on ADDRESS:PORT" log line; throws with the log's text if
  // the process exits or `wait` passes first.
  unsigned short wait_for_port(std::chrono::milliseconds wait = std::chrono::seconds(20));
  void signal(int sig);
  // The exit status (or 128 + signal); nullopt if still running after `wait`.
  std::optional<int> wait_exit(std::chrono::milliseconds wait);
  std::string log_text() const;
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
  std::filesystem::path log_;
};

// The path of the freshly built skirmish-server (set by CMake).
std::string server_binary();

}  // namespace skirmish::test
