// The client's one-off GETs (export, replay, the tournament's /healthz check) end within
// their bound: a server that accepts and never answers, or one that answers only part of
// a reply, gives "no answer within ..." rather than hanging. All on 127.0.0.1.
#include <catch2/catch.hpp>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

#include "client-cli/server_http.h"
#include "client-cli/server_url.h"

namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;
using skirmish::client::http_get;
using skirmish::client::parse_server_url;

std::string url_of(const tcp::acceptor& acceptor) {
  return "ws://127.0.0.1:" + std::to_string(acceptor.local_endpoint().port());
}

// The error http_get throws, and how long it took to throw it.
std::pair<std::string, std::chrono::milliseconds> failure_of(const std::string& url, std::chrono::milliseconds bound) {
  const auto start = std::chrono::steady_clock::now();
  std::string what;
  try {
    http_get(parse_server_url(url), "/healthz", bound);
  } catch (const std::runtime_error& error) {
    what = error.what();
  }
  return {what, std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)};
}

// Accepts one connection on a free port, reads the request, writes `reply` and keeps the
// socket open until the test ends.
class OneReplyServer {
 public:
  explicit OneReplyServer(std::string reply)
      : acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)), reply_(std::move(reply)) {
    thread_ = std::thread([this] {
      boost::system::error_code error;
      acceptor_.accept(socket_, error);
      if (error) return;
      asio::streambuf request;
      asio::read_until(socket_, request, "\r\n\r\n", error);
      if (!error) asio::write(socket_, asio::buffer(reply_), error);
    });
  }
  ~OneReplyServer() {
    // A test that failed before connecting leaves accept() waiting: one connection ends it
    // (after a served one, it waits in the backlog until the acceptor goes).
    boost::system::error_code ignored;
    {
      tcp::socket release(io_);  // closed at once: the request read ends too
      release.connect(acceptor_.local_endpoint(), ignored);
    }
    thread_.join();
    socket_.close(ignored);
  }
  std::string url() const { return url_of(acceptor_); }

 private:
  asio::io_context io_;
  tcp::acceptor acceptor_;
  tcp::socket socket_{io_};
  std::string reply_;
  std::thread thread_;
};

}  // namespace

TEST_CASE("http_get reads a whole reply", "[client][http]") {
  OneReplyServer server("HTTP/1.1 200 OK\r\nContent-Length: 15\r\n\r\n{\"status\":\"ok\"}");
  const auto reply = http_get(parse_server_url(server.url()), "/healthz", 5000ms);
  CHECK(reply.status == 200);
  CHECK(reply.body == "{\"status\":\"ok\"}");
}

TEST_CASE("http_get gives up on a server that accepts and never answers", "[client][http]") {
  asio::io_context io;
  // Listening: the kernel completes the connect, and nothing ever reads the request.
  tcp::acceptor silent(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  const auto [what, took] = failure_of(url_of(silent), 300ms);
  CHECK(what == "cannot fetch http://127.0.0.1:" + std::to_string(silent.local_endpoint().port()) +
                    "/healthz: no answer within 300 ms");
  CHECK(took < 3000ms);
}

TEST_CASE("http_get gives up on a reply cut short", "[client][http]") {
  OneReplyServer server("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"sta");
  const auto [what, took] = failure_of(server.url(), 300ms);
  CHECK_THAT(what, Catch::EndsWith("/healthz: no answer within 300 ms"));
  CHECK(took < 3000ms);
}

TEST_CASE("http_get names a refused connection", "[client][http]") {
  std::string url;
  {
    asio::io_context io;
    tcp::acceptor closed(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    url = url_of(closed);
  }  // closed now: nothing listens on the port
  const auto [what, took] = failure_of(url, 5000ms);
  CHECK_THAT(what, Catch::StartsWith("cannot fetch http://127.0.0.1:") && Catch::Contains("refused"));
}
