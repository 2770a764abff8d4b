// TLS on the game port (--tls-cert/--tls-key): wss:// and https:// beside plain ws:// and
// http:// on the same port, a client that does not trust the certificate is refused (and
// counted in /metrics), and bad certificate files (an encrypted key too) stop the server
// at start with a message naming the file.
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>

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

// What the server does, within 3 s, after `bytes` on a bare TCP connection.
enum class Answer { closed, tls_alert, other, nothing };

Answer answer_to(unsigned short port, const std::string& bytes) {
  net::io_context io;
  net::ip::tcp::socket socket(io);
  socket.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  net::write(socket, net::buffer(bytes));
  char byte = 0;
  std::optional<beast::error_code> done;
  socket.async_read_some(net::buffer(&byte, 1), [&](beast::error_code ec, std::size_t) { done = ec; });
  for (int slice = 0; slice < 60 && !done; ++slice) io.run_for(std::chrono::milliseconds(50));
  if (!done) return Answer::nothing;
  if (*done == net::error::eof || *done == net::error::connection_reset) return Answer::closed;
  if (!*done && byte == '\x15') return Answer::tls_alert;  // an alert record's content type
  return Answer::other;
}

// GET `target` over plain HTTP; the body, "" when no answer came within 3 s.
std::string plain_http_get(unsigned short port, const std::string& target) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.expires_after(std::chrono::seconds(3));  // bounds every step below, so io.run() too
  http::request<http::empty_body> request{http::verb::get, target, 11};
  request.set(http::field::host, "127.0.0.1");
  http::response<http::string_body> response;
  beast::flat_buffer buffer;
  stream.async_connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
    if (ec) return;
    http::async_write(stream, request, [&](beast::error_code written, std::size_t) {
      if (!written) http::async_read(stream, buffer, response, [](beast::error_code, std::size_t) {});
    });
  });
  io.run();
  return response.body();
}

// A WebSocket upgrade over plain TCP: the HTTP status and body of the answer (0 when none
// came within 3 s).
std::pair<unsigned, std::string> plain_upgrade(unsigned short port) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.expires_after(std::chrono::seconds(3));
  websocket::stream<beast::tcp_stream&> ws(stream);
  websocket::response_type response;
  stream.async_connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
    if (!ec) ws.async_handshake(response, "127.0.0.1", "/", [](beast::error_code) {});
  });
  io.run();
  return {response.result_int(), response.body()};
}

// The value of an unlabelled counter in /metrics; -1 when it is missing.
long long metric(unsigned short port, const std::string& name) {
  const std::string text = "\n" + plain_http_get(port, "/metrics");
  const auto at = text.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stoll(text.substr(at + name.size() + 2));
}

// Waits (at most 3 s) for a counter to reach `expected`; its last value.
long long wait_for_metric(unsigned short port, const std::string& name, long long expected) {
  long long value = metric(port, name);
  for (int tries = 0; tries < 60 && value < expected; ++tries) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    value = metric(port, name);
  }
  return value;
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

TEST_CASE("with --tls-only, plain ws:// upgrades are refused with a reason, wss:// and http:// serve",
          "[tls]") {
  auto config = tls_config();
  config.tls_only = true;
  RunningServer server(config);
  const auto [status, body] = plain_upgrade(server.port());
  CHECK(status == 403);
  CHECK_THAT(body, Catch::Contains("TLS only") && Catch::Contains("wss://"));
  CHECK_THAT(plain_http_get(server.port(), "/healthz"), Catch::Contains("\"ok\""));
  CHECK(metric(server.port(), "skirmish_plain_websockets_refused_total") == 1);

  TlsClient secure(server.port(), fixture("server.crt"));
  REQUIRE(secure.handshake().empty());
  secure.upgrade();
  secure.send({{"type", "hello"}, {"version", 1}, {"name", "over-tls"}});
  CHECK(secure.wait_for("welcome")["version"] == 1);
  // Without the flag the same request is taken.
  RunningServer mixed(tls_config());
  CHECK(plain_upgrade(mixed.port()).first == 101);
}

TEST_CASE("a client that does not trust the certificate is refused, and the server carries on",
          "[tls]") {
  RunningServer server(tls_config());
  const std::string failures = "skirmish_tls_handshake_failures_total";
  CHECK(metric(server.port(), failures) == 0);
  {
    TlsClient doubter(server.port(), fixture("other.crt"));
    CHECK_THAT(doubter.handshake(), Contains("certificate verify failed"));
  }  // its socket closes: the server's side of the handshake fails then, if not before

  // A TLS record header, then nonsense: too short for a ClientHello, so not taken for TLS,
  // and not HTTP either: answered 400 (an HTTP status, 'H') and closed.
  CHECK(answer_to(server.port(), std::string("\x16\x03\x01\x00\x05hello", 10)) == Answer::other);
  // That was not a TLS handshake. One that starts like a
  // ClientHello and goes on with nonsense is a failed handshake, as a scanner's would be.
  const std::string client_hello_header("\x16\x03\x01\x00\x28\x01\x00\x00\x24", 9);  // 36 bytes follow
  CHECK(answer_to(server.port(), client_hello_header + std::string(36, 'x')) == Answer::tls_alert);

  TlsClient secure(server.port(), fixture("server.crt"));
  REQUIRE(secure.handshake().empty());
  secure.upgrade();
  secure.send({{"type", "hello"}, {"version", 1}});
  CHECK(secure.wait_for("welcome")["type"] == "welcome");

  // The host sees the two failures (each logged at debug only); the good handshake is not one.
  CHECK(wait_for_metric(server.port(), failures, 2) == 2);
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
                          Contains("missing.crt: No such file or directory"));
  }
  SECTION("a key path that is a folder") {
    config.tls_key_file = fixture("");
    CHECK_THROWS_WITH(skirmish::server::Server(config).start(),
                      Contains("cannot read the TLS key") && Contains("it is a folder, not a file"));
  }
  SECTION("a key that is not a key") {
    config.tls_key_file = fixture("README.md");
    CHECK_THROWS_WITH(skirmish::server::Server(config).start(),
                      Contains("README.md is not an unencrypted PEM private key"));
  }
  SECTION("an encrypted key: refused by name, with how to decrypt it, never a pass-phrase prompt") {
    config.tls_key_file = fixture("encrypted.key");  // pass phrase: tests/fixtures/tls/README.md
    CHECK_THROWS_WITH(skirmish::server::Server(config).start(),
                      Contains("TLS key " + fixture("encrypted.key") + " is encrypted") &&
                          Contains("openssl pkey -in " + fixture("encrypted.key") + " -out PLAIN.key"));
  }
  SECTION("a key of another certificate") {
    config.tls_cert_file = fixture("other.crt");
    CHECK_THROWS_WITH(skirmish::server::Server(config).start(),
                      Contains("does not belong to certificate") &&
                          Contains("other.crt"));
  }
}
