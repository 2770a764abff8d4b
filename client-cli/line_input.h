#pragma once
// Lines from standard input, delivered on the io_context's thread so that typing never
// blocks the connection. Works for terminals and pipes (asynchronous) and for regular
// files (read directly: a file read never blocks).
#include <functional>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/streambuf.hpp>

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

 private:
  void start_read();
  void deliver(std::optional<std::string> line);

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
};

}  // namespace skirmish::client
