#include "client-cli/line_input.h"

#include <istream>
#include <iostream>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/read_until.hpp>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <csignal>
#include <termios.h>
#include <unistd.h>

namespace skirmish::client {

namespace asio = boost::asio;

LineInput::LineInput(asio::io_context& io)
    : io_(io), in_(io), terminal_(isatty(STDIN_FILENO) == 1), suspend_signals_(io) {
  struct stat info {};
  // epoll refuses regular files; those are read synchronously instead.
  if (fstat(STDIN_FILENO, &info) == 0 && S_ISREG(info.st_mode)) {
    async_ = false;
  } else {
    // Asio makes the descriptor non-blocking, which the terminal or pipe it shares with the
    // shell keeps: put back at the end (a `head` run after the client failed with EAGAIN).
    saved_flags_ = fcntl(STDIN_FILENO, F_GETFL);
    in_.assign(dup(STDIN_FILENO));
  }
  // The typed line is the client's when it also draws the screen (its echo goes where the
  // prompts go); with output to a pipe, the terminal keeps it.
  termios mode{};
  if (terminal_ && isatty(STDOUT_FILENO) == 1 && tcgetattr(STDIN_FILENO, &mode) == 0) {
    saved_mode_ = mode;
    apply_line_mode();
    if (saved_mode_) watch_suspend();
  }
}

void LineInput::apply_line_mode() {
  termios mode = *saved_mode_;
  mode.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);  // ISIG stays: Ctrl-C is SIGINT
  mode.c_cc[VMIN] = 1;
  mode.c_cc[VTIME] = 0;
  if (tcsetattr(STDIN_FILENO, TCSANOW, &mode) != 0) saved_mode_.reset();
}

void LineInput::watch_suspend() {
  boost::system::error_code ignored;
  suspend_signals_.add(SIGTSTP, ignored);
  suspend_signals_.add(SIGCONT, ignored);
  suspend_signals_.async_wait([this](boost::system::error_code ec, int signal) {
    if (ec || !saved_mode_) return;  // cancelled: the input is closed
    if (signal == SIGTSTP) {
      tcsetattr(STDIN_FILENO, TCSANOW, &*saved_mode_);
      restore_file_flags();
      ::kill(::getpid(), SIGSTOP);  // as Ctrl-Z would have, now that the shell's mode is back
    } else {
      apply_line_mode();
      if (on_resumed_) on_resumed_();
    }
    watch_suspend();
  });
}

LineInput::~LineInput() {
  restore_terminal();
  boost::system::error_code ignored;
  in_.close(ignored);
  restore_file_flags();
}

void LineInput::restore_terminal() {
  if (saved_mode_) tcsetattr(STDIN_FILENO, TCSANOW, &*saved_mode_);
  saved_mode_.reset();
  boost::system::error_code ignored;
  suspend_signals_.cancel(ignored);  // a wait left armed would keep the io_context running
}

void LineInput::restore_file_flags() {
  if (saved_flags_ >= 0) fcntl(STDIN_FILENO, F_SETFL, saved_flags_);
}

void LineInput::keep_non_blocking() {
  // A shell clears O_NONBLOCK while the client is stopped (Ctrl-Z): Asio, which set it once,
  // would then read with a blocking read() and hold the whole client until a key came.
  const int flags = fcntl(STDIN_FILENO, F_GETFL);
  if (flags >= 0 && (flags & O_NONBLOCK) == 0) fcntl(STDIN_FILENO, F_SETFL, flags | O_NONBLOCK);
}

void LineInput::close() {
  handler_ = nullptr;
  at_end_ = true;
  // Lines typed but never asked for would otherwise go to the shell when this client ends
  // and run there as commands.
  if (terminal_) tcflush(STDIN_FILENO, TCIFLUSH);
  restore_terminal();
  boost::system::error_code ignored;
  in_.cancel(ignored);
  in_.close(ignored);
  restore_file_flags();
}

