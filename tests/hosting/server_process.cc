#include "tests/hosting/server_process.h"

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace skirmish::test {

std::string server_binary() { return SKIRMISH_SERVER_BINARY; }

ServerProcess::ServerProcess(std::string program, std::vector<std::string> args,
                             std::map<std::string, std::string> env, std::filesystem::path log)
    : log_(std::move(log)) {
  std::vector<std::string> argv_text{program};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    // A test killed by its timeout (or a crash) takes its server with it, rather than leave
    // it running, holding a port and a data directory. (The parent may already be gone.)
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
    const int fd = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
      ::close(fd);
    }
    for (const auto& [name, value] : env) ::setenv(name.c_str(), value.c_str(), 1);
    std::vector<char*> argv;
    for (auto& arg : argv_text) argv.push_back(arg.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
}

ServerProcess::~ServerProcess() {
  if (!status_) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
}

std::string ServerProcess::log_text() const {
  std::ifstream in(log_);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

unsigned short ServerProcess::wait_for_port(std::chrono::milliseconds wait) {
  const std::regex listening(R"(listening on [0-9a-fA-F.:]+:([0-9]+))");
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (std::chrono::steady_clock::now() < deadline) {
    const std::string text = log_text();
    std::smatch match;
    if (std::regex_search(text, match, listening))
      return static_cast<unsigned short>(std::stoi(match[1].str()));
    if (wait_exit(std::chrono::milliseconds(0)))
      throw std::runtime_error("the server exited with status " + std::to_string(*status_) +
                               " before listening; its log:\n" + text);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  throw std::runtime_error("the server did not listen within the time; its log:\n" + log_text());
}

void ServerProcess::signal(int sig) {
  if (!status_) ::kill(pid_, sig);
}

std::optional<int> ServerProcess::wait_exit(std::chrono::milliseconds wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (!status_) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return status_;
}

}  // namespace skirmish::test
