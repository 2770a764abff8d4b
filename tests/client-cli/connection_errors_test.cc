// What the client says when it cannot get in, or loses its link: words that say what to do
// next. Against real sockets on 127.0.0.1 (a closed port, a program that is no Skirmish
// server), every wait bounded.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

#include "client-cli/connection.h"
#include "client-cli/connection_errors.h"
#include "client-cli/lobby_commands.h"
#include "client-cli/server_url.h"
#include "client-cli/usage_error.h"

namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;
using skirmish::client::Connection;
using skirmish::client::parse_server_url;

// A program that is not a Skirmish server: reads the request, then writes `answer` (maybe
// nothing) and closes.
class OtherProgram {
 public:
  OtherProgram(asio::io_context& io, std::string answer)
      : acceptor_(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)), socket_(io), answer_(std::move(answer)) {
    acceptor_.async_accept(socket_, [this](boost::system::error_code ec) {
      if (ec) return;
      asio::async_read_until(socket_, request_, "\r\n\r\n", [this](boost::system::error_code, std::size_t) {
        asio::async_write(socket_, asio::buffer(answer_), [this](boost::system::error_code, std::size_t) {
          boost::system::error_code ignored;
          socket_.shutdown(tcp::socket::shutdown_both, ignored);
          socket_.close(ignored);
        });
      });
    });
  }
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()); }

 private:
  tcp::acceptor acceptor_;
  tcp::socket socket_;
  asio::streambuf request_;
  std::string answer_;
};

// A WebSocket server, on a thread of its own, that reads the client's hello and question
// and then drops the link without an answer or a close frame (a server killed, a network
// cut).
class HangsUpAfterQuestion {
 public:
  HangsUpAfterQuestion() : acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
    thread_ = std::thread([this] {
      boost::system::error_code ec;
      tcp::socket socket(io_);
      acceptor_.accept(socket, ec);
      if (ec) return;
      boost::beast::websocket::stream<tcp::socket> ws(std::move(socket));
      ws.accept(ec);
      boost::beast::flat_buffer in;
      for (int i = 0; i < 2 && !ec; ++i) ws.read(in, ec);  // hello, then list_matches or list_games
      ws.next_layer().close(ec);
    });
  }
  ~HangsUpAfterQuestion() { thread_.join(); }
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()); }

 private:
  asio::io_context io_;
  tcp::acceptor acceptor_;
  std::thread thread_;
};

// Connects to `url` and returns what connect() said (bounded to 5 s).
std::string connect_error(asio::io_context& io, const std::string& url) {
  auto connection = std::make_shared<Connection>(io, parse_server_url(url));
  std::optional<std::string> said;
  connection->connect([&](const std::string& error) { said = error; });
  const auto until = std::chrono::steady_clock::now() + 5s;
  while (!said && std::chrono::steady_clock::now() < until) {
    io.restart();  // a run that found no work left stopped the context
    io.run_for(20ms);
  }
  connection->close();
  io.restart();
  io.run_for(50ms);
  return said.value_or("(no answer)");
}

// A port on 127.0.0.1 that nothing listens on: one just freed.
std::string closed_port_url(asio::io_context& io) {
  tcp::acceptor probe(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  const auto port = probe.local_endpoint().port();
  probe.close();
  return "ws://127.0.0.1:" + std::to_string(port);
}

}  // namespace

TEST_CASE("a refused connection asks whether the server runs on that port") {
  asio::io_context io;
  const std::string url = closed_port_url(io);
  const std::string port = url.substr(url.rfind(':') + 1);
  const std::string said = connect_error(io, url);
  CHECK_THAT(said, Catch::Contains("Connection refused; is the Skirmish server running, on port " + port + "?"));
  // On this machine the --address note does not apply; for another one it does.
  CHECK_THAT(said, !Catch::Contains("--address"));
  const std::string elsewhere = skirmish::client::connect_failure_hint(
      asio::error::connection_refused, parse_server_url("ws://192.0.2.2:18641"));
  CHECK(elsewhere == "; is the Skirmish server running, on port 18641? (it says `listening on ADDRESS:PORT` when it "
                     "starts; one started without --address 0.0.0.0 takes connections only from its own machine)");
  // A connect that timed out (the bound of 10 s, or the system's): the address, or a firewall.
  CHECK(skirmish::client::connect_failure_hint(boost::beast::error::timeout, parse_server_url("ws://192.0.2.2:18641")) ==
        "; check the address 192.0.2.2: a firewall or a router may be in the way");
}