bool LineInput::discard_typed_ahead() {
  if (!terminal_ || at_end_) return false;
  if (saved_mode_) {
    int unread = 0;
    const bool had = !typed_lines_.empty() || !editor_.pending().empty() ||
                     (ioctl(STDIN_FILENO, FIONREAD, &unread) == 0 && unread > 0);
    tcflush(STDIN_FILENO, TCIFLUSH);
    typed_lines_.clear();
    editor_.clear();
    return had;
  }
  int pending = 0;
  const bool had = queued_.has_value() || buffer_.size() > 0 ||
             (ioctl(STDIN_FILENO, FIONREAD, &pending) == 0 && pending > 0);
  tcflush(STDIN_FILENO, TCIFLUSH);
  queued_.reset();
  if (!reading_) {
    buffer_.consume(buffer_.size());
  } else if (buffer_.size() > 0) {
    // A pending read (one kept open between prompts) already took these bytes from the
    // terminal: it owns the buffer, so its completion drops them instead of delivering.
    drop_read_ = true;
  }
  return had;
}

void LineInput::read_line(Handler handler) {
  handler_ = std::move(handler);
  if (saved_mode_ || (terminal_ && !typed_lines_.empty())) {
    if (!typed_lines_.empty() || at_end_) return asio::post(io_, [this]() { deliver_typed(); });
    return start_typed_read();
  }
  if (queued_) {
    auto line = std::move(queued_);
    queued_.reset();
    asio::post(io_, [this, line]() { deliver(line); });
    return;
  }
  if (at_end_) {
    asio::post(io_, [this]() { deliver(std::nullopt); });
    return;
  }
  start_read();
}

void LineInput::start_read() {
  if (reading_) return;
  if (!async_) {
    std::string line;
    std::optional<std::string> result;
    if (std::getline(std::cin, line)) result = line;
    asio::post(io_, [this, result]() { deliver(result); });
    reading_ = true;
    return;
  }
  reading_ = true;
  asio::async_read_until(in_, buffer_, '\n', [this](boost::system::error_code ec, std::size_t n) {
    if (std::exchange(drop_read_, false)) {  // typed before discard_typed_ahead()
      buffer_.consume(buffer_.size());
      reading_ = false;
      if (ec) return deliver(std::nullopt);
      if (handler_) start_read();
      return;
    }
    if (ec && n == 0) {
      // End of input: a last line without a newline still counts.
      if (buffer_.size() > 0) {
        std::string rest(asio::buffers_begin(buffer_.data()), asio::buffers_end(buffer_.data()));
        buffer_.consume(buffer_.size());
        deliver(rest);
        at_end_ = true;
        return;
      }
      deliver(std::nullopt);
      return;
    }
    std::string line(asio::buffers_begin(buffer_.data()),
                     asio::buffers_begin(buffer_.data()) + static_cast<std::ptrdiff_t>(n) - 1);
    buffer_.consume(n);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    deliver(line);
  });
}

void LineInput::start_typed_read() {
  if (reading_ || at_end_) return;
  reading_ = true;
  keep_non_blocking();
  in_.async_read_some(asio::buffer(chunk_), [this](boost::system::error_code ec, std::size_t n) {
    reading_ = false;
    if (ec) {
      if (ec == asio::error::operation_aborted && !at_end_) return;  // cancelled, not ended
      at_end_ = true;  // the terminal went away
      return deliver_typed();
    }
    LineEditor::Result typed = editor_.feed(std::string_view(chunk_.data(), n));
    if (!typed.echo.empty()) std::cout << typed.echo << std::flush;
    for (auto& line : typed.lines) typed_lines_.push_back(std::move(line));
    if (typed.end) at_end_ = true;
    deliver_typed();
    // Read on, asked or not, so that what is typed shows as it is typed.
    if (!at_end_) start_typed_read();
  });
}

void LineInput::deliver_typed() {
  if (!handler_ || (typed_lines_.empty() && !at_end_)) return;
  std::optional<std::string> line;
  if (!typed_lines_.empty()) {
    line = std::move(typed_lines_.front());
    typed_lines_.pop_front();
  }
  auto handler = std::move(handler_);
  handler_ = nullptr;
  handler(std::move(line));
}

void LineInput::deliver(std::optional<std::string> line) {
  reading_ = false;
  if (!line) at_end_ = true;
  if (!handler_) {
    if (line) queued_ = std::move(line);
    return;
  }
  auto handler = std::move(handler_);
  handler_ = nullptr;
  handler(std::move(line));
}

}  // namespace skirmish::client
