#pragma once
// A WebSocket server on 127.0.0.1 for the client's tests: it serves one connection,
// answers `hello` with `welcome`, and each other message with what the test's script gives
// (a faulty or hostile server, or one at a moment hard to reach with the real one). Later
// connections (a client reconnecting) are counted and closed at once.
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

namespace skirmish::test {

class ScriptedServer {
 public:
  using Script = std::function<std::vector<nlohmann::json>(const nlohmann::json& message)>;

  ScriptedServer(boost::asio::io_context& io, Script script)
      : script_(std::move(script)),
        acceptor_(io, boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)) {
    accept();
  }
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()) + "/"; }
  bool client_closed = false;
  int connections = 0;  // accepted, the first (served) included

 private:
  void accept() {
    acceptor_.async_accept([this](boost::beast::error_code ec, boost::asio::ip::tcp::socket socket) {
      if (ec) return;
      if (++connections == 1) {
        ws_.emplace(std::move(socket));
        ws_->async_accept([this](boost::beast::error_code ec2) {
          if (!ec2) read();
        });
      }
      accept();
    });
  }

  void read() {
    ws_->async_read(in_, [this](boost::beast::error_code ec, std::size_t) {
      if (ec) {
        client_closed = true;
        return;
      }
      const auto message = nlohmann::json::parse(boost::beast::buffers_to_string(in_.data()), nullptr, false);
      in_.clear();
      if (message.is_object() && message.value("type", "") == "hello")
        send({{"type", "welcome"}, {"id", "hello"}, {"version", 1}});
      else if (message.is_object())
        for (const auto& reply : script_(message)) send(reply);
      read();
    });
  }

  // Beast allows one write at a time: the rest wait their turn.
  void send(const nlohmann::json& message) {
    outbox_.push_back(message.dump());
    if (outbox_.size() == 1) write_next();
  }
  void write_next() {
    ws_->async_write(boost::asio::buffer(outbox_.front()), [this](boost::beast::error_code ec, std::size_t) {
      if (ec) return;
      outbox_.pop_front();
      if (!outbox_.empty()) write_next();
    });
  }

  Script script_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::optional<boost::beast::websocket::stream<boost::beast::tcp_stream>> ws_;
  boost::beast::flat_buffer in_;
  std::deque<std::string> outbox_;
};

}  // namespace skirmish::test
