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

namespace {

// The terminal's mode before the client changed it, for the fatal signals' handler (one
// LineInput at a time changes the mode).
termios mode_at_start{};
volatile sig_atomic_t mode_changed = 0;

// Ctrl-\ (SIGQUIT) or an abort would end the client with the terminal left without echo:
// the mode is put back first (tcsetattr may be called in a signal handler), then the signal
// does what it would have.
extern "C" void put_mode_back_and_die(int signal) {
  if (mode_changed != 0) tcsetattr(STDIN_FILENO, TCSANOW, &mode_at_start);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

// tcsetattr from a background process group raises SIGTTOU, which would stop the client
// (a `kill %1` of a stopped client, or its end after `bg`): the change is made all the same.
bool set_terminal_mode(const termios& mode) {
  struct sigaction ignore {}, before {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGTTOU, &ignore, &before);
  const bool done = tcsetattr(STDIN_FILENO, TCSANOW, &mode) == 0;
  sigaction(SIGTTOU, &before, nullptr);
  return done;
}

// A read descriptor with an open file description of its own. Asio makes the descriptor it
// reads non-blocking; on a dup() of stdin that is stdin's description, which a terminal
// shares with stdout: the client's own writes then failed with EAGAIN whenever the terminal
// was slow or paused (Ctrl-S), losing output, and the shell's next program read with EAGAIN.
int own_read_descriptor(bool terminal, bool& shares_stdin) {
  shares_stdin = false;
  // O_NONBLOCK: opening a pipe whose writer has gone would otherwise wait for a new one.
  if (terminal)
    if (const char* name = ttyname(STDIN_FILENO))
      if (const int fd = ::open(name, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC); fd >= 0) return fd;
  if (const int fd = ::open("/proc/self/fd/0", O_RDONLY | O_NONBLOCK | O_CLOEXEC); fd >= 0) return fd;  // a pipe
  shares_stdin = true;
  return dup(STDIN_FILENO);
}

}  // namespace

LineInput::LineInput(asio::io_context& io)
    : io_(io), in_(io), terminal_(isatty(STDIN_FILENO) == 1), suspend_signals_(io) {
  struct stat info {};
  // epoll refuses regular files; those are read synchronously instead.
  if (fstat(STDIN_FILENO, &info) == 0 && S_ISREG(info.st_mode)) {
    async_ = false;
  } else {
    bool shares_stdin = false;
    const int fd = own_read_descriptor(terminal_, shares_stdin);
    if (shares_stdin) saved_flags_ = fcntl(STDIN_FILENO, F_GETFL);  // put back at the end
    in_.assign(fd);
  }
  // The typed line is the client's when it also draws the screen (its echo goes where the
  // prompts go); with output to a pipe, the terminal keeps it.
  termios mode{};
  if (terminal_ && isatty(STDOUT_FILENO) == 1 && tcgetattr(STDIN_FILENO, &mode) == 0) {
    saved_mode_ = mode;
    mode_at_start = mode;
    apply_line_mode();
    if (saved_mode_) {
      mode_changed = 1;
      ::signal(SIGQUIT, put_mode_back_and_die);
      ::signal(SIGABRT, put_mode_back_and_die);
      watch_suspend();
    }
  }
}

void LineInput::apply_line_mode() {
  termios mode = *saved_mode_;
  mode.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);  // ISIG stays: Ctrl-C is SIGINT
  mode.c_cc[VMIN] = 1;
  mode.c_cc[VTIME] = 0;
  if (!set_terminal_mode(mode)) saved_mode_.reset();
}

void LineInput::watch_suspend() {
  boost::system::error_code ignored;
  suspend_signals_.add(SIGTSTP, ignored);
  suspend_signals_.add(SIGCONT, ignored);
  suspend_signals_.async_wait([this](boost::system::error_code ec, int signal) {
    if (ec || !saved_mode_) return;  // cancelled: the input is closed
    if (signal == SIGTSTP) {
      set_terminal_mode(*saved_mode_);
      restore_file_flags();
      ::kill(::getpid(), SIGSTOP);  // as Ctrl-Z would have, now that the shell's mode is back
    } else if (const pid_t foreground = tcgetpgrp(STDIN_FILENO); foreground < 0 || foreground == getpgrp()) {
      // `fg` (or no job control: a terminal that is not our controlling one). Continued in
      // the background (`bg`, or `kill %1`'s SIGCONT) the terminal is not ours: the next
      // `fg` takes it.
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
  if (saved_mode_) {
    set_terminal_mode(*saved_mode_);
    mode_changed = 0;
    ::signal(SIGQUIT, SIG_DFL);
    ::signal(SIGABRT, SIG_DFL);
  }
  saved_mode_.reset();
  boost::system::error_code ignored;
  suspend_signals_.cancel(ignored);  // a wait left armed would keep the io_context running
  suspend_signals_.clear(ignored);   // and Ctrl-Z stops the client as usual again
}

void LineInput::restore_file_flags() {
  if (saved_flags_ >= 0) fcntl(STDIN_FILENO, F_SETFL, saved_flags_);
}

void LineInput::keep_non_blocking() {
  // Shared with stdin (the dup() fallback), the descriptor's O_NONBLOCK is cleared by a
  // shell while the client is stopped (Ctrl-Z): Asio, which set it once, would then read
  // with a blocking read() and hold the whole client until a key came. A description of
  // the client's own is nobody else's to change.
  if (saved_flags_ < 0) return;
  const int fd = in_.native_handle();
  const int flags = fcntl(fd, F_GETFL);
  if (flags >= 0 && (flags & O_NONBLOCK) == 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
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
  int unread = 0;  // bytes the terminal holds that no read took yet
  const bool had_unread = ioctl(STDIN_FILENO, FIONREAD, &unread) == 0 && unread > 0;
  tcflush(STDIN_FILENO, TCIFLUSH);
  if (saved_mode_) {
    const bool had = had_unread || !typed_lines_.empty() || !editor_.pending().empty();
    typed_lines_.clear();
    editor_.clear();
    return had;
  }
  const bool had = had_unread || queued_.has_value() || buffer_.size() > 0;
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
  keep_non_blocking();
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
    winsize size{};
    const int width = ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 ? size.ws_col : 0;  // 0: unknown
    editor_.set_layout(prompt_source_ ? display_columns(prompt_source_()) : 0, width);
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
