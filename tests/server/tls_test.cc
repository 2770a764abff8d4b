// TLS on the game port (--tls-cert/--tls-key): wss:// and https:// beside plain ws:// and
// http:// on the same port, a client that does not trust the certificate is refused, and
// bad certificate files stop the server at start with a message naming the file.
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/test_client.h"

namespace {

namespace net = boost::asio;
namespace ssl = net::ssl;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using Catch::Matchers::Contains;
using skirmish::test::Json;
using skirmish::test::RunningServer;
using skirmish::test::TestClient;

std::string fixture(const std::string& name) {
  const char* source = std::getenv("SKIRMISH_SOURCE_DIR");
  REQUIRE(source != nullptr);
  return (std::filesystem::path(source) / "tests/fixtures/tls" / name).string();
}

skirmish::server::Config tls_config() {
  auto config = skirmish::test::test_config();
  config.tls_cert_file = fixture("server.crt");
  config.tls_key_file = fixture("server.key");
  return config;
}

// A TLS client that trusts only `ca_file`, checks the name 127.0.0.1, and never waits more
// than a few seconds for anything (each step runs the io_context for a bounded time).
class TlsClient {
 public:
  TlsClient(unsigned short port, const std::string& ca_file) : tls_(ssl::context::tls_client) {
    tls_.load_verify_file(ca_file);
    tls_.set_verify_mode(ssl::verify_peer);
    tls_.set_verify_callback(ssl::host_name_verification("127.0.0.1"));
    ws_.emplace(io_, tls_);
    auto& tcp = beast::get_lowest_layer(*ws_);
    tcp.expires_after(std::chrono::seconds(3));
    std::optional<beast::error_code> done;
    tcp.async_connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                      [&](beast::error_code ec) { done = ec; });
    settle(done, "connect");
  }

  // The TLS handshake; its error, empty when it succeeded.
  std::string handshake() {
    std::optional<beast::error_code> done;
    ws_->next_layer().async_handshake(ssl::stream_base::client,
                                      [&](beast::error_code ec) { done = ec; });
    run(done);
    return done && *done ? done->message() : std::string{};
  }

  Json http_get(const std::string& target) {
    http::request<http::empty_body> request{http::verb::get, target, 11};
    request.set(http::field::host, "127.0.0.1");
    std::optional<beast::error_code> done;
    http::async_write(ws_->next_layer(), request,
                      [&](beast::error_code ec, std::size_t) { done = ec; });
    settle(done, "HTTP request");
    http::response<http::string_body> response;
    done.reset();
    http::async_read(ws_->next_layer(), buffer_, response,
                     [&](beast::error_code ec, std::size_t) { done = ec; });
    settle(done, "HTTP response");
    REQUIRE(response.result_int() == 200);
    return Json::parse(response.body());
  }

  void upgrade() {
    std::optional<beast::error_code> done;
    ws_->async_handshake("127.0.0.1", "/", [&](beast::error_code ec) { done = ec; });
    settle(done, "WebSocket handshake");
  }

  void send(const Json& message) {
    const std::string text = message.dump();
    std::optional<beast::error_code> done;
    ws_->async_write(net::buffer(text), [&](beast::error_code ec, std::size_t) { done = ec; });
    settle(done, "send");
  }

  Json receive() {
    std::optional<beast::error_code> done;
    buffer_.clear();
    ws_->async_read(buffer_, [&](beast::error_code ec, std::size_t) { done = ec; });
    settle(done, "receive");
    return Json::parse(beast::buffers_to_string(buffer_.data()));
  }

  Json wait_for(const std::string& type) {
    for (int skipped = 0; skipped < 20; ++skipped) {
      Json message = receive();
      if (message.value("type", "") == type) return message;
    }
    FAIL("no " << type << " among 20 messages");
    return {};
  }

 private:
  void run(std::optional<beast::error_code>& done) {
    io_.restart();
    for (int slice = 0; slice < 60 && !done; ++slice) io_.run_for(std::chrono::milliseconds(50));
  }
  void settle(std::optional<beast::error_code>& done, const char* what) {
    run(done);
    INFO(what);
    REQUIRE(done.has_value());
    REQUIRE_FALSE(*done);
  }

