#include "client-cli/connection.h"

#include <chrono>

#include <boost/asio/connect.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>

namespace skirmish::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

Connection::Connection(asio::io_context& io, ServerUrl url)
    : url_(std::move(url)), resolver_(io), ws_(io) {}

void Connection::connect(std::function<void(const std::string&)> done) {
  auto self = shared_from_this();
  const std::string where = url_.host + ":" + url_.port;
  resolver_.async_resolve(
      url_.host, url_.port,
      [self, done, where](beast::error_code ec, tcp::resolver::results_type results) {
        // close() may come while a step's handler is already queued (too late to cancel
        // it): each step checks, or a closed connection would connect and read for ever.
        if (self->closed_) return done("the connection was closed while connecting");
        if (ec) return done("cannot resolve " + where + ": " + ec.message());
        beast::get_lowest_layer(self->ws_).expires_after(std::chrono::seconds(10));
        beast::get_lowest_layer(self->ws_).async_connect(
            results, [self, done, where](beast::error_code ec2, const tcp::endpoint&) {
              if (self->closed_) return done("the connection was closed while connecting");
              if (ec2) return done("cannot connect to " + where + ": " + ec2.message());
              beast::get_lowest_layer(self->ws_).expires_never();
              // Moves are small messages: send them now, not after Nagle's delay.
              beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true), ec2);
              self->ws_.set_option(
                  websocket::stream_base::timeout::suggested(beast::role_type::client));
              self->ws_.async_handshake(
                  self->url_.host + ":" + self->url_.port, self->url_.target,
                  [self, done, where](beast::error_code ec3) {
                    if (self->closed_) {
                      beast::error_code ignored;
                      beast::get_lowest_layer(self->ws_).socket().close(ignored);
                      return done("the connection was closed while connecting");
                    }
                    if (ec3) return done("WebSocket handshake with " + where + " failed: " +
                                         ec3.message());
                    self->open_ = true;
                    self->read_next();
                    self->write_next();
                    done("");
                  });
            });
      });
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
  ws_.text(true);
  ws_.async_write(asio::buffer(outbox_.front()), [self](beast::error_code ec, std::size_t) {
    self->writing_ = false;
    if (ec) return self->fail("write failed: " + ec.message());
    self->outbox_.pop_front();
    self->write_next();
  });
}

void Connection::read_next() {
  auto self = shared_from_this();
  ws_.async_read(buffer_, [self](beast::error_code ec, std::size_t) {
    if (ec) {
      if (ec == websocket::error::closed) {
        const auto& reason = self->ws_.reason();
        std::string text = "the server closed the connection (code " +
                           std::to_string(reason.code);
        if (!reason.reason.empty()) text += ": " + std::string(reason.reason.c_str());
        return self->fail(text + ")");
      }
      return self->fail(ec == asio::error::eof ? std::string("the server closed the connection") : ec.message());
    }
    const std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    auto message = nlohmann::json::parse(text, nullptr, false);
    if (!message.is_object()) return self->fail("the server sent something that is not JSON");
    if (self->on_message_) self->on_message_(message);
    if (!self->closed_) self->read_next();
  });
}

void Connection::fail(const std::string& reason) {
  if (closed_) return;
  closed_ = true;
  open_ = false;
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  if (on_closed_) {
    auto handler = std::move(on_closed_);
    handler(reason);
  }
}

void Connection::close() {
  if (closed_) return;
  closed_ = true;
  on_closed_ = nullptr;
  on_message_ = nullptr;
  resolver_.cancel();
  if (!open_) {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    return;
  }
  open_ = false;
  if (writing_) {  // a close frame may not overlap a write: just drop the link
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    return;
  }
  auto self = shared_from_this();
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(1));
  ws_.async_close(websocket::close_code::normal, [self](beast::error_code) {});
}

}  // namespace skirmish::client
