#include "client-cli/connection.h"

#include "client-cli/connection_errors.h"
#include "client-cli/durations.h"
#include "client-cli/style.h"
#include "client-cli/untrusted_json.h"

#include <chrono>

#include <boost/asio/connect.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>

namespace skirmish::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

constexpr const char* kClosedWhileConnecting = "the connection was closed while connecting";

std::optional<asio::ssl::context> tls_context_for(const ServerUrl& url) {
  if (!url.tls) return std::nullopt;
  return make_client_tls_context(url.ca_file);
}

Connection::WebSocket make_websocket(asio::io_context& io, std::optional<asio::ssl::context>& tls) {
  if (!tls) return Connection::WebSocket(std::in_place_type<Connection::PlainWebSocket>, io);
  return Connection::WebSocket(std::in_place_type<Connection::TlsWebSocket>, io, *tls);
}

}  // namespace

Connection::Connection(asio::io_context& io, ServerUrl url, std::chrono::milliseconds idle_timeout)
    : url_(std::move(url)),
      where_(url_.host + ":" + url_.port),
      idle_timeout_(idle_timeout),
      resolver_(io),
      tls_context_(tls_context_for(url_)),
      ws_(make_websocket(io, tls_context_)) {
  if (auto* tls = std::get_if<TlsWebSocket>(&ws_)) expect_certificate_for(tls->next_layer(), url_.host);
}

beast::tcp_stream& Connection::tcp() {
  return std::visit([](auto& ws) -> beast::tcp_stream& { return beast::get_lowest_layer(ws); }, ws_);
}

void Connection::close_socket() {
  beast::error_code ignored;
  tcp().socket().close(ignored);
}

void Connection::connect(ConnectHandler done) {
  auto self = shared_from_this();
  resolver_.async_resolve(
      url_.host, url_.port, [self, done](beast::error_code ec, tcp::resolver::results_type results) {
        // close() may come while a step's handler is already queued (too late to cancel
        // it): each step checks, or a closed connection would connect and read for ever.
        if (self->closed_) return done(kClosedWhileConnecting);
        if (ec) return done("cannot resolve " + self->where_ + ": " + ec.message());
        // Bounds the TCP connect and the TLS handshake; the WebSocket has its own timeouts.
        self->tcp().expires_after(std::chrono::seconds(10));
        self->tcp().async_connect(results, [self, done](beast::error_code ec2, const tcp::endpoint&) {
          if (self->closed_) return done(kClosedWhileConnecting);
          if (ec2)
            return done("cannot connect to " + self->where_ + ": " + ec2.message() +
                        connect_failure_hint(ec2, self->url_));
          // Moves are small messages: send them now, not after Nagle's delay.
          self->tcp().socket().set_option(tcp::no_delay(true), ec2);
          self->start_tls(done);
        });
      });
}

void Connection::start_tls(ConnectHandler done) {
  auto* tls = std::get_if<TlsWebSocket>(&ws_);
  if (tls == nullptr) return start_websocket(std::move(done));
  auto self = shared_from_this();
  tls->next_layer().async_handshake(asio::ssl::stream_base::client, [self, tls, done](beast::error_code ec) {
    if (self->closed_) return done(kClosedWhileConnecting);
    if (ec)
      return done("TLS handshake with " + self->where_ + " failed: " +
                  describe_tls_failure(ec, tls->next_layer(), self->url_));
    self->start_websocket(done);
  });
}

void Connection::start_websocket(ConnectHandler done) {
  tcp().expires_never();
  auto self = shared_from_this();
  auto on_handshake = [self, done](beast::error_code ec) {
    if (self->closed_) {
      self->close_socket();
      return done(kClosedWhileConnecting);
    }
    if (ec) {
      // Beast's handshake timer would otherwise hold the io_context, and the exit, for 30 s.
      self->close_socket();
      self->stop_websocket_timer();
      if (ec == websocket::error::upgrade_declined) return done(self->describe_refusal());
      // Cut before any answer (a server killed just then, or another program), or an answer
      // that was not HTTP a WebSocket can start from (another program).
      return done("WebSocket handshake with " + self->where_ + " failed: " + ec.message() + "; " +
                  (describe_cut_connection(ec) ? kCutBeforeAnswer : kNotASkirmishServer));
    }
    self->open_ = true;
    self->read_next();
    self->write_next();
    done("");
  };
  std::visit(
      [&](auto& ws) {
        ws.set_option(websocket_timeouts());
        ws.async_handshake(handshake_response_, where_, url_.target, on_handshake);
      },
      ws_);
}