TEST_CASE("a port where another program answers asks whether a Skirmish server is on it") {
  asio::io_context io;
  // Closes without a word ("end of stream"), as a server killed mid-handshake would.
  OtherProgram silent_closer(io, "");
  CHECK_THAT(connect_error(io, silent_closer.url()),
             Catch::Contains("WebSocket handshake with 127.0.0.1:") && Catch::Contains("failed: end of stream") &&
                 Catch::EndsWith("the connection was cut before any answer: a server that stopped just then "
                                 "(try again), or another program on this port (check the port)"));
  OtherProgram not_http(io, "SSH-2.0-OpenSSH_9.2\r\n");  // an answer, but not HTTP
  CHECK_THAT(connect_error(io, not_http.url()),
             Catch::Contains("WebSocket handshake with 127.0.0.1:") &&
                 Catch::EndsWith("is a Skirmish server on this port? Something answered there, but not as one"));
  OtherProgram web_server(io, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello");
  CHECK_THAT(connect_error(io, web_server.url()),
             Catch::Contains("refused the WebSocket connection (HTTP 200): OK; is a Skirmish server on this port?"));
  // A Skirmish server's own refusal (its JSON `error`) is said as it is.
  OtherProgram starting(io, "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 38\r\nConnection: close\r\n\r\n"
                            "{\"error\": \"the server is starting up\"}");
  const std::string refusal = connect_error(io, starting.url());
  CHECK_THAT(refusal, Catch::EndsWith("refused the WebSocket connection (HTTP 503): the server is starting up"));
}

TEST_CASE("a cut connection is said in plain words and a server going away as stopping") {
  using skirmish::client::describe_cut_connection;
  const std::string cut = "the connection was cut (the server stopped or restarted, or the network dropped it)";
  for (const auto error : {asio::error::not_connected, asio::error::connection_reset, asio::error::broken_pipe,
                           asio::error::connection_aborted})
    CHECK(describe_cut_connection(error) == cut);
  CHECK(describe_cut_connection(asio::error::eof) == cut);
  CHECK_FALSE(describe_cut_connection(asio::error::operation_aborted).has_value());
  CHECK(skirmish::client::close_code_meaning(1001) == "it is stopping or restarting");
  CHECK(skirmish::client::close_code_meaning(1000).empty());
}

TEST_CASE("blanks around a pasted server URL are dropped and blanks inside it refused") {
  CHECK(parse_server_url("ws://192.0.2.2:18641/ ").text() == "ws://192.0.2.2:18641/");
  CHECK(parse_server_url("\tws://192.0.2.2:18641\n").text() == "ws://192.0.2.2:18641/");
  CHECK_THROWS_AS(parse_server_url("ws://192.0.2.2:18641/ x"), skirmish::client::UsageError);
  CHECK_THROWS_WITH(parse_server_url("ws://192.0.2.2 :18641"),
                    Catch::Contains("'ws://192.0.2.2 :18641' has a blank or a control character in it"));
}

TEST_CASE("list and games cut off before the answer say so and that running them again is safe") {
  const std::string command = GENERATE(std::string("list"), std::string("games"));
  HangsUpAfterQuestion server;
  const auto url = parse_server_url(server.url());
  std::ostringstream err;
  auto* const saved = std::cerr.rdbuf(err.rdbuf());
  const int status = command == "list" ? skirmish::client::list_matches(url, "") : skirmish::client::list_games(url);
  std::cerr.rdbuf(saved);
  CHECK(status == 1);
  CHECK_THAT(err.str(), Catch::StartsWith("Lost the connection to " + url.text() +
                                          " before its answer: the connection was cut (the server stopped or "
                                          "restarted, or the network dropped it); `skirmish " + command +
                                          "` only asks, so nothing changed on the server: run it again"));
}
