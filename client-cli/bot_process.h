#pragma once
// A bot program run as a child process in its own process group: lines to its stdin, lines
// from its stdout, its stderr appended to a log file (or shared with ours: "/dev/stderr").
// It is untrusted: whatever it does, it is killed (the whole group) and reaped when the
// bridge is done with it.
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/streambuf.hpp>

namespace skirmish::client {

class BotProcess {
 public:
  // Longest line a bot may write; longer is treated as garbage.
  static constexpr std::size_t kMaxLineBytes = 1 << 20;

  using LineHandler = std::function<void(const std::string& line)>;
  // How the program ended, in words ("exited with status 1", "was killed by signal 11",
  // "closed its output"), or that a line was too long.
  using EndHandler = std::function<void(const std::string& what)>;

  BotProcess(boost::asio::io_context& io, std::vector<std::string> argv, std::string log_path);
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // Starts the program. Throws std::runtime_error saying why it could not.
  void start(LineHandler on_line, EndHandler on_end);
  void send_line(const std::string& line);
  // Closes its stdin, gives it a moment to exit by itself, then kills the group and reaps.
  void stop();
  const std::string& log_path() const { return log_path_; }
  // The program closed its stdout (it exited or is exiting), even if its exit status is not
  // known yet.
  bool output_closed() const { return output_closed_; }
  // After output_closed(): waits up to `bound` for the exit status and says how the program
  // ended ("exited with status 1", ...), or "closed its output" if it is still running. The
  // end is not reported to the EndHandler.
  std::string wait_for_exit(std::chrono::milliseconds bound);
  // Whether the program has exited already (how, as wait_for_exit says it),
  // without waiting: the loop may not yet have seen the end of its output.
  std::optional<std::string> exit_status_now() { return exit_status_within(std::chrono::milliseconds(0)); }
  // The same, waiting up to `bound` for it to exit; nullopt if it is still running.
  std::optional<std::string> exit_status_within(std::chrono::milliseconds bound);

 private:
  int open_log() const;
  void read_next();
  void write_next();
  void on_output_closed();
  void poll_exit(int attempts_left);
  void kill_and_reap();
  // How the program ended, once it has (it stays unreaped until kill_and_reap).
  std::optional<std::string> peek_exit();

  boost::asio::io_context& io_;
  std::vector<std::string> argv_;
  std::string log_path_;
  boost::asio::posix::stream_descriptor to_bot_;
  boost::asio::posix::stream_descriptor from_bot_;
  boost::asio::streambuf buffer_;
  boost::asio::steady_timer exit_timer_;
  std::vector<std::string> outbox_;
  bool writing_ = false;
  int pid_ = -1;
  bool ended_ = false;
  bool output_closed_ = false;
  LineHandler on_line_;
  EndHandler on_end_;
};

}  // namespace skirmish::client
