// A client that asks for replies and never reads them: the server closes it once its unread
// messages pass Config::max_unread_bytes, long before the message bound (4,096), and every
// other connection carries on.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "tests/server/server_fixture.h"
#include "tests/server/test_client.h"

namespace skirmish::test {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

TEST_CASE("A client that never reads its replies is closed at the byte bound", "[server][session]") {
  server::Config config = test_config();
  config.max_unread_bytes = 256 * 1024;
  config.rate_limit_per_second = 0;  // the bound under test, not the rate limit
  config.max_open_matches_per_ip = 0;
  RunningServer server(config);

  // Forty listed matches with the longest seed: each list_matches reply is about 30 KB.
  TestClient host(server.port(), "host");
  host.hello("host");
  for (int i = 0; i < 40; ++i)
    host.create_match("tactego", {{"seed", std::string(256, 'a' + static_cast<char>(i % 26))}});

  // A raw WebSocket with a small receive buffer that only writes: the server's replies pile
  // up in the server. Synchronous writes never read.
  boost::asio::io_context io;
  websocket::stream<tcp::socket> greedy(io);
  greedy.next_layer().open(tcp::v4());
  greedy.next_layer().set_option(boost::asio::socket_base::receive_buffer_size(4096));
  greedy.next_layer().connect({boost::asio::ip::make_address("127.0.0.1"), server.port()});
  greedy.handshake("127.0.0.1", "/");
  greedy.write(boost::asio::buffer(std::string(R"({"type":"hello","version":1,"name":"greedy"})")));
  const std::string list = R"({"type":"list_matches"})";
  int sent = 0;
  beast::error_code error;
  // 2,000 replies of ~30 KB are 60 MB, more than any socket buffers hold. The server reads
  // every request, so until it closes the connection every write succeeds; past the first
  // 500 the writes are paced (bounded: about 3 s in all) to give it time to answer them.
  // Fewer than 4,096 requests: a close can only be the byte bound's.
  for (; sent < 2000 && !error; ++sent) {
    greedy.write(boost::asio::buffer(list), error);
    if (sent >= 500) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  CHECK(error);  // closed by the server
  CHECK(sent < 2000);

  // Everyone else carries on: the host's connection and a new one are served.
  CHECK(host.request({{"type", "list_matches"}}).at("total") == 40);
  TestClient later(server.port(), "later");
  CHECK(later.hello("later").at("type") == "welcome");
}

}  // namespace
}  // namespace skirmish::test
