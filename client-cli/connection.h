#pragma once
// One WebSocket connection to the server, driven by the caller's io_context (one thread):
// connect (over TLS for wss://), send JSON messages (queued, written one at a time),
// receive each message as parsed JSON, and learn when the link is gone.
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/server_url.h"
#include "client-cli/tls_context.h"

namespace skirmish::client {

// How long the server may stay silent before the link counts as dead. After half of it
// without a byte the connection pings; a server that still sends nothing by the end (a
// dropped Wi-Fi, an expired NAT entry: TCP itself would wait for many minutes) ends the
// link, so the caller reconnects well within the server's reconnect grace (60 s by default).
inline constexpr std::chrono::milliseconds kDefaultIdleTimeout{20000};

// Why a link ended without our close(): the network or the server let it go (a new
// connection may well work), or the server sent a message this client cannot use (not JSON,
// or of a shape the client refuses: connecting again would only get it again).
enum class LinkEnd { Lost, UnusableMessage };

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  // May throw (std::exception) for a message of a shape it cannot use: the link then ends
  // with LinkEnd::UnusableMessage, the reason quoting the message.
  using MessageHandler = std::function<void(const nlohmann::json&)>;
  // Called once when the link ends, not after our own close().
  using ClosedHandler = std::function<void(const std::string& reason, LinkEnd how)>;
  using ConnectHandler = std::function<void(const std::string& error)>;

  // Throws std::runtime_error for a wss:// URL whose CA file cannot be used. `idle_timeout`:
  // see kDefaultIdleTimeout (tests make it short).
  Connection(boost::asio::io_context& io, ServerUrl url,
             std::chrono::milliseconds idle_timeout = kDefaultIdleTimeout);

  // Resolves, connects, for wss:// performs the TLS handshake (checking the server's
  // certificate), and the WebSocket handshake; `done` gets "" or the reason.
  void connect(ConnectHandler done);
  void on_message(MessageHandler handler) { on_message_ = std::move(handler); }
  void on_closed(ClosedHandler handler) { on_closed_ = std::move(handler); }
  void send(const nlohmann::json& message);
  void close();
  bool open() const { return open_; }
  const ServerUrl& url() const { return url_; }

  using PlainWebSocket = boost::beast::websocket::stream<boost::beast::tcp_stream>;
  using TlsWebSocket = boost::beast::websocket::stream<TlsStream>;
  using WebSocket = std::variant<PlainWebSocket, TlsWebSocket>;

 private:
  void start_tls(ConnectHandler done);
  void start_websocket(ConnectHandler done);
  boost::beast::websocket::stream_base::timeout websocket_timeouts() const;
  std::string describe_read_error(const boost::beast::error_code& error);
  std::string describe_refusal() const;  // the server's answer to a refused handshake
  boost::beast::tcp_stream& tcp();
  void close_socket();
  void stop_websocket_timer();
  void read_next();
  void write_next();
  void fail(const std::string& reason, LinkEnd how = LinkEnd::Lost);

  ServerUrl url_;
  std::string where_;  // HOST:PORT, for errors
  std::chrono::milliseconds idle_timeout_;
  boost::asio::ip::tcp::resolver resolver_;
  std::optional<boost::asio::ssl::context> tls_context_;  // wss:// only; outlives ws_
  WebSocket ws_;
  boost::beast::websocket::response_type handshake_response_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  bool writing_ = false;
  bool open_ = false;
  bool closed_ = false;
  MessageHandler on_message_;
  ClosedHandler on_closed_;
};

}  // namespace skirmish::client
