// The client's connection notices a link that died silently: against a WebSocket server
// that completes the handshake and then never reads (so never answers a ping, as when a
// Wi-Fi drop or an expired NAT entry swallows everything), it reports the connection lost
// within its idle timeout; a server that answers pings keeps it open. All in one
// io_context on 127.0.0.1, every wait bounded.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "client-cli/connection.h"
#include "client-cli/server_url.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;
using skirmish::client::Connection;

// Accepts one WebSocket connection on a free 127.0.0.1 port. `answer_pings`: keep a read
// going (Beast answers pings while reading); without it the server goes silent after the
// handshake, its socket still open.
class OneConnectionServer {
 public:
  OneConnectionServer(asio::io_context& io, bool answer_pings)
      : acceptor_(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)), answer_pings_(answer_pings) {
    acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (ec) return;
      ws_.emplace(std::move(socket));
      ws_->async_accept([this](beast::error_code ec2) {
        if (!ec2 && answer_pings_) read_forever();
      });
    });
  }

  std::string url() const { return "ws://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()); }
  // The server goes away at once, without a close frame.
  void drop() {
    beast::error_code ignored;
    if (ws_) beast::get_lowest_layer(*ws_).socket().close(ignored);
  }

 private:
  void read_forever() {
    ws_->async_read(buffer_, [this](beast::error_code ec, std::size_t) {
      if (ec) return;
      buffer_.clear();
      read_forever();
    });
  }

  tcp::acceptor acceptor_;
  bool answer_pings_;
  std::optional<websocket::stream<beast::tcp_stream>> ws_;
  beast::flat_buffer buffer_;
};

struct Outcome {
  std::optional<std::string> connect_error;
  std::optional<std::string> closed_reason;
  std::chrono::steady_clock::duration closed_after{};
};

// Starts connecting to `server`; `outcome` (which must outlive the connection's handlers)
// learns how it went.
std::shared_ptr<Connection> start_connection(asio::io_context& io, const OneConnectionServer& server,
                                             std::chrono::milliseconds idle_timeout, Outcome& outcome) {
  auto connection =
      std::make_shared<Connection>(io, skirmish::client::parse_server_url(server.url()), idle_timeout);
  auto opened = std::make_shared<std::chrono::steady_clock::time_point>();
  connection->on_closed([&outcome, opened](const std::string& reason, skirmish::client::LinkEnd) {
    outcome.closed_reason = reason;
    outcome.closed_after = std::chrono::steady_clock::now() - *opened;
  });
  connection->connect([&outcome, opened](const std::string& error) {
    outcome.connect_error = error;
    *opened = std::chrono::steady_clock::now();
  });
  return connection;
}

// Runs the io_context until `done` or `wait` passes.
template <class Done>
void run_until(asio::io_context& io, Done done, std::chrono::milliseconds wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (!done() && std::chrono::steady_clock::now() < deadline) io.run_for(20ms);
}

// Connects to `server`, then runs the io_context until the connection reports its end or
// `wait` passes.
std::shared_ptr<Connection> connect_and_wait(asio::io_context& io, const OneConnectionServer& server,
                                             std::chrono::milliseconds idle_timeout,
                                             std::chrono::milliseconds wait, Outcome& outcome) {
  auto connection = start_connection(io, server, idle_timeout, outcome);
  run_until(io, [&] { return outcome.closed_reason.has_value(); }, wait);
  return connection;
}

}  // namespace

TEST_CASE("the connection reports a server that went silent as lost, within its idle timeout") {
  asio::io_context io;
  OneConnectionServer silent(io, /*answer_pings=*/false);
  Outcome outcome;
  const auto connection = connect_and_wait(io, silent, 600ms, 10s, outcome);
  REQUIRE(outcome.connect_error == std::string());
  REQUIRE(outcome.closed_reason.has_value());
  CHECK_THAT(*outcome.closed_reason, Catch::Contains("no answer from the server for 600 ms"));
  // A ping at half the timeout, then the other half without an answer.
  CHECK(outcome.closed_after >= 500ms);
  CHECK(outcome.closed_after < 3s);
  CHECK_FALSE(connection->open());
}

TEST_CASE("a server that answers pings keeps the connection open however long it has nothing to say") {
  asio::io_context io;
  OneConnectionServer answering(io, /*answer_pings=*/true);
  Outcome outcome;
  const auto connection = connect_and_wait(io, answering, 600ms, 2500ms, outcome);
  REQUIRE(outcome.connect_error == std::string());
  CHECK_FALSE(outcome.closed_reason.has_value());
  CHECK(connection->open());
  connection->close();
  io.run_for(200ms);
}

TEST_CASE("a lost connection leaves no keep-alive timer behind to hold up the program's end") {
  asio::io_context io;
  OneConnectionServer server(io, /*answer_pings=*/true);
  Outcome outcome;
  auto connection = start_connection(io, server, 8s, outcome);  // pings every 4 s
  run_until(io, [&] { return connection->open(); }, 5s);
  REQUIRE(connection->open());
  server.drop();
  const auto start = std::chrono::steady_clock::now();
  io.run_for(5s);  // returns as soon as nothing is left to do
  CHECK(std::chrono::steady_clock::now() - start < 2s);
  // Said in plain words, whichever error the cut gives (end of stream, reset, not connected).
  CHECK(outcome.closed_reason ==
        std::string("the connection was cut (the server stopped or restarted, or the network dropped it)"));
}

TEST_CASE("by default the connection gives a silent server 20 seconds") {
  CHECK(skirmish::client::kDefaultIdleTimeout == 20s);
}
