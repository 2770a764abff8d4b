#pragma once
// One WebSocket connection to the server, driven by the caller's io_context (one thread):
// connect, send JSON messages (queued, written one at a time), receive each message as
// parsed JSON, and learn when the link is gone.
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/server_url.h"

namespace skirmish::client {

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  using MessageHandler = std::function<void(const nlohmann::json&)>;
  // Called once when the link ends: empty reason after our own close().
  using ClosedHandler = std::function<void(const std::string& reason)>;

  Connection(boost::asio::io_context& io, ServerUrl url);

  // Resolves, connects and performs the WebSocket handshake; `done` gets "" or the reason.
  void connect(std::function<void(const std::string& error)> done);
  void on_message(MessageHandler handler) { on_message_ = std::move(handler); }
  void on_closed(ClosedHandler handler) { on_closed_ = std::move(handler); }
  void send(const nlohmann::json& message);
  void close();
  bool open() const { return open_; }
  const ServerUrl& url() const { return url_; }

 private:
  void read_next();
  void write_next();
  void fail(const std::string& reason);

  ServerUrl url_;
  boost::asio::ip::tcp::resolver resolver_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  bool writing_ = false;
  bool open_ = false;
  bool closed_ = false;
  MessageHandler on_message_;
  ClosedHandler on_closed_;
};

}  // namespace skirmish::client
