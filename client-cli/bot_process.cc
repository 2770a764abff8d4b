#include "client-cli/bot_process.h"

#include "client-cli/bot_command.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <stdexcept>

#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace skirmish::client {

namespace asio = boost::asio;

BotProcess::BotProcess(asio::io_context& io, std::vector<std::string> argv, std::string log_path)
    : io_(io),
      argv_(std::move(argv)),
      log_path_(std::move(log_path)),
      to_bot_(io),
      from_bot_(io),
      buffer_(kMaxLineBytes),
      exit_timer_(io) {}

BotProcess::~BotProcess() { kill_and_reap(); }

// Opened here, not by a spawn action: the child closes its fd 2 before such an open, and
// "/dev/stderr" (/proc/self/fd/2) is that very descriptor. "/dev/stderr" is our own stderr
// shared, not reopened: a user may not be allowed to reopen a pipe someone else made
// (docker compose's bots log there).
int BotProcess::open_log() const {
  const int fd = log_path_ == "/dev/stderr"
                     ? fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
                     : ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error("cannot open the bot's log '" + log_path_ + "': " + std::strerror(errno));
  return fd;
}

void BotProcess::start(LineHandler on_line, EndHandler on_end) {
  on_line_ = std::move(on_line);
  on_end_ = std::move(on_end);
  const int log_fd = open_log();
  int in_pipe[2];
  int out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0 || pipe2(out_pipe, O_CLOEXEC) != 0) {
    const int error = errno;
    close(log_fd);
    throw std::runtime_error(std::string("cannot create pipes for the bot: ") + std::strerror(error));
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, log_fd, STDERR_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);  // we ignore SIGPIPE; the bot gets the normal behaviour
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigset_t empty;
  sigemptyset(&empty);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &empty);
  posix_spawnattr_setpgroup(&attr, 0);  // its own group: Ctrl-C is ours, and we kill it whole
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF |
                                      POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> args;
  for (auto& arg : argv_) args.push_back(arg.data());
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(log_fd);
  if (rc != 0) {
    close(in_pipe[1]);
    close(out_pipe[0]);
    throw std::runtime_error("cannot start the bot '" + argv_[0] + "': " + std::strerror(rc));
  }
  pid_ = pid;
  to_bot_.assign(in_pipe[1]);
  from_bot_.assign(out_pipe[0]);
  read_next();
}

void BotProcess::send_line(const std::string& line) {
  if (ended_ || !to_bot_.is_open()) return;
  outbox_.push_back(line + "\n");
  write_next();
}

void BotProcess::write_next() {
  if (writing_ || outbox_.empty() || !to_bot_.is_open()) return;
  writing_ = true;
  asio::async_write(to_bot_, asio::buffer(outbox_.front()),
                    [this](boost::system::error_code ec, std::size_t) {
                      writing_ = false;
                      if (ec) return;  // a bot that stopped reading: its output will tell
                      outbox_.erase(outbox_.begin());
                      write_next();
                    });
}

void BotProcess::read_next() {
  asio::async_read_until(from_bot_, buffer_, '\n', [this](boost::system::error_code ec, std::size_t n) {
    if (ended_) return;
    if (ec == asio::error::not_found) {
      ended_ = true;
      if (on_end_) on_end_("wrote a line longer than " + std::to_string(kMaxLineBytes) + " bytes");
      return;
    }
    if (ec) return on_output_closed();
    std::string line(asio::buffers_begin(buffer_.data()),
                     asio::buffers_begin(buffer_.data()) + static_cast<std::ptrdiff_t>(n) - 1);
    buffer_.consume(n);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (on_line_) on_line_(line);
    if (!ended_) read_next();
  });
}

void BotProcess::on_output_closed() {
  output_closed_ = true;
  poll_exit(25);
}

std::string BotProcess::wait_for_exit(std::chrono::milliseconds bound) {
  return exit_status_within(bound).value_or("closed its output");
}

std::optional<std::string> BotProcess::exit_status_within(std::chrono::milliseconds bound) {
  const auto until = std::chrono::steady_clock::now() + bound;
  while (pid_ > 0) {
    if (auto how = peek_exit()) {
      ended_ = true;
      exit_timer_.cancel();
      return how;
    }
    if (std::chrono::steady_clock::now() >= until) break;
    usleep(5000);
  }
  return std::nullopt;
}

// The output closed: wait up to ~0.5 s for the exit status, which says what happened.
void BotProcess::poll_exit(int attempts_left) {
  if (auto how = peek_exit()) {
    ended_ = true;
    if (on_end_) on_end_(*how);
    return;
  }
  if (attempts_left == 0) {
    ended_ = true;
    kill_and_reap();
    if (on_end_) on_end_("closed its output");
    return;
  }
  exit_timer_.expires_after(std::chrono::milliseconds(20));
  exit_timer_.async_wait([this, attempts_left](boost::system::error_code ec) {
    if (!ec && !ended_) poll_exit(attempts_left - 1);
  });
}

// Not reaped: the leader, a zombie until kill_and_reap, keeps its number, and with it the
// group's, from being given to anyone else while the group may still hold its children.
std::optional<std::string> BotProcess::peek_exit() {
  siginfo_t info{};
  if (pid_ <= 0 || waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
      info.si_pid != pid_)
    return std::nullopt;
  if (info.si_code == CLD_EXITED) {
    std::string how = "exited with status " + std::to_string(info.si_status);
    // A shell left in between (a command like "cd bots && ./mine") exits 128+N when its
    // command was killed by signal N: say so, as for a program run directly.
    if (shell_stays_between(argv_))
      if (auto signal = shell_reported_signal(info.si_status)) how += ", as a shell says its command was " + *signal;
    return how;
  }
  if (info.si_code == CLD_KILLED || info.si_code == CLD_DUMPED)
    return "was killed by signal " + std::to_string(info.si_status) + " (" + strsignal(info.si_status) + ")";
  return "ended";
}

void BotProcess::stop() {
  ended_ = true;
  if (!writing_ && to_bot_.is_open()) {  // deliver the last lines (the final "over") first
    for (const auto& line : outbox_) {
      if (::write(to_bot_.native_handle(), line.data(), line.size()) < 0) break;
    }
    outbox_.clear();
  }
  boost::system::error_code ignored;
  to_bot_.close(ignored);  // EOF on its stdin: a polite bot exits now
  for (int i = 0; i < 10 && !peek_exit(); ++i) usleep(10000);
  kill_and_reap();
}

void BotProcess::kill_and_reap() {
  exit_timer_.cancel();
  boost::system::error_code ignored;
  to_bot_.close(ignored);
  from_bot_.close(ignored);
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);  // the whole group: children the bot started too, even after it exited
    kill(pid_, SIGKILL);
    while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
}

}  // namespace skirmish::client