// The server answered the upgrade with plain HTTP (403 with --tls-only, 503 while it starts or
// stops): its JSON `error` says why, which beats Beast's "declined by the remote peer". An
// answer without one is not a Skirmish server's (a web server on that port).
std::string Connection::describe_refusal() const {
  std::string why;
  try {
    const auto body = nlohmann::json::parse(handshake_response_.body());
    if (body.is_object() && body.contains("error") && body["error"].is_string()) why = body["error"].get<std::string>();
  } catch (const std::exception&) {
  }
  const std::string refused =
      where_ + " refused the WebSocket connection (HTTP " + std::to_string(handshake_response_.result_int()) + "): ";
  if (!why.empty()) return refused + printable(why);
  return refused + printable(std::string(handshake_response_.reason())) + "; " + kNotASkirmishServer;
}

websocket::stream_base::timeout Connection::websocket_timeouts() const {
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::client);
  // Beast's client default has neither: a link that died silently would never be noticed.
  timeouts.idle_timeout = idle_timeout_;
  timeouts.keep_alive_pings = true;  // at half the idle timeout; any frame (a pong) is life
  return timeouts;
}

void Connection::send(const nlohmann::json& message) {
  if (closed_) return;
  outbox_.push_back(message.dump());
  if (open_) write_next();
}

void Connection::write_next() {
  if (writing_ || outbox_.empty() || !open_) return;
  writing_ = true;
  auto self = shared_from_this();
  auto on_written = [self](beast::error_code ec, std::size_t) {
    self->writing_ = false;
    if (ec) return self->fail(describe_cut_connection(ec).value_or("write failed: " + ec.message()));
    self->outbox_.pop_front();
    self->write_next();
  };
  std::visit(
      [&](auto& ws) {
        ws.text(true);
        ws.async_write(asio::buffer(outbox_.front()), on_written);
      },
      ws_);
}

void Connection::read_next() {
  auto self = shared_from_this();
  auto on_read = [self](beast::error_code ec, std::size_t) {
    if (ec) return self->fail(self->describe_read_error(ec));
    const std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    std::string why;
    auto message = parse_untrusted(text, why);
    if (!message.is_object())
      return self->fail("the server sent something that is " + (why.empty() ? "not a JSON object" : why),
                        LinkEnd::UnusableMessage);
    make_displayable(message);
    // A message of the wrong shape (a number where a name goes, a board of the wrong size)
    // is the server's fault, said as such, not a crash of this client.
    try {
      if (self->on_message_) self->on_message_(message);
    } catch (const std::exception& error) {
      return self->fail(std::string("the server sent a message this client cannot use (") + printable(error.what()) +
                        "): " + printable(message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).substr(0, 200)),
                        LinkEnd::UnusableMessage);
    }
    if (!self->closed_) self->read_next();
  };
  std::visit([&](auto& ws) { ws.async_read(buffer_, on_read); }, ws_);
}

std::string Connection::describe_read_error(const beast::error_code& error) {
  if (error == websocket::error::closed) {
    const auto reason = std::visit([](auto& ws) { return ws.reason(); }, ws_);
    std::string text = "the server closed the connection (code " + std::to_string(reason.code);
    if (!reason.reason.empty()) text += ": " + printable(std::string(reason.reason.c_str()));
    text += ")";
    if (const std::string meaning = close_code_meaning(reason.code); !meaning.empty()) text += ": " + meaning;
    return text;
  }
  if (error == beast::error::timeout)
    return "no answer from the server for " + describe_duration(idle_timeout_) + ", even to a ping";
  if (auto cut = describe_cut_connection(error)) return *cut;
  return error.message();
}

void Connection::stop_websocket_timer() {
  // Beast turns its timer off only when both timeouts are none; left armed, the keep-alive
  // timer would hold the io_context, and so the program's exit, for half the idle timeout.
  websocket::stream_base::timeout off{};
  off.handshake_timeout = websocket::stream_base::none();
  off.idle_timeout = websocket::stream_base::none();
  off.keep_alive_pings = false;
  std::visit([&](auto& ws) { ws.set_option(off); }, ws_);
}

void Connection::fail(const std::string& reason, LinkEnd how) {
  if (closed_) return;
  closed_ = true;
  open_ = false;
  close_socket();
  stop_websocket_timer();
  if (on_closed_) {
    auto handler = std::move(on_closed_);
    handler(reason, how);
  }
}

void Connection::close() {
  if (closed_) return;
  closed_ = true;
  on_closed_ = nullptr;
  on_message_ = nullptr;
  resolver_.cancel();
  if (!open_ || writing_) {  // not connected yet, or a write under way (no close frame then)
    open_ = false;
    close_socket();
    return stop_websocket_timer();
  }
  open_ = false;
  auto self = shared_from_this();
  tcp().expires_after(std::chrono::seconds(1));
  auto on_closed = [self](beast::error_code) {};
  std::visit([&](auto& ws) { ws.async_close(websocket::close_code::normal, on_closed); }, ws_);
}

}  // namespace skirmish::client
