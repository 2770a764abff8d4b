// WebSocket-level abuse: frames far over the size limit, binary frames, invalid UTF-8 and
// broken framing each close the connection with the close code docs/protocol.md names,
// while other connections carry on.
#include <catch2/catch.hpp>

#include "tests/server/match_helpers.h"
#include "tests/server/server_fixture.h"

namespace skirmish::test {
namespace {

server::Config small_limit() {
  server::Config config = test_config();
  config.max_message_bytes = 1024;
  return config;
}

TEST_CASE("A frame over 16 times the size limit closes with 1009", "[server][frames]") {
  RunningServer server(small_limit());
  TestClient bystander(server.port(), "bystander");
  bystander.hello();
  TestClient client(server.port(), "client");
  client.hello();
  // Only the header of a 64 KiB text frame (FIN + text, masked, 16-bit length 0xFFFF, a zero
  // mask key) and a few bytes: the server must refuse it from the header alone. Writing the
  // whole frame raced the server's close: the client's write broke on the closed pipe and
  // Beast then dropped the 1009 close frame it had already received (1 run in 20).
  client.send_raw_bytes(std::string("\x81\xfe\xff\xff\x00\x00\x00\x00{\"type\"", 15));
  CHECK(client.wait_for_close() == 1009);
  CHECK(bystander.request({{"type", "ping"}}).at("type") == "pong");
}

TEST_CASE("A binary frame closes with 1003", "[server][frames]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  client.send_binary("{\"type\":\"ping\"}");
  CHECK(client.wait_for_close() == 1003);
}

TEST_CASE("Invalid UTF-8 in a text frame closes with 1007", "[server][frames]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  client.send_text(std::string("{\"type\":\"ping\",\"name\":\"\xff\xfe\"}"));
  CHECK(client.wait_for_close() == 1007);
}

TEST_CASE("An unmasked client frame is a protocol violation: close 1002", "[server][frames]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  // FIN + text opcode, no mask bit, 2 bytes of payload: clients must mask every frame.
  client.send_raw_bytes(std::string("\x81\x02hi", 4));
  CHECK(client.wait_for_close() == 1002);
}

TEST_CASE("A frame with reserved bits set is a protocol violation: close 1002", "[server][frames]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  // FIN + RSV1 (no extension negotiated) + text, masked with a zero key, payload "hi".
  client.send_raw_bytes(std::string("\xc1\x82\x00\x00\x00\x00hi", 8));
  CHECK(client.wait_for_close() == 1002);
}

TEST_CASE("A peer that answers no ping is closed after the idle timeout, a live one stays",
          "[server][frames]") {
  server::Config config = test_config();
  config.idle_timeout = std::chrono::milliseconds(400);
  RunningServer server(config);
  TestClient silent(server.port(), "silent"), live(server.port(), "live");
  silent.hello();
  live.hello();
  // `live` keeps its socket serviced (Beast answers the server's pings while reading);
  // `silent` runs nothing meanwhile, so its pings go unanswered.
  CHECK(live.quiet_for(1200ms));
  CHECK(silent.wait_for_close(2000ms).has_value());
  CHECK_FALSE(live.closed());
  CHECK(live.request({{"type", "ping"}}).at("type") == "pong");
}

TEST_CASE("A connection that never says hello is told and closed (1008), one that did stays",
          "[server][frames]") {
  server::Config config = test_config();
  config.hello_timeout = std::chrono::milliseconds(300);
  RunningServer server(config);
  TestClient mute(server.port(), "mute"), greeted(server.port(), "greeted");
  greeted.hello();
  // `mute` answers pings (its reads are serviced) but says nothing.
  const Json error = mute.wait_for_error("hello_required", 2000ms);
  CHECK_THAT(error.at("message").get<std::string>(), Catch::Contains("no hello within 300 ms"));
  CHECK(mute.wait_for_close(2000ms) == 1008);
  CHECK(greeted.quiet_for(500ms));
  CHECK_FALSE(greeted.closed());
  CHECK(greeted.request({{"type", "ping"}}).at("type") == "pong");
}

TEST_CASE("Malformed JSON mid-game leaves the match playing", "[server][frames]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  m.seat0->send_text("{\"type\":\"move\",\"position\":2,");
  m.seat0->wait_for_error("bad_json");
  m.seat0->send_text("");
  m.seat0->wait_for_error("bad_json");
  m.seat0->send_text("\"move\"");
  m.seat0->wait_for_error("bad_json");
  const Json moved =
      m.seat0->request({{"type", "move"}, {"position", 2}, {"direction", "RIGHT"}});
  CHECK(moved.at("type") == "state");
  CHECK(m.seat1->wait_for_state(moved.at("seq").get<std::uint64_t>()).at("to_act") ==
        Json::array({"black"}));
}

}  // namespace
}  // namespace skirmish::test