  net::io_context io_;
  ssl::context tls_;
  std::optional<websocket::stream<beast::ssl_stream<beast::tcp_stream>>> ws_;
  beast::flat_buffer buffer_;
};

// Sends `bytes` on a bare TCP connection; true when the server then closes it (within 3 s).
bool closed_after_sending(unsigned short port, const std::string& bytes) {
  net::io_context io;
  net::ip::tcp::socket socket(io);
  socket.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  net::write(socket, net::buffer(bytes));
  char byte = 0;
  std::optional<beast::error_code> done;
  socket.async_read_some(net::buffer(&byte, 1), [&](beast::error_code ec, std::size_t) { done = ec; });
  for (int slice = 0; slice < 60 && !done; ++slice) io.run_for(std::chrono::milliseconds(50));
  return done && (*done == net::error::eof || *done == net::error::connection_reset);
}

}  // namespace

TEST_CASE("with TLS on, one port serves wss:// and ws:// players in one match", "[tls]") {
  RunningServer server(tls_config());
  TlsClient secure(server.port(), fixture("server.crt"));
  REQUIRE(secure.handshake().empty());
  secure.upgrade();
  secure.send({{"type", "hello"}, {"version", 1}, {"name", "over-tls"}});
  CHECK(secure.wait_for("welcome")["version"] == 1);
  secure.send({{"type", "create_match"}, {"game", "onedchess"}, {"id", "c"}});
  const std::string match = secure.wait_for("match_created")["match"];
  secure.send({{"type", "join"}, {"match", match}, {"id", "j"}});
  CHECK(secure.wait_for("joined")["seat"] == "white");

  TestClient plain(server.port(), "plain");
  plain.hello();
  plain.join(match);
  CHECK(plain.wait_for_state(0)["status"] == "running");
  CHECK(secure.wait_for("state")["match"] == match);

  secure.send({{"type", "resign"}, {"id", "r"}});
  Json over = plain.wait_for_over();
  CHECK(over["outcome"]["reason"] == "resignation");
  CHECK(over["outcome"]["winner"] == "black");
}

TEST_CASE("with TLS on, https:// and http:// both answer /healthz", "[tls]") {
  RunningServer server(tls_config());
  TlsClient secure(server.port(), fixture("server.crt"));
  REQUIRE(secure.handshake().empty());
  CHECK(secure.http_get("/healthz")["status"] == "ok");
}

TEST_CASE("a client that does not trust the certificate is refused, and the server carries on",
          "[tls]") {
  RunningServer server(tls_config());
  TlsClient doubter(server.port(), fixture("other.crt"));
  CHECK_THAT(doubter.handshake(), Contains("certificate verify failed"));

  // A TLS record header, then nonsense: the server drops that connection.
  CHECK(closed_after_sending(server.port(), std::string("\x16\x03\x01\x00\x05hello", 10)));

  TlsClient secure(server.port(), fixture("server.crt"));
  REQUIRE(secure.handshake().empty());
  secure.upgrade();
  secure.send({{"type", "hello"}, {"version", 1}});
  CHECK(secure.wait_for("welcome")["type"] == "welcome");
}

TEST_CASE("bad TLS files stop the server at start, naming the file", "[tls]") {
  auto config = tls_config();
  SECTION("a certificate without its key") {
    config.tls_key_file.clear();
    CHECK_THROWS_WITH(skirmish::server::Server(config).start(),
                      Contains("both a certificate and its key"));
  }
  SECTION("a missing certificate file") {
    config.tls_cert_file = fixture("missing.crt");
    CHECK_THROWS_WITH(skirmish::server::Server(config).start(),
                      Contains("cannot read the TLS certificate") &&
                          Contains("missing.crt"));
  }
  SECTION("a key that is not a key") {
    config.tls_key_file = fixture("README.md");
    CHECK_THROWS_WITH(skirmish::server::Server(config).start(),
                      Contains("README.md is not an unencrypted PEM private key"));
  }
  SECTION("a key of another certificate") {
    config.tls_cert_file = fixture("other.crt");
    CHECK_THROWS_WITH(skirmish::server::Server(config).start(),
                      Contains("does not belong to certificate") &&
                          Contains("other.crt"));
  }
}
