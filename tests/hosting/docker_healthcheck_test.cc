// docker/healthcheck.sh, the image's HEALTHCHECK, against peers that are not a healthy
// server: it must say "unhealthy" in one line of its own and exit 1 (Docker's only other
// status), within the image's --timeout=3s, whatever the peer does. A real server's 200 and
// a port with nothing on it are checked in process_lifecycle_test.cc.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <thread>

#include <sys/wait.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

#include "tests/engine/common/test_data.h"
#include "tests/store/temp_dir.h"

namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

// One connection on 127.0.0.1: reads the request, then answers `reply` and closes, closes
// without a word (`reply` empty), or keeps the connection open and silent (no `reply`).
// Asynchronous on a thread of its own, so that the destructor ends it whatever happened.
class FakePeer {
 public:
  explicit FakePeer(std::optional<std::string> reply)
      : acceptor_(ioc_, {asio::ip::make_address("127.0.0.1"), 0}), socket_(ioc_), reply_(std::move(reply)) {
    acceptor_.async_accept(socket_, [this](boost::system::error_code error) {
      if (error) return;
      asio::async_read_until(socket_, request_, "\r\n\r\n", [this](boost::system::error_code read_error, std::size_t) {
        if (read_error || !reply_) return;  // silent: the socket stays open until the destructor
        asio::async_write(socket_, asio::buffer(*reply_), [this](boost::system::error_code, std::size_t) {
          boost::system::error_code ignored;
          socket_.close(ignored);
        });
      });
    });
    thread_ = std::thread([this] { ioc_.run(); });
  }
  ~FakePeer() {
    ioc_.stop();
    thread_.join();
  }
  FakePeer(const FakePeer&) = delete;
  FakePeer& operator=(const FakePeer&) = delete;
  unsigned short port() const { return acceptor_.local_endpoint().port(); }

 private:
  asio::io_context ioc_;
  tcp::acceptor acceptor_;
  tcp::socket socket_;
  std::optional<std::string> reply_;
  asio::streambuf request_;
  std::thread thread_;
};

struct CheckResult {
  int status;
  std::string said;  // its standard error
  std::chrono::milliseconds took;
};

CheckResult run_healthcheck(unsigned short port, const std::filesystem::path& stderr_file) {
  const auto script = skirmish::test::source_dir() / "docker" / "healthcheck.sh";
  const std::string command = "SKIRMISH_ADDRESS=0.0.0.0 SKIRMISH_PORT=" + std::to_string(port) +
                              " /bin/bash " + script.string() + " 2>" + stderr_file.string();
  const auto start = std::chrono::steady_clock::now();
  const int raw = std::system(command.c_str());
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - start);
  std::ifstream in(stderr_file);
  std::string said((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, said, took};
}

}  // namespace

TEST_CASE("the image's health check reports a peer that is not a healthy server in one line and exits 1") {
  skirmish::test::TempDir dir;
  const auto said = dir.path() / "healthcheck.err";

  SECTION("a server that accepts and never answers is unhealthy before Docker's 3 s timeout") {
    FakePeer peer(std::nullopt);
    const auto result = run_healthcheck(peer.port(), said);
    CHECK(result.status == 1);  // not 142, bash's status for a read that timed out
    CHECK(result.said == "unhealthy: 127.0.0.1:" + std::to_string(peer.port()) +
                             " gave no answer to GET /healthz within 2 s\n");
    CHECK(result.took < std::chrono::milliseconds(2900));
  }
  SECTION("a connection closed without an answer is unhealthy and says so") {
    FakePeer peer(std::string{});
    const auto result = run_healthcheck(peer.port(), said);
    CHECK(result.status == 1);
    CHECK(result.said == "unhealthy: 127.0.0.1:" + std::to_string(peer.port()) +
                             " closed the connection without answering GET /healthz\n");
  }
  SECTION("a 503 (starting or stopping) is unhealthy with its status line and no stray carriage return") {
    FakePeer peer(std::string{"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n"});
    const auto result = run_healthcheck(peer.port(), said);
    CHECK(result.status == 1);
    CHECK(result.said == "unhealthy: HTTP/1.1 503 Service Unavailable\n");
  }
  SECTION("a 200 is healthy and silent") {
    FakePeer peer(std::string{"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"});
    const auto result = run_healthcheck(peer.port(), said);
    CHECK(result.status == 0);
    CHECK(result.said.empty());
  }
}
