#pragma once
// Lines from standard input, delivered on the io_context's thread so that typing never
// blocks the connection. Works for terminals and pipes (asynchronous) and for regular
// files (read directly: a file read never blocks). On a terminal (standard input and
// output both) the client keeps the line being typed itself (line_editor.h): the terminal
// is in non-canonical mode, without echo, until close() or the end.
#include <array>
#include <deque>
#include <functional>
#include <optional>
#include <string>

#include <termios.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/streambuf.hpp>

#include "client-cli/line_editor.h"

namespace skirmish::client {

class LineInput {
 public:
  // nullopt = end of input.
  using Handler = std::function<void(std::optional<std::string>)>;

  explicit LineInput(boost::asio::io_context& io);
  ~LineInput();
  LineInput(const LineInput&) = delete;
  LineInput& operator=(const LineInput&) = delete;

  // Asks for the next line; a later call replaces the handler of a read still pending.
  void read_line(Handler handler);
  // Forget the pending handler (the line, when it comes, is kept for the next read_line).
  void cancel() { handler_ = nullptr; }
  // No more reading: a pending read is aborted so the io_context can finish.
  void close();
  bool at_end() const { return at_end_; }
  boost::asio::io_context& io() const { return io_; }
  bool terminal() const { return terminal_; }
  // On a terminal, drops the lines typed before now (while it was not this player's turn)
  // and says whether there were any. Piped input is kept: it is a script of moves.
  bool discard_typed_ahead();
  // What has been typed on the line so far, on a terminal (else ""): drawn again after the
  // prompt when a notice pushed it up.
  const std::string& pending() const { return editor_.pending(); }
  void clear_pending() { editor_.clear(); }
  // Runs after Ctrl-Z and `fg`, once the terminal is the client's again (to draw the open
  // prompt anew: the shell wrote over the screen meanwhile).
  void on_resumed(std::function<void()> handler) { on_resumed_ = std::move(handler); }
  // What is on the screen before the line being typed (the open prompt, "" for none), asked
  // whenever keys come: a line longer than the terminal's row wraps, and erasing it needs
  // to know where the rows start.
  void prompt_source(std::function<std::string()> source) { prompt_source_ = std::move(source); }

 private:
  void start_read();
  void deliver(std::optional<std::string> line);
  // The terminal's side: reads whatever is typed, as it is typed (echo included), and
  // hands out the lines completed.
  void start_typed_read();
  void deliver_typed();
  void restore_terminal();
  void restore_file_flags();  // stdin's O_NONBLOCK as it was
  void keep_non_blocking();
  // The terminal mode the client keeps the line in (saved_mode_ without ICANON and ECHO).
  void apply_line_mode();
  // Ctrl-Z gives the shell its terminal mode back before the client stops; `fg` takes it
  // again (the shell does not restore a stopped program's mode).
  void watch_suspend();

  boost::asio::io_context& io_;
  boost::asio::posix::stream_descriptor in_;
  boost::asio::streambuf buffer_;
  bool async_ = true;
  bool terminal_ = false;
  bool reading_ = false;
  bool at_end_ = false;
  Handler handler_;
  std::optional<std::string> queued_;  // a line that came with no one waiting
  bool drop_read_ = false;  // the pending read's bytes were typed ahead: drop them
  int saved_flags_ = -1;  // stdin's file status flags at the start, when in_ shares them (else -1)
  // On a terminal only:
  std::optional<termios> saved_mode_;  // the terminal's mode before, put back at the end
  LineEditor editor_;
  std::deque<std::string> typed_lines_;  // completed, not yet asked for
  std::array<char, 256> chunk_{};
  boost::asio::signal_set suspend_signals_;
  std::function<void()> on_resumed_;
  std::function<std::string()> prompt_source_;
};

}  // namespace skirmish::client
